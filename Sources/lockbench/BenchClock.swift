import Glibc

/// Monotonic nanoseconds for timing (CLOCK_MONOTONIC; no allocation, no Foundation).
enum BenchClock {
    /// Now, in nanoseconds since an arbitrary start.
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }

    /// Nanoseconds `body` took.
    @inline(__always)
    static func time(_ body: () -> Void) -> Double {
        let started = nanoseconds()
        body()
        return Double(nanoseconds() &- started)
    }
}
