extension MouseButton {
    /// The button of an X button number: 1 primary, 2 middle, 3 secondary, 8 back, 9 forward,
    /// then on from 6 (X 10 is button 6); nil for the wheel's "buttons" 4–7, 0 and numbers past
    /// the mask's range.
    init?(xButton: Int) {
        switch xButton {
        case 1: self = .primary
        case 2: self = .middle
        case 3: self = .secondary
        case 8...34: self.init(number: xButton - 4)
        default: return nil
        }
    }
}

extension ButtonMask {
    /// The mask for X button `xButton`, or empty for the wheel (4–7) and out-of-range numbers.
    init(xButton: Int) {
        self = MouseButton(xButton: xButton).map(ButtonMask.init) ?? []
    }

    /// The buttons set in an XInput 2 button state (`XIButtonState.mask`: bit n = X button n).
    init(xButtonState mask: UnsafeBufferPointer<UInt8>) {
        var result: ButtonMask = []
        for (byteIndex, byte) in mask.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                result.formUnion(ButtonMask(xButton: byteIndex * 8 + bit))
            }
        }
        self = result
    }
}
