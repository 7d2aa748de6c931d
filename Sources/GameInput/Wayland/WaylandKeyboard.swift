internal import CXKBCommon

/// The keyboard as a Wayland compositor describes it: the keymap it sends (`wl_keyboard.keymap`,
/// an XKB keymap in shared memory) read with libxkbcommon, the physical key behind each key code
/// (from the keymap's key names, as on X11), the modifier state of its last `modifiers` event,
/// and key repeat, which Wayland leaves to the client (`repeat_info`: a rate and a delay).
///
/// Key codes here are XKB key codes: the evdev code Wayland sends plus 8, the same numbers an X
/// server uses, so ``KeyEvent/scanCode`` means the same on both.
final class WaylandKeyboard {
    /// What the keys mean: the compositor's keymap, or the default one until it sends it; nil
    /// only when neither could be compiled.
    private(set) var layout: XKBKeyboard?
    /// The physical key of each key code.
    private var usages = [KeyboardHIDUsage](repeating: .keyboardErrorUndefined, count: 256)
    /// The modifier and group state of the compositor's last `modifiers` event.
    var modifiers = KeyboardModifierState()
    /// Repeats per second (0: no repeat) and the delay before the first, as the compositor last
    /// said; 25 Hz after 600 ms until it says (a seat before version 4 never does).
    private(set) var repeatRate = 25
    private(set) var repeatDelay: Duration = .milliseconds(600)
    /// The key that repeats while held, and when it next does.
    private(set) var repeating: (keyCode: Int, due: ContinuousClock.Instant)?

    /// A keyboard with the layout the environment names for XKB (`XKB_DEFAULT_LAYOUT` and its
    /// siblings, else US), until the compositor sends its own: a seat that has no keyboard yet
    /// (mutter's gets one with the first key) still answers what a key prints.
    init() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return }
        defer { xkb_context_unref(context) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else { return }
        adopt(keymap)
    }

    /// Reads the keymap the compositor sent: `size` bytes of `descriptor`, which is closed.
    /// False (the old keymap kept) when it cannot be mapped or compiled.
    @discardableResult
    func loadKeymap(descriptor: Int32, size: Int) -> Bool {
        defer { Posix.close(descriptor) }
        guard size > 0, case .success(let memory) = Posix.map(descriptor, size: size, writable: false) else { return false }
        defer { Posix.unmap(memory, size: size) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return false }
        defer { xkb_context_unref(context) }
        // The text ends in a NUL byte within `size` (the protocol says so); a keymap that does
        // not is not read past its end.
        let text = memory.assumingMemoryBound(to: CChar.self)
        guard UnsafeBufferPointer(start: text, count: size).contains(0),
            let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return false }
        return adopt(keymap)
    }

    /// Makes `keymap` the keyboard's (taking it over), with its physical keys.
    @discardableResult
    private func adopt(_ keymap: OpaquePointer) -> Bool {
        let physicalKey: (Int) -> KeyboardHIDUsage = { [weak self] code in self?.usage(of: code) ?? .keyboardErrorUndefined }
        guard let layout = XKBKeyboard(keymap: keymap, physicalKey: physicalKey) else { return false }
        var table = [KeyboardHIDUsage](repeating: .keyboardErrorUndefined, count: 256)
        for (code, name) in layout.keyNames() { table[code] = KeyboardHIDUsage(xkbKeyName: name) }
        usages = table
        self.layout = layout
        return true
    }

    /// The physical key of key code `keyCode`.
    func usage(of keyCode: Int) -> KeyboardHIDUsage {
        usages.indices.contains(keyCode) ? usages[keyCode] : .keyboardErrorUndefined
    }

    /// The key code of the physical key `usage`, if the keyboard has it.
    func keyCode(of usage: KeyboardHIDUsage) -> Int? { usages.firstIndex(of: usage) }

    /// What `keyCode` means with the current modifiers.
    func meaning(of keyCode: Int) -> KeyMeaning { layout?.meaning(of: keyCode, with: modifiers) ?? .unknown }

    /// What `keyCode` means at level 0 of the first group, whatever is held.
    func unmodifiedMeaning(of keyCode: Int) -> KeyMeaning { layout?.unmodifiedMeaning(of: keyCode) ?? .unknown }

    /// The compositor's `repeat_info`: `rate` repeats per second (0: none) after `delay`
    /// milliseconds.
    func setRepeat(rate: Int32, delay: Int32) {
        repeatRate = max(0, Int(rate))
        repeatDelay = .milliseconds(max(0, Int(delay)))
        if repeatRate == 0 { repeating = nil }
    }

    /// A key went down at `now`: it repeats (the last key pressed does) when the keymap says
    /// it may.
    func pressed(_ keyCode: Int, at now: ContinuousClock.Instant) {
        if repeatRate > 0, layout?.repeats(keyCode) == true {
            repeating = (keyCode, now + repeatDelay)
        }
    }

    /// A key went up: it stops repeating.
    func released(_ keyCode: Int) {
        if repeating?.keyCode == keyCode { repeating = nil }
    }

    /// The focus went: no key repeats.
    func releaseAll() {
        repeating = nil
    }

    /// The repeating key, if its next repeat is due at `now`; the one after is scheduled.
    func takeDueRepeat(at now: ContinuousClock.Instant) -> Int? {
        guard let repeating, now >= repeating.due, repeatRate > 0 else { return nil }
        let interval = Duration.nanoseconds(1_000_000_000 / repeatRate)
        // A loop that slept through several repeats gets one now and the rest on schedule from
        // now, not a burst.
        let onTime = repeating.due + interval
        self.repeating = (repeating.keyCode, onTime > now ? onTime : now + interval)
        return repeating.keyCode
    }
}
