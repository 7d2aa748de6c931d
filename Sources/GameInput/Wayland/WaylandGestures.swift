internal import CWayland
import Foundation

/// Touchpad pinch, rotation and swipe on Wayland (`zwp_pointer_gestures_v1`), as the same
/// ``TransformEvent`` and ``SwipeEvent`` X11's XInput 2.4 gestures make.
///
/// The compositor recognises the gestures and sends them for the surface under the pointer:
/// a pinch's `scale` is relative to its beginning (1 at the start, as UIKit's and XInput's)
/// and its `rotation` is the change since the last update in degrees, clockwise; a swipe's
/// deltas are the fingers' movement since the last update. A gesture's events come with the
/// pointer's place, its finger count (from its `begin`) and the time.
final class WaylandGestures {
    /// Turns the protocol's values into events; no protocol objects, for tests.
    struct Decoder {
        private var pinchFingers = 0
        private var pinchScale = 1.0
        private var swipeFingers = 0

        mutating func pinchBegan(fingers: UInt32, at location: WindowPoint, time: UInt32, modifiers: ModifierFlags) -> TransformEvent {
            pinchFingers = Int(fingers)
            pinchScale = 1
            return TransformEvent(
                phase: .began, scale: 1, rotationDelta: 0, location: location, fingerCount: pinchFingers, modifierFlags: modifiers,
                systemTimestamp: time)
        }

        mutating func pinchChanged(
            scale: Double, rotationDegrees: Double, at location: WindowPoint, time: UInt32, modifiers: ModifierFlags
        ) -> TransformEvent {
            if scale.isFinite && scale > 0 { pinchScale = scale }
            return TransformEvent(
                phase: .changed, scale: pinchScale, rotationDelta: rotationDegrees.isFinite ? rotationDegrees * .pi / 180 : 0,
                location: location, fingerCount: pinchFingers, modifierFlags: modifiers, systemTimestamp: time)
        }

        /// The end keeps the last scale, with no rotation of its own.
        func pinchEnded(cancelled: Bool, at location: WindowPoint, time: UInt32, modifiers: ModifierFlags) -> TransformEvent {
            TransformEvent(
                phase: cancelled ? .cancelled : .ended, scale: pinchScale, rotationDelta: 0, location: location,
                fingerCount: pinchFingers, modifierFlags: modifiers, systemTimestamp: time)
        }

        mutating func swipeBegan(fingers: UInt32, at location: WindowPoint, time: UInt32, modifiers: ModifierFlags) -> SwipeEvent {
            swipeFingers = Int(fingers)
            return SwipeEvent(
                phase: .began, delta: .zero, location: location, fingerCount: swipeFingers, modifierFlags: modifiers, systemTimestamp: time)
        }

        func swipeChanged(dx: Double, dy: Double, at location: WindowPoint, time: UInt32, modifiers: ModifierFlags) -> SwipeEvent {
            SwipeEvent(
                phase: .changed, delta: PointerDelta(dx: dx.isFinite ? dx : 0, dy: dy.isFinite ? dy : 0), location: location,
                fingerCount: swipeFingers, modifierFlags: modifiers, systemTimestamp: time)
        }

        func swipeEnded(cancelled: Bool, at location: WindowPoint, time: UInt32, modifiers: ModifierFlags) -> SwipeEvent {
            SwipeEvent(
                phase: cancelled ? .cancelled : .ended, delta: .zero, location: location, fingerCount: swipeFingers,
                modifierFlags: modifiers, systemTimestamp: time)
        }
    }

    private let manager: OpaquePointer
    private var pinch: OpaquePointer?
    private var swipe: OpaquePointer?
    private var decoder = Decoder()
    /// Where events go, with the pointer's place and the modifiers now.
    private unowned let window: WaylandWindow

    init(manager: OpaquePointer, window: WaylandWindow) {
        self.manager = manager
        self.window = window
    }

    /// Whether gestures can come: the compositor offers them and the seat has a pointer.
    var isActive: Bool { pinch != nil || swipe != nil }

    /// The seat's pointer came (its gestures are asked for) or went (nil: they are destroyed).
    func pointerChanged(_ pointer: OpaquePointer?) {
        destroyGestures()
        guard let pointer else { return }
        let data = Unmanaged.passUnretained(self).toOpaque()
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, pointer)
        if let pinch { zwp_pointer_gesture_pinch_v1_add_listener(pinch, Self.pinchListener, data) }
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, pointer)
        if let swipe { zwp_pointer_gesture_swipe_v1_add_listener(swipe, Self.swipeListener, data) }
    }

    /// Destroys the gestures and the manager.
    func destroy() {
        destroyGestures()
        zwp_pointer_gestures_v1_destroy(manager)
    }

    private func destroyGestures() {
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
        pinch = nil
        swipe = nil
    }

    private var location: WindowPoint { window.input.pointerLocation ?? WindowPoint(x: 0, y: 0) }
    private var modifiers: ModifierFlags { window.modifierFlags }

    private static func gestures(_ data: UnsafeMutableRawPointer?) -> WaylandGestures? {
        data.map { Unmanaged<WaylandGestures>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let pinchListener: UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zwp_pointer_gesture_pinch_v1_listener(
                begin: { data, _, _, time, surface, fingers in
                    guard let gestures = gestures(data), surface == gestures.window.surface else { return }
                    let event = gestures.decoder.pinchBegan(
                        fingers: fingers, at: gestures.location, time: time, modifiers: gestures.modifiers)
                    gestures.window.emit(.transform(event))
                },
                update: { data, _, time, _, _, scale, rotation in
                    guard let gestures = gestures(data) else { return }
                    let event = gestures.decoder.pinchChanged(
                        scale: wl_fixed_to_double(scale), rotationDegrees: wl_fixed_to_double(rotation), at: gestures.location, time: time,
                        modifiers: gestures.modifiers)
                    gestures.window.emit(.transform(event))
                },
                end: { data, _, _, time, cancelled in
                    guard let gestures = gestures(data) else { return }
                    let event = gestures.decoder.pinchEnded(
                        cancelled: cancelled != 0, at: gestures.location, time: time, modifiers: gestures.modifiers)
                    gestures.window.emit(.transform(event))
                }))
        return listener
    }()

    private nonisolated(unsafe) static let swipeListener: UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_pointer_gesture_swipe_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zwp_pointer_gesture_swipe_v1_listener(
                begin: { data, _, _, time, surface, fingers in
                    guard let gestures = gestures(data), surface == gestures.window.surface else { return }
                    let event = gestures.decoder.swipeBegan(
                        fingers: fingers, at: gestures.location, time: time, modifiers: gestures.modifiers)
                    gestures.window.emit(.swipe(event))
                },
                update: { data, _, time, dx, dy in
                    guard let gestures = gestures(data) else { return }
                    let event = gestures.decoder.swipeChanged(
                        dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy), at: gestures.location, time: time,
                        modifiers: gestures.modifiers)
                    gestures.window.emit(.swipe(event))
                },
                end: { data, _, _, time, cancelled in
                    guard let gestures = gestures(data) else { return }
                    let event = gestures.decoder.swipeEnded(
                        cancelled: cancelled != 0, at: gestures.location, time: time, modifiers: gestures.modifiers)
                    gestures.window.emit(.swipe(event))
                }))
        return listener
    }()
}
