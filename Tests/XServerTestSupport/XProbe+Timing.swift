import Foundation

/// How long the pointer takes to come free, as a second client sees it.
extension XProbe {
    /// Tries a grab every 5 ms until it succeeds; returns the milliseconds from `start` until
    /// then, or nil if the pointer was still grabbed after `limit`.
    public func millisecondsUntilPointerIsFree(since start: ContinuousClock.Instant, limit: Duration = .seconds(3)) -> Double? {
        while ContinuousClock.now - start < limit {
            if !pointerIsGrabbed {
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) * 1e-15
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }
}
