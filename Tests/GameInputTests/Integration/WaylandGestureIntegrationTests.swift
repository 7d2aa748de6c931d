import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// Gestures on a native Wayland window under sway, which offers `zwp_pointer_gestures_v1`: the
/// window asks for its pointer's pinch and swipe and says gestures can come; closed, it says
/// they cannot. (What the gestures' events become is `WaylandGestureDecoderTests`.)
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandGestureIntegrationTests {
    @Test func underSwayGesturesCanCome() throws {
        let harness = try SwayWindowHarness(title: "gestures")
        defer { harness.stop() }
        let window = harness.window
        #expect(window.supportsTransformGestures, "sway's seat has a pointer and offers its gestures")
        window.close()
        #expect(!window.supportsTransformGestures, "none after close")
    }
}
