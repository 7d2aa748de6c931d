/// How a scroll was produced, like UIKit's `UIScrollType`.
public enum ScrollType: Hashable, Sendable {
    /// Smooth scrolling from a touchpad or high-resolution wheel (XInput 2 scroll valuators).
    case continuous
    /// Steps of a classic wheel (X buttons 4–7).
    case discrete
}

/// Which scroll types a handler accepts, like UIKit's `UIScrollTypeMask`.
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let continuous = ScrollTypeMask(rawValue: 1 << 0)
    public static let discrete = ScrollTypeMask(rawValue: 1 << 1)
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
    public var type: ScrollType
    public var delta: PointerDelta
    public var location: WindowPoint
    public var buttonMask: ButtonMask
    public var modifierFlags: ModifierFlags
    public var deviceKind: InputDeviceKind
    public var serverTime: UInt32

    public init(type: ScrollType, delta: PointerDelta, location: WindowPoint, buttonMask: ButtonMask = [],
                modifierFlags: ModifierFlags = [], deviceKind: InputDeviceKind = .indirectPointer, serverTime: UInt32 = 0) {
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
    public var phase: InteractionPhase
    public var scale: Double
    public var rotationDelta: Double
    public var location: WindowPoint
    public var fingerCount: Int
    public var modifierFlags: ModifierFlags
    public var serverTime: UInt32

    public init(phase: InteractionPhase, scale: Double, rotationDelta: Double, location: WindowPoint,
                fingerCount: Int, modifierFlags: ModifierFlags = [], serverTime: UInt32 = 0) {
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
    public var phase: InteractionPhase
    public var delta: PointerDelta
    public var location: WindowPoint
    public var fingerCount: Int
    public var modifierFlags: ModifierFlags
    public var serverTime: UInt32

    public init(phase: InteractionPhase, delta: PointerDelta, location: WindowPoint, fingerCount: Int,
                modifierFlags: ModifierFlags = [], serverTime: UInt32 = 0) {
        self.phase = phase
        self.delta = delta
        self.location = location
        self.fingerCount = fingerCount
        self.modifierFlags = modifierFlags
        self.serverTime = serverTime
    }
}
