import Foundation
import Testing
import XServerTestSupport

@testable import GameInput

/// `activate()` on a native Wayland window under sway, while another window has the focus: the
/// window presents an `xdg-activation-v1` token, and sway marks it urgent (a token from a
/// window without the focus activates nothing more there), where without the call nothing is
/// marked.
@Suite(.serialized) struct WaylandActivationIntegrationTests {
    @Test func swayMarksTheWindowThatAsksUrgent() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        let environment = sway.waylandEnvironment
        let socket = try #require(environment["XDG_RUNTIME_DIR"]) + "/" + (try #require(environment["WAYLAND_DISPLAY"]))
        let system = try WaylandWindow(
            connection: try WaylandConnection(socketName: socket), title: "asker", width: 400, height: 300, stallTimeout: nil)
        let window = GameWindow(system: system, backend: WindowBackendChoice(kind: .wayland, reason: "test", isFallback: false))
        defer { window.close() }
        window.show()
        func pump(until condition: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < deadline {
                window.waitForEvents(until: .now + .milliseconds(5))
                window.pollEvents { _ in }
                if condition() { return true }
            }
            return false
        }
        #expect(pump { sway.windowStates()["asker"]?.focused == true }, "the new window has the focus: \(sway.windowStates())")
        let other = try sway.startNativeWindow(title: "other")
        defer { other.close() }
        if !other.hasKeyboardFocus { sway.focus(other) }
        #expect(pump { sway.windowStates()["other"]?.focused == true })
        #expect(!pump { sway.windowStates()["asker"].map { $0.focused || $0.urgent } == true }, "nothing happens unasked")

        window.activate()
        #expect(pump { sway.windowStates()["asker"]?.urgent == true }, "sway marks the window urgent: \(sway.windowStates())")
        #expect(sway.windowStates()["other"]?.focused == true, "and leaves the focus where it is")
    }
}
