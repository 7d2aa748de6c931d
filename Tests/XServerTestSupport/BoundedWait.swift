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

    /// Whether `condition` held at every poll for `duration` on end, within `timeout`: for a
    /// state another process reaches through steps of its own (a window manager's moves, the
    /// focus changes they bring), where one poll can see a state that is about to go.
    public static func steadily(for duration: Duration, timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var since: ContinuousClock.Instant?
        while ContinuousClock.now < deadline {
            if condition() {
                let began = since ?? ContinuousClock.now
                since = began
                if ContinuousClock.now - began >= duration { return true }
            } else {
                since = nil
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}
