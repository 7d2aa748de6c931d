/// Modifier keys held during an event, UIKit's `UIKeyModifierFlags`. Read from the event's own
/// modifier state (X11: the XInput 2 event's; Wayland: the compositor's last `modifiers`
/// before it), so a handler sees the modifiers of that event, not of some later moment.
public struct ModifierFlags: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The flags' bits in GameInput's numbering (bit 0 ``shift`` to bit 5 ``numericPad``), not
    /// a windowing system's modifier mask.
    public let rawValue: Int
    /// The flags with the bits of `rawValue`, numbered as in ``rawValue``.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = ModifierFlags(rawValue: 1 << 0)
    /// Control.
    public static let control = ModifierFlags(rawValue: 1 << 1)
    /// Alt (XKB's `Mod1`).
    public static let alternate = ModifierFlags(rawValue: 1 << 2)
    /// Super, the key with the logo (XKB's `Mod4`): UIKit's command.
    public static let command = ModifierFlags(rawValue: 1 << 3)
    /// Caps Lock is on.
    public static let capsLock = ModifierFlags(rawValue: 1 << 4)
    /// The key is on the numeric keypad (key events only; from its keysym).
    public static let numericPad = ModifierFlags(rawValue: 1 << 5)

    /// The flags in an XKB modifier mask, as X events carry it and a Wayland compositor's
    /// keymap numbers its real modifiers (`Shift` 1, `Lock` 2, `Control` 4, `Mod1` 8, `Mod4` 64).
    init(xkbMask: Int) {
        var flags: ModifierFlags = []
        if xkbMask & 1 != 0 { flags.insert(.shift) }
        if xkbMask & 2 != 0 { flags.insert(.capsLock) }
        if xkbMask & 4 != 0 { flags.insert(.control) }
        if xkbMask & 8 != 0 { flags.insert(.alternate) }
        if xkbMask & 64 != 0 { flags.insert(.command) }
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
