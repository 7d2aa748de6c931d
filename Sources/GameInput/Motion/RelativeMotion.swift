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

/// One relative pointer motion while the lock holds, decoded from an XInput 2 `XI_RawMotion`
/// event (`XIRawEvent`).
///
/// It carries both the device's own deltas and the ones after the server's pointer
/// acceleration, as `Double`, so a game can choose; plus where it came from and when.
public struct RelativeMotion: Hashable, Sendable {
    /// The device's deltas before acceleration (`XIRawEvent.raw_values`): use these for aiming.
    public var unaccelerated: PointerDelta
    /// The deltas after the server's acceleration (`XIRawEvent.valuators.values`), as the
    /// desktop cursor would have moved.
    public var accelerated: PointerDelta
    /// The physical (slave) device the motion came from (`XIRawEvent.sourceid`).
    public var sourceDeviceID: Int
    /// The X server's timestamp in milliseconds (`XIRawEvent.time`); wraps after ~49 days.
    public var serverTime: UInt32
    /// When this process read the event, on the monotonic clock.
    public var receivedAt: ContinuousClock.Instant {
        get { RelativeMotion.clockOrigin.advanced(by: receivedAfterOrigin) }
        set { receivedAfterOrigin = RelativeMotion.clockOrigin.duration(to: newValue) }
    }

    /// `receivedAt` as an offset from `clockOrigin`. Stored as a `Duration` (a frozen type)
    /// rather than a `ContinuousClock.Instant` (resilient): with a resilient field every
    /// `InputEvent` was built and switched over through value witnesses, which made
    /// dispatching a raw-motion event cost about as much as decoding it.
    private var receivedAfterOrigin: Duration

    /// A fixed instant that receipt times are stored relative to.
    private static let clockOrigin = ContinuousClock.now

    /// A motion, as the window makes them from `XI_RawMotion` events (and tests and scripted
    /// input from their own values).
    public init(
        unaccelerated: PointerDelta,
        accelerated: PointerDelta,
        sourceDeviceID: Int,
        serverTime: UInt32,
        receivedAt: ContinuousClock.Instant
    ) {
        self.unaccelerated = unaccelerated
        self.accelerated = accelerated
        self.sourceDeviceID = sourceDeviceID
        self.serverTime = serverTime
        receivedAfterOrigin = RelativeMotion.clockOrigin.duration(to: receivedAt)
    }
}
