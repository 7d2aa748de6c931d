extension MouseButton {
    /// The button of an evdev button code, as `wl_pointer.button` reports it: `BTN_LEFT`
    /// (0x110) primary, `BTN_RIGHT` secondary, `BTN_MIDDLE` middle, `BTN_SIDE` back,
    /// `BTN_EXTRA` forward, then on from 6, as X11 numbers the same buttons; nil for codes that
    /// are not a mouse's buttons.
    init?(evdev code: UInt32) {
        switch code {
        case 0x110: self = .primary
        case 0x111: self = .secondary
        case 0x112: self = .middle
        case 0x113: self = .back
        case 0x114: self = .forward
        case 0x115...0x11F: self.init(number: 6 + Int(code - 0x115))
        default: return nil
        }
    }
}
