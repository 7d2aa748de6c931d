/// How a scroll was produced, like UIKit's `UIScrollType`.
public enum ScrollType: Hashable, Sendable {
    /// Smooth scrolling from a touchpad or high-resolution wheel (XInput 2 scroll valuators).
    case continuous
    /// Steps of a classic wheel (X buttons 4–7).
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
/// discrete event is exactly one step; continuous ones are fractions, scaled by the scroll
/// valuator's `increment` so one step means the same for both. A single physical scroll is
/// reported once: XInput 2 also sends legacy wheel buttons for smooth scrolling
/// (`XIPointerEmulated`), and those duplicates are dropped.
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
    /// The modifier keys held, from the event's own state (`XIModifierState.effective`):
    /// Control and scroll to zoom, for example.
    public var modifierFlags: ModifierFlags
    /// The kind of device that scrolled.
    public var deviceKind: InputDeviceKind
    /// The X server's timestamp in milliseconds.
    public var serverTime: UInt32

    /// A scroll event, as the window makes them from XInput 2 (and tests and scripted input
    /// from their own values). The defaults describe a mouse with no buttons or modifiers held
    /// and no server time.
    public init(
        type: ScrollType, delta: PointerDelta, location: WindowPoint, buttonMask: ButtonMask = [],
        modifierFlags: ModifierFlags = [], deviceKind: InputDeviceKind = .indirectPointer, serverTime: UInt32 = 0
    ) {
        self.type = type
        self.delta = delta
        self.location = location
        self.buttonMask = buttonMask
        self.modifierFlags = modifierFlags
        self.deviceKind = deviceKind
        self.serverTime = serverTime
    }
}

/// A touchpad pinch or rotation (XInput 2.4 `XI_GesturePinch*`), like UIKit's transform
/// events: `scale` is relative to the start of the gesture, `rotationDelta` the change in
/// radians since the last event (positive clockwise).
public struct TransformEvent: Hashable, Sendable {
    /// The stage of the gesture; ``InteractionPhase/cancelled`` when the server ends it as
    /// cancelled (`XIGesturePinchEventCancelled`).
    public var phase: InteractionPhase
    /// The distance between the fingers relative to the start of the gesture (XInput's
    /// `scale`): 1 at the start, above 1 as they spread, below 1 as they pinch. Like UIKit's
    /// `UIPinchGestureRecognizer.scale`.
    public var scale: Double
    /// The rotation since the last event, in radians, positive clockwise (XInput's
    /// `delta_angle`, which is in degrees).
    public var rotationDelta: Double
    /// Where the pointer is, in window pixels.
    public var location: WindowPoint
    /// How many fingers are on the touchpad (the event's `detail`).
    public var fingerCount: Int
    /// The modifier keys held, from the event's own state (`XIModifierState.effective`).
    public var modifierFlags: ModifierFlags
    /// The X server's timestamp in milliseconds.
    public var serverTime: UInt32

    /// A pinch or rotation event, as the window makes them from XInput 2 (and tests and
    /// scripted input from their own values).
    public init(
        phase: InteractionPhase, scale: Double, rotationDelta: Double, location: WindowPoint,
        fingerCount: Int, modifierFlags: ModifierFlags = [], serverTime: UInt32 = 0
    ) {
        self.phase = phase
        self.scale = scale
        self.rotationDelta = rotationDelta
        self.location = location
        self.fingerCount = fingerCount
        self.modifierFlags = modifierFlags
        self.serverTime = serverTime
    }
}

/// A touchpad swipe with three or more fingers (XInput 2.4 `XI_GestureSwipe*`); `delta` is
/// the movement since the last event, in pixels.
public struct SwipeEvent: Hashable, Sendable {
    /// The stage of the gesture; ``InteractionPhase/cancelled`` when the server ends it as
    /// cancelled (`XIGestureSwipeEventCancelled`).
    public var phase: InteractionPhase
    /// The fingers' movement since the last event, in pixels (XInput's `delta_x`, `delta_y`).
    public var delta: PointerDelta
    /// Where the pointer is, in window pixels.
    public var location: WindowPoint
    /// How many fingers swipe (the event's `detail`): three or more.
    public var fingerCount: Int
    /// The modifier keys held, from the event's own state (`XIModifierState.effective`).
    public var modifierFlags: ModifierFlags
    /// The X server's timestamp in milliseconds.
    public var serverTime: UInt32

    /// A swipe event, as the window makes them from XInput 2 (and tests and scripted input
    /// from their own values).
    public init(
        phase: InteractionPhase, delta: PointerDelta, location: WindowPoint, fingerCount: Int,
        modifierFlags: ModifierFlags = [], serverTime: UInt32 = 0
    ) {
        self.phase = phase
        self.delta = delta
        self.location = location
        self.fingerCount = fingerCount
        self.modifierFlags = modifierFlags
        self.serverTime = serverTime
    }
}
