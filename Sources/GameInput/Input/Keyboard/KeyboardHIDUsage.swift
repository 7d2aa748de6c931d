/// A physical key, by its place on the keyboard and whatever the layout prints on it: the USB
/// HID usage of the keyboard page (0x07), as UIKit's `UIKeyboardHIDUsage` and `UIKey.keyCode`.
///
/// Keys that mean a place (W/A/S/D to walk, the arrows) are matched by usage, so they sit
/// under the same fingers on QWERTY, AZERTY, QWERTZ and Dvorak; shortcuts are matched by the
/// character the layout gives (``KeyEvent/key``), as `UIKeyCommand` does. `keyboardW` is the
/// key left of the home row's second key: it types "z" on AZERTY and "," on Dvorak.
///
/// On X the usage comes from the XKB name the server gives each key code (`AD02` is the key
/// at W's place, `UP` the up arrow): the same as the evdev code (X key code − 8) on the evdev
/// and libinput servers of today, and right on servers with other key-code sets too.
public struct KeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A key the keyboard page has no usage for (UIKit's `keyboardErrorUndefined`).
    public static let keyboardErrorUndefined = Self(rawValue: 0x03)

    public static let keyboardA = Self(rawValue: 0x04)
    public static let keyboardB = Self(rawValue: 0x05)
    public static let keyboardC = Self(rawValue: 0x06)
    public static let keyboardD = Self(rawValue: 0x07)
    public static let keyboardE = Self(rawValue: 0x08)
    public static let keyboardF = Self(rawValue: 0x09)
    public static let keyboardG = Self(rawValue: 0x0A)
    public static let keyboardH = Self(rawValue: 0x0B)
    public static let keyboardI = Self(rawValue: 0x0C)
    public static let keyboardJ = Self(rawValue: 0x0D)
    public static let keyboardK = Self(rawValue: 0x0E)
    public static let keyboardL = Self(rawValue: 0x0F)
    public static let keyboardM = Self(rawValue: 0x10)
    public static let keyboardN = Self(rawValue: 0x11)
    public static let keyboardO = Self(rawValue: 0x12)
    public static let keyboardP = Self(rawValue: 0x13)
    public static let keyboardQ = Self(rawValue: 0x14)
    public static let keyboardR = Self(rawValue: 0x15)
    public static let keyboardS = Self(rawValue: 0x16)
    public static let keyboardT = Self(rawValue: 0x17)
    public static let keyboardU = Self(rawValue: 0x18)
    public static let keyboardV = Self(rawValue: 0x19)
    public static let keyboardW = Self(rawValue: 0x1A)
    public static let keyboardX = Self(rawValue: 0x1B)
    public static let keyboardY = Self(rawValue: 0x1C)
    public static let keyboardZ = Self(rawValue: 0x1D)
    public static let keyboard1 = Self(rawValue: 0x1E)
    public static let keyboard2 = Self(rawValue: 0x1F)
    public static let keyboard3 = Self(rawValue: 0x20)
    public static let keyboard4 = Self(rawValue: 0x21)
    public static let keyboard5 = Self(rawValue: 0x22)
    public static let keyboard6 = Self(rawValue: 0x23)
    public static let keyboard7 = Self(rawValue: 0x24)
    public static let keyboard8 = Self(rawValue: 0x25)
    public static let keyboard9 = Self(rawValue: 0x26)
    public static let keyboard0 = Self(rawValue: 0x27)
    public static let keyboardReturnOrEnter = Self(rawValue: 0x28)
    public static let keyboardEscape = Self(rawValue: 0x29)
    public static let keyboardDeleteOrBackspace = Self(rawValue: 0x2A)
    public static let keyboardTab = Self(rawValue: 0x2B)
    public static let keyboardSpacebar = Self(rawValue: 0x2C)
    public static let keyboardHyphen = Self(rawValue: 0x2D)
    public static let keyboardEqualSign = Self(rawValue: 0x2E)
    public static let keyboardOpenBracket = Self(rawValue: 0x2F)
    public static let keyboardCloseBracket = Self(rawValue: 0x30)
    public static let keyboardBackslash = Self(rawValue: 0x31)
    public static let keyboardNonUSPound = Self(rawValue: 0x32)
    public static let keyboardSemicolon = Self(rawValue: 0x33)
    public static let keyboardQuote = Self(rawValue: 0x34)
    public static let keyboardGraveAccentAndTilde = Self(rawValue: 0x35)
    public static let keyboardComma = Self(rawValue: 0x36)
    public static let keyboardPeriod = Self(rawValue: 0x37)
    public static let keyboardSlash = Self(rawValue: 0x38)
    public static let keyboardCapsLock = Self(rawValue: 0x39)
    public static let keyboardF1 = Self(rawValue: 0x3A)
    public static let keyboardF2 = Self(rawValue: 0x3B)
    public static let keyboardF3 = Self(rawValue: 0x3C)
    public static let keyboardF4 = Self(rawValue: 0x3D)
    public static let keyboardF5 = Self(rawValue: 0x3E)
    public static let keyboardF6 = Self(rawValue: 0x3F)
    public static let keyboardF7 = Self(rawValue: 0x40)
    public static let keyboardF8 = Self(rawValue: 0x41)
    public static let keyboardF9 = Self(rawValue: 0x42)
    public static let keyboardF10 = Self(rawValue: 0x43)
    public static let keyboardF11 = Self(rawValue: 0x44)
    public static let keyboardF12 = Self(rawValue: 0x45)
    public static let keyboardPrintScreen = Self(rawValue: 0x46)
    public static let keyboardScrollLock = Self(rawValue: 0x47)
    public static let keyboardPause = Self(rawValue: 0x48)
    public static let keyboardInsert = Self(rawValue: 0x49)
    public static let keyboardHome = Self(rawValue: 0x4A)
    public static let keyboardPageUp = Self(rawValue: 0x4B)
    public static let keyboardDeleteForward = Self(rawValue: 0x4C)
    public static let keyboardEnd = Self(rawValue: 0x4D)
    public static let keyboardPageDown = Self(rawValue: 0x4E)
    public static let keyboardRightArrow = Self(rawValue: 0x4F)
    public static let keyboardLeftArrow = Self(rawValue: 0x50)
    public static let keyboardDownArrow = Self(rawValue: 0x51)
    public static let keyboardUpArrow = Self(rawValue: 0x52)
    public static let keypadNumLock = Self(rawValue: 0x53)
    public static let keypadSlash = Self(rawValue: 0x54)
    public static let keypadAsterisk = Self(rawValue: 0x55)
    public static let keypadHyphen = Self(rawValue: 0x56)
    public static let keypadPlus = Self(rawValue: 0x57)
    public static let keypadEnter = Self(rawValue: 0x58)
    public static let keypad1 = Self(rawValue: 0x59)
    public static let keypad2 = Self(rawValue: 0x5A)
    public static let keypad3 = Self(rawValue: 0x5B)
    public static let keypad4 = Self(rawValue: 0x5C)
    public static let keypad5 = Self(rawValue: 0x5D)
    public static let keypad6 = Self(rawValue: 0x5E)
    public static let keypad7 = Self(rawValue: 0x5F)
    public static let keypad8 = Self(rawValue: 0x60)
    public static let keypad9 = Self(rawValue: 0x61)
    public static let keypad0 = Self(rawValue: 0x62)
    public static let keypadPeriod = Self(rawValue: 0x63)
    public static let keyboardNonUSBackslash = Self(rawValue: 0x64)
    public static let keyboardApplication = Self(rawValue: 0x65)
    public static let keyboardLeftControl = Self(rawValue: 0xE0)
    public static let keyboardLeftShift = Self(rawValue: 0xE1)
    public static let keyboardLeftAlt = Self(rawValue: 0xE2)
    public static let keyboardLeftGUI = Self(rawValue: 0xE3)
    public static let keyboardRightControl = Self(rawValue: 0xE4)
    public static let keyboardRightShift = Self(rawValue: 0xE5)
    public static let keyboardRightAlt = Self(rawValue: 0xE6)
    public static let keyboardRightGUI = Self(rawValue: 0xE7)

    /// The usage of the key XKB names `name` (its four-character key name, such as `AD02`,
    /// `LFSH`, `UP`), or ``keyboardErrorUndefined`` for a name the keyboard page lacks.
    public init(xkbKeyName name: String) {
        self = Self.byXKBName[name] ?? .keyboardErrorUndefined
    }

    /// XKB's ISO 9995 key names (rows E to A, positions from the left; the rest by function)
    /// and their usages.
    private static let byXKBName: [String: KeyboardHIDUsage] = {
        var table: [String: KeyboardHIDUsage] = [
            "TLDE": .keyboardGraveAccentAndTilde, "AE11": .keyboardHyphen, "AE12": .keyboardEqualSign,
            "BKSP": .keyboardDeleteOrBackspace, "TAB": .keyboardTab, "AD11": .keyboardOpenBracket,
            "AD12": .keyboardCloseBracket, "BKSL": .keyboardBackslash, "AC12": .keyboardNonUSPound,
            "RTRN": .keyboardReturnOrEnter, "CAPS": .keyboardCapsLock, "AC10": .keyboardSemicolon,
            "AC11": .keyboardQuote, "LFSH": .keyboardLeftShift, "LSGT": .keyboardNonUSBackslash,
            "AB08": .keyboardComma, "AB09": .keyboardPeriod, "AB10": .keyboardSlash,
            "RTSH": .keyboardRightShift, "LCTL": .keyboardLeftControl, "LWIN": .keyboardLeftGUI,
            "LALT": .keyboardLeftAlt, "SPCE": .keyboardSpacebar, "RALT": .keyboardRightAlt,
            "RWIN": .keyboardRightGUI, "COMP": .keyboardApplication, "MENU": .keyboardApplication,
            "RCTL": .keyboardRightControl, "ESC": .keyboardEscape, "PRSC": .keyboardPrintScreen,
            "SCLK": .keyboardScrollLock, "PAUS": .keyboardPause, "INS": .keyboardInsert,
            "HOME": .keyboardHome, "PGUP": .keyboardPageUp, "DELE": .keyboardDeleteForward,
            "END": .keyboardEnd, "PGDN": .keyboardPageDown, "UP": .keyboardUpArrow,
            "LEFT": .keyboardLeftArrow, "DOWN": .keyboardDownArrow, "RGHT": .keyboardRightArrow,
            "NMLK": .keypadNumLock, "KPDV": .keypadSlash, "KPMU": .keypadAsterisk,
            "KPSU": .keypadHyphen, "KPAD": .keypadPlus, "KPEN": .keypadEnter, "KPDL": .keypadPeriod,
            "KP0": .keypad0,
        ]
        let rows: [(prefix: String, usages: [KeyboardHIDUsage])] = [
            ("AE", [.keyboard1, .keyboard2, .keyboard3, .keyboard4, .keyboard5,
                    .keyboard6, .keyboard7, .keyboard8, .keyboard9, .keyboard0]),
            ("AD", [.keyboardQ, .keyboardW, .keyboardE, .keyboardR, .keyboardT,
                    .keyboardY, .keyboardU, .keyboardI, .keyboardO, .keyboardP]),
            ("AC", [.keyboardA, .keyboardS, .keyboardD, .keyboardF, .keyboardG,
                    .keyboardH, .keyboardJ, .keyboardK, .keyboardL]),
            ("AB", [.keyboardZ, .keyboardX, .keyboardC, .keyboardV, .keyboardB, .keyboardN, .keyboardM]),
        ]
        for (prefix, usages) in rows {
            for (index, usage) in usages.enumerated() {
                table[prefix + (index < 9 ? "0" : "") + String(index + 1)] = usage
            }
        }
        for number in 1...12 {
            table["FK" + (number < 10 ? "0" : "") + String(number)] = Self(rawValue: 0x3A + UInt16(number - 1))
        }
        for number in 1...9 {
            table["KP" + String(number)] = Self(rawValue: 0x59 + UInt16(number - 1))
        }
        return table
    }()
}
