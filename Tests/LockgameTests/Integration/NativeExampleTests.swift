import Foundation
import Testing
import XServerTestSupport

/// The GPU examples natively under sway, each built as an outside package: it takes the
/// window's Wayland handle and draws on Mesa (`opengl-camera`: EGL into a `wl_egl_window`,
/// llvmpipe; `vulkan-camera`: `VK_KHR_wayland_surface` from its render thread, lavapipe),
/// locks with sway's lock, turns exactly, follows sway's tiling to the output's size, and
/// quits. Its pixels are read from sway's output (`grim`).
@Suite(.serialized) struct NativeExampleTests {
    @Test(arguments: ["opengl-camera", "vulkan-camera"])
    func theGPUExampleDrawsNativelyUnderSway(_ name: String) throws {
        let executable = try ExamplePackageTests.build(name)
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        sway.moveTo(x: 640, y: 360)
        let game = try ChildProcess(
            executable: executable, arguments: [],
            environment: sway.waylandEnvironment.merging(["DISPLAY": "", "GAMEINPUT_BACKEND": ""]) { $1 })
        defer { game.stop() }
        #expect(game.waitForLine { $0.hasPrefix("handle: wayland surface on ") } != nil, "\(game.lines)")
        let renderer = try #require(game.waitForLine { $0.hasPrefix("renderer: ") }, "\(game.lines)")
        #expect(renderer.contains("llvmpipe"), "\(name): \(renderer)")
        #expect(game.waitForLine { $0 == "lock: locked" } != nil, "\(game.lines)")
        #expect(BoundedWait.until { sway.compositorHoldsLock }, "sway holds the lock")

        // sway tiles the window over its whole output; the example draws at that size.
        let frame = try #require(sway.windowFrame(title: name), "sway shows the window")
        #expect(game.waitForLine { $0 == "frame \(frame.width)x\(frame.height)" } != nil, "\(frame): \(game.lines)")
        func picture() -> [UInt32]? {
            Thread.sleep(forTimeInterval: 0.3)
            guard let shot = sway.screenshot() else { return nil }
            return (frame.y..<frame.y + frame.height).flatMap { y in
                (frame.x..<frame.x + frame.width).map { shot.pixels[y * shot.width + $0] }
            }
        }
        let before = try #require(picture(), "grim takes screenshots")
        ExampleGameTests.expectAPicture((frame.width, frame.height, before), "\(name) under sway")

        let seen = game.lines.count
        for _ in 0..<20 { sway.moveRelative(dx: 10, dy: 0) }
        #expect(
            BoundedWait.until(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains("camera yaw 20.00 pitch 0.00") },
            "200 counts turn it 20°: \(game.lines.suffix(3))")
        let after = try #require(picture())
        let changed = zip(before, after).count { $0 != $1 }
        #expect(Double(changed) / Double(before.count) > 0.3, "the picture turns: \(changed) of \(before.count) pixels changed")

        sway.press(16)  // Q
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(game.lines.suffix(5))")
    }
}
