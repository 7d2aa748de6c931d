import Foundation
import Testing

@testable import GameInput

/// Touchpad gestures as a Wayland compositor sends them (`zwp_pointer_gestures_v1`), decoded
/// without a compositor: no headless compositor here can make a touchpad gesture (sway's,
/// mutter's and KWin's input injection have none), so the values are written as the protocol
/// defines them (a pinch's scale relative to its beginning, its rotation in degrees since the
/// last update; a swipe's deltas since the last update).
@Suite struct WaylandGestureDecoderTests {
    let here = WindowPoint(x: 320, y: 180)

    @Test func aPinchBecomesTransformEventsAsOnX11() {
        var decoder = WaylandGestures.Decoder()
        let began = decoder.pinchBegan(fingers: 2, at: here, time: 100, modifiers: [.control])
        #expect(
            began
                == TransformEvent(
                    phase: .began, scale: 1, rotationDelta: 0, location: here, fingerCount: 2, modifierFlags: [.control],
                    systemTimestamp: 100))
        let spread = decoder.pinchChanged(scale: 1.25, rotationDegrees: 90, at: here, time: 116, modifiers: [])
        #expect(spread.phase == .changed && spread.scale == 1.25 && spread.fingerCount == 2)
        #expect(abs(spread.rotationDelta - .pi / 2) < 1e-12, "90° clockwise is π/2: \(spread.rotationDelta)")
        // A scale that is no number keeps the last one; a rotation that is none turns nothing.
        let garbled = decoder.pinchChanged(scale: .nan, rotationDegrees: .infinity, at: here, time: 132, modifiers: [])
        #expect(garbled.scale == 1.25 && garbled.rotationDelta == 0)
        let ended = decoder.pinchEnded(cancelled: false, at: here, time: 148, modifiers: [])
        #expect(ended == TransformEvent(phase: .ended, scale: 1.25, rotationDelta: 0, location: here, fingerCount: 2, systemTimestamp: 148))
        // The next pinch starts from 1 again; a cancelled end says so.
        _ = decoder.pinchBegan(fingers: 3, at: here, time: 200, modifiers: [])
        #expect(decoder.pinchEnded(cancelled: true, at: here, time: 210, modifiers: []).phase == .cancelled)
        #expect(decoder.pinchEnded(cancelled: true, at: here, time: 210, modifiers: []).scale == 1)
    }

    @Test func aSwipeBecomesSwipeEventsAsOnX11() {
        var decoder = WaylandGestures.Decoder()
        #expect(decoder.swipeBegan(fingers: 3, at: here, time: 10, modifiers: []).fingerCount == 3)
        let moved = decoder.swipeChanged(dx: 12.5, dy: -3.25, at: here, time: 26, modifiers: [.shift])
        #expect(
            moved
                == SwipeEvent(
                    phase: .changed, delta: PointerDelta(dx: 12.5, dy: -3.25), location: here, fingerCount: 3, modifierFlags: [.shift],
                    systemTimestamp: 26))
        #expect(decoder.swipeChanged(dx: .nan, dy: 1, at: here, time: 42, modifiers: []).delta == PointerDelta(dx: 0, dy: 1))
        let ended = decoder.swipeEnded(cancelled: false, at: here, time: 58, modifiers: [])
        #expect(ended.phase == .ended && ended.delta == .zero && ended.fingerCount == 3)
    }
}
