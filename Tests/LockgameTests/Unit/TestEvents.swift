import GameInput

@testable import lockgame

/// Short ways to make the input events tests feed the game.
enum TestEvents {
    static func key(
        _ key: KeySymbol, _ phase: PressPhase = .down, modifiers: ModifierFlags = [],
        isRepeat: Bool = false
    ) -> InputEvent {
        .key(
            KeyEvent(
                phase: phase, key: key, keyCode: USKeyPositions.usage(of: key), modifierFlags: modifiers,
                isRepeat: isRepeat, systemTimestamp: 0))
    }

    static func click(
        _ x: Double, _ y: Double, button: MouseButton = .primary, modifiers: ModifierFlags = [],
        phase: PressPhase = .down
    ) -> InputEvent {
        .button(
            ButtonEvent(
                phase: phase, button: button, location: WindowPoint(x: x, y: y),
                modifierFlags: modifiers, systemTimestamp: 0))
    }

    static func look(_ dx: Double, _ dy: Double, at time: EventTime = .now) -> InputEvent {
        .relativeMotion(
            RelativeMotion(
                unaccelerated: PointerDelta(dx: dx, dy: dy),
                accelerated: PointerDelta(dx: dx * 2, dy: dy * 2),
                sourceDeviceID: 4, time: time))
    }

    static func hover(_ x: Double, _ y: Double, phase: PointerEvent.Phase = .moved, modifiers: ModifierFlags = []) -> InputEvent {
        .pointer(PointerEvent(phase: phase, location: WindowPoint(x: x, y: y), modifierFlags: modifiers))
    }
}
