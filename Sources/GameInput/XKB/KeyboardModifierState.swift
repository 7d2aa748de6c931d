/// The modifier and layout-group state an X or Wayland key event carries, in XKB's three
/// parts: base (held), latched (sticky for one key) and locked (Caps Lock, Num Lock, the
/// locked layout group). What a key types is read from these, event by event, so it is right
/// even when the state changed while the window had no focus.
struct KeyboardModifierState: Hashable, Sendable {
    var baseModifiers: UInt32 = 0
    var latchedModifiers: UInt32 = 0
    var lockedModifiers: UInt32 = 0
    var baseGroup: UInt32 = 0
    var latchedGroup: UInt32 = 0
    var lockedGroup: UInt32 = 0

    /// The state of a core X key event, whose `state` field has only the effective modifiers
    /// (bits 0-7) and the effective group (bits 13-14, `XkbGroupForCoreState`).
    init(coreState: UInt32) {
        baseModifiers = coreState & 0xFF
        baseGroup = (coreState >> 13) & 0x3
    }

    /// A state from its parts.
    init(
        baseModifiers: UInt32 = 0, latchedModifiers: UInt32 = 0, lockedModifiers: UInt32 = 0, baseGroup: UInt32 = 0,
        latchedGroup: UInt32 = 0, lockedGroup: UInt32 = 0
    ) {
        self.baseModifiers = baseModifiers
        self.latchedModifiers = latchedModifiers
        self.lockedModifiers = lockedModifiers
        self.baseGroup = baseGroup
        self.latchedGroup = latchedGroup
        self.lockedGroup = lockedGroup
    }

    /// The same layout group with no modifier held: what a key means "ignoring modifiers".
    var groupOnly: KeyboardModifierState {
        KeyboardModifierState(baseGroup: baseGroup, latchedGroup: latchedGroup, lockedGroup: lockedGroup)
    }

    /// The effective modifiers, in the core X bit layout (Shift 0, Lock 1, Control 2, Mod1-5 3-7).
    var effectiveModifiers: UInt32 { baseModifiers | latchedModifiers | lockedModifiers }
}

/// What one key means in the layout with one event's modifiers (see ``KeyEvent``).
struct KeyMeaning: Hashable, Sendable {
    /// The key for shortcuts (``KeyEvent/key``).
    var key: KeySymbol
    /// What the key types with the modifiers held (``KeyEvent/characters``).
    var characters: String
    /// What it types at shift level 0 of the active group (``KeyEvent/charactersIgnoringModifiers``).
    var charactersIgnoringModifiers: String
    /// The keysym with the modifiers applied, for compose tables.
    var keysym: UInt32

    /// A key that means nothing (no keymap, or a key code outside it).
    static let unknown = KeyMeaning(key: KeySymbol(rawValue: 0), characters: "", charactersIgnoringModifiers: "", keysym: 0)
}
