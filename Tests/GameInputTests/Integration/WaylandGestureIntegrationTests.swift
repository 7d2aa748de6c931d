import Foundation
import Testing
import XServerTestSupport

@testable import GameInput

/// Gestures on a native Wayland window under sway, which offers `zwp_pointer_gestures_v1`: the
/// window asks for its pointer's pinch and swipe and says gestures can come; closed, it says
/// they cannot. (What the gestures' events become is `WaylandGestureDecoderTests`.)
@Suite(.serialized) struct WaylandGestureIntegrationTests {
    @Test func underSwayGesturesCanCome() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        let environment = sway.waylandEnvironment
        let socket = try #require(environment["XDG_RUNTIME_DIR"]) + "/" + (try #require(environment["WAYLAND_DISPLAY"]))
        let system = try WaylandWindow(
            connection: try WaylandConnection(socketName: socket), title: "gestures", width: 400, height: 300, stallTimeout: nil)
        let window = GameWindow(system: system, backend: WindowBackendChoice(kind: .wayland, reason: "test", isFallback: false))
        #expect(window.supportsTransformGestures, "sway's seat has a pointer and offers its gestures")
        window.close()
        #expect(!window.supportsTransformGestures, "none after close")
    }
}
