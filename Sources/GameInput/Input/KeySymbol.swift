/// A key as the keyboard layout names it, without modifiers: an X keysym (`KeySym`) read at
/// shift level 0, so `L` and `Shift+L` are both ``l``.
///
/// Constants are provided for the keys the library and demo use; any other keysym value
/// (see `X11/keysymdef.h`) can be made with ``init(rawValue:)``.
public struct KeySymbol: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The X keysym value.
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The letter or digit key for an ASCII character (`XK_a`…`XK_z`, `XK_0`…`XK_9`).
    public init(character: Character) {
        let scalar = character.lowercased().unicodeScalars.first?.value ?? 0
        self.init(rawValue: scalar)
    }

    public static let escape = KeySymbol(rawValue: 0xFF1B)      // XK_Escape
    public static let `return` = KeySymbol(rawValue: 0xFF0D)    // XK_Return
    public static let keypadEnter = KeySymbol(rawValue: 0xFF8D) // XK_KP_Enter
    public static let tab = KeySymbol(rawValue: 0xFF09)         // XK_Tab
    public static let space = KeySymbol(rawValue: 0x0020)       // XK_space
    public static let shiftLeft = KeySymbol(rawValue: 0xFFE1)   // XK_Shift_L
    public static let shiftRight = KeySymbol(rawValue: 0xFFE2)  // XK_Shift_R
    public static let f1 = KeySymbol(rawValue: 0xFFBE)          // XK_F1
    public static let f11 = KeySymbol(rawValue: 0xFFC8)         // XK_F11
    public static let f12 = KeySymbol(rawValue: 0xFFC9)         // XK_F12
    public static let a = KeySymbol(character: "a")
    public static let d = KeySymbol(character: "d")
    public static let h = KeySymbol(character: "h")
    public static let l = KeySymbol(character: "l")
    public static let n = KeySymbol(character: "n")
    public static let q = KeySymbol(character: "q")
    public static let s = KeySymbol(character: "s")
    public static let w = KeySymbol(character: "w")

    public var description: String {
        if (0x20...0x7E).contains(rawValue), let scalar = Unicode.Scalar(rawValue) {
            return String(Character(scalar))
        }
        return "keysym 0x" + String(rawValue, radix: 16)
    }
}
