/// How a scroll was produced, like UIKit's `UIScrollType`.
public enum ScrollType: Hashable, Sendable {
    /// Smooth scrolling from a touchpad or a high-resolution wheel.
    case continuous
    /// Steps of a classic wheel.
    case discrete
}

/// Which scroll types a handler accepts, like UIKit's `UIScrollTypeMask`.
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    /// The mask's bits: bit 0 ``continuous``, bit 1 ``discrete``.
    public let rawValue: Int
    /// The mask with the bits of `rawValue`, numbered as in ``rawValue``.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Admits continuous scrolls (``ScrollType/continuous``); UIKit's `UIScrollTypeMask.continuous`.
    public static let continuous = ScrollTypeMask(rawValue: 1 << 0)
    /// Admits discrete scrolls (``ScrollType/discrete``); UIKit's `UIScrollTypeMask.discrete`.
    public static let discrete = ScrollTypeMask(rawValue: 1 << 1)
    /// Admits both types; UIKit's `UIScrollTypeMask.all`, and ``ScrollHandler``'s default.
    public static let all: ScrollTypeMask = [.continuous, .discrete]

    /// Whether the mask admits scrolls of `type`.
    public func admits(_ type: ScrollType) -> Bool {
        isSuperset(of: type == .continuous ? ScrollTypeMask.continuous : ScrollTypeMask.discrete)
    }
}

/// A scroll, in wheel steps: `dy` > 0 scrolls down (towards the user), `dx` > 0 right. One
/// discrete event is exactly one step; continuous ones are fractions, scaled by the system's
/// step (X11's scroll valuator `increment`, Wayland's 15 axis units) so one step means the same
/// for both. A single physical scroll is reported once: X11 also sends legacy wheel buttons
/// for smooth scrolling, and those duplicates are dropped.
public struct ScrollEvent: Hashable, Sendable {
    /// Whether the scroll is continuous (a touchpad, a high-resolution wheel) or discrete
    /// (a classic wheel's steps).
    public var type: ScrollType
    /// The scroll in wheel steps: `dy` > 0 down (towards the user), `dx` > 0 right; whole
    /// steps for a discrete scroll, fractions for a continuous one.
    public var delta: PointerDelta
    /// Where the pointer was, in window pixels.
    public var location: WindowPoint
    /// The buttons held during the scroll.
    public var buttonMask: ButtonMask
    /// The modifier keys held: Control and scroll to zoom, for example.
    public var modifierFlags: ModifierFlags
    /// The kind of device that scrolled.
    public var deviceKind: InputDeviceKind
    /// When GameInput read the event off the connection, on the monotonic clock (``EventTime``);
    /// the same clock on every backend.
    public var time: EventTime
    /// The windowing system's own timestamp for the event, in milliseconds: the X server's time,
    /// or the Wayland compositor's event time. Its clock is the system's (`CLOCK_MONOTONIC` on
    /// every server and compositor measured, cut to 32 bits: it wraps after 49.7 days); 0 where
    /// the system gave none.
    public var systemTimestamp: UInt32

    /// A scroll event, as the window makes them (and tests and scripted input from their own
    /// values). The defaults describe a mouse with no buttons or modifiers held and no
    /// timestamp; `time` is 0 until the window stamps the event it delivers.
    public init(
        type: ScrollType, delta: PointerDelta, location: WindowPoint, buttonMask: ButtonMask = [],
        modifierFlags: ModifierFlags = [], deviceKind: InputDeviceKind = .indirectPointer, time: EventTime = EventTime(nanoseconds: 0),
        systemTimestamp: UInt32 = 0
    ) {
        self.type = type
        self.delta = delta
        self.location = location
        self.buttonMask = buttonMask
        self.modifierFlags = modifierFlags
        self.deviceKind = deviceKind
        self.time = time
        self.systemTimestamp = systemTimestamp
    }
}

/// A touchpad pinch or rotation (X11's XInput 2.4 pinch gestures, Wayland's
/// `zwp_pointer_gesture_pinch_v1`), like UIKit's transform
/// events: `scale` is relative to the start of the gesture, `rotationDelta` the change in
/// radians since the last event (positive clockwise).
public struct TransformEvent: Hashable, Sendable {
    /// The stage of the gesture; ``InteractionPhase/cancelled`` when the system ends it as
    /// cancelled.
    public var phase: InteractionPhase
    /// The distance between the fingers relative to the start of the gesture: 1 at the start, above 1 as they spread, below 1 as they pinch. Like UIKit's
    /// `UIPinchGestureRecognizer.scale`.
    public var scale: Double
    /// The rotation since the last event, in radians, positive clockwise (both systems say
    /// it in degrees).
    public var rotationDelta: Double
    /// Where the pointer is, in window pixels.
    public var location: WindowPoint
    /// How many fingers are on the touchpad.
    public var fingerCount: Int
    /// The modifier keys held.
    public var modifierFlags: ModifierFlags
    /// When GameInput read the event off the connection, on the monotonic clock (``EventTime``);
    /// the same clock on every backend.
    public var time: EventTime
    /// The windowing system's own timestamp for the event, in milliseconds: the X server's time,
    /// or the Wayland compositor's event time. Its clock is the system's (`CLOCK_MONOTONIC` on
    /// every server and compositor measured, cut to 32 bits: it wraps after 49.7 days); 0 where
    /// the system gave none.
    public var systemTimestamp: UInt32

    /// A pinch or rotation event, as the window makes them (and tests and scripted input from
    /// their own values); `time` is 0 until the window stamps the event it delivers.
    public init(
        phase: InteractionPhase, scale: Double, rotationDelta: Double, location: WindowPoint,
        fingerCount: Int, modifierFlags: ModifierFlags = [], time: EventTime = EventTime(nanoseconds: 0), systemTimestamp: UInt32 = 0
    ) {
        self.phase = phase
        self.scale = scale
        self.rotationDelta = rotationDelta
        self.location = location
        self.fingerCount = fingerCount
        self.modifierFlags = modifierFlags
        self.time = time
        self.systemTimestamp = systemTimestamp
    }
}

/// A touchpad swipe with three or more fingers (X11's XInput 2.4 swipe gestures, Wayland's
/// `zwp_pointer_gesture_swipe_v1`); `delta` is
/// the movement since the last event, in pixels.
public struct SwipeEvent: Hashable, Sendable {
    /// The stage of the gesture; ``InteractionPhase/cancelled`` when the system ends it as
    /// cancelled.
    public var phase: InteractionPhase
    /// The fingers' movement since the last event, in pixels.
    public var delta: PointerDelta
    /// Where the pointer is, in window pixels.
    public var location: WindowPoint
    /// How many fingers swipe: three or more.
    public var fingerCount: Int
    /// The modifier keys held.
    public var modifierFlags: ModifierFlags
    /// When GameInput read the event off the connection, on the monotonic clock (``EventTime``);
    /// the same clock on every backend.
    public var time: EventTime
    /// The windowing system's own timestamp for the event, in milliseconds: the X server's time,
    /// or the Wayland compositor's event time. Its clock is the system's (`CLOCK_MONOTONIC` on
    /// every server and compositor measured, cut to 32 bits: it wraps after 49.7 days); 0 where
    /// the system gave none.
    public var systemTimestamp: UInt32

    /// A swipe event, as the window makes them (and tests and scripted input from their own
    /// values); `time` is 0 until the window stamps the event it delivers.
    public init(
        phase: InteractionPhase, delta: PointerDelta, location: WindowPoint, fingerCount: Int,
        modifierFlags: ModifierFlags = [], time: EventTime = EventTime(nanoseconds: 0), systemTimestamp: UInt32 = 0
    ) {
        self.phase = phase
        self.delta = delta
        self.location = location
        self.fingerCount = fingerCount
        self.modifierFlags = modifierFlags
        self.time = time
        self.systemTimestamp = systemTimestamp
    }
}
