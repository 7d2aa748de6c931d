import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The example games that draw (`Examples/software-pixels`, `opengl-camera`, `vulkan-camera`),
/// each built as an outside package and run on Xvfb + openbox, checked from outside: a second
/// client reads the window's pixels, sees the window and visual the example's handle names,
/// proves the lock with its own grab, moves the mouse with XTest, alt-tabs and resizes through
/// the window manager. The contract every example keeps (what it prints, how it turns) is in
/// `Examples/README.md`.
@Suite(.serialized, .tags(.integration)) struct ExampleGameTests {
    static let drawingExamples = ["software-pixels", "opengl-camera", "vulkan-camera"]

    @Test(arguments: drawingExamples)
    func theExampleDrawsTurnsLocksResizesAndQuits(_ name: String) throws {
        let executable = try ExamplePackageTests.build(name)
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        probe.showOtherWindow()
        let game = try ChildProcess(executable: executable, arguments: [], environment: ["DISPLAY": server.displayName])
        defer { game.stop() }

        // The handle names the window a second client sees, with the visual it has.
        let window = try #require(probe.waitForWindow(titled: name), "\(game.lines)")
        let visual = try #require(probe.visual(of: window))
        let handle = "handle: window 0x\(String(window, radix: 16)) visual 0x\(String(visual.id, radix: 16)) depth \(visual.depth)"
        #expect(game.waitForLine { $0.hasPrefix("handle: ") } == handle, "\(game.lines)")
        let renderer = try #require(game.waitForLine { $0.hasPrefix("renderer: ") }, "\(game.lines)")
        print("example \(name): \(renderer)")

        #expect(game.waitForLine { $0 == "lock: locked" } != nil, "\(game.lines)")
        #expect(probe.pointerIsGrabbed)
        // Where the lock began: every unlock puts the pointer back here.
        let home = probe.pointerPosition
        #expect(game.waitForLine { $0 == "frame 640x360" } != nil, "\(game.lines)")
        let before = try #require(Self.settledPicture(of: window, probe: probe))
        #expect(before.width == 640 && before.height == 360)
        Self.expectAPicture(before, "\(name) before turning")

        // 200 counts to the right turn the camera by 20 degrees, and the picture with it.
        var seen = game.lines.count
        for _ in 0..<20 { probe.moveRelative(dx: 10, dy: 0) }
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) {
                game.lines.dropFirst(seen).contains { $0.hasPrefix("camera yaw 20.00 pitch 0.00") }
            }, "\(game.lines.suffix(5))")
        let after = try #require(Self.settledPicture(of: window, probe: probe))
        let changed = zip(before.pixels, after.pixels).count { $0 != $1 }
        #expect(Double(changed) / Double(before.pixels.count) > 0.3, "\(name): \(changed) of \(before.pixels.count) pixels changed")

        // Alt-tab releases the lock; coming back restores it.
        seen = game.lines.count
        #expect(Self.altTab(probe) { probe.focusedWindow != window })
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (unfocused)", in: game, after: seen), "\(game.lines.suffix(5))")
        #expect(!probe.pointerIsGrabbed)
        seen = game.lines.count
        #expect(Self.altTab(probe) { probe.focusedWindow == window })
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen), "\(game.lines.suffix(5))")
        #expect(probe.pointerIsGrabbed)

        // L toggles the preference.
        seen = game.lines.count
        probe.press(UInt32(XK_l))
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)
        probe.press(UInt32(XK_l))
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen))

        // Resized through the window manager, it draws at the new size, to the far corner.
        seen = game.lines.count
        probe.resize(window, width: 800, height: 450)
        #expect(LockgameLaunch.waitForNewLine("frame 800x450", in: game, after: seen), "\(game.lines.suffix(5))")
        let resized = try #require(Self.settledPicture(of: window, probe: probe))
        #expect(resized.width == 800 && resized.height == 450)
        Self.expectAPicture(resized, "\(name) resized")
        let farCorner = (400..<450).flatMap { y in (700..<800).map { resized.pixels[y * 800 + $0] } }
        #expect(Set(farCorner).count >= 4, "\(name): the corner beyond the old size is drawn")

        probe.press(UInt32(XK_q))
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(game.lines.suffix(5))")
        #expect(!probe.pointerIsGrabbed)
        #expect(probe.pointerPosition == home, "the pointer is back where the lock began")
    }

    /// `software-pixels --transparent`: the window has a 32-bit visual (ARGB), and its pixels
    /// reach it through the presenter.
    @Test func aTransparentWindowHasDepth32() throws {
        let executable = try ExamplePackageTests.build("software-pixels")
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let game = try ChildProcess(
            executable: executable, arguments: ["--transparent"], environment: ["DISPLAY": server.displayName])
        defer { game.stop() }
        let window = try #require(probe.waitForWindow(titled: "software-pixels"), "\(game.lines)")
        let visual = try #require(probe.visual(of: window))
        #expect(visual.depth == 32)
        #expect(game.waitForLine { $0.hasPrefix("handle: ") }?.hasSuffix("depth 32") == true, "\(game.lines)")
        #expect(game.waitForLine { $0 == "frame 640x360" } != nil, "\(game.lines)")
        Self.expectAPicture(try #require(Self.settledPicture(of: window, probe: probe)), "transparent")
        probe.press(UInt32(XK_q))
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
    }

    /// The SPIR-V committed in `vulkan-camera` (SwiftPM cannot compile shaders) is what its
    /// GLSL compiles to today: the example's `Shaders/compile` writes the same file.
    @Test func theVulkanExamplesShadersAreCurrent() throws {
        let folder = HeadlessTests.packageRoot.appendingPathComponent("Examples/vulkan-camera")
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("Shaders-\(getpid()).swift")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let compile = try ChildProcess(executable: folder.appendingPathComponent("Shaders/compile").path, arguments: [fresh.path])
        #expect(compile.waitForExit(timeout: .seconds(60)) == 0, "\(compile.lines)")
        let committed = try String(contentsOf: folder.appendingPathComponent("Sources/vulkan-camera/Shaders.swift"), encoding: .utf8)
        #expect(try String(contentsOf: fresh, encoding: .utf8) == committed, "run Examples/vulkan-camera/Shaders/compile")
    }

    /// Many colours, none covering most of the window: a drawn picture, not a background.
    static func expectAPicture(
        _ picture: (width: Int, height: Int, pixels: [UInt32]), _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var counts: [UInt32: Int] = [:]
        for pixel in picture.pixels { counts[pixel, default: 0] += 1 }
        let largest = counts.values.max() ?? 0
        #expect(counts.count >= 16, "\(what): \(counts.count) colours", sourceLocation: sourceLocation)
        #expect(
            Double(largest) / Double(max(picture.pixels.count, 1)) < 0.5, "\(what): one colour covers \(largest) pixels",
            sourceLocation: sourceLocation)
    }

    /// The window's pixels once two reads 100 ms apart agree (the frame after an event is
    /// on screen), within 3 s.
    static func settledPicture(of window: UInt, probe: XProbe) -> (width: Int, height: Int, pixels: [UInt32])? {
        var last = probe.capture(window)
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let next = probe.capture(window)
            if let next, let previous = last, next.width == previous.width, next.height == previous.height,
                next.pixels == previous.pixels
            {
                return next
            }
            last = next
        }
        return nil
    }

    static func altTab(_ probe: XProbe, until condition: () -> Bool) -> Bool {
        for _ in 0..<3 {
            probe.altTab()
            if LockgameLaunch.waitUntil(condition) { return true }
        }
        return false
    }
}
