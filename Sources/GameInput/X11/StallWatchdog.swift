import Foundation

/// A safety valve: releases the pointer grab from its own thread when the main loop stops
/// checking in while the pointer is locked, so a hung game never holds the user's pointer.
///
/// The loop checks in each time it handles events, and says when it goes to sleep in
/// `poll()` on purpose (a sleeping loop is not a stalled one). The release itself is the
/// bare `XUngrabPointer` + `XUndefineCursor` + `XFlush` (Xlib is thread-safe after
/// `XInitThreads`); when the loop recovers, it learns that the watchdog fired and reports the
/// stall through the lock state before taking the lock again.
///
/// If the main thread hangs *inside* an Xlib call, holding Xlib's lock, the release waits for
/// that call: the watchdog guards against stalls in game code, not in Xlib.
final class StallWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private let timeout: Duration
    private let release: () -> Void
    private var lastCheckIn = ContinuousClock.now
    private var isWaiting = false
    private var isArmed = false
    private var hasFired = false
    private var isStopped = false

    /// Starts watching; `release` runs on the watchdog thread when a stall is detected.
    init(timeout: Duration, release: @escaping () -> Void) {
        self.timeout = timeout
        self.release = release
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        let interval = min(0.1, max(0.01, seconds / 4))
        let thread = Thread { [weak self] in
            while let self, self.watch() {
                Thread.sleep(forTimeInterval: interval)
            }
        }
        thread.name = "GameInput stall watchdog"
        thread.start()
    }

    /// The loop is alive: it is handling events now.
    func checkIn() {
        lock.withLock {
            lastCheckIn = .now
            isWaiting = false
        }
    }

    /// The loop is about to sleep in `poll()` on purpose.
    func beginWait() {
        lock.withLock { isWaiting = true }
    }

    /// Whether a grab is held that the watchdog must guard.
    func setArmed(_ armed: Bool) {
        lock.withLock {
            isArmed = armed
            lastCheckIn = .now
        }
    }

    /// Whether the watchdog released the grab since the last call; clears the flag. Waits for
    /// a release in progress, so the caller never races it.
    func takeFired() -> Bool {
        lock.withLock {
            defer { hasFired = false }
            return hasFired
        }
    }

    /// Ends the watchdog thread.
    func stop() {
        lock.withLock { isStopped = true }
    }

    /// One look at the loop; returns false when stopped.
    private func watch() -> Bool {
        lock.withLock {
            guard !isStopped else { return false }
            if isArmed && !isWaiting && !hasFired && ContinuousClock.now - lastCheckIn > timeout {
                // Released while holding the lock: the loop cannot resume and re-grab in between.
                release()
                hasFired = true
                isArmed = false
            }
            return true
        }
    }
}
