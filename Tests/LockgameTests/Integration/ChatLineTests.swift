import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The demo's chat line on real layouts: T opens it, what is typed goes into it (through the
/// compose table, without an input method), Return prints `chat: <text>`, Esc cancels, and
/// nobody walks meanwhile. The pointer stays locked while the line is open.
@Suite(.serialized, .tags(.integration)) struct ChatLineTests {
    static func setLayout(_ arguments: [String], on server: XServerFixture) throws {
        let setxkbmap = try ChildProcess(
            executable: XServerFixture.locate("setxkbmap"), arguments: ["-display", server.displayName] + arguments)
        #expect(setxkbmap.waitForExit(timeout: .seconds(10)) == 0, "\(setxkbmap.lines)")
    }

    /// Presses T and waits until the game says where the line's text comes from.
    static func openChat(in game: ChildProcess, probe: XProbe, timeout: Duration = .seconds(5)) -> String? {
        let seen = game.lines.count
        probe.press(UInt32(XK_t))
        guard
            LockgameLaunch.waitUntil(timeout: timeout, { game.lines.dropFirst(seen).contains { $0.hasPrefix("chat line: text from") } })
        else { return nil }
        return game.lines.dropFirst(seen).first { $0.hasPrefix("chat line: text from") }
    }

    /// Pixels within 0x30 of `color` (0xRRGGBB) in each channel, in the band above the key
    /// line where the HUD draws the chat line, read from the server.
    static func chatBandPixels(of color: UInt32, probe: XProbe, window: UInt) -> Int {
        guard let frame = probe.capture(window), frame.height > 120 else { return 0 }
        func near(_ pixel: UInt32) -> Bool {
            [16, 8, 0].allSatisfy { shift in abs(Int((pixel >> shift) & 0xFF) - Int((color >> shift) & 0xFF)) <= 0x30 }
        }
        return (frame.height - 110..<frame.height - 30).reduce(0) { count, y in
            count + frame.pixels[(y * frame.width)..<((y + 1) * frame.width)].filter(near).count
        }
    }

    @Test func theChatLineTypesFrenchAndDoesNotWalk() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        try Self.setLayout(["-layout", "fr"], on: server)
        let probe = try XProbe(displayName: server.displayName)
        defer { probe.close() }
        let game = try LockgameLaunch.startLocked(on: server)
        defer { game.stop() }
        let before = KeyboardLayoutTests.position(of: game, probe: probe)
        let window = try #require(probe.waitForWindow(titled: "lockgame"))
        let whiteBefore = Self.chatBandPixels(of: 0xFF_FFFF, probe: probe, window: window)

        let source = Self.openChat(in: game, probe: probe)
        #expect(source?.hasPrefix("chat line: text from compose table ") == true, "no input method runs: \(game.lines)")
        #expect(probe.pointerIsGrabbed, "the lock holds while typing")
        var seen = game.lines.count
        // "ça marche!" by keysym: ç and ! are unshifted keys on AZERTY.
        for keysym in [XK_ccedilla, XK_a, XK_space, XK_m, XK_a, XK_r, XK_c, XK_h, XK_e, XK_exclam] {
            probe.press(UInt32(keysym))
        }
        // The HUD draws the line (white text and caret) where nothing white was.
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(3)) {
                Self.chatBandPixels(of: 0xFF_FFFF, probe: probe, window: window) > whiteBefore + 40
            }, "the chat line is drawn: \(whiteBefore) white pixels before")
        probe.press(UInt32(XK_Return))
        #expect(LockgameLaunch.waitForNewLine("chat: ça marche!", in: game, after: seen), "\(game.lines.suffix(5))")

        // A walk key held in the line types, and the player stays put.
        _ = Self.openChat(in: game, probe: probe)
        seen = game.lines.count
        KeyboardLayoutTests.hold(KeyboardLayoutTests.placeW, probe: probe)
        probe.press(UInt32(XK_Escape))
        #expect(LockgameLaunch.waitForNewLine("chat line: cancelled", in: game, after: seen))
        #expect(probe.pointerIsGrabbed, "Esc closed the line and left the lock alone")
        let after = KeyboardLayoutTests.position(of: game, probe: probe)
        #expect(
            before != nil && KeyboardLayoutTests.moved(before, after) < 0.01, "\(String(describing: before)) → \(String(describing: after))"
        )
    }

    /// A dead key and a Compose sequence in the chat line, on US with Compose on right Alt:
    /// the line gets the composed letters.
    @Test func deadKeysAndComposeReachTheChatLine() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        try Self.setLayout(["-layout", "us", "-variant", "intl", "-option", "compose:ralt"], on: server)
        let probe = try XProbe(displayName: server.displayName)
        defer { probe.close() }
        let game = try LockgameLaunch.startLocked(on: server)
        defer { game.stop() }
        #expect(Self.openChat(in: game, probe: probe) != nil)
        let seen = game.lines.count
        // us(intl): ' is dead_acute, so ' e is é; Compose (right Alt) o e is œ.
        probe.press(UInt32(XK_dead_acute))
        probe.press(UInt32(XK_e))
        probe.press(UInt32(XK_Multi_key))
        probe.press(UInt32(XK_o))
        probe.press(UInt32(XK_e))
        probe.press(UInt32(XK_Return))
        #expect(LockgameLaunch.waitForNewLine("chat: éœ", in: game, after: seen), "\(game.lines.suffix(5))")
    }
}
