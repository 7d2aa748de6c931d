import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// Walking goes by the keys' places, shortcuts by their characters, on every layout: the demo
/// on Xvfb with French AZERTY, German QWERTZ and US Dvorak set by `setxkbmap`, driven by X key
/// codes (the places) and keysyms (the characters) through XTest. The pose comes from the
/// game's own line when Ctrl+C copies it.
@Suite(.serialized, .tags(.integration)) struct KeyboardLayoutTests {
    /// Evdev key codes (evdev number + 8) of the keys at W, A, S and D's places, and the up arrow.
    static let placeW: UInt32 = 25, upArrow: UInt32 = 111

    struct Layout: Sendable, CustomStringConvertible {
        let arguments: [String]
        /// What the layout prints on the keys at W, A, S, D's places.
        let walkKeys: String
        /// A letter key away from those four places, typed by keysym ("w" on AZERTY and Dvorak).
        let letterElsewhere: UInt32
        var description: String { arguments.joined(separator: " ") }
    }

    static let layouts = [
        Layout(arguments: ["-layout", "fr"], walkKeys: "Z Q S D", letterElsewhere: UInt32(XK_w)),
        Layout(arguments: ["-layout", "de"], walkKeys: "W A S D", letterElsewhere: UInt32(XK_y)),
        Layout(arguments: ["-layout", "us", "-variant", "dvorak"], walkKeys: ", A O E", letterElsewhere: UInt32(XK_w)),
    ]

    /// The camera's position (x, z) as the game prints it when Ctrl+C copies its pose.
    static func position(of game: ChildProcess, probe: XProbe) -> (x: Double, z: Double)? {
        let seen = game.lines.count
        probe.press(UInt32(XK_c), with: [UInt32(XK_Control_L)])
        let prefix = "clipboard: copied lockgame pose "
        guard LockgameLaunch.waitUntil(timeout: .seconds(3), { game.lines.dropFirst(seen).contains { $0.hasPrefix(prefix) } }),
            let line = game.lines.dropFirst(seen).first(where: { $0.hasPrefix(prefix) })
        else { return nil }
        let words = line.dropFirst(prefix.count).split(separator: " ")
        guard words.count >= 6, let x = Double(words[1]), let z = Double(words[5]) else { return nil }
        return (x, z)
    }

    /// Holds the key with X key code `code` for 0.4 s.
    static func hold(_ code: UInt32, probe: XProbe) {
        probe.sendKey(code, down: true)
        Thread.sleep(forTimeInterval: 0.4)
        probe.sendKey(code, down: false)
    }

    static func moved(_ before: (x: Double, z: Double)?, _ after: (x: Double, z: Double)?) -> Double {
        guard let before, let after else { return .nan }
        return hypot(after.x - before.x, after.z - before.z)
    }

    @Test(arguments: layouts)
    func theKeysAtWASDsPlacesAndTheArrowsWalkOnEveryLayout(_ layout: Layout) throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let setxkbmap = try ChildProcess(
            executable: XServerFixture.locate("setxkbmap"),
            arguments: ["-display", server.displayName] + layout.arguments)
        #expect(setxkbmap.waitForExit(timeout: .seconds(10)) == 0, "\(setxkbmap.lines)")
        // A connection made after the change, so keysyms map to the new layout's key codes.
        let probe = try XProbe(displayName: server.displayName)
        defer { probe.close() }
        let game = try LockgameLaunch.start(on: server)
        defer { game.stop() }
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        #expect(game.lines.contains("keys: walk with \(layout.walkKeys) or the arrows"), "\(layout): \(game.lines)")

        var before = Self.position(of: game, probe: probe)
        Self.hold(Self.placeW, probe: probe)
        var after = Self.position(of: game, probe: probe)
        #expect(
            Self.moved(before, after) > 0.5,
            "\(layout): the key at W's place walks: \(String(describing: before)) → \(String(describing: after))")

        before = after
        let elsewhere = UInt32(XKeysymToKeycode(probe.display, KeySym(layout.letterElsewhere)))
        #expect(elsewhere != 0 && elsewhere != Self.placeW)
        Self.hold(elsewhere, probe: probe)
        after = Self.position(of: game, probe: probe)
        #expect(Self.moved(before, after) < 0.01, "\(layout): the letter typed elsewhere does not walk")

        before = after
        Self.hold(Self.upArrow, probe: probe)
        after = Self.position(of: game, probe: probe)
        #expect(Self.moved(before, after) > 0.5, "\(layout): the up arrow walks")

        // Shortcuts stay characters: L (wherever the layout puts it) releases the lock.
        let seen = game.lines.count
        probe.press(UInt32(XK_l))
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen), "\(layout): L by character")
    }

    /// Unlocked (Esc), W held, the focus goes to another window and W is released there: the
    /// game ends the press when the focus leaves, so the player stops.
    @Test func aKeyHeldWhenTheFocusLeavesStopsWalking() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let game = try LockgameLaunch.start(on: server)
        defer { game.stop() }
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        let gameWindow = try #require(probe.waitForWindow(titled: "lockgame"))
        let seen = game.lines.count
        probe.press(UInt32(XK_Escape))
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
        probe.sendKey(Self.placeW, down: true)
        Thread.sleep(forTimeInterval: 0.2)
        probe.showOtherWindow()
        #expect(LockgameLaunch.waitUntil { probe.focusedWindow == probe.otherWindow })
        probe.sendKey(Self.placeW, down: false)
        probe.activate(gameWindow)
        #expect(LockgameLaunch.waitUntil { probe.focusedWindow == gameWindow })
        let first = Self.position(of: game, probe: probe)
        Thread.sleep(forTimeInterval: 0.5)
        let second = Self.position(of: game, probe: probe)
        #expect(
            first != nil && Self.moved(first, second) < 0.01,
            "no key is held: the pose stays \(String(describing: first)) → \(String(describing: second))")
    }

    /// The demo's letter shortcuts (L, H, N) on every layout: by the letter printed on the key
    /// where the layout types Latin (AZERTY, QWERTZ, Dvorak move it), by the US place where it
    /// types none (Russian). Each key is pressed by its X key code.
    @Test(arguments: [["-layout", "fr"], ["-layout", "de"], ["-layout", "us", "-variant", "dvorak"], ["-layout", "ru"]])
    func theLetterShortcutsWorkOnEveryLayout(_ layout: [String]) throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let setxkbmap = try ChildProcess(
            executable: XServerFixture.locate("setxkbmap"), arguments: ["-display", server.displayName] + layout)
        #expect(setxkbmap.waitForExit(timeout: .seconds(10)) == 0, "\(setxkbmap.lines)")
        let probe = try XProbe(displayName: server.displayName)
        defer { probe.close() }
        let game = try LockgameLaunch.startLocked(on: server)
        defer { game.stop() }
        let isLatin = layout[1] != "ru"
        /// The key code that types `letter`, or (Russian) the key at its US place.
        func code(_ letter: Int32, usPlace: UInt32) -> UInt32 {
            isLatin ? UInt32(XKeysymToKeycode(probe.display, KeySym(letter))) : usPlace
        }
        let l = code(XK_l, usPlace: 46), h = code(XK_h, usPlace: 43), n = code(XK_n, usPlace: 57)
        #expect(layout != ["-layout", "us", "-variant", "dvorak"] || (l, n, h) == (33, 46, 44), "Dvorak moves them: \(l) \(n) \(h)")

        var seen = game.lines.count
        probe.sendKey(l, down: true)
        probe.sendKey(l, down: false)
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen), "\(layout): L")
        seen = game.lines.count
        probe.sendKey(h, down: true)
        probe.sendKey(h, down: false)
        #expect(LockgameLaunch.waitForNewLine("hang: over", in: game, after: seen, timeout: .seconds(10)), "\(layout): H")
        seen = game.lines.count
        probe.sendKey(n, down: true)
        probe.sendKey(n, down: false)
        #expect(LockgameLaunch.waitForNewLine("alert: shown", in: game, after: seen), "\(layout): N")
    }
}
