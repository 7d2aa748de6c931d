import Foundation
import TestTags
import Testing
import XServerTestSupport

/// Text natively: the demo's chat line under sway and KWin with no input method, on US international,
/// whose apostrophe is a dead key (T opens the line with the locale's compose table as the
/// source, the dead key and a letter type one letter, and Return prints the line); and with an
/// input method, whose commits sway relays through text-input-v3.
@Suite(.serialized, .tags(.integration, .compositor)) struct NativeTextTests {
    enum Key {
        static let t = 20, apostrophe = 40, e = 18, a = 30, space = 57
    }

    @Test func aDeadKeyComposesInTheChatLineUnderSway() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        sway.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: sway)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        game.settleKeyboard()
        #expect(sway.setLayout("us", variant: "intl"))
        Thread.sleep(forTimeInterval: 0.3)

        var seen = game.lines.count
        sway.press(Key.t)
        #expect(
            BoundedWait.until(timeout: .seconds(5)) {
                game.lines.dropFirst(seen).contains { $0.hasPrefix("chat line: text from compose table ") }
            }, "no input method: the compose table: \(Array(game.lines.dropFirst(seen)))")
        seen = game.lines.count
        // ' e is é; ' space is the apostrophe itself; a passes.
        for key in [Key.apostrophe, Key.e, Key.a, Key.apostrophe, Key.space] { sway.press(key) }
        sway.press(NativeWaylandTests.Key.enter)
        #expect(game.waitForLine("chat: éa'", after: seen), "\(Array(game.lines.dropFirst(seen)))")
    }

    /// The same dead key under KWin, its keyboard on US international from the start.
    @Test func aDeadKeyComposesInTheChatLineUnderKWin() throws {
        let kwin = try GnomeKDEFixture(.kwin, nativeClients: true, keyboardLayout: "us", keyboardVariant: "intl")
        defer { kwin.stop() }
        kwin.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: kwin)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        game.settleKeyboard()

        // KWin enters the window's text input though no input method runs, so the source named
        // is the compositor's; the keys still go through the compose table.
        var seen = game.lines.count
        kwin.press(Key.t)
        #expect(
            BoundedWait.until(timeout: .seconds(5)) {
                game.lines.dropFirst(seen).contains("chat line: text from input method the compositor's (text-input-v3)")
            }, "\(Array(game.lines.dropFirst(seen)))")
        seen = game.lines.count
        for key in [Key.apostrophe, Key.e, Key.a, Key.apostrophe, Key.space] { kwin.press(key) }
        kwin.press(NativeWaylandTests.Key.enter)
        #expect(game.waitForLine("chat: éa'", after: seen), "\(Array(game.lines.dropFirst(seen)))")
    }

    /// The tests' input method is the seat's: T opens the chat line with it as the source, its
    /// composition shows, its commit is typed, and Return prints the line.
    @Test func anInputMethodTypesInTheChatLineUnderSway() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        let method = try sway.startInputMethod()
        defer { method.stop() }
        sway.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: sway)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        game.settleKeyboard()

        var seen = game.lines.count
        sway.press(Key.t)
        #expect(
            game.waitForLine("chat line: text from input method the compositor's (text-input-v3)", after: seen),
            "\(Array(game.lines.dropFirst(seen)))")
        #expect(
            BoundedWait.until(timeout: .seconds(5)) {
                method.command("state", timeout: .seconds(5))
                return method.lines.last == "active"
            }, "the chat line activates the input method: \(method.lines)")
        seen = game.lines.count
        method.command("preedit にほんご 9 9", timeout: .seconds(5))
        method.command("commit 日本語", timeout: .seconds(5))
        Thread.sleep(forTimeInterval: 0.3)
        sway.press(NativeWaylandTests.Key.enter)
        #expect(game.waitForLine("chat: 日本語", after: seen), "\(Array(game.lines.dropFirst(seen)))")
    }
}
