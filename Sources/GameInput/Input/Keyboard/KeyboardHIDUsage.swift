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
    /// The usage ID on the HID keyboard page, as UIKit's `UIKeyboardHIDUsage` raw values
    /// (0x04 for ``keyboardA``).
    public let rawValue: UInt16
    /// The key with HID keyboard usage `rawValue`.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// A key the keyboard page has no usage for (UIKit's `keyboardErrorUndefined`).
    public static let keyboardErrorUndefined = Self(rawValue: 0x03)

    /// The key in A's place on a US keyboard (usage 0x04; XKB `AC01`).
    public static let keyboardA = Self(rawValue: 0x04)
    /// The key in B's place on a US keyboard (usage 0x05; XKB `AB05`).
    public static let keyboardB = Self(rawValue: 0x05)
    /// The key in C's place on a US keyboard (usage 0x06; XKB `AB03`).
    public static let keyboardC = Self(rawValue: 0x06)
    /// The key in D's place on a US keyboard (usage 0x07; XKB `AC03`).
    public static let keyboardD = Self(rawValue: 0x07)
    /// The key in E's place on a US keyboard (usage 0x08; XKB `AD03`).
    public static let keyboardE = Self(rawValue: 0x08)
    /// The key in F's place on a US keyboard (usage 0x09; XKB `AC04`).
    public static let keyboardF = Self(rawValue: 0x09)
    /// The key in G's place on a US keyboard (usage 0x0A; XKB `AC05`).
    public static let keyboardG = Self(rawValue: 0x0A)
    /// The key in H's place on a US keyboard (usage 0x0B; XKB `AC06`).
    public static let keyboardH = Self(rawValue: 0x0B)
    /// The key in I's place on a US keyboard (usage 0x0C; XKB `AD08`).
    public static let keyboardI = Self(rawValue: 0x0C)
    /// The key in J's place on a US keyboard (usage 0x0D; XKB `AC07`).
    public static let keyboardJ = Self(rawValue: 0x0D)
    /// The key in K's place on a US keyboard (usage 0x0E; XKB `AC08`).
    public static let keyboardK = Self(rawValue: 0x0E)
    /// The key in L's place on a US keyboard (usage 0x0F; XKB `AC09`).
    public static let keyboardL = Self(rawValue: 0x0F)
    /// The key in M's place on a US keyboard (usage 0x10; XKB `AB07`).
    public static let keyboardM = Self(rawValue: 0x10)
    /// The key in N's place on a US keyboard (usage 0x11; XKB `AB06`).
    public static let keyboardN = Self(rawValue: 0x11)
    /// The key in O's place on a US keyboard (usage 0x12; XKB `AD09`).
    public static let keyboardO = Self(rawValue: 0x12)
    /// The key in P's place on a US keyboard (usage 0x13; XKB `AD10`).
    public static let keyboardP = Self(rawValue: 0x13)
    /// The key in Q's place on a US keyboard (usage 0x14; XKB `AD01`).
    public static let keyboardQ = Self(rawValue: 0x14)
    /// The key in R's place on a US keyboard (usage 0x15; XKB `AD04`).
    public static let keyboardR = Self(rawValue: 0x15)
    /// The key in S's place on a US keyboard (usage 0x16; XKB `AC02`).
    public static let keyboardS = Self(rawValue: 0x16)
    /// The key in T's place on a US keyboard (usage 0x17; XKB `AD05`).
    public static let keyboardT = Self(rawValue: 0x17)
    /// The key in U's place on a US keyboard (usage 0x18; XKB `AD07`).
    public static let keyboardU = Self(rawValue: 0x18)
    /// The key in V's place on a US keyboard (usage 0x19; XKB `AB04`).
    public static let keyboardV = Self(rawValue: 0x19)
    /// The key in W's place on a US keyboard (usage 0x1A; XKB `AD02`).
    public static let keyboardW = Self(rawValue: 0x1A)
    /// The key in X's place on a US keyboard (usage 0x1B; XKB `AB02`).
    public static let keyboardX = Self(rawValue: 0x1B)
    /// The key in Y's place on a US keyboard (usage 0x1C; XKB `AD06`).
    public static let keyboardY = Self(rawValue: 0x1C)
    /// The key in Z's place on a US keyboard (usage 0x1D; XKB `AB01`).
    public static let keyboardZ = Self(rawValue: 0x1D)
    /// The key in 1's place in the number row of a US keyboard (usage 0x1E; XKB `AE01`).
    public static let keyboard1 = Self(rawValue: 0x1E)
    /// The key in 2's place in the number row of a US keyboard (usage 0x1F; XKB `AE02`).
    public static let keyboard2 = Self(rawValue: 0x1F)
    /// The key in 3's place in the number row of a US keyboard (usage 0x20; XKB `AE03`).
    public static let keyboard3 = Self(rawValue: 0x20)
    /// The key in 4's place in the number row of a US keyboard (usage 0x21; XKB `AE04`).
    public static let keyboard4 = Self(rawValue: 0x21)
    /// The key in 5's place in the number row of a US keyboard (usage 0x22; XKB `AE05`).
    public static let keyboard5 = Self(rawValue: 0x22)
    /// The key in 6's place in the number row of a US keyboard (usage 0x23; XKB `AE06`).
    public static let keyboard6 = Self(rawValue: 0x23)
    /// The key in 7's place in the number row of a US keyboard (usage 0x24; XKB `AE07`).
    public static let keyboard7 = Self(rawValue: 0x24)
    /// The key in 8's place in the number row of a US keyboard (usage 0x25; XKB `AE08`).
    public static let keyboard8 = Self(rawValue: 0x25)
    /// The key in 9's place in the number row of a US keyboard (usage 0x26; XKB `AE09`).
    public static let keyboard9 = Self(rawValue: 0x26)
    /// The key in 0's place in the number row of a US keyboard (usage 0x27; XKB `AE10`).
    public static let keyboard0 = Self(rawValue: 0x27)
    /// Return, the main block's Enter (usage 0x28; XKB `RTRN`).
    public static let keyboardReturnOrEnter = Self(rawValue: 0x28)
    /// Escape (usage 0x29; XKB `ESC`).
    public static let keyboardEscape = Self(rawValue: 0x29)
    /// Backspace, which deletes backwards (usage 0x2A; XKB `BKSP`).
    public static let keyboardDeleteOrBackspace = Self(rawValue: 0x2A)
    /// Tab (usage 0x2B; XKB `TAB`).
    public static let keyboardTab = Self(rawValue: 0x2B)
    /// The space bar (usage 0x2C; XKB `SPCE`).
    public static let keyboardSpacebar = Self(rawValue: 0x2C)
    /// The key in `-`'s place, right of 0, on a US keyboard (usage 0x2D; XKB `AE11`).
    public static let keyboardHyphen = Self(rawValue: 0x2D)
    /// The key in `=`'s place, left of Backspace, on a US keyboard (usage 0x2E; XKB `AE12`).
    public static let keyboardEqualSign = Self(rawValue: 0x2E)
    /// The key in `[`'s place, right of P, on a US keyboard (usage 0x2F; XKB `AD11`).
    public static let keyboardOpenBracket = Self(rawValue: 0x2F)
    /// The key in `]`'s place, right of `[`, on a US keyboard (usage 0x30; XKB `AD12`).
    public static let keyboardCloseBracket = Self(rawValue: 0x30)
    /// The key in `\`'s place, above Return, on a US keyboard (usage 0x31; XKB `BKSL`).
    public static let keyboardBackslash = Self(rawValue: 0x31)
    /// The ISO keyboard's key left of Return, `#` and `~` on a UK layout (usage 0x32; XKB `AC12`).
    public static let keyboardNonUSPound = Self(rawValue: 0x32)
    /// The key in `;`'s place, right of L, on a US keyboard (usage 0x33; XKB `AC10`).
    public static let keyboardSemicolon = Self(rawValue: 0x33)
    /// The key in `'`'s place, right of `;`, on a US keyboard (usage 0x34; XKB `AC11`).
    public static let keyboardQuote = Self(rawValue: 0x34)
    /// The key left of 1 in the number row, grave accent and tilde on a US keyboard (usage 0x35; XKB `TLDE`).
    public static let keyboardGraveAccentAndTilde = Self(rawValue: 0x35)
    /// The key in `,`'s place, right of M, on a US keyboard (usage 0x36; XKB `AB08`).
    public static let keyboardComma = Self(rawValue: 0x36)
    /// The key in `.`'s place, right of `,`, on a US keyboard (usage 0x37; XKB `AB09`).
    public static let keyboardPeriod = Self(rawValue: 0x37)
    /// The key in `/`'s place, left of the right Shift, on a US keyboard (usage 0x38; XKB `AB10`).
    public static let keyboardSlash = Self(rawValue: 0x38)
    /// Caps Lock (usage 0x39; XKB `CAPS`).
    public static let keyboardCapsLock = Self(rawValue: 0x39)
    /// F1 (usage 0x3A; XKB `FK01`).
    public static let keyboardF1 = Self(rawValue: 0x3A)
    /// F2 (usage 0x3B; XKB `FK02`).
    public static let keyboardF2 = Self(rawValue: 0x3B)
    /// F3 (usage 0x3C; XKB `FK03`).
    public static let keyboardF3 = Self(rawValue: 0x3C)
    /// F4 (usage 0x3D; XKB `FK04`).
    public static let keyboardF4 = Self(rawValue: 0x3D)
    /// F5 (usage 0x3E; XKB `FK05`).
    public static let keyboardF5 = Self(rawValue: 0x3E)
    /// F6 (usage 0x3F; XKB `FK06`).
    public static let keyboardF6 = Self(rawValue: 0x3F)
    /// F7 (usage 0x40; XKB `FK07`).
    public static let keyboardF7 = Self(rawValue: 0x40)
    /// F8 (usage 0x41; XKB `FK08`).
    public static let keyboardF8 = Self(rawValue: 0x41)
    /// F9 (usage 0x42; XKB `FK09`).
    public static let keyboardF9 = Self(rawValue: 0x42)
    /// F10 (usage 0x43; XKB `FK10`).
    public static let keyboardF10 = Self(rawValue: 0x43)
    /// F11 (usage 0x44; XKB `FK11`).
    public static let keyboardF11 = Self(rawValue: 0x44)
    /// F12 (usage 0x45; XKB `FK12`).
    public static let keyboardF12 = Self(rawValue: 0x45)
    /// Print Screen (usage 0x46; XKB `PRSC`).
    public static let keyboardPrintScreen = Self(rawValue: 0x46)
    /// Scroll Lock (usage 0x47; XKB `SCLK`).
    public static let keyboardScrollLock = Self(rawValue: 0x47)
    /// Pause (usage 0x48; XKB `PAUS`).
    public static let keyboardPause = Self(rawValue: 0x48)
    /// Insert (usage 0x49; XKB `INS`).
    public static let keyboardInsert = Self(rawValue: 0x49)
    /// Home (usage 0x4A; XKB `HOME`).
    public static let keyboardHome = Self(rawValue: 0x4A)
    /// Page Up (usage 0x4B; XKB `PGUP`).
    public static let keyboardPageUp = Self(rawValue: 0x4B)
    /// Delete, which deletes forwards (usage 0x4C; XKB `DELE`).
    public static let keyboardDeleteForward = Self(rawValue: 0x4C)
    /// End (usage 0x4D; XKB `END`).
    public static let keyboardEnd = Self(rawValue: 0x4D)
    /// Page Down (usage 0x4E; XKB `PGDN`).
    public static let keyboardPageDown = Self(rawValue: 0x4E)
    /// The right arrow (usage 0x4F; XKB `RGHT`).
    public static let keyboardRightArrow = Self(rawValue: 0x4F)
    /// The left arrow (usage 0x50; XKB `LEFT`).
    public static let keyboardLeftArrow = Self(rawValue: 0x50)
    /// The down arrow (usage 0x51; XKB `DOWN`).
    public static let keyboardDownArrow = Self(rawValue: 0x51)
    /// The up arrow (usage 0x52; XKB `UP`).
    public static let keyboardUpArrow = Self(rawValue: 0x52)
    /// Num Lock (usage 0x53; XKB `NMLK`).
    public static let keypadNumLock = Self(rawValue: 0x53)
    /// The keypad's `/` (usage 0x54; XKB `KPDV`).
    public static let keypadSlash = Self(rawValue: 0x54)
    /// The keypad's `*` (usage 0x55; XKB `KPMU`).
    public static let keypadAsterisk = Self(rawValue: 0x55)
    /// The keypad's `-` (usage 0x56; XKB `KPSU`).
    public static let keypadHyphen = Self(rawValue: 0x56)
    /// The keypad's `+` (usage 0x57; XKB `KPAD`).
    public static let keypadPlus = Self(rawValue: 0x57)
    /// The keypad's Enter (usage 0x58; XKB `KPEN`).
    public static let keypadEnter = Self(rawValue: 0x58)
    /// The keypad's 1, End with Num Lock off (usage 0x59; XKB `KP1`).
    public static let keypad1 = Self(rawValue: 0x59)
    /// The keypad's 2, down arrow with Num Lock off (usage 0x5A; XKB `KP2`).
    public static let keypad2 = Self(rawValue: 0x5A)
    /// The keypad's 3, Page Down with Num Lock off (usage 0x5B; XKB `KP3`).
    public static let keypad3 = Self(rawValue: 0x5B)
    /// The keypad's 4, left arrow with Num Lock off (usage 0x5C; XKB `KP4`).
    public static let keypad4 = Self(rawValue: 0x5C)
    /// The keypad's 5 (usage 0x5D; XKB `KP5`).
    public static let keypad5 = Self(rawValue: 0x5D)
    /// The keypad's 6, right arrow with Num Lock off (usage 0x5E; XKB `KP6`).
    public static let keypad6 = Self(rawValue: 0x5E)
    /// The keypad's 7, Home with Num Lock off (usage 0x5F; XKB `KP7`).
    public static let keypad7 = Self(rawValue: 0x5F)
    /// The keypad's 8, up arrow with Num Lock off (usage 0x60; XKB `KP8`).
    public static let keypad8 = Self(rawValue: 0x60)
    /// The keypad's 9, Page Up with Num Lock off (usage 0x61; XKB `KP9`).
    public static let keypad9 = Self(rawValue: 0x61)
    /// The keypad's 0, Insert with Num Lock off (usage 0x62; XKB `KP0`).
    public static let keypad0 = Self(rawValue: 0x62)
    /// The keypad's decimal point, Delete with Num Lock off (usage 0x63; XKB `KPDL`).
    public static let keypadPeriod = Self(rawValue: 0x63)
    /// The ISO keyboard's key between the left Shift and Z, `<` and `>` on many European layouts
    /// (usage 0x64; XKB `LSGT`).
    public static let keyboardNonUSBackslash = Self(rawValue: 0x64)
    /// The Menu key (usage 0x65; XKB `COMP` or `MENU`).
    public static let keyboardApplication = Self(rawValue: 0x65)
    /// The left Control key (usage 0xE0; XKB `LCTL`).
    public static let keyboardLeftControl = Self(rawValue: 0xE0)
    /// The left Shift key (usage 0xE1; XKB `LFSH`).
    public static let keyboardLeftShift = Self(rawValue: 0xE1)
    /// The left Alt key (usage 0xE2; XKB `LALT`).
    public static let keyboardLeftAlt = Self(rawValue: 0xE2)
    /// The left Super (logo) key, UIKit's command key (usage 0xE3; XKB `LWIN`).
    public static let keyboardLeftGUI = Self(rawValue: 0xE3)
    /// The right Control key (usage 0xE4; XKB `RCTL`).
    public static let keyboardRightControl = Self(rawValue: 0xE4)
    /// The right Shift key (usage 0xE5; XKB `RTSH`).
    public static let keyboardRightShift = Self(rawValue: 0xE5)
    /// The right Alt key, AltGr on many layouts (usage 0xE6; XKB `RALT`).
    public static let keyboardRightAlt = Self(rawValue: 0xE6)
    /// The right Super (logo) key, UIKit's command key (usage 0xE7; XKB `RWIN`).
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
            (
                "AE",
                [
                    .keyboard1, .keyboard2, .keyboard3, .keyboard4, .keyboard5,
                    .keyboard6, .keyboard7, .keyboard8, .keyboard9, .keyboard0,
                ]
            ),
            (
                "AD",
                [
                    .keyboardQ, .keyboardW, .keyboardE, .keyboardR, .keyboardT,
                    .keyboardY, .keyboardU, .keyboardI, .keyboardO, .keyboardP,
                ]
            ),
            (
                "AC",
                [
                    .keyboardA, .keyboardS, .keyboardD, .keyboardF, .keyboardG,
                    .keyboardH, .keyboardJ, .keyboardK, .keyboardL,
                ]
            ),
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
