internal import CXlib

/// Key codes to keysyms through Xlib's client-side keymap (`XkbKeycodeToKeysym`): no round
/// trip after the keymap is first loaded.
enum X11Keymap {
    /// The keysym at group 0, shift level 0: the key as the layout names it, unmodified.
    static func keySymbol(display: OpaquePointer, keyCode: Int) -> KeySymbol {
        guard (8...255).contains(keyCode) else { return KeySymbol(rawValue: 0) }
        return KeySymbol(rawValue: UInt32(truncatingIfNeeded: XkbKeycodeToKeysym(display, KeyCode(keyCode), 0, 0)))
    }
}
