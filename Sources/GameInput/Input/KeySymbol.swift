/// A key as the keyboard layout names it, without modifiers: an X keysym (`KeySym`) read at
/// shift level 0, so `L` and `Shift+L` are both ``l``.
///
/// Constants are provided for the keys the library and demo use; any other keysym value
/// (see `X11/keysymdef.h`) can be made with ``init(rawValue:)``.
public struct KeySymbol: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The X keysym value.
    public let rawValue: UInt32

    /// The key with X keysym `rawValue`: any value from `X11/keysymdef.h`, such as `XK_Home`
    /// (0xFF50).
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The letter or digit key for an ASCII character (`XK_a`…`XK_z`, `XK_0`…`XK_9`).
    public init(character: Character) {
        let scalar = character.lowercased().unicodeScalars.first?.value ?? 0
        self.init(rawValue: scalar)
    }

    /// Escape (`XK_Escape`).
    public static let escape = KeySymbol(rawValue: 0xFF1B)  // XK_Escape
    /// Return (`XK_Return`); the keypad's Enter is ``keypadEnter``.
    public static let `return` = KeySymbol(rawValue: 0xFF0D)  // XK_Return
    /// The keypad's Enter (`XK_KP_Enter`).
    public static let keypadEnter = KeySymbol(rawValue: 0xFF8D)  // XK_KP_Enter
    /// Backspace (`XK_BackSpace`).
    public static let backspace = KeySymbol(rawValue: 0xFF08)  // XK_BackSpace
    /// Tab (`XK_Tab`).
    public static let tab = KeySymbol(rawValue: 0xFF09)  // XK_Tab
    /// The space bar (`XK_space`).
    public static let space = KeySymbol(rawValue: 0x0020)  // XK_space
    /// The left Shift key (`XK_Shift_L`).
    public static let shiftLeft = KeySymbol(rawValue: 0xFFE1)  // XK_Shift_L
    /// The right Shift key (`XK_Shift_R`).
    public static let shiftRight = KeySymbol(rawValue: 0xFFE2)  // XK_Shift_R
    /// F1 (`XK_F1`).
    public static let f1 = KeySymbol(rawValue: 0xFFBE)  // XK_F1
    /// F11 (`XK_F11`).
    public static let f11 = KeySymbol(rawValue: 0xFFC8)  // XK_F11
    /// F12 (`XK_F12`).
    public static let f12 = KeySymbol(rawValue: 0xFFC9)  // XK_F12
    /// The key that types "a" (`XK_a`), with Shift or without.
    public static let a = KeySymbol(character: "a")
    /// The key that types "d" (`XK_d`), with Shift or without.
    public static let d = KeySymbol(character: "d")
    /// The key that types "h" (`XK_h`), with Shift or without.
    public static let h = KeySymbol(character: "h")
    /// The key that types "l" (`XK_l`), with Shift or without.
    public static let l = KeySymbol(character: "l")
    /// The key that types "n" (`XK_n`), with Shift or without.
    public static let n = KeySymbol(character: "n")
    /// The key that types "q" (`XK_q`), with Shift or without.
    public static let q = KeySymbol(character: "q")
    /// The key that types "s" (`XK_s`), with Shift or without.
    public static let s = KeySymbol(character: "s")
    /// The key that types "t" (`XK_t`), with Shift or without.
    public static let t = KeySymbol(character: "t")
    /// The key that types "w" (`XK_w`), with Shift or without.
    public static let w = KeySymbol(character: "w")

    /// The key that types "c" (`XK_c`), with Shift or without.
    public static let c = KeySymbol(character: "c")
    /// The key that types "v" (`XK_v`), with Shift or without.
    public static let v = KeySymbol(character: "v")
    /// The question mark (`XK_question`), from a layout that types it without Shift; on a US
    /// layout Shift+/ arrives as ``slash`` with ``ModifierFlags/shift``.
    public static let questionMark = KeySymbol(rawValue: 0x003F)  // XK_question
    /// The slash (`XK_slash`); on a US layout also Shift+/ ("?"), as keys are read at shift
    /// level 0.
    public static let slash = KeySymbol(rawValue: 0x002F)  // XK_slash (? unshifted)
    /// The left Alt key (`XK_Alt_L`).
    public static let altLeft = KeySymbol(rawValue: 0xFFE9)  // XK_Alt_L
    /// The right Alt key (`XK_Alt_R`).
    public static let altRight = KeySymbol(rawValue: 0xFFEA)  // XK_Alt_R
    /// The left arrow (`XK_Left`).
    public static let leftArrow = KeySymbol(rawValue: 0xFF51)  // XK_Left
    /// The up arrow (`XK_Up`).
    public static let upArrow = KeySymbol(rawValue: 0xFF52)  // XK_Up
    /// The right arrow (`XK_Right`).
    public static let rightArrow = KeySymbol(rawValue: 0xFF53)  // XK_Right
    /// The down arrow (`XK_Down`).
    public static let downArrow = KeySymbol(rawValue: 0xFF54)  // XK_Down

    /// Whether the key is on the numeric keypad (`XK_KP_*`).
    public var isOnNumericPad: Bool { (0xFF80...0xFFBD).contains(rawValue) }

    /// The text the key types without modifiers: Latin-1 and Unicode keysyms map to their
    /// character, keypad digits and operators to theirs, Return/Tab/Escape/BackSpace to their
    /// control characters; other keys (arrows, function keys) type nothing.
    public var characters: String {
        let scalarValue: UInt32? =
            switch rawValue {
            case 0x20...0x7E, 0xA0...0xFF: rawValue
            case 0x0100_0100...0x0110_FFFF: rawValue - 0x0100_0000
            case 0xFFB0...0xFFB9: rawValue - 0xFFB0 + 0x30  // XK_KP_0…XK_KP_9
            case 0xFFAA...0xFFAF: rawValue - 0xFFAA + 0x2A  // XK_KP_Multiply…XK_KP_Divide
            case 0xFF0D, 0xFF8D: 0x0D  // Return, KP_Enter
            case 0xFF09: 0x09
            case 0xFF1B: 0x1B
            case 0xFF08: 0x08
            default: nil
            }
        guard let scalarValue, let scalar = Unicode.Scalar(scalarValue) else { return "" }
        return String(Character(scalar))
    }

    /// The name a shortcut list shows for the key: "Esc", "Return", "F1", "L".
    public var shortcutName: String {
        switch self {
        case .escape: return "Esc"
        case .return: return "Return"
        case .tab: return "Tab"
        case .space: return "Space"
        default:
            if (0xFFBE...0xFFD5).contains(rawValue) { return "F\(rawValue - 0xFFBE + 1)" }
            return description.uppercased()
        }
    }

    /// The key's character for printable ASCII keysyms ("l", "/"), otherwise "keysym 0x" and
    /// the value in hexadecimal ("keysym 0xff1b").
    public var description: String {
        if (0x20...0x7E).contains(rawValue), let scalar = Unicode.Scalar(rawValue) {
            return String(Character(scalar))
        }
        return "keysym 0x" + String(rawValue, radix: 16)
    }
}
