internal import CXlib

/// Which physical key each X key code is: the XKB key names of the server's keymap
/// (`XkbGetNames` with `XkbKeyNamesMask`: `AD02`, `LFSH`, `UP`, …) as ``KeyboardHIDUsage``s,
/// in a table indexed by key code. Loaded when the window opens and again when the keyboard
/// mapping changes (`MappingNotify`); a lookup is an array read.
final class X11KeyPositions {
    private var usages = [KeyboardHIDUsage](repeating: .keyboardErrorUndefined, count: 256)

    init(display: OpaquePointer) { reload(display: display) }

    /// Reads the key names again (one round trip).
    func reload(display: OpaquePointer) {
        for index in usages.indices { usages[index] = .keyboardErrorUndefined }
        guard let keyboard = XkbGetMap(display, 0, UInt32(XkbUseCoreKbd)) else { return }
        defer { XkbFreeKeyboard(keyboard, 0, 1) }
        guard XkbGetNames(display, UInt32(XkbKeyNamesMask), keyboard) == Success,
            let names = keyboard.pointee.names, let keys = names.pointee.keys
        else { return }
        let first = Int(keyboard.pointee.min_key_code), last = Int(keyboard.pointee.max_key_code)
        guard first <= last else { return }
        for code in first...min(last, 255) {
            let name = withUnsafeBytes(of: keys[code].name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            usages[code] = KeyboardHIDUsage(xkbKeyName: name)
        }
    }

    /// The physical key of X key code `keyCode`.
    func usage(keyCode: Int) -> KeyboardHIDUsage {
        usages.indices.contains(keyCode) ? usages[keyCode] : .keyboardErrorUndefined
    }

    /// The X key code of the physical key `usage`, if the keyboard has it.
    func keyCode(of usage: KeyboardHIDUsage) -> Int? {
        usages.firstIndex(of: usage)
    }
}
