import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// `activate()` on a native Wayland window under sway, while another window has the focus: the
/// window presents an `xdg-activation-v1` token, and sway marks it urgent (a token from a
/// window without the focus activates nothing more there), where without the call nothing is
/// marked.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandActivationIntegrationTests {
    @Test func swayMarksTheWindowThatAsksUrgent() throws {
        let harness = try SwayWindowHarness(title: "asker")
        defer { harness.stop() }
        let sway = harness.sway, window = harness.window
        window.show()
        #expect(harness.pump { sway.windowStates()["asker"]?.focused == true }, "the new window has the focus: \(sway.windowStates())")
        let other = try sway.startNativeWindow(title: "other")
        defer { other.close() }
        if !other.hasKeyboardFocus { sway.focus(other) }
        #expect(harness.pump { sway.windowStates()["other"]?.focused == true })
        #expect(!harness.pump { sway.windowStates()["asker"].map { $0.focused || $0.urgent } == true }, "nothing happens unasked")

        window.activate()
        #expect(harness.pump { sway.windowStates()["asker"]?.urgent == true }, "sway marks the window urgent: \(sway.windowStates())")
        #expect(sway.windowStates()["other"]?.focused == true, "and leaves the focus where it is")
    }
}
