import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The GPU examples natively under sway, mutter and KWin, each built as an outside package: it
/// takes the window's Wayland handle and draws on Mesa (`opengl-camera`: EGL into a
/// `wl_egl_window`, llvmpipe; `vulkan-camera`: `VK_KHR_wayland_surface` from its render
/// thread, lavapipe), locks with the compositor's lock, turns exactly, draws at the size the
/// compositor gave (sway tiles it over the output), and quits. Its pixels are read from the
/// output where the compositor tells where the window is (sway's `grim`, KWin's screenshot;
/// mutter tells nobody).
@Suite(.serialized, .tags(.integration, .compositor)) struct NativeExampleTests {
    @Test(arguments: ["opengl-camera", "vulkan-camera"], NativeWaylandCompositor.allCases)
    func theGPUExampleDrawsNatively(_ name: String, _ compositor: NativeWaylandCompositor) throws {
        let executable = try ExamplePackageTests.build(name)
        let session = try compositor.start()
        defer { session.stop() }
        session.moveTo(x: 640, y: 360)
        let game = try ChildProcess(
            executable: executable, arguments: [],
            environment: session.waylandEnvironment.merging(["DISPLAY": "", "GAMEINPUT_BACKEND": ""]) { $1 })
        defer { game.stop() }
        #expect(game.waitForLine { $0.hasPrefix("handle: wayland surface on ") } != nil, "\(game.lines)")
        let renderer = try #require(game.waitForLine { $0.hasPrefix("renderer: ") }, "\(game.lines)")
        #expect(renderer.contains("llvmpipe"), "\(name), \(compositor): \(renderer)")
        #expect(game.waitForLine(timeout: .seconds(15)) { $0 == "lock: locked" } != nil, "\(compositor): \(game.lines)")
        #expect(BoundedWait.until { session.compositorHoldsLock }, "\(compositor) holds the lock")

        // The example draws at the size the compositor gave (sway tiles the window over its
        // whole output), where the compositor tells it.
        let frame = session.windowFrame(title: name)
        if let frame {
            #expect(game.waitForLine { $0 == "frame \(frame.width)x\(frame.height)" } != nil, "\(compositor): \(frame): \(game.lines)")
        }
        func picture() -> [UInt32]? {
            guard let frame else { return nil }
            Thread.sleep(forTimeInterval: 0.3)
            guard let shot = session.screenshot() else { return nil }
            return (frame.y..<frame.y + frame.height).flatMap { y in
                (frame.x..<frame.x + frame.width).map { shot.pixels[y * shot.width + $0] }
            }
        }
        let before = picture()
        if let frame {
            let before = try #require(before, "\(compositor) takes screenshots")
            ExampleGameTests.expectAPicture((frame.width, frame.height, before), "\(name) under \(compositor)")
        }

        let seen = game.lines.count
        for _ in 0..<20 { session.moveRelative(dx: 10, dy: 0) }
        #expect(
            BoundedWait.until(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains("camera yaw 20.00 pitch 0.00") },
            "\(compositor): 200 counts turn it 20°: \(game.lines.suffix(3))")
        if let before {
            let after = try #require(picture())
            let changed = zip(before, after).count { $0 != $1 }
            #expect(
                Double(changed) / Double(before.count) > 0.3,
                "\(compositor): the picture turns: \(changed) of \(before.count) pixels changed")
        }

        session.press(16)  // Q
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(compositor): \(game.lines.suffix(5))")
    }
}
