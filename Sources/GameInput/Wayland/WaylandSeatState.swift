internal import CWayland

/// What the window keeps of its seat: the devices it has, the pointer's place and serials, the
/// presses the game was told of, scrolling not yet reported, and where the keyboard focus is.
/// The window's listeners change it (see `WaylandWindow+Seat.swift`); it calls nothing back.
struct WaylandSeatState {
    /// Scroll axes of one pointer frame.
    struct PendingScroll {
        /// Continuous motion, in wheel steps.
        var delta = PointerDelta.zero
        /// A wheel's steps (`axis_discrete`).
        var steps = PointerDelta.zero
        /// Whether the frame's scrolling came from a wheel (`axis_source`).
        var isWheel = false
        /// Whether an axis had a value in the frame.
        var hasValue = false
        /// The compositor's time of the frame's last axis event.
        var time: UInt32 = 0
    }

    /// The seat's pointer, while it has one.
    var pointer: OpaquePointer?
    /// The seat's keyboard, while it has one.
    var keyboard: OpaquePointer?
    /// The relative pointer of ``pointer``, where the compositor offers relative motion.
    var relativePointer: OpaquePointer?
    /// The serial of the pointer's last enter, for `set_cursor`.
    var pointerSerial: UInt32 = 0
    /// The serial of the window's latest input (keyboard enter, key, button), for setting the
    /// selection.
    var inputSerial: UInt32 = 0
    /// Where the pointer is in the window, while it is over it.
    var pointerLocation: WindowPoint?
    /// The presses the game was told of: ended when the keyboard focus goes.
    var presses = HeldPresses()
    /// Scrolling gathered until the pointer's `frame`.
    var pendingScroll = PendingScroll()
    /// Whether the keyboard's focus is on the window's surface.
    var hasKeyboardFocus = false
    /// A keyboard's enter came since the keyboard was made (see `awaitKeyboardEnter`).
    var keyboardEntered = false
    /// The sync that settles a new keyboard's focus.
    var keyboardEnterSync: OpaquePointer?
    /// The keyboard's layout, modifiers and repeat.
    let keys = WaylandKeyboard()

    /// The buttons held, as pointer events report them.
    var buttonMask: ButtonMask { presses.buttonMask }

    /// Adds `value` axis units on `axis` to the frame's scrolling, in wheel steps of 15 axis
    /// units, as libinput counts one notch.
    mutating func scroll(_ axis: UInt32, value: Double, time: UInt32) {
        let steps = value / 15
        if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue { pendingScroll.delta.dx += steps } else { pendingScroll.delta.dy += steps }
        pendingScroll.hasValue = true
        pendingScroll.time = time
    }

    /// Adds `steps` wheel steps (`axis_discrete`) on `axis` to the frame's scrolling.
    mutating func scroll(_ axis: UInt32, steps: Int32) {
        if axis == WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue {
            pendingScroll.steps.dx += Double(steps)
        } else {
            pendingScroll.steps.dy += Double(steps)
        }
    }

    /// The frame's scrolling, which starts afresh.
    mutating func takeScroll() -> PendingScroll {
        let scroll = pendingScroll
        pendingScroll = PendingScroll()
        return scroll
    }
}
