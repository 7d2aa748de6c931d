/// The events that end a press without its release (``PressPhase/cancelled``), the same on
/// every backend: a key named as the layout names it at level 0, typing nothing; a button at
/// no location; neither with modifiers (the keyboard is elsewhere: what is held there is not
/// the window's).
extension KeyEvent {
    static func cancelled(key: KeySymbol, keyCode: KeyboardHIDUsage, xkbKeyCode: Int, systemTimestamp: UInt32) -> KeyEvent {
        KeyEvent(
            phase: .cancelled, key: key, keyCode: keyCode, scanCode: xkbKeyCode - 8, characters: "", charactersIgnoringModifiers: "",
            isRepeat: false, systemTimestamp: systemTimestamp)
    }
}

extension ButtonEvent {
    static func cancelled(button: MouseButton, systemTimestamp: UInt32) -> ButtonEvent {
        ButtonEvent(phase: .cancelled, button: button, location: WindowPoint(x: 0, y: 0), systemTimestamp: systemTimestamp)
    }
}
