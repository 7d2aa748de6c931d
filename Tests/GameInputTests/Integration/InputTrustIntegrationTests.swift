import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// Input a game can trust, on a real X server driven through XTest: nothing of the hidden
/// pointer leaks through the lock, keys name their place, held keys and buttons end when the
/// focus goes, and held buttons follow the server's truth.
@Suite(.serialized, .tags(.integration)) final class InputTrustIntegrationTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    func shownHarness(prefersLock: Bool) throws -> (GameWindowHarness, TestGame) {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let game = TestGame(prefers: prefersLock)
        harness.window.pointerLock.rootPreferring = game
        harness.window.show()
        #expect(harness.pump { harness.window.isViewable && self.probe.focusedWindow == harness.window.x11System!.windowID })
        if prefersLock { #expect(harness.pump { harness.state == .locked }) }
        return (harness, game)
    }

    /// While locked, movement arrives as relative motion only: no pointer (hover) events,
    /// however many motions. When the lock ends, one `moved` with the pointer's real place.
    @Test func whileLockedMovementArrivesOnlyAsRelativeMotion() throws {
        let (harness, game) = try shownHarness(prefersLock: true)
        #expect(probe.pointerIsGrabbed)
        harness.clearEvents()
        for _ in 0..<50 { probe.moveRelative(dx: 3, dy: 2) }
        #expect(harness.pump { harness.motions.reduce(0) { $0 + $1.unaccelerated.dx } >= 150 })
        harness.pump(for: .milliseconds(100))
        #expect(harness.motions.count == 50, "each motion once")
        #expect(harness.pointers.count == 0, "no pointer events under the lock")

        harness.clearEvents()
        game.prefersPointerLocked = false
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        harness.pump(for: .milliseconds(100))
        let origin = probe.frame(of: harness.window.x11System!.windowID).origin
        let pointer = probe.pointerPosition
        let expected = WindowPoint(x: Double(pointer.x - origin.x), y: Double(pointer.y - origin.y))
        #expect(harness.pointers.map(\.phase) == [.moved], "one report after the unlock: \(harness.pointers)")
        #expect(harness.pointers.first?.location == expected, "where the pointer really is")
        #expect(harness.motions.isEmpty)
    }

    /// A button pressed while locked and released outside the window after an unlock: the
    /// window never sees the release, but the server's button state says it is up, so the lock
    /// comes back when wanted.
    @Test func aButtonReleasedElsewhereAfterAnUnlockDoesNotKeepTheLockAway() throws {
        let (harness, game) = try shownHarness(prefersLock: true)
        XTestFakeButtonEvent(probe.display, 1, 1, 0)
        XSync(probe.display, 0)
        harness.pump(for: .milliseconds(100))
        game.prefersPointerLocked = false
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        harness.pump(for: .milliseconds(100))
        let frame = probe.frame(of: harness.window.x11System!.windowID)
        probe.moveAbsolute(x: min(1270, frame.origin.x + frame.width + 40), y: frame.origin.y + 20)
        XTestFakeButtonEvent(probe.display, 1, 0, 0)
        XSync(probe.display, 0)
        harness.pump(for: .milliseconds(100))
        let centre = probe.centre(of: harness.window.x11System!.windowID)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        harness.pump(for: .milliseconds(100))
        game.prefersPointerLocked = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump(timeout: .seconds(2)) { harness.state == .locked }, "state: \(String(describing: harness.state))")
        #expect(probe.pointerIsGrabbed)
    }

    /// Keys carry their place (the XKB key names), and a key and a button held when the
    /// focus leaves end with `.cancelled` presses: their releases go elsewhere.
    @Test func heldKeysAndButtonsEndWhenTheFocusLeaves() throws {
        let (harness, _) = try shownHarness(prefersLock: false)
        let centre = probe.centre(of: harness.window.x11System!.windowID)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        harness.pump(for: .milliseconds(50))
        harness.clearEvents()
        let w = UInt32(XKeysymToKeycode(probe.display, KeySym(XK_w)))
        probe.sendKey(w, down: true)
        XTestFakeButtonEvent(probe.display, 1, 1, 0)
        XSync(probe.display, 0)
        #expect(harness.pump { harness.keys.contains { $0.phase == .down } && harness.buttons.contains { $0.phase == .down } })
        #expect(harness.keys.first?.keyCode == .keyboardW && harness.keys.first?.key == .w)
        XTestFakeButtonEvent(probe.display, 1, 0, 0)  // the click's release comes here; W stays down
        XSync(probe.display, 0)
        harness.pump(for: .milliseconds(50))
        XTestFakeButtonEvent(probe.display, 3, 1, 0)
        XSync(probe.display, 0)
        #expect(harness.pump { harness.buttons.contains { $0.button == .secondary && $0.phase == .down } })
        harness.clearEvents()
        probe.showOtherWindow()
        #expect(harness.pump { harness.keys.contains { $0.phase == .cancelled } })
        probe.sendKey(w, down: false)
        XTestFakeButtonEvent(probe.display, 3, 0, 0)
        XSync(probe.display, 0)
        harness.pump(for: .milliseconds(100))
        #expect(harness.keys.map(\.phase) == [.cancelled] && harness.keys.first?.keyCode == .keyboardW, "\(harness.keys)")
        #expect(harness.buttons.map(\.phase) == [.cancelled] && harness.buttons.first?.button == .secondary, "\(harness.buttons)")
    }
}
