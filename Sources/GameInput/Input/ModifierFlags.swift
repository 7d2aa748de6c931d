/// Modifier keys held during an event, UIKit's `UIKeyModifierFlags` for X11. Read from the
/// XInput 2 event's own modifier state (`XIModifierState.effective`), so a handler sees the
/// modifiers of that event, not of some later moment.
public struct ModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The flags' bits in GameInput's numbering (bit 0 ``shift`` to bit 5 ``numericPad``), not
    /// an X modifier state: use ``init(xState:)`` for that.
    public let rawValue: Int
    /// The flags with the bits of `rawValue`, numbered as in ``rawValue``.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift (`ShiftMask`).
    public static let shift = ModifierFlags(rawValue: 1 << 0)
    /// Control (`ControlMask`).
    public static let control = ModifierFlags(rawValue: 1 << 1)
    /// Alt (`Mod1Mask`).
    public static let alternate = ModifierFlags(rawValue: 1 << 2)
    /// Super, the key with the logo (`Mod4Mask`): UIKit's command.
    public static let command = ModifierFlags(rawValue: 1 << 3)
    /// Caps Lock is on (`LockMask`).
    public static let capsLock = ModifierFlags(rawValue: 1 << 4)
    /// The key is on the numeric keypad (key events only; from its keysym).
    public static let numericPad = ModifierFlags(rawValue: 1 << 5)

    /// The flags in an X modifier state (`ShiftMask` 1, `LockMask` 2, `ControlMask` 4,
    /// `Mod1Mask` 8, `Mod4Mask` 64).
    public init(xState: Int) {
        var flags: ModifierFlags = []
        if xState & 1 != 0 { flags.insert(.shift) }
        if xState & 2 != 0 { flags.insert(.capsLock) }
        if xState & 4 != 0 { flags.insert(.control) }
        if xState & 8 != 0 { flags.insert(.alternate) }
        if xState & 64 != 0 { flags.insert(.command) }
        self = flags
    }

    /// The flags by name, joined with "+" in the order ctrl, alt, shift, super, caps, keypad
    /// (as in "ctrl+shift"); "none" when no flag is set.
    public var description: String {
        let names: [(ModifierFlags, String)] = [
            (.control, "ctrl"), (.alternate, "alt"), (.shift, "shift"),
            (.command, "super"), (.capsLock, "caps"), (.numericPad, "keypad"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: "+")
    }
}
