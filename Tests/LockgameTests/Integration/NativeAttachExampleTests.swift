import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The attach examples natively on Wayland: `Examples/sdl2-attach` with `SDL_VIDEODRIVER=wayland`,
/// and `Examples/glfw-attach` with GLFW 3.3's Wayland build (Debian's libglfw3-wayland, which
/// `make test-deps` unpacks into `.build/deps`: it replaces the X11 build the other tests need).
/// SDL2 or GLFW makes the toplevel and draws; GameInput attaches to its surface on its
/// connection and owns the lock. Checked from outside, under sway, mutter and KWin: the
/// compositor's own word on the lock, the camera and the host's picture turned by the
/// compositor's relative motion, the host's own key lines (it keeps its events), the lock let
/// go and taken again, yielding to another window's focus and coming back, and a detach that
/// frees the pointer and leaves the host running.
@Suite(.serialized, .tags(.integration, .compositor)) struct NativeAttachExampleTests {
    /// Where `make test-deps` unpacks GLFW 3.3's Wayland build.
    static let glfwWaylandLibraries = HeadlessTests.packageRoot.appendingPathComponent(
        ".build/deps/libglfw3-wayland/usr/lib/x86_64-linux-gnu"
    )
    .path

    /// What makes `name` run natively on Wayland.
    static func nativeEnvironment(for name: String) throws -> [String: String] {
        guard name == "glfw-attach" else { return ["SDL_VIDEODRIVER": "wayland"] }
        try #require(
            FileManager.default.fileExists(atPath: glfwWaylandLibraries + "/libglfw.so.3"),
            "GLFW's Wayland build is unpacked (make test-deps)")
        return ["LD_LIBRARY_PATH": glfwWaylandLibraries]
    }

    @Test(arguments: AttachExampleTests.attachExamples, NativeWaylandCompositor.allCases)
    func theHostsConnectionCarriesGameInputsLock(_ name: String, _ compositor: NativeWaylandCompositor) throws {
        let executable = try ExamplePackageTests.build(name)
        let session = try compositor.start()
        defer { session.stop() }
        session.moveTo(x: 640, y: 360)
        let game = try ChildProcess(
            executable: executable, arguments: [],
            environment: session.waylandEnvironment.merging(try Self.nativeEnvironment(for: name).merging(["DISPLAY": ""]) { $1 }) { $1 })
        defer { game.stop() }
        #expect(
            game.waitForLine(timeout: .seconds(15)) { $0 == "attached: Wayland surface" } != nil, "\(name), \(compositor): \(game.lines)")
        #expect(game.waitForLine(timeout: .seconds(15)) { $0 == "lock: locked" } != nil, "\(name), \(compositor): \(game.lines)")
        #expect(
            BoundedWait.until { session.compositorHoldsLock }, "\(name), \(compositor): the compositor holds the lock GameInput reports")

        // The compositor's relative motion turns the camera, 200 counts by 20°, and the host's
        // picture with it. Its pixels are read where the compositor tells where the window is
        // (sway and KWin; mutter tells nobody), once it draws at the size the compositor gave.
        let frame = session.windowFrame(title: name)
        func picture() -> [UInt32]? {
            guard let frame else { return nil }
            Thread.sleep(forTimeInterval: 0.3)
            guard let shot = session.screenshot() else { return nil }
            return (frame.y..<frame.y + frame.height).flatMap { y in
                (frame.x..<frame.x + frame.width).map { shot.pixels[y * shot.width + $0] }
            }
        }
        if let frame {
            #expect(
                BoundedWait.until { game.lines.last { $0.hasPrefix("frame ") } == "frame \(frame.width)x\(frame.height)" },
                "\(name), \(compositor): \(frame)")
        }
        let before = picture()
        var seen = game.lines.count
        for _ in 0..<20 { session.moveRelative(dx: 10, dy: 0) }
        #expect(
            BoundedWait.until(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains("camera yaw 20.00 pitch 0.00") },
            "\(name), \(compositor): \(game.lines.suffix(3))")
        if frame != nil {
            let before = try #require(before, "\(name), \(compositor): a screenshot")
            let after = try #require(picture(), "\(name), \(compositor): a screenshot")
            let changed = zip(before, after).count { $0 != $1 }
            #expect(Double(changed) / Double(before.count) > 0.3, "\(name), \(compositor): \(changed) of \(before.count) pixels changed")
        }

        // The host keeps its events: a key GameInput does not use.
        seen = game.lines.count
        session.press(45)  // X
        #expect(BoundedWait.until { game.lines.dropFirst(seen).contains("host key: x") }, "\(name), \(compositor): \(game.lines.suffix(3))")

        // L lets go and locks again, each in the compositor's log too.
        seen = game.lines.count
        session.press(NativeWaylandTests.Key.l)
        #expect(
            BoundedWait.until { game.lines.dropFirst(seen).contains { $0.hasPrefix("lock: unlocked") } },
            "\(name), \(compositor): \(game.lines.suffix(3))")
        #expect(BoundedWait.until { !session.compositorHoldsLock }, "\(name), \(compositor): the compositor let go")
        seen = game.lines.count
        session.press(NativeWaylandTests.Key.l)
        #expect(
            BoundedWait.until { game.lines.dropFirst(seen).contains("lock: locked") }, "\(name), \(compositor): \(game.lines.suffix(3))")
        #expect(BoundedWait.until { session.compositorHoldsLock }, "\(name), \(compositor): the compositor locks again")

        // Another window takes the focus: the lock yields, in the compositor too, and comes
        // back with the focus.
        let other = try session.startNativeWindow(title: "other")
        #expect(session.focus(other), "\(name), \(compositor): the other window takes the focus")
        #expect(
            BoundedWait.until { game.lines.last { $0.hasPrefix("lock: ") } == "lock: unlocked (unfocused)" },
            "\(name), \(compositor): \(game.lines.suffix(3))")
        #expect(BoundedWait.until { !session.compositorHoldsLock }, "\(name), \(compositor): the compositor let go with the focus")
        // The pointer back over the host's window (sway tiled the two side by side), which the
        // compositor's lock needs.
        seen = game.lines.count
        if let frame = session.windowFrame(title: name) { session.moveTo(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2) }
        let refocused = session.focusWindow(title: name) {
            BoundedWait.until(timeout: .seconds(1)) { game.lines.dropFirst(seen).contains("lock: locked") }
        }
        #expect(refocused, "\(name), \(compositor): the lock comes back with the focus: \(game.lines.suffix(3))")
        #expect(BoundedWait.until { session.compositorHoldsLock }, "\(name), \(compositor): the compositor locks again")

        // D detaches: the compositor lets go, and the host goes on with its window and its keys
        // (Q is the host's own key from then on, not a quit).
        seen = game.lines.count
        session.press(32)  // D
        #expect(BoundedWait.until { game.lines.dropFirst(seen).contains("detached") }, "\(name), \(compositor): \(game.lines.suffix(3))")
        #expect(BoundedWait.until { !session.compositorHoldsLock }, "\(name), \(compositor): detaching ends the lock")
        seen = game.lines.count
        session.press(NativeWaylandTests.Key.q)
        #expect(BoundedWait.until { game.lines.dropFirst(seen).contains("host key: q") }, "\(name), \(compositor): \(game.lines.suffix(3))")
        #expect(game.isRunning, "\(name), \(compositor): the host runs on after the detach")
        // Every frame at a size of the output's (GameInput's output objects never reach the
        // host's surface: with them GLFW 3.3 read a garbage scale under sway).
        let sizes = game.lines.filter { $0.hasPrefix("frame ") }
        #expect(
            sizes.allSatisfy { line in
                let sides = line.dropFirst(6).split(separator: "x").compactMap { Int($0) }
                return sides.count == 2 && (1...1280).contains(sides[0]) && (1...720).contains(sides[1])
            }, "\(name), \(compositor): \(sizes)")
        print("\(name) under \(compositor): \(game.lines.filter { !$0.hasPrefix("camera") })")
        game.send(SIGTERM)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(name), \(compositor): \(game.lines.suffix(5))")
    }
}
