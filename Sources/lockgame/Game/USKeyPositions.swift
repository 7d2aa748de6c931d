import GameInput

/// The physical key a key name means on a US keyboard: the place where headless scripts and
/// tests press a key (`key w` is the key at W's place), since they have no keyboard to ask.
enum USKeyPositions {
    static func usage(of key: KeySymbol) -> KeyboardHIDUsage {
        switch key.rawValue {
        case 0x61...0x7A: KeyboardHIDUsage(rawValue: 0x04 + UInt16(key.rawValue - 0x61))  // a…z
        case 0x31...0x39: KeyboardHIDUsage(rawValue: 0x1E + UInt16(key.rawValue - 0x31))  // 1…9
        case 0x30: .keyboard0
        case KeySymbol.escape.rawValue: .keyboardEscape
        case KeySymbol.return.rawValue: .keyboardReturnOrEnter
        case KeySymbol.tab.rawValue: .keyboardTab
        case KeySymbol.space.rawValue: .keyboardSpacebar
        case KeySymbol.slash.rawValue: .keyboardSlash
        case KeySymbol.shiftLeft.rawValue: .keyboardLeftShift
        case KeySymbol.shiftRight.rawValue: .keyboardRightShift
        case KeySymbol.altLeft.rawValue: .keyboardLeftAlt
        case KeySymbol.altRight.rawValue: .keyboardRightAlt
        case KeySymbol.upArrow.rawValue: .keyboardUpArrow
        case KeySymbol.downArrow.rawValue: .keyboardDownArrow
        case KeySymbol.leftArrow.rawValue: .keyboardLeftArrow
        case KeySymbol.rightArrow.rawValue: .keyboardRightArrow
        case 0xFFBE...0xFFC9: KeyboardHIDUsage(rawValue: 0x3A + UInt16(key.rawValue - 0xFFBE))  // F1…F12
        default: .keyboardErrorUndefined
        }
    }
}
