import Foundation

/// Bounded polling for conditions the tests cannot wait for by event: every 10 ms until the
/// condition holds or the timeout passes.
public enum BoundedWait {
    /// Whether `condition` held within `timeout`.
    public static func until(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }
}
