import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// Buttons, modifiers, wheel, hover, key repeat and the clipboard on a real X server, with
/// input injected through XTest.
@Suite(.serialized, .tags(.integration)) final class IndirectInputIntegrationTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    /// A shown, focused window whose game does not want the lock (the pointer stays visible).
    func unlockedHarness() throws -> GameWindowHarness {
        let harness = try GameWindowHarness(displayName: server.displayName)
        harness.window.pointerLock.rootPreferring = TestGame(prefers: false)
        harness.window.show()
        #expect(harness.pump { harness.window.isViewable && self.probe.focusedWindow == harness.window.x11System!.windowID })
        return harness
    }

    func moveInto(_ harness: GameWindowHarness, x: Int32, y: Int32) {
        let point = probe.rootPoint(in: harness.window.x11System!.windowID, x: x, y: y)
        probe.moveAbsolute(x: point.x, y: point.y)
    }

    @Test func gesturesReportUnavailableWhereNoDeviceHasThem() throws {
        let harness = try unlockedHarness()
        #expect(harness.window.x11?.xinputVersion.map { $0.minor >= 4 } == true, "Xvfb speaks XInput 2.4…")
        #expect(!harness.window.supportsTransformGestures, "…but has no touchpad, so pinch and swipe cannot arrive")
    }

    @Test func wheelButtonsArriveAsDiscreteScrollsOnly() throws {
        let harness = try unlockedHarness()
        moveInto(harness, x: 100, y: 100)
        harness.pump(for: .milliseconds(50))
        harness.events.removeAll()
        for button: UInt32 in [4, 5, 5, 6, 7] { probe.click(button: button) }
        harness.pump(timeout: .seconds(3)) { harness.scrolls.count >= 5 }
        harness.pump(for: .milliseconds(100))
        #expect(harness.scrolls.map(\.type) == Array(repeating: .discrete, count: 5))
        #expect(
            harness.scrolls.map(\.delta) == [
                PointerDelta(dx: 0, dy: -1), PointerDelta(dx: 0, dy: 1), PointerDelta(dx: 0, dy: 1),
                PointerDelta(dx: -1, dy: 0), PointerDelta(dx: 1, dy: 0),
            ])
        #expect(harness.buttons.isEmpty, "wheel steps are not button presses")
    }

    @Test func clicksCarryTheirButtonMaskAndModifiers() throws {
        let harness = try unlockedHarness()
        moveInto(harness, x: 120, y: 90)
        harness.pump(for: .milliseconds(50))
        harness.events.removeAll()
        let control = UInt32(XKeysymToKeycode(probe.display, KeySym(XK_Control_L)))
        probe.sendKey(control, down: true)
        probe.click(button: 1)
        probe.sendKey(control, down: false)
        probe.click(button: 3)
        harness.pump(timeout: .seconds(3)) { harness.buttons.filter { $0.phase == .down }.count >= 2 }
        let presses = harness.buttons.filter { $0.phase == .down }
        #expect(presses.count == 2)
        #expect(presses.first?.buttonMask == .primary && presses.first?.modifierFlags == .control)
        #expect(presses.first?.location == WindowPoint(x: 120, y: 90))
        #expect(presses.last?.buttonMask == .secondary && presses.last?.modifierFlags == [])
    }

    @Test func hoverRegionsFollowThePointerAcrossTheirBounds() throws {
        let harness = try unlockedHarness()
        var phases: [InteractionPhase] = []
        let region = HoverRegion(frame: WindowRect(x: 100, y: 100, width: 50, height: 50)) { phase, _ in phases.append(phase) }
        harness.route = { _ = region.handle($0) }
        moveInto(harness, x: 20, y: 20)
        harness.pump(for: .milliseconds(50))
        for x: Int32 in [110, 120, 130, 200] {
            moveInto(harness, x: x, y: 120)
            harness.pump(for: .milliseconds(30))
        }
        probe.moveAbsolute(x: 1270, y: 790)  // outside the window
        harness.pump(timeout: .seconds(2)) { harness.pointers.last?.phase == .exited }
        #expect(phases == [.began, .changed, .changed, .ended])
        #expect(harness.pointers.first?.phase == .entered || harness.pointers.first?.phase == .moved)
        #expect(harness.pointers.last?.phase == .exited, "leaving the window is reported")
    }

    @Test func aKeyHeldPastTheAutoRepeatDelayIsFlaggedAsRepeating() throws {
        let harness = try unlockedHarness()
        harness.events.removeAll()
        let code = UInt32(XKeysymToKeycode(probe.display, KeySym(XK_w)))
        probe.sendKey(code, down: true)
        harness.pump(for: .milliseconds(1200))
        probe.sendKey(code, down: false)
        harness.pump(timeout: .seconds(2)) { harness.keys.last?.phase == .up }
        let downs = harness.keys.filter { $0.phase == .down }
        #expect(downs.first?.isRepeat == false, "the first press is real")
        #expect(downs.dropFirst().count >= 3 && downs.dropFirst().allSatisfy(\.isRepeat), "then only repeats: \(downs.count) downs")
        #expect(harness.keys.filter { $0.phase == .up }.count == 1, "one release, at the end")
        #expect(harness.keys.allSatisfy { $0.key == .w && $0.charactersIgnoringModifiers == "w" })
    }

    @Test func theClipboardRoundTripsThroughAnotherClient() throws {
        let harness = try unlockedHarness()
        harness.window.copyToClipboard("lockgame ✓ copied")
        harness.pump(for: .milliseconds(20))
        // The window answers the probe's request from its event loop, pumped while the probe waits.
        let read = probe.readClipboard { harness.step() }
        #expect(read == "lockgame ✓ copied")

        probe.offerClipboard("from another program")
        var pasted: String??
        harness.window.requestClipboardText { pasted = .some($0) }
        probe.serveClipboard { harness.pump(timeout: .milliseconds(10)) { pasted != nil } }
        #expect(pasted == .some("from another program"))
    }
}
