/// A movement of the pointer by some amount, in device counts (not pixels), sub-pixel exact.
public struct PointerDelta: Hashable, Sendable {
    /// Movement to the right is positive.
    public var dx: Double
    /// Movement down (towards the user) is positive.
    public var dy: Double

    /// A movement of `dx` to the right and `dy` down (negative values go left and up).
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// No movement.
    public static let zero = PointerDelta(dx: 0, dy: 0)
}

/// One relative pointer motion while the lock holds: on X11 an XInput 2 `XI_RawMotion` event,
/// on Wayland a `zwp_relative_pointer_v1.relative_motion`.
///
/// It carries both the device's own deltas and the ones after the system's pointer
/// acceleration, as `Double`, so a game can choose; plus where it came from and when.
public struct RelativeMotion: Hashable, Sendable {
    /// The device's deltas before acceleration (X11's raw values, Wayland's `dx_unaccel` and
    /// `dy_unaccel`): use these for aiming.
    public var unaccelerated: PointerDelta
    /// The deltas after the system's acceleration, as the desktop cursor would have moved.
    public var accelerated: PointerDelta
    /// The physical device the motion came from (X11's slave device ID); 0 on Wayland, which
    /// does not say.
    public var sourceDeviceID: Int
    /// When GameInput read the motion off the connection, on the monotonic clock
    /// (``EventTime``); the same clock on every backend.
    public var time: EventTime
    /// The windowing system's own timestamp for the motion, in milliseconds: the X server's
    /// time (`XIRawEvent.time`) or the compositor's (`zwp_relative_pointer_v1`'s, which has
    /// microseconds, cut to milliseconds). Its clock is the system's (`CLOCK_MONOTONIC` on every
    /// server and compositor measured, cut to 32 bits: it wraps after 49.7 days); 0 where the
    /// system gave none.
    public var systemTimestamp: UInt32

    /// A motion, as the window makes them (and tests and scripted input from their own
    /// values); `time` defaults to now.
    public init(
        unaccelerated: PointerDelta,
        accelerated: PointerDelta,
        sourceDeviceID: Int,
        time: EventTime = EventTime(nanoseconds: 0),
        systemTimestamp: UInt32 = 0
    ) {
        self.unaccelerated = unaccelerated
        self.accelerated = accelerated
        self.sourceDeviceID = sourceDeviceID
        self.time = time
        self.systemTimestamp = systemTimestamp
    }
}
