import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The real `lockgame` program on a real X server and window manager, driven with XTest
/// keys and clicks; its log lines say what it believes, a second client's grab says what X holds.
@Suite(.serialized, .tags(.integration)) final class LockgameProcessTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    func launch(_ arguments: [String] = [], environment: [String: String] = [:]) throws -> ChildProcess {
        var environment = environment
        environment["DISPLAY"] = environment["DISPLAY"] ?? server.displayName
        return try ChildProcess(executable: LockgameLaunch.executable, arguments: arguments, environment: environment)
    }

    /// Launches the game and waits until it reports the lock.
    func launchLocked() throws -> ChildProcess {
        let game = try launch()
        let locked = game.waitForLine { $0 == "lock: locked" }
        #expect(locked != nil, "lockgame should lock at start; it said: \(game.lines)")
        return game
    }

    func waitForNewLine(_ line: String, in game: ChildProcess, after seen: Int) -> Bool {
        LockgameLaunch.waitForNewLine(line, in: game, after: seen)
    }

    @Test func keysAndClicksDriveTheLockAsTheHelpSays() throws {
        let game = try launchLocked()
        #expect(probe.pointerIsGrabbed, "X holds the grab the game reports")

        var seen = game.lines.count
        probe.press(UInt32(XK_l))
        #expect(waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)

        seen = game.lines.count
        probe.press(UInt32(XK_l))
        #expect(waitForNewLine("lock: locked", in: game, after: seen))
        #expect(probe.pointerIsGrabbed)

        seen = game.lines.count
        probe.press(UInt32(XK_Escape))
        #expect(waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)

        seen = game.lines.count
        if let window = probe.findWindow(titled: "lockgame") {
            // Into the sky above the arch: a click on an object would select it instead.
            let point = probe.rootPoint(in: window, x: 480, y: 150)
            probe.moveAbsolute(x: point.x, y: point.y)
        } else {
            Issue.record("the lockgame window is not in the window manager's client list")
        }
        probe.click(button: 1)
        #expect(waitForNewLine("lock: locked", in: game, after: seen), "a primary click asks for the lock again")
        #expect(probe.pointerIsGrabbed)

        seen = game.lines.count
        probe.press(UInt32(XK_n))
        #expect(waitForNewLine("lock: unlocked (alert presented)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed, "the alert releases the pointer")

        seen = game.lines.count
        probe.press(UInt32(XK_Return))
        #expect(waitForNewLine("lock: locked", in: game, after: seen), "dismissing the alert brings the lock back by itself")
        #expect(probe.pointerIsGrabbed)

        // That Q tears down (pointer put back, cursor shown) is proven in SafetyValveTests by
        // what only the game does; here: Q quits through the game's own path.
        probe.press(UInt32(XK_q))
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
        #expect(game.lines.last == "quit")
    }

    @Test func theCameraPoseRoundTripsThroughTheRealClipboard() throws {
        let game = try launchLocked()
        var seen = game.lines.count
        probe.press(UInt32(XK_c), with: [UInt32(XK_Control_L)])
        #expect(waitForNewLine(prefix: "clipboard: copied lockgame pose x ", in: game, after: seen))
        let copied = probe.readClipboard()
        #expect(copied?.hasPrefix("lockgame pose x ") == true, "another program pastes the pose: \(String(describing: copied))")

        probe.offerClipboard("lockgame pose x 2 y 1.6 z 1 yaw 45 pitch -10")
        seen = game.lines.count
        probe.press(UInt32(XK_v), with: [UInt32(XK_Control_L)])
        #expect(
            probe.serveClipboard {
                game.lines.dropFirst(seen).contains("clipboard: pasted lockgame pose x 2.0 y 1.6 z 1.0 yaw 45.0 pitch -10.0")
            })

        probe.offerClipboard("not a pose at all")
        seen = game.lines.count
        probe.press(UInt32(XK_v), with: [UInt32(XK_Control_L)])
        #expect(
            probe.serveClipboard {
                game.lines.dropFirst(seen).contains { $0.hasPrefix("clipboard: not a pose") && $0.hasSuffix("pose unchanged") }
            })
        seen = game.lines.count
        probe.press(UInt32(XK_c), with: [UInt32(XK_Control_L)])
        #expect(
            waitForNewLine("clipboard: copied lockgame pose x 2.0 y 1.6 z 1.0 yaw 45.0 pitch -10.0", in: game, after: seen),
            "the bad paste left the pasted pose as it was")
    }

    @Test func holdingF1ListsTheCommandsOfTheCurrentResponderChain() throws {
        let game = try launchLocked()
        var seen = game.lines.count
        probe.press(UInt32(XK_n))
        #expect(waitForNewLine("alert: shown", in: game, after: seen))
        seen = game.lines.count
        let f1 = UInt32(XKeysymToKeycode(probe.display, KeySym(XK_F1)))
        probe.sendKey(f1, down: true)
        #expect(
            waitForNewLine(prefix: "overlay: Dismiss the alert, Toggle the lock preference, Release the pointer", in: game, after: seen))
        probe.sendKey(f1, down: false)
        #expect(waitForNewLine("overlay: hidden", in: game, after: seen))
        seen = game.lines.count
        probe.press(UInt32(XK_l))
        #expect(waitForNewLine("preference: off (L)", in: game, after: seen), "the alert does not handle L, so the game under it does")
    }

    func waitForNewLine(prefix: String, in game: ChildProcess, after seen: Int) -> Bool {
        LockgameLaunch.waitUntil(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains { $0.hasPrefix(prefix) } }
    }

    @Test func altTabReleasesTheLockAndComingBackRestoresIt() throws {
        probe.showOtherWindow()
        let game = try launchLocked()
        let window = try #require(probe.waitForWindow(titled: "lockgame"))
        var seen = game.lines.count
        #expect(altTab(until: { self.probe.focusedWindow != window }))
        #expect(waitForNewLine("lock: unlocked (unfocused)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)

        seen = game.lines.count
        #expect(altTab(until: { self.probe.focusedWindow == window }))
        #expect(waitForNewLine("lock: locked", in: game, after: seen))
        #expect(probe.pointerIsGrabbed)
    }

    /// The signal is handled (the game says so and exits 0); that the teardown puts the
    /// pointer back is proven in SafetyValveTests.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aTerminationSignalEndsTheGameCleanly(signal: Int32) throws {
        let game = try launchLocked()
        game.send(signal)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
        #expect(game.lines.contains("quit: signal \(signal)"))
    }

    @Test func withoutADisplayTheGameSaysSoAndExitsWith2() throws {
        let game = try launch(environment: ["DISPLAY": ""])
        #expect(game.waitForExit(timeout: .seconds(5)) == 2)
        #expect(game.lines.contains { $0.contains("DISPLAY is not set") && $0.contains("xvfb-run") })
        let unreachable = try launch(["--display", ":999"])
        #expect(unreachable.waitForExit(timeout: .seconds(5)) == 2)
        #expect(unreachable.lines.contains { $0.contains("cannot open X display \":999\"") })
    }

    @Test func aBadFlagGetsOneLineAndExitCode2() throws {
        let game = try launch(["--frobnicate"])
        #expect(game.waitForExit(timeout: .seconds(5)) == 2)
        #expect(game.lines == ["lockgame: unknown option \"--frobnicate\" (see lockgame --help)"])
    }

    func altTab(until condition: () -> Bool) -> Bool {
        for _ in 0..<3 {
            probe.altTab()
            if waitUntil(condition) { return true }
        }
        return false
    }

    func waitUntil(_ condition: () -> Bool) -> Bool {
        LockgameLaunch.waitUntil(condition)
    }
}
