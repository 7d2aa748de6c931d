import Foundation

/// A moment on the system's monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds since the
/// clock's origin: when GameInput read an event off the connection, the same on X11 and
/// Wayland.
///
/// It is the clock the presentation times of both systems use (X's Present UST, Wayland's
/// `wp_presentation` on the compositors measured) and Swift's `SuspendingClock` on Linux, so an
/// input's age on the screen is one subtraction. Swift's `ContinuousClock` is another clock
/// on Linux (`CLOCK_BOOTTIME`, which also counts a suspend): compare an event's time with
/// ``now``, not with `ContinuousClock.now`.
public struct EventTime: Hashable, Comparable, Sendable {
    /// Nanoseconds since the clock's origin (about the time the machine started, not counting
    /// a suspend).
    public var nanoseconds: UInt64

    /// The moment `nanoseconds` after the clock's origin.
    public init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// The clock's reading now.
    public static var now: EventTime { EventTime(nanoseconds: Posix.monotonicNanoseconds()) }

    /// The time from this moment to `later` (negative when `later` is earlier).
    public func duration(to later: EventTime) -> Duration {
        later >= self ? .nanoseconds(Int64(later.nanoseconds - nanoseconds)) : .zero - .nanoseconds(Int64(nanoseconds - later.nanoseconds))
    }

    /// The moment `duration` after this one (before it when negative), kept at or after the clock's origin.
    public func advanced(by duration: Duration) -> EventTime {
        let (seconds, attoseconds) = duration.components
        let step = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return EventTime(nanoseconds: step >= 0 ? nanoseconds &+ UInt64(step) : nanoseconds - min(nanoseconds, UInt64(-step)))
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: EventTime, rhs: EventTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The time from `rhs` to `lhs`.
    public static func - (lhs: EventTime, rhs: EventTime) -> Duration { rhs.duration(to: lhs) }
}
