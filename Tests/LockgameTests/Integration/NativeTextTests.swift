import Foundation
import Testing
import XServerTestSupport

/// Text natively: the demo's chat line under sway with no input method, on US international,
/// whose apostrophe is a dead key. T opens the line with the locale's compose table as the
/// source, the dead key and a letter type one letter, and Return prints the line.
@Suite(.serialized) struct NativeTextTests {
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
}
