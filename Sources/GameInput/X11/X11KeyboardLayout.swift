internal import CXKBCommon
internal import CXlib

/// The server's keyboard layout as an xkbcommon keymap, read with libxkbcommon-x11 over
/// Xlib's own XCB connection (a few round trips, when the window opens and again when the
/// layout changes: `MappingNotify`). Reading what a key means costs no round trip.
///
/// Where the server lacks XKB (no X server of this decade), keys fall back to Xlib's keysym
/// table at group 0, level 0, and type nothing.
final class X11KeyboardLayout {
    private let display: OpaquePointer
    private let physicalKey: (Int) -> KeyboardHIDUsage
    private var keyboard: XKBKeyboard?

    init(display: OpaquePointer, physicalKey: @escaping (Int) -> KeyboardHIDUsage) {
        self.display = display
        self.physicalKey = physicalKey
        reload()
    }

    /// Reads the core keyboard's keymap again.
    func reload() {
        keyboard = nil
        guard let connection = XGetXCBConnection(display),
            xkb_x11_setup_xkb_extension(
                connection, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION), UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, nil, nil, nil, nil) != 0,
            let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        else { return }
        defer { xkb_context_unref(context) }
        let device = xkb_x11_get_core_keyboard_device_id(connection)
        guard device >= 0,
            let keymap = xkb_x11_keymap_new_from_device(context, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return }
        keyboard = XKBKeyboard(keymap: keymap, physicalKey: physicalKey)
    }

    /// What X key code `keyCode` means with `modifiers`.
    func meaning(of keyCode: Int, with modifiers: KeyboardModifierState) -> KeyMeaning {
        if let keyboard { return keyboard.meaning(of: keyCode, with: modifiers) }
        guard (8...255).contains(keyCode) else { return .unknown }
        let keysym = UInt32(truncatingIfNeeded: XkbKeycodeToKeysym(display, KeyCode(keyCode), 0, 0))
        return KeyMeaning(key: KeySymbol(rawValue: keysym), characters: "", charactersIgnoringModifiers: "", keysym: keysym)
    }

    /// What X key code `keyCode` means with no modifier, in the layout group of the last key read.
    func unmodifiedMeaning(of keyCode: Int) -> KeyMeaning {
        keyboard?.unmodifiedMeaning(of: keyCode) ?? meaning(of: keyCode, with: KeyboardModifierState())
    }
}
