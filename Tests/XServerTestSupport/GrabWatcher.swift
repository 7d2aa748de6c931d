import Foundation

/// A second X client that checks from its own thread, every 50 ms for a while, that another
/// client holds the pointer grab.
public final class GrabWatcher: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var grabbedThroughout: Bool?

    public init(displayName: String, for duration: Duration) {
        Thread {
            defer { self.done.signal() }
            guard let probe = try? XProbe(displayName: displayName) else { return }
            defer { probe.close() }
            var grabbed = true
            let deadline = ContinuousClock.now + duration
            while ContinuousClock.now < deadline {
                grabbed = grabbed && probe.pointerIsGrabbed
                Thread.sleep(forTimeInterval: 0.05)
            }
            self.grabbedThroughout = grabbed
        }.start()
    }

    /// Waits for the watch to end; nil if the watcher could not connect.
    public func result() -> Bool? {
        done.wait()
        return grabbedThroughout
    }
}
