/// Something that happened to the game's window, in the order the system reported it.
///
/// Produced by ``GameWindow/pollEvents(_:)``. Relative motion arrives only while the pointer
/// lock holds; pointer (hover) events only while it does not.
public enum InputEvent: Hashable, Sendable {
    /// The pointer moved while locked.
    case relativeMotion(RelativeMotion)
    /// A key went down or up while the window had focus.
    case key(KeyEvent)
    /// Text typed, or an input method's composition, during a text-input session
    /// (``GameWindow/startTextInput()``).
    case text(TextInputEvent)
    /// A pointer button went down or up in the window (wheel "buttons" are ``scroll(_:)``).
    case button(ButtonEvent)
    /// The visible pointer entered, moved over or left the window.
    case pointer(PointerEvent)
    /// Scrolling: continuous from a touchpad, discrete from a wheel.
    case scroll(ScrollEvent)
    /// A two-finger pinch or rotation on a touchpad.
    case transform(TransformEvent)
    /// A multi-finger swipe on a touchpad.
    case swipe(SwipeEvent)
    /// The window's size changed; the new size in pixels. Every change the server reports
    /// comes, in order, from the ``GameWindow/pollEvents(_:)`` that reads it, with
    /// ``GameWindow/width`` and ``GameWindow/height`` already updated: recreate a swapchain or
    /// resize a presenter here, and the next frame is drawn at the new size.
    case resized(width: Int, height: Int)
    /// Part of the window must be drawn again.
    case exposed
    /// The window manager asks the window to close (`WM_DELETE_WINDOW`). Never comes for an
    /// attached window: that request goes to the host, which created the window.
    case closeRequested
    /// The host destroyed the window GameInput was attached to
    /// (``GameWindow/init(attachingTo:stallTimeout:)``): this is the last event; the lock is
    /// gone with the window, and GameInput's connection closes when
    /// ``GameWindow/pollEvents(_:)`` returns.
    case windowDestroyed
    /// The connection to the display server is gone (it quit or crashed): this is the last
    /// event, and the window is closed when ``GameWindow/pollEvents(_:)`` returns. The
    /// process goes on; save what needs saving, and quit or wait for a server.
    case connectionLost
    /// The desktop's monitors changed (one was added, removed, moved or changed its mode):
    /// ``GameWindow/monitors`` has the new list. Said once per change.
    case monitorsChanged
    /// The desktop's scale changed (its `Xft.dpi`): the new ``DesktopScale``, also in
    /// ``GameWindow/scale``.
    case scaleChanged(DesktopScale)
    /// What became of a frame the game presented (through GamePixels, or announced with
    /// ``GameWindow/willPresent(_:)``): when it was shown and how old its input was then, or
    /// why that is not known. One for every such frame.
    case presentation(FramePresentation)

    /// The modifier flags the event carries, if it is a kind that carries them.
    public var modifierFlags: ModifierFlags? {
        switch self {
        case .key(let event): event.modifierFlags
        case .button(let event): event.modifierFlags
        case .pointer(let event): event.modifierFlags
        case .scroll(let event): event.modifierFlags
        case .transform(let event): event.modifierFlags
        case .swipe(let event): event.modifierFlags
        default: nil
        }
    }
}

/// Whether a key or button went down or up.
public enum PressPhase: Hashable, Sendable {
    /// The key or button went down; UIKit's `pressesBegan`.
    case down
    /// The key or button came up; UIKit's `pressesEnded`.
    case up
    /// The press ended without a release reaching the window: the focus or the keyboard went
    /// to another client while the key or button was held (UIKit's `pressesCancelled`).
    case cancelled
}

/// The stage of a continuous interaction: hover, pinch, swipe.
public enum InteractionPhase: Hashable, Sendable {
    /// The interaction started: the pointer came over a hover region, or a pinch or swipe
    /// began. Like UIKit's `UIGestureRecognizer.State.began`.
    case began
    /// The interaction goes on: the pointer moved within the region, or the gesture updated.
    case changed
    /// The user finished it: the pointer left the region or the window, or the fingers
    /// lifted.
    case ended
    /// The system ended it without the user finishing it (for example the device vanished).
    case cancelled
}

/// A point in window pixels.
public struct WindowPoint: Hashable, Sendable {
    /// Pixels right of the window's left edge; fractional where the system reports sub-pixel
    /// positions (XInput 2, Wayland).
    public var x: Double
    /// Pixels below the window's top edge; fractional where the system reports sub-pixel
    /// positions.
    public var y: Double
    /// The point `x` pixels right of and `y` pixels below the window's top-left corner.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A hardware key press or release (X11's XInput 2 key events, Wayland's `wl_keyboard.key`).
///
/// As UIKit's `UIKey`, it names the key by place and by meaning: ``keyCode``, the physical
/// key (its place, whatever the layout: match keys that mean a place, such as W/A/S/D, on
/// it); ``key``, the key as the layout names it (match shortcuts on it); ``characters``, what
/// it types with the modifiers held; and ``charactersIgnoringModifiers``. All of them come
/// from the layout group active at this event. Text for a chat line or a name field is not
/// read from keys: it comes as ``InputEvent/text(_:)`` during a text-input session
/// (``GameWindow/startTextInput()``), with dead keys, Compose sequences and input methods
/// applied.
public struct KeyEvent: Hashable, Sendable {
    /// Whether the key went down, came up, or was cancelled because the focus or the keyboard
    /// went to another client while it was held.
    public var phase: PressPhase
    /// The key as the layout names it at shift level 0, for shortcuts: the active group's
    /// keysym when it is Latin or no character (Escape, F1); else the first of the key's
    /// groups that types Latin (`us,ru` switched to Russian: the L key is still ``KeySymbol/l``);
    /// else the letter or digit at the key's place on a US keyboard (a layout with no Latin
    /// group, such as `ru`). So shortcuts named by a letter follow the letter printed on the
    /// key where the layout has one (AZERTY, QWERTZ, Dvorak) and its place where it has none.
    public var key: KeySymbol
    /// The physical key, layout-independent (UIKit's `UIKey.keyCode`).
    public var keyCode: KeyboardHIDUsage
    /// The physical key's Linux input code (`KEY_W` is 17, as `linux/input-event-codes.h`
    /// numbers keys), the same on X11 and Wayland; 0 where unknown. Both systems number keys
    /// by XKB key codes, this code plus 8.
    public var scanCode: Int
    /// What the key types with the modifiers held, in the active layout group (UIKit's
    /// `UIKey.characters`): Shift+1 is "!" on a US layout, AltGr+Q "@" on a German one, a keypad
    /// key a digit only with Num Lock. Control and Alt change nothing here (Ctrl+C is "c"); a
    /// dead key types "" (what it makes with the next key comes as text).
    public var characters: String
    /// What the key types at shift level 0 of the active layout group, ignoring modifiers
    /// (UIKit's `charactersIgnoringModifiers`): "а" for the F key on `us,ru` switched to Russian.
    public var charactersIgnoringModifiers: String
    /// Modifiers held (and `.numericPad` for keypad keys).
    public var modifierFlags: ModifierFlags
    /// Whether this press was generated by auto-repeat while the key is held.
    public var isRepeat: Bool
    /// When GameInput read the event off the connection, on the monotonic clock (``EventTime``);
    /// the same clock on every backend.
    public var time: EventTime
    /// The windowing system's own timestamp for the event, in milliseconds: the X server's time,
    /// or the Wayland compositor's event time. Its clock is the system's (`CLOCK_MONOTONIC` on
    /// every server and compositor measured, cut to 32 bits: it wraps after 49.7 days); 0 where
    /// the system gave none.
    public var systemTimestamp: UInt32

    /// A key event, as the window makes them (and tests and scripted input from their own
    /// values); `time` is 0 until the window stamps the event it delivers. `charactersIgnoringModifiers` defaults to what `key` types
    /// (``KeySymbol/characters``), and `characters` to `charactersIgnoringModifiers`; `keyCode`
    /// and `scanCode` default to an unknown key (``KeyboardHIDUsage/keyboardErrorUndefined``, 0). A keypad key gets
    /// ``ModifierFlags/numericPad`` added to `modifierFlags`.
    public init(
        phase: PressPhase, key: KeySymbol, keyCode: KeyboardHIDUsage = .keyboardErrorUndefined, scanCode: Int = 0,
        characters: String? = nil, charactersIgnoringModifiers: String? = nil, modifierFlags: ModifierFlags = [],
        isRepeat: Bool, time: EventTime = EventTime(nanoseconds: 0), systemTimestamp: UInt32 = 0
    ) {
        self.phase = phase
        self.key = key
        self.keyCode = keyCode
        self.scanCode = scanCode
        self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? key.characters
        self.characters = characters ?? self.charactersIgnoringModifiers
        var flags = modifierFlags
        if key.isOnNumericPad { flags.insert(.numericPad) }
        self.modifierFlags = flags
        self.isRepeat = isRepeat
        self.time = time
        self.systemTimestamp = systemTimestamp
    }
}

extension KeyEvent {
    /// The XKB key code both systems number keys by: ``scanCode`` plus 8.
    var xkbKeyCode: Int { scanCode + 8 }
}

/// A pointer button press or release in the window (X11's XInput 2 button events, Wayland's
/// `wl_pointer.button`).
public struct ButtonEvent: Hashable, Sendable {
    /// Whether the button went down, came up, or was cancelled because the focus went to
    /// another client while it was held.
    public var phase: PressPhase
    /// The button, by its role.
    public var button: MouseButton
    /// Where the pointer was, in window pixels.
    public var location: WindowPoint
    /// The buttons involved: those already held plus this event's own button.
    public var buttonMask: ButtonMask
    /// The modifier keys held at the press or release; empty for a cancelled press.
    public var modifierFlags: ModifierFlags
    /// The kind of device the button belongs to: a mouse or touchpad, or a touchscreen.
    public var deviceKind: InputDeviceKind
    /// When GameInput read the event off the connection, on the monotonic clock (``EventTime``);
    /// the same clock on every backend.
    public var time: EventTime
    /// The windowing system's own timestamp for the event, in milliseconds: the X server's time,
    /// or the Wayland compositor's event time. Its clock is the system's (`CLOCK_MONOTONIC` on
    /// every server and compositor measured, cut to 32 bits: it wraps after 49.7 days); 0 where
    /// the system gave none.
    public var systemTimestamp: UInt32

    /// A button event, as the window makes them (and tests and scripted input from their own
    /// values). `buttonMask` defaults to `button` alone; `time` is 0 until the window stamps
    /// the event it delivers.
    public init(
        phase: PressPhase, button: MouseButton, location: WindowPoint, buttonMask: ButtonMask? = nil,
        modifierFlags: ModifierFlags = [], deviceKind: InputDeviceKind = .indirectPointer, time: EventTime = EventTime(nanoseconds: 0),
        systemTimestamp: UInt32 = 0
    ) {
        self.phase = phase
        self.button = button
        self.location = location
        self.buttonMask = buttonMask ?? ButtonMask(button)
        self.modifierFlags = modifierFlags
        self.deviceKind = deviceKind
        self.time = time
        self.systemTimestamp = systemTimestamp
    }
}

/// The visible pointer entering, moving over or leaving the window.
public struct PointerEvent: Hashable, Sendable {
    /// How the pointer crossed or moved over the window.
    public enum Phase: Hashable, Sendable {
        /// `entered`: the pointer came into the window; `moved`: it moved over the window;
        /// `exited`: it left the window.
        case entered, moved, exited
    }

    /// Whether the pointer entered, moved over or left the window.
    public var phase: Phase
    /// Where the pointer is, in window pixels; for an exit, where it left.
    public var location: WindowPoint
    /// The buttons held while the pointer moves: not empty during a drag.
    public var buttonMask: ButtonMask
    /// The modifier keys held.
    public var modifierFlags: ModifierFlags
    /// The kind of device moving the pointer.
    public var deviceKind: InputDeviceKind
    /// When GameInput read the event off the connection, on the monotonic clock (``EventTime``);
    /// the same clock on every backend.
    public var time: EventTime
    /// The windowing system's own timestamp for the event, in milliseconds: the X server's time,
    /// or the Wayland compositor's event time. Its clock is the system's (`CLOCK_MONOTONIC` on
    /// every server and compositor measured, cut to 32 bits: it wraps after 49.7 days); 0 where
    /// the system gave none, as for the position the window reads itself after an unlock.
    public var systemTimestamp: UInt32

    /// A pointer event, as the window makes them (and tests and scripted input from their own
    /// values). The defaults describe a mouse with no buttons or modifiers held and no
    /// timestamp; `time` is 0 until the window stamps the event it delivers.
    public init(
        phase: Phase, location: WindowPoint, buttonMask: ButtonMask = [], modifierFlags: ModifierFlags = [],
        deviceKind: InputDeviceKind = .indirectPointer, time: EventTime = EventTime(nanoseconds: 0), systemTimestamp: UInt32 = 0
    ) {
        self.phase = phase
        self.location = location
        self.buttonMask = buttonMask
        self.modifierFlags = modifierFlags
        self.deviceKind = deviceKind
        self.time = time
        self.systemTimestamp = systemTimestamp
    }
}
