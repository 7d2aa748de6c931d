import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The attach examples (`Examples/sdl2-attach`, `glfw-attach`): SDL2 or GLFW creates the
/// window and draws, GameInput attaches to it and owns the lock. Each is built as an outside
/// package and run on Xvfb + a window manager, checked from outside: a second client proves
/// the lock with its own grab, reads the cursor (XFixes), the pointer's place and the window's
/// pixels, injects input with XTest, stops the game, locks the screen; and the host's own key
/// and click lines prove that GameInput took none of its events. What the examples print is in
/// `Examples/README.md`.
@Suite(.serialized, .tags(.integration)) struct AttachExampleTests {
    static let attachExamples = ["sdl2-attach", "glfw-attach"]
    /// A stacking window manager, a tiling one, and a compositing one that is a D-Bus client.
    static let switchingDesktops: [WindowManager] = [.openbox, .i3, .mutter]

    /// Starts `name` on `desktop`, with the pointer in the screen's centre, and waits for its
    /// lock, its window and its first frame (640 × 360 unless a tiling window manager resized
    /// the window first): a locked example, its window and its log.
    static func launch(_ name: String, on desktop: DesktopSession) throws -> (game: ChildProcess, window: UInt) {
        let executable = try ExamplePackageTests.build(name)
        let display = desktop.server.displayName
        let window = try #require(
            try desktop.launch(titled: name) {
                try ChildProcess(executable: executable, arguments: [], environment: ["DISPLAY": display])
            }, "\(name) locks at start, and the window manager lists its window")
        let game = try #require(desktop.game)
        #expect(game.waitForLine { $0.hasPrefix("frame ") } != nil, "\(game.lines)")
        return (game, window)
    }

    @Test(.tags(.timing), arguments: attachExamples)
    func theAttachedExampleLocksTurnsYieldsAndKeepsTheHostsEvents(_ name: String) throws {
        let desktop = try DesktopSession(manager: .openbox)
        defer { desktop.stop() }
        let probe = desktop.probe
        let (game, window) = try Self.launch(name, on: desktop)

        // Attached to the window SDL or GLFW made; locked as a GameWindow would be.
        #expect(game.lines.first { $0.hasPrefix("frame ") } == "frame 640x360")
        #expect(game.lines.filter { $0.hasPrefix("attached: ") } == ["attached: window 0x\(String(window, radix: 16))"])
        print("example \(name): \(game.lines.first { $0.hasPrefix("renderer: ") } ?? "no renderer line")")
        #expect(probe.tryGrab() == AlreadyGrabbed, "a second client's grab is refused")
        #expect(probe.cursorIsInvisible == true, "the cursor is invisible while locked")

        // 200 counts to the right turn the view by 20 degrees, and the picture with it.
        let before = try #require(ExampleGameTests.settledPicture(of: window, probe: probe))
        #expect(before.width == 640 && before.height == 360)
        var seen = game.lines.count
        for _ in 0..<20 { probe.moveRelative(dx: 10, dy: 0) }
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains("camera yaw 20.00 pitch 0.00") },
            "\(game.lines.suffix(5))")
        let after = try #require(ExampleGameTests.settledPicture(of: window, probe: probe))
        let changed = zip(before.pixels, after.pixels).count { $0 != $1 }
        #expect(Double(changed) / Double(before.pixels.count) > 0.3, "\(name): \(changed) of \(before.pixels.count) pixels changed")

        // Motion far larger than the window keeps the pointer inside it.
        let area = probe.frame(of: window)
        for (dx, dy) in [(2000, 0), (0, 2000), (-4000, 0), (0, -4000)] as [(Int32, Int32)] {
            probe.moveRelative(dx: dx, dy: dy)
            Thread.sleep(forTimeInterval: 0.02)
            let at = probe.pointerPosition
            #expect(
                (area.origin.x..<area.origin.x + area.width).contains(at.x)
                    && (area.origin.y..<area.origin.y + area.height).contains(at.y),
                "confined to the window \(area) after a move of (\(dx), \(dy)): \(at)")
        }

        // A screen locker gets the pointer; the lock comes back when it lets go.
        let locker = try XProbe(displayName: desktop.server.displayName)
        defer { locker.close() }
        seen = game.lines.count
        #expect(locker.actAsScreenLocker(patience: .seconds(1)) != nil, "the locker got the pointer within its second of retries")
        #expect(
            LockgameLaunch.waitForNewLine("lock: unlocked (keyboard grabbed by another client)", in: game, after: seen),
            "\(game.lines.dropFirst(seen))")
        locker.stopActingAsScreenLocker()
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitUntil { probe.pointerIsGrabbed })

        // Stopped (Ctrl+Z), the game frees the pointer within 1.5 s; continued, it locks again.
        seen = game.lines.count
        let stopped = ContinuousClock.now
        game.send(SIGSTOP)
        let freed = probe.millisecondsUntilPointerIsFree(since: stopped)
        game.send(SIGCONT)
        #expect(freed.map { $0 <= 1500 } == true, "SIGSTOP freed the pointer after \(String(describing: freed)) ms")
        print("example \(name): SIGSTOP freed the pointer in \(freed ?? .nan) ms")
        #expect(
            LockgameLaunch.waitForNewLine("lock: unlocked (suspended: process stopped)", in: game, after: seen),
            "\(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitUntil { probe.pointerIsGrabbed })

        // With the lock off (L), the host gets its own key and its click, where it was.
        seen = game.lines.count
        probe.press(Keysym.l)
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)
        probe.press(UInt32(XK_space))
        #expect(LockgameLaunch.waitForNewLine("host key: space", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        let point = probe.rootPoint(in: window, x: 100, y: 80)
        probe.moveAbsolute(x: point.x, y: point.y)
        probe.click(button: 1)
        #expect(LockgameLaunch.waitForNewLine("host click: 1 at 100,80", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        seen = game.lines.count
        probe.press(Keysym.l)
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen))
        #expect(probe.pointerIsGrabbed)

        // Q quits with 0 and puts the moved, hidden pointer back where the lock began.
        let home = probe.pointerPosition
        Self.moveTheHiddenPointer(towardsTheCentreOf: window, probe)
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(game.lines.suffix(5))")
        #expect(!probe.pointerIsGrabbed)
        #expect(probe.pointerPosition == home, "the pointer is back where the lock began")
        #expect(probe.cursorIsInvisible == false, "the cursor shows again")
        Self.expectOneLineEach(of: ["renderer: ", "attached: ", "frame 640x360"], in: game, name)
        Self.expectNoXErrors(in: game, name)
    }

    /// Alt-tab (or the tiling window manager's focus keys) releases the lock once and coming
    /// back re-locks once: the host's focus handling and GameInput's agree. Runs alone: with
    /// another test worker beside it, mutter missed a synthetic alt-tab.
    @Test(.tags(.timing), arguments: attachExamples, switchingDesktops)
    func eachSwitchReleasesOnceAndRelocksOnce(_ name: String, _ manager: WindowManager) throws {
        let desktop = try DesktopSession(manager: manager)
        defer { desktop.stop() }
        let (game, window) = try Self.launch(name, on: desktop)
        for round in 1...2 { desktop.switchAwayAndBack("\(name), switch \(round)", byKeys: true) }
        // The window manager's close button: SDL or GLFW hears it, the example quits with 0.
        desktop.probe.closeThroughWindowManager(window)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(manager): closing exits with 0: \(game.lines.suffix(4))")
        #expect(!desktop.probe.pointerIsGrabbed, "\(manager): no grab after the example closed")
        Self.expectNoXErrors(in: game, "\(name) on \(manager)")
    }

    /// D detaches GameInput while locked: the pointer is free and the cursor back by the time
    /// the example says so, and the host's window stays, draws at a new size and gets every
    /// key (Q included: GameInput no longer takes it). SIGTERM still quits with 0.
    @Test(arguments: attachExamples)
    func detachingWhileLockedFreesThePointerAtOnceAndTheHostGoesOn(_ name: String) throws {
        let desktop = try DesktopSession(manager: .openbox)
        defer { desktop.stop() }
        let probe = desktop.probe
        let (game, window) = try Self.launch(name, on: desktop)
        // Locked again with the pointer inside the window: a release puts it back there.
        let inside = probe.rootPoint(in: window, x: 200, y: 120)
        let home = XProbe.Point(x: inside.x, y: inside.y)
        desktop.relock(with: home)
        Self.moveTheHiddenPointer(towardsTheCentreOf: window, probe)

        var seen = game.lines.count
        probe.press(UInt32(XK_d))
        #expect(game.waitForLine { $0 == "detached" } != nil, "\(game.lines.dropFirst(seen))")
        #expect(!probe.pointerIsGrabbed, "free when detach() returned")
        #expect(probe.cursorIsInvisible == false, "the cursor shows again")
        #expect(probe.pointerPosition == home, "the pointer is back where the lock began")

        seen = game.lines.count
        probe.resize(window, width: 800, height: 450)
        #expect(LockgameLaunch.waitForNewLine("frame 800x450", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        let resized = try #require(ExampleGameTests.settledPicture(of: window, probe: probe))
        #expect(resized.width == 800 && resized.height == 450)
        let beyondTheOldWidth = (0..<450).flatMap { y in (640..<800).map { resized.pixels[y * 800 + $0] } }
        #expect(Set(beyondTheOldWidth).count >= 3, "\(name) draws beyond the old size: sky, ground and a pillar")

        probe.press(UInt32(XK_space))
        probe.press(Keysym.q)
        #expect(LockgameLaunch.waitForNewLine("host key: space", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitForNewLine("host key: q", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(game.isRunning && !probe.pointerIsGrabbed)
        game.send(SIGTERM)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(game.lines.suffix(4))")
        Self.expectNoXErrors(in: game, name)
    }

    /// Moves the locked (hidden, confined) pointer by 60 counts towards the window's centre,
    /// where it can go wherever the lock began (the lock may have confined it into a corner), so
    /// that a pointer put back on release and one left alone differ.
    static func moveTheHiddenPointer(
        towardsTheCentreOf window: UInt, _ probe: XProbe, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = probe.pointerPosition
        let centre = probe.centre(of: window)
        let (dx, dy): (Int32, Int32) = (centre.x >= before.x ? 15 : -15, centre.y >= before.y ? 15 : -15)
        for _ in 0..<4 { probe.moveRelative(dx: dx, dy: dy) }
        #expect(
            LockgameLaunch.waitUntil { probe.pointerPosition != before }, "the hidden pointer moved from \(before)",
            sourceLocation: sourceLocation)
    }

    /// Neither library, nor GameInput, reported an X error (Xlib's default handler prints "X
    /// Error of failed request", GameInput's "X protocol error"), and GLFW reported no error.
    static func expectNoXErrors(in game: ChildProcess, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let errors = game.lines.filter { $0.contains("X Error") || $0.contains("X protocol error") || $0.contains("GLFW error") }
        #expect(errors.isEmpty, "\(what): \(errors)", sourceLocation: sourceLocation)
    }

    /// Lines printed once, whatever happened: one line starting with each of `prefixes`.
    static func expectOneLineEach(
        of prefixes: [String], in game: ChildProcess, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for prefix in prefixes {
            let count = game.lines.count { $0.hasPrefix(prefix) }
            #expect(count == 1, "\(what): \(count) lines start with \"\(prefix)\"", sourceLocation: sourceLocation)
        }
    }
}
