/// The game's input as it stands: the keys and buttons held, the modifiers, and the relative
/// motion since the game last took it. GameController's `GCKeyboardInput` and `GCMouseInput`,
/// SDL's `SDL_GetKeyboardState` and `SDL_GetRelativeMouseState`, GLFW's `glfwGetKey` and
/// `glfwGetMouseButton`.
///
/// Read it from ``GameWindow/inputState`` and take the frame's motion with
/// ``GameWindow/takeMotion()``. GameInput keeps it from the very events
/// ``GameWindow/pollEvents(_:)`` delivers, each applied just before the handler sees it, so
/// state and events never disagree: a key is held from its `.down` to its `.up` or
/// `.cancelled`, and the rules that cancel a press (the focus leaves, another client grabs the
/// keyboard, the window closes) clear the state with it. Keeping it costs no allocation.
public struct InputState: Sendable {
    private var usages = ByteSet()
    /// The key each held usage was pressed as (``KeyEvent/key``), by usage.
    private var keySymbols = InlineArray<256, UInt32>(repeating: 0)
    /// The buttons held: from each ``ButtonEvent`` `.down` to its `.up` or `.cancelled`.
    public private(set) var buttons: ButtonMask = []
    /// The modifiers of the newest event that carried them; none after a focus loss.
    public private(set) var modifierFlags: ModifierFlags = []
    /// The relative motion delivered since the game last took it.
    public private(set) var motion = MotionTotal()

    /// Nothing held and no motion.
    public init() {}

    /// Whether the key at `usage`'s place is held (W/A/S/D, the arrows: keys that mean a
    /// place). Keys with no usage (``KeyboardHIDUsage/keyboardErrorUndefined``) are not kept.
    public func isPressed(_ usage: KeyboardHIDUsage) -> Bool {
        usages.contains(Int(usage.rawValue))
    }

    /// Whether a key the layout names `key` (``KeyEvent/key``, as it was when pressed) is held.
    public func isPressed(key: KeySymbol) -> Bool {
        var found = false
        usages.forEach { usage in if keySymbols[usage] == key.rawValue { found = true } }
        return found
    }

    /// How many keys are held.
    public var pressedKeyCount: Int { usages.count }

    /// Calls `body` with each key held, by usage, smallest first.
    public func forEachPressedKey(_ body: (KeyboardHIDUsage) -> Void) {
        usages.forEach { body(KeyboardHIDUsage(rawValue: UInt16($0))) }
    }

    /// Folds one event into the state, as ``GameWindow/pollEvents(_:)`` does with each event
    /// it delivers. A game that hands events on through its own layers (a session object, a
    /// replay) can keep its own state the same way.
    public mutating func apply(_ event: InputEvent) {
        switch event {
        case .key(let key):
            modifierFlags = key.modifierFlags.subtracting(.numericPad)
            let usage = Int(key.keyCode.rawValue)
            guard key.keyCode != .keyboardErrorUndefined else { return }
            usages.set(usage, key.phase == .down)
            if key.phase == .down, usage < 256 { keySymbols[usage] = key.key.rawValue }
            if key.phase == .cancelled { modifierFlags = [] }
        case .button(let button):
            modifierFlags = button.modifierFlags
            let mask = ButtonMask(button.button)
            if button.phase == .down { buttons.formUnion(mask) } else { buttons.subtract(mask) }
        case .relativeMotion(let relative):
            motion.add(relative)
        case .pointer(let pointer):
            modifierFlags = pointer.modifierFlags
        case .scroll(let scroll):
            modifierFlags = scroll.modifierFlags
        case .connectionLost, .windowDestroyed:
            // The last event: nothing is held any more.
            usages.removeAll()
            buttons = []
            modifierFlags = []
        default:
            break
        }
    }

    /// The motion since the last take; the total starts again from zero.
    mutating func takeMotion() -> MotionTotal {
        defer { motion = MotionTotal() }
        return motion
    }
}

/// The relative motion delivered over a span (a frame): both deltas summed, how many motions
/// made them, and when the first and the last were read. SDL's `SDL_GetRelativeMouseState`,
/// GameController's `GCMouseInput` deltas.
public struct MotionTotal: Hashable, Sendable {
    /// The device's deltas before acceleration, summed: use these for aiming.
    public var unaccelerated = PointerDelta.zero
    /// The deltas after the system's acceleration, summed.
    public var accelerated = PointerDelta.zero
    /// How many ``RelativeMotion`` events were summed.
    public var count = 0
    /// When the first of them was read (``RelativeMotion/time``); nil when there were none.
    public var firstTime: EventTime?
    /// When the last of them was read (``RelativeMotion/time``); nil when there were none.
    public var lastTime: EventTime?

    /// No motion.
    public init() {}

    /// Adds one motion to the total.
    public mutating func add(_ motion: RelativeMotion) {
        unaccelerated.dx += motion.unaccelerated.dx
        unaccelerated.dy += motion.unaccelerated.dy
        accelerated.dx += motion.accelerated.dx
        accelerated.dy += motion.accelerated.dy
        count += 1
        if firstTime == nil { firstTime = motion.time }
        lastTime = motion.time
    }
}
