import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The clipboard on native Wayland, through the compositor's own selection: the demo's Ctrl+C
/// copies the camera's pose and another program (`wl-paste`, Debian `wl-clipboard`) pastes it;
/// a text another program offers (`wl-copy`) is what Ctrl+V pastes into the game, and a text
/// that is no pose leaves the pose as it was.
@Suite(.serialized, .tags(.integration, .compositor)) struct NativeClipboardTests {
    static let pose = "lockgame pose x 2 y 1.6 z 1 yaw 45 pitch -10"

    @Test(arguments: NativeWaylandCompositor.allCases)
    func thePoseRoundTripsThroughTheCompositorsClipboard(_ compositor: NativeWaylandCompositor) throws {
        let session = try compositor.start()
        defer { session.stop() }
        session.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: session)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(compositor): \(game.lines)")
        game.settleKeyboard()

        var seen = game.lines.count
        session.press(NativeWaylandTests.Key.c, holding: [NativeWaylandTests.Key.leftControl])
        let copied = BoundedWait.until(timeout: .seconds(3)) {
            game.lines.dropFirst(seen).contains { $0.hasPrefix("clipboard: copied lockgame pose x ") }
        }
        #expect(copied, "\(compositor): \(Array(game.lines.dropFirst(seen)))")
        let pasted = try Self.paste(in: session)
        #expect(pasted?.hasPrefix("lockgame pose x ") == true, "\(compositor): wl-paste reads the pose: \(String(describing: pasted))")

        for (offered, expected) in [
            (Self.pose, "clipboard: pasted lockgame pose x 2.0 y 1.6 z 1.0 yaw 45.0 pitch -10.0"),
            ("not a pose at all", "clipboard: not a pose"),
        ] {
            let offer = try Self.offer(offered, in: session)
            defer { offer?.stop() }
            #expect(offer != nil, "\(compositor): wl-copy offers \(offered)")
            seen = game.lines.count
            session.press(NativeWaylandTests.Key.v, holding: [NativeWaylandTests.Key.leftControl])
            #expect(
                BoundedWait.until(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains { $0.hasPrefix(expected) } },
                "\(compositor): Ctrl+V pastes \(offered): \(Array(game.lines.dropFirst(seen)))")
        }
        seen = game.lines.count
        session.press(NativeWaylandTests.Key.c, holding: [NativeWaylandTests.Key.leftControl])
        #expect(
            game.waitForLine("clipboard: copied lockgame pose x 2.0 y 1.6 z 1.0 yaw 45.0 pitch -10.0", after: seen),
            "\(compositor): the bad paste left the pasted pose as it was: \(Array(game.lines.dropFirst(seen)))")
        #expect(try Self.paste(in: session) == "lockgame pose x 2.0 y 1.6 z 1.0 yaw 45.0 pitch -10.0", "\(compositor): copied again")
    }

    /// Starts `wl-copy` offering `text` until another program takes the selection, and
    /// returns it once `wl-paste` reads the text back; nil when five tries in 10 s fail.
    /// Without wlroots' data-control protocol (mutter) wl-copy takes the selection through a
    /// surface of its own that must get the keyboard focus first, and about one try in three
    /// there gives up at once: it is tried again.
    static func offer(_ text: String, in session: any WaylandSession) throws -> ChildProcess? {
        let deadline = ContinuousClock.now + .seconds(10)
        for _ in 0..<5 where ContinuousClock.now < deadline {
            let offer = try ChildProcess(
                executable: XServerFixture.locate("wl-copy"), arguments: ["--foreground", text],
                environment: session.waylandEnvironment)
            if BoundedWait.until(timeout: .seconds(2), { (try? paste(in: session)) == text || !offer.isRunning }), offer.isRunning {
                return offer
            }
            offer.stop()
        }
        return nil
    }

    /// What `wl-paste` reads from the session's clipboard now (nil when it fails). It ends the
    /// text with a newline, so that the last line is a whole one.
    static func paste(in session: any WaylandSession) throws -> String? {
        let paste = try ChildProcess(
            executable: XServerFixture.locate("wl-paste"), arguments: [], environment: session.waylandEnvironment)
        guard paste.waitForExit(timeout: .seconds(5)) == 0 else {
            paste.stop()
            return nil
        }
        return paste.lines.joined(separator: "\n")
    }
}
