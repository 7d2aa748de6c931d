internal import CXKBCommon

/// A keyboard layout (an xkbcommon keymap) and what its keys mean under an event's modifiers.
///
/// The state is not tracked from key presses: each event's own modifier and group state is
/// set before its key is read (`xkb_state_update_mask`), so a layout switched or a modifier
/// pressed while another window had the focus is never missed. Reading a key allocates
/// nothing and asks the server nothing.
final class XKBKeyboard {
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// The physical key behind a key code, for the shortcut rule's last step.
    private let physicalKey: (Int) -> KeyboardHIDUsage
    /// The layout group of the last event read, for keys read without one (cancelled presses).
    private var lastGroup = KeyboardModifierState()

    /// Takes ownership of `keymap`; nil (releasing it) when xkbcommon cannot make its state.
    init?(keymap: OpaquePointer, physicalKey: @escaping (Int) -> KeyboardHIDUsage) {
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            return nil
        }
        self.keymap = keymap
        self.state = state
        self.physicalKey = physicalKey
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
    }

    /// What key code `keyCode` (an X key code: evdev + 8) means with `modifiers`.
    func meaning(of keyCode: Int, with modifiers: KeyboardModifierState) -> KeyMeaning {
        guard (8...255).contains(keyCode) else { return .unknown }
        apply(modifiers)
        lastGroup = modifiers.groupOnly
        let code = xkb_keycode_t(keyCode)
        let keysym = xkb_state_key_get_one_sym(state, code)
        let unmodified = levelZeroSymbol(code, layout: xkb_state_key_get_layout(state, code))
        return KeyMeaning(
            key: KeySymbol(rawValue: shortcutSymbol(code, activeSymbol: unmodified)), characters: Self.utf8(keysym),
            charactersIgnoringModifiers: Self.utf8(unmodified), keysym: keysym)
    }

    /// Whether key code `keyCode` repeats while held, as the keymap says (modifiers do not).
    func repeats(_ keyCode: Int) -> Bool {
        (8...255).contains(keyCode) && xkb_keymap_key_repeats(keymap, xkb_keycode_t(keyCode)) != 0
    }

    /// The keymap's key codes (8 to 255) with their XKB key names (`AD02`, `LFSH`), for the
    /// table of physical keys.
    func keyNames() -> [(code: Int, name: String)] {
        let first = max(8, Int(xkb_keymap_min_keycode(keymap))), last = min(255, Int(xkb_keymap_max_keycode(keymap)))
        guard first <= last else { return [] }
        return (first...last).compactMap { code in
            xkb_keymap_key_get_name(keymap, xkb_keycode_t(code)).map { (code, String(cString: $0)) }
        }
    }

    /// What key code `keyCode` means with no modifier in the last event's layout group.
    func unmodifiedMeaning(of keyCode: Int) -> KeyMeaning {
        meaning(of: keyCode, with: lastGroup)
    }

    private func apply(_ modifiers: KeyboardModifierState) {
        xkb_state_update_mask(
            state, modifiers.baseModifiers, modifiers.latchedModifiers, modifiers.lockedModifiers,
            modifiers.baseGroup, modifiers.latchedGroup, modifiers.lockedGroup)
    }

    /// The keysym at shift level 0 of `layout` (already wrapped into the key's own groups, as
    /// `xkb_state_key_get_layout` gives it), or 0.
    private func levelZeroSymbol(_ code: xkb_keycode_t, layout: xkb_layout_index_t) -> UInt32 {
        guard layout != XKB_LAYOUT_INVALID else { return 0 }
        var symbols: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, code, layout, 0, &symbols)
        guard count > 0, let symbols else { return 0 }
        return symbols[0]
    }

    /// The keysym shortcuts match: the active group's own level 0 when it is Latin or no
    /// character at all (Escape, F1, the arrows); else level 0 of the first of the key's
    /// groups that is Latin (`us,ru` switched to Russian: L is still `l`); else the letter or
    /// digit at the key's place on a US keyboard (a layout with no Latin group, such as `ru`).
    private func shortcutSymbol(_ code: xkb_keycode_t, activeSymbol: UInt32) -> UInt32 {
        guard Self.isNonLatinCharacter(activeSymbol) else { return activeSymbol }
        let groups = xkb_keymap_num_layouts_for_key(keymap, code)
        for group in 0..<groups {
            let symbol = levelZeroSymbol(code, layout: group)
            if symbol != 0 && !Self.isNonLatinCharacter(symbol) { return symbol }
        }
        return Self.usLetter(at: physicalKey(Int(code))) ?? activeSymbol
    }

    /// Whether `keysym` types a character of a script other than Latin (Cyrillic, Greek,
    /// Arabic, Hebrew, Thai, kana, …). Latin letters are keysyms below 0x400 (Latin-1 to
    /// Latin-4), the Latin-9 additions and the Unicode keysyms of the Latin blocks; keys that
    /// type no character (function keys, modifiers, dead keys) are not characters.
    static func isNonLatinCharacter(_ keysym: UInt32) -> Bool {
        switch keysym {
        case 0..<0x400, 0x13BC...0x13BE, 0x20AC: false
        case 0x0100_0000...0x0110_FFFF:
            !(0x0100_0000..<0x0100_0250).contains(keysym) && !(0x0100_1E00..<0x0100_1F00).contains(keysym)
        case 0xFD00...0xFFFF: false
        default: true
        }
    }

    /// The keysym of the letter or digit a US keyboard has at `usage`'s place.
    static func usLetter(at usage: KeyboardHIDUsage) -> UInt32? {
        switch usage.rawValue {
        case 0x04...0x1D: UInt32(0x61) + UInt32(usage.rawValue - 0x04)  // a…z
        case 0x1E...0x26: UInt32(0x31) + UInt32(usage.rawValue - 0x1E)  // 1…9
        case 0x27: 0x30  // 0
        default: nil
        }
    }

    /// The UTF-8 text of `keysym` ("" for keysyms that type nothing). Up to 15 bytes fit a
    /// Swift string without allocating; a keysym is one scalar, at most 4.
    static func utf8(_ keysym: UInt32) -> String {
        guard keysym != 0 else { return "" }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 8) { buffer in
            let written = xkb_keysym_to_utf8(keysym, buffer.baseAddress, 8)
            guard written > 1 else { return "" }
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(written) - 1), as: UTF8.self)
        }
    }
}
