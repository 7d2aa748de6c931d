/// The keys and buttons whose presses the game has been told of and not yet the end, and the
/// one rule that ends them on every backend.
///
/// A backend reports each press and release here before it makes the event. A press of a key
/// already held is a repeat. A release is reported only when the game saw its press: not for
/// a key or button pressed before the window had it, nor for a press already cancelled. When
/// key events stop coming to the window (the focus left, another client grabbed the keyboard,
/// the window closes), ``cancelAll()`` ends every press still held, keys first, each with one
/// `.cancelled` event; a release that comes afterwards (a button's press's implicit grab brings
/// it on X11, the pointer's focus on Wayland) is then dropped, since the game saw that press end.
struct HeldPresses: Hashable, Sendable {
    /// Keys held, by the backend's key code (0...255: the X key code, the evdev code + 8).
    private(set) var keys = ByteSet()
    /// Buttons held, bit n for ``MouseButton`` number n.
    private(set) var buttons: UInt32 = 0

    /// One press held.
    enum Press: Hashable, Sendable {
        case key(Int)
        case button(MouseButton)
    }

    /// The primary, secondary and middle buttons' bits: the lock waits while one is held.
    static let primaryButtons: UInt32 = 0b1110

    func isKeyHeld(_ keyCode: Int) -> Bool { keys.contains(keyCode) }

    /// A key went down; whether it was held already (the press is a repeat).
    mutating func keyPressed(_ keyCode: Int) -> Bool {
        keys.set(keyCode, true)
    }

    /// A key came up; whether the game saw its press (only then is the release reported).
    mutating func keyReleased(_ keyCode: Int) -> Bool {
        keys.set(keyCode, false)
    }

    /// The buttons held, as pointer events report them.
    var buttonMask: ButtonMask { ButtonMask(rawValue: Int(buttons >> 1)) }

    /// A button went down.
    mutating func buttonPressed(_ button: MouseButton) {
        buttons |= Self.bit(button)
    }

    /// A button came up; whether the game saw its press (only then is the release reported).
    mutating func buttonReleased(_ button: MouseButton) -> Bool {
        let bit = Self.bit(button)
        defer { buttons &= ~bit }
        return buttons & bit != 0
    }

    /// Ends every press still held: nothing is held afterwards, and the presses ended are
    /// returned for the caller to report (``forEach(_:)``), once the books are settled: a
    /// report runs the game's code, which may dispatch again.
    mutating func cancelAll() -> HeldPresses {
        defer { self = HeldPresses() }
        return self
    }

    /// Reports each press as the event that ends it without its release, keys first: a key
    /// as `name` gives its unmodified key and usage for its key code, typing nothing; a button at
    /// no location (``KeyEvent/cancelled(key:keyCode:xkbKeyCode:systemTimestamp:)``). Called on what
    /// ``cancelAll()`` returned, so every backend cancels with the same events in the same order.
    func reportCancelled(
        systemTimestamp: UInt32, naming name: (Int) -> (key: KeySymbol, usage: KeyboardHIDUsage), to report: (InputEvent) -> Void
    ) {
        forEach { press in
            switch press {
            case .key(let keyCode):
                let (key, usage) = name(keyCode)
                report(.key(.cancelled(key: key, keyCode: usage, xkbKeyCode: keyCode, systemTimestamp: systemTimestamp)))
            case .button(let button):
                report(.button(.cancelled(button: button, systemTimestamp: systemTimestamp)))
            }
        }
    }

    /// Calls `body` with each press, keys first (smallest code first), then buttons.
    func forEach(_ body: (Press) -> Void) {
        keys.forEach { body(.key($0)) }
        var remaining = buttons
        while remaining != 0 {
            if let button = MouseButton(number: remaining.trailingZeroBitCount) { body(.button(button)) }
            remaining &= remaining - 1
        }
    }

    /// Button `button`'s bit.
    static func bit(_ button: MouseButton) -> UInt32 {
        UInt32(1) << UInt32(button.number)
    }
}
