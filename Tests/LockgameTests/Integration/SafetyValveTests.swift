import CXlib
import Foundation
import LockgameEngine
import TestTags
import Testing
import XServerTestSupport

@testable import lockgame

/// Every way the game can end or stall, repeated: the pointer is free afterwards every time.
/// `LOCKGAME_TRIALS` sets the repetitions (10 in `make test`, 100 in `make soak`).
@Suite(.serialized, .tags(.integration)) final class SafetyValveTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    /// At least one: a run of zero trials would prove nothing.
    static var trials: Int { max(1, Int(ProcessInfo.processInfo.environment["LOCKGAME_TRIALS"] ?? "") ?? 10) }

    enum Ending: String, CaseIterable, Sendable {
        case kill9, sigterm, sigint, sighup, quitKey, closeButton, hang

        /// Whether the game leaves through its own teardown, which puts the pointer back.
        var isGraceful: Bool { self != .kill9 && self != .hang }
    }

    /// Runs one trial: launch, lock, end it this way; returns whether the pointer was free and,
    /// for a graceful ending, whether the game itself put it back where the lock began (the X
    /// server frees a dead client's grab by itself, but only the game warps the pointer back).
    func trial(_ ending: Ending) throws -> Bool {
        let game = try LockgameLaunch.start(on: server)
        defer { game.stop() }
        // A failed trial says which step failed, with the game's last lines.
        func failed(_ step: String) -> Bool {
            print("trials: \(ending.rawValue) failed: \(step): \(game.lines.suffix(3))")
            return false
        }
        guard game.waitForLine(where: { $0 == "lock: locked" }) != nil, probe.pointerIsGrabbed,
            let window = probe.findWindow(titled: "lockgame")
        else { return failed("no lock at start") }
        // A lock begun at a known point inside the window, then the hidden pointer moved away.
        var seen = game.lines.count
        probe.press(UInt32(XK_l))
        guard LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen) else {
            return failed("L did not unlock")
        }
        let centre = probe.centre(of: window)
        let lockBegan = XProbe.Point(x: centre.x, y: centre.y)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        seen = game.lines.count
        probe.press(UInt32(XK_l))
        guard LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen), probe.pointerIsGrabbed else {
            return failed("L did not lock again")
        }
        probe.moveRelative(dx: 37, dy: 23)
        guard LockgameLaunch.waitUntil({ self.probe.pointerPosition != lockBegan }) else { return failed("the pointer did not move") }
        switch ending {
        case .kill9:
            // The server frees a dead client's grab itself; what this trial proves is that no
            // process of ours (the guardian) keeps the pointer after the game died.
            let guardians = LockGuardianTests.children(of: game.pid)
            game.send(SIGKILL)
            guard game.waitForExit(timeout: .seconds(5)) == 128 + SIGKILL,
                LockgameLaunch.waitUntil({ guardians.allSatisfy(LockGuardianTests.hasEnded) })
            else { return failed("not ended by SIGKILL, or a guardian outlived it") }
        case .sigterm, .sigint, .sighup:
            game.send([Ending.sigterm: SIGTERM, .sigint: SIGINT, .sighup: SIGHUP][ending]!)
        case .quitKey:
            probe.press(UInt32(XK_q))
        case .closeButton:
            probe.requestClose(window)
        case .hang:
            seen = game.lines.count
            probe.press(UInt32(XK_h))
            guard LockgameLaunch.waitForNewLine("hang: 3 s", in: game, after: seen) else { return failed("H did not hang") }
            // Freed by the watchdog while the game is still hung (the hang lasts 3 s).
            let freed =
                LockgameLaunch.waitUntil(timeout: .milliseconds(1800)) { !self.probe.pointerIsGrabbed }
                && !game.lines.dropFirst(seen).contains("hang: over")
            // A hung game answers SIGTERM only when the hang is over: not worth waiting for.
            game.stop(grace: .zero)
            return freed || failed("not freed within 1.8 s, while the game was hung")
        }
        if ending.isGraceful {
            guard game.waitForExit(timeout: .seconds(5)) == 0 else { return failed("no exit with status 0 within 5 s") }
            let end = probe.pointerPosition
            guard end == lockBegan else {
                print("trials: \(ending.rawValue) left the pointer at \(end), the lock began at \(lockBegan)")
                return false
            }
        }
        return LockgameLaunch.waitUntil { !self.probe.pointerIsGrabbed } || failed("the pointer is still grabbed")
    }

    /// Sixty trials, each step a bounded wait on the game: with another test worker beside
    /// them one of the sixty failed, so they run alone.
    @Test(.tags(.timing), arguments: Ending.allCases.filter { $0 != .hang })
    func everyEndingLeavesThePointerFree(ending: Ending) throws {
        try expectEveryTrialFrees(ending)
    }

    /// The hang's ending is timed (the watchdog frees the pointer within 1.8 s): it runs alone.
    @Test(.tags(.timing)) func aHangLeavesThePointerFree() throws {
        try expectEveryTrialFrees(.hang)
    }

    private func expectEveryTrialFrees(_ ending: Ending) throws {
        #expect(Self.trials > 0, "LOCKGAME_TRIALS=0 would prove nothing")
        var freed = 0
        for _ in 0..<Self.trials where try trial(ending) { freed += 1 }
        print("trials: \(ending.rawValue) left the pointer free\(ending.isGraceful ? " and put back" : "") \(freed)/\(Self.trials) times")
        #expect(freed == Self.trials)
    }

    @Test func afterAHangTheStateSaysWhyAndTheLockReturns() throws {
        let game = try LockgameLaunch.start(on: server)
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        let seen = game.lines.count
        probe.press(UInt32(XK_h))
        #expect(LockgameLaunch.waitForNewLine("hang: over", in: game, after: seen))
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (suspended: main loop stalled)", in: game, after: seen))
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen), "the preference still holds, so the lock returns")
        #expect(probe.pointerIsGrabbed)
        game.stop()
    }

    @Test func theKillSwitchKeepsThePointerFree() throws {
        let game = try LockgameLaunch.start(on: server, environment: ["GAMEINPUT_NO_GRAB": "1"])
        #expect(game.waitForLine { $0 == "lock: unlocked (suspended: disabled by GAMEINPUT_NO_GRAB)" } != nil, "\(game.lines)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!probe.pointerIsGrabbed)
        game.stop()
    }

    @Test func theDoctorDescribesTheServer() throws {
        let doctor = try ChildProcess(
            executable: LockgameLaunch.executable, arguments: ["--doctor"],
            environment: ["DISPLAY": server.displayName])
        #expect(doctor.waitForExit(timeout: .seconds(10)) == 0)
        let lines = doctor.lines
        #expect(lines.contains("display:        \(server.displayName)"))
        #expect(lines.contains { $0.hasPrefix("server:         The X.Org Foundation") })
        #expect(lines.contains("XInput:         2.4"))
        #expect(lines.contains("XWayland:       no"))
        #expect(lines.contains("MIT-SHM:        yes"))
        #expect(lines.contains("window manager: Openbox"))
        #expect(lines.contains { $0.hasPrefix("lock guardian:  available") }, "\(lines)")
        let pixelLoop = Renderer.PixelLoop.eightWideAVX2.isAvailable ? "AVX2 pixel loop, 8 pixels at a time" : "scalar pixel loop"
        #expect(lines.contains { $0.hasPrefix("renderer:       \(pixelLoop), ") }, "\(lines)")
        #expect(lines.contains { $0.contains("Virtual core pointer (master)") })
        #expect(lines.contains("pointer lock: available (XGrabPointer + XInput 2 raw motion)."))
    }

    @Test func closingTheWindowEndsTheGameCleanly() throws {
        let game = try LockgameLaunch.start(on: server)
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        let window = try #require(probe.waitForWindow(titled: "lockgame"))
        probe.requestClose(window)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
        #expect(game.lines.last == "quit")
        #expect(!probe.pointerIsGrabbed)
    }
}

/// Servers that lack what the game prefers, or that die under it.
@Suite(.serialized, .tags(.integration)) struct DegradedServerTests {
    @Test func losingTheXServerEndsTheGameWithOneLine() throws {
        let server = try XServerFixture()
        let game = try LockgameLaunch.start(on: server)
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        server.probe.close()
        server.serverProcess.send(SIGKILL)
        let status = game.waitForExit(timeout: .seconds(5))
        #expect(status != nil && status != 0, "the game exits by itself, non-zero; status \(String(describing: status))")
        #expect(status.map { $0 < 128 } == true, "an exit, not a crash")
        #expect(game.lines.contains("lockgame: lost the connection to the X server on display \(server.displayName)"), "\(game.lines)")
        #expect(status == 1)
    }

    @Test func withoutXInput2TheStateIsNilAndDraggingLooks() throws {
        // Xvfb cannot drop XInputExtension, but without the Generic Event Extension no XI2
        // event can be delivered, which GameInput treats as no XInput 2.
        let server = try XServerFixture(extraServerArguments: ["-extension", "Generic Event Extension"])
        let probe = server.probe
        let game = try LockgameLaunch.start(on: server, arguments: ["--size", "640x360"])
        #expect(game.waitForLine { $0 == "lock: unavailable (the X server has no XInput 2.2)" } != nil, "\(game.lines)")
        let doctor = try ChildProcess(
            executable: LockgameLaunch.executable, arguments: ["--doctor"],
            environment: ["DISPLAY": server.displayName])
        #expect(doctor.waitForExit(timeout: .seconds(10)) == 0)
        #expect(doctor.lines.contains { $0.hasPrefix("pointer lock: unavailable (no XInput 2)") })
        let window = try #require(probe.waitForWindow(titled: "lockgame"))
        #expect(LockgameLaunch.waitUntil { probe.focusedWindow == window })
        #expect(!probe.pointerIsGrabbed, "nothing is grabbed where locking is unavailable")

        let band = 220..<260
        Thread.sleep(forTimeInterval: 0.3)
        let before = try #require(probe.capture(window)).pixels
        let centre = probe.centre(of: window)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        XTestFakeButtonEvent(probe.display, 3, 1, 0)
        for step in 1...8 { probe.moveAbsolute(x: centre.x + Int32(step * 5), y: centre.y) }
        XTestFakeButtonEvent(probe.display, 3, 0, 0)
        XSync(probe.display, 0)
        Thread.sleep(forTimeInterval: 0.5)
        let after = try #require(probe.capture(window)).pixels
        let shift = ImageShift.horizontal(before: before, after: after, width: 640, rows: band)
        #expect(shift.shift > 5, "dragging right with the secondary button turns the view right; shift \(shift.shift)")
        game.stop()
    }

    @Test func withoutMITSHMFramesGoThroughXPutImage() throws {
        let server = try XServerFixture(extraServerArguments: ["-extension", "MIT-SHM"])
        let game = try LockgameLaunch.start(on: server, arguments: ["--size", "640x360"])
        #expect(game.waitForLine { $0 == "present: XPutImage (the server has no MIT-SHM)" } != nil, "\(game.lines)")
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        Thread.sleep(forTimeInterval: 0.3)
        let window = try #require(server.probe.waitForWindow(titled: "lockgame"))
        let picture = try #require(server.probe.capture(window))
        #expect(Set(picture.pixels).count > 200, "the room is drawn")
        game.stop()
    }
}
