import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The system outranks the game: a screen locker, a global hotkey held down, the screen
/// saver, a hang followed by a focus change, a termination signal while the game sleeps.
/// Each is checked from outside: what a second X client can grab, what the game says.
@Suite(.serialized, .tags(.integration, .timing)) final class SystemOutranksTheGameTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    func launchLocked() throws -> ChildProcess { try LockgameLaunch.startLocked(on: server) }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) * 1e-15
    }

    /// A locker (override-redirect window, keyboard grab, pointer grab retried for a second,
    /// as slock and i3lock do) gets the pointer within half a second, every time, and the lock
    /// comes back once it lets go. (The half second is the game's own speed: a sanitized
    /// build gets `SanitizedBuild.timeScale` times as long.)
    @Test func aScreenLockerAlwaysGetsThePointerAndTheLockReturns() throws {
        let game = try launchLocked()
        defer { game.stop() }
        let locker = try XProbe(displayName: server.displayName)
        defer { locker.close() }
        var waits: [Double] = []
        for trial in 0..<SafetyValveTests.trials {
            let seen = game.lines.count
            let waited = locker.actAsScreenLocker(patience: .seconds(1))
            #expect(waited != nil, "trial \(trial): the locker got the pointer within its second of retries")
            if let waited { waits.append(Self.milliseconds(waited)) }
            #expect(
                LockgameLaunch.waitForNewLine("lock: unlocked (keyboard grabbed by another client)", in: game, after: seen),
                "\(game.lines.dropFirst(seen))")
            locker.stopActingAsScreenLocker()
            #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen), "the lock returns: \(game.lines.dropFirst(seen))")
            #expect(probe.pointerIsGrabbed)
        }
        print("locker: pointer after the keyboard grab in \(waits.min() ?? .nan)–\(waits.max() ?? .nan) ms over \(waits.count) trials")
        #expect((waits.max() ?? .infinity) <= SanitizedBuild.milliseconds(500), "within 0.5 s: \(waits)")
    }

    /// A global hotkey tapped (its passive grab held for about 30 ms) does not flicker the lock;
    /// held for longer it is a grab like any other, and releasing it brings the lock back.
    @Test func aHotkeyTapKeepsTheLockAndAHeldHotkeyYields() throws {
        let game = try launchLocked()
        defer { game.stop() }
        let desktop = try XProbe(displayName: server.displayName)
        defer { desktop.close() }
        desktop.registerHotkey(UInt32(XK_F9))
        let key = UInt32(XKeysymToKeycode(probe.display, KeySym(XK_F9)))
        var seen = game.lines.count
        for _ in 0..<5 {
            probe.sendKey(key, down: true)
            Thread.sleep(forTimeInterval: 0.02)
            probe.sendKey(key, down: false)
            Thread.sleep(forTimeInterval: 0.1)
        }
        Thread.sleep(forTimeInterval: 0.4)
        #expect(!game.lines.dropFirst(seen).contains { $0.hasPrefix("lock: ") }, "taps change nothing: \(game.lines.dropFirst(seen))")
        #expect(probe.pointerIsGrabbed)

        seen = game.lines.count
        probe.sendKey(key, down: true)
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (keyboard grabbed by another client)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)
        probe.sendKey(key, down: false)
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen))
        #expect(probe.pointerIsGrabbed)
        desktop.unregisterHotkey(UInt32(XK_F9))
    }

    /// The screen saver turning on (MIT-SCREEN-SAVER) frees the pointer; off, the lock returns.
    @Test func theScreenSaverFreesThePointer() throws {
        let game = try launchLocked()
        defer { game.stop() }
        let seen = game.lines.count
        probe.forceScreenSaver(on: true)
        #expect(
            LockgameLaunch.waitForNewLine("lock: unlocked (screen saver active)", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(!probe.pointerIsGrabbed)
        probe.forceScreenSaver(on: false)
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen))
        #expect(probe.pointerIsGrabbed)
    }

    /// While the game hangs (H: 3 s) the watchdog frees the pointer and another window takes
    /// the focus. When the loop runs again it reads what queued up before it decides: it
    /// reports the stall, then the focus loss, and never grabs or claims the lock meanwhile.
    @Test func afterAHangTheGameActsOnWhatHappenedMeanwhile() throws {
        let game = try launchLocked()
        defer { game.stop() }
        let gameWindow = try #require(probe.waitForWindow(titled: "lockgame"))
        let seen = game.lines.count
        probe.press(UInt32(XK_h))
        #expect(LockgameLaunch.waitForNewLine("hang: 3 s", in: game, after: seen))
        #expect(LockgameLaunch.waitUntil(timeout: .milliseconds(1800)) { !self.probe.pointerIsGrabbed }, "the watchdog frees the pointer")
        probe.showOtherWindow()
        #expect(LockgameLaunch.waitUntil { self.probe.focusedWindow == self.probe.otherWindow }, "the other window has the focus")
        #expect(LockgameLaunch.waitForNewLine("hang: over", in: game, after: seen))
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (unfocused)", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        var grabbedAfterTheHang = false
        let watchUntil = ContinuousClock.now + .milliseconds(500)
        while ContinuousClock.now < watchUntil { grabbedAfterTheHang = grabbedAfterTheHang || probe.pointerIsGrabbed }
        let lockLines = game.lines.dropFirst(seen).filter { $0.hasPrefix("lock: ") }
        #expect(
            lockLines == ["lock: unlocked (suspended: main loop stalled)", "lock: unlocked (unfocused)"],
            "a polling game sees the stall, then the focus loss; no lock on stale facts: \(lockLines)")
        #expect(!grabbedAfterTheHang)
        probe.activate(gameWindow)
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen + lockLines.count))
    }

    /// A termination signal wakes the sleeping loop at once (a self-pipe in its `poll()`):
    /// the game, unlocked and idle, exits within 100 ms, over 20 trials (`SanitizedBuild.timeScale`
    /// times as long in a sanitized build).
    @Test func aTerminationSignalEndsAnIdleGameAtOnce() throws {
        var exits: [Double] = []
        for trial in 0..<20 {
            let game = try LockgameLaunch.start(on: server)
            defer { game.stop() }
            #expect(game.waitForLine { $0 == "lock: locked" } != nil)
            let seen = game.lines.count
            probe.press(UInt32(XK_l))
            #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
            Thread.sleep(forTimeInterval: 0.3)  // idle: nothing to draw, the loop sleeps in poll()
            let sent = ContinuousClock.now
            game.send(trial % 2 == 0 ? SIGTERM : SIGINT)
            while game.isRunning && ContinuousClock.now - sent < .seconds(3) { Thread.sleep(forTimeInterval: 0.001) }
            exits.append(Self.milliseconds(ContinuousClock.now - sent))
            #expect(game.waitForExit(timeout: .seconds(3)) == 0)
        }
        print("termination: exit \(exits.min() ?? .nan)–\(exits.max() ?? .nan) ms after the signal over \(exits.count) trials")
        #expect((exits.max() ?? .infinity) <= SanitizedBuild.milliseconds(100), "\(exits)")
    }
}
