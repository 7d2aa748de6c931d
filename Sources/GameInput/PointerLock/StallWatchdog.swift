import Foundation

/// A safety valve: releases the pointer grab from its own thread when the main loop stops
/// checking in while the pointer is locked, so a hung game never holds the user's pointer.
///
/// The loop checks in each time it handles events, and says when it goes to sleep in
/// `poll()` on purpose (a sleeping loop is not a stalled one). The release itself is the
/// platform's bare minimum from another thread: on X11 `XUngrabPointer` + `XUndefineCursor` +
/// `XSync` (Xlib is thread-safe after `XInitThreads`), on Wayland the constraint's `destroy`
/// request and the cursor shown again (libwayland sends requests from any thread); when the
/// loop recovers, it learns that the watchdog fired and reports the stall through the lock state
/// before taking the lock again.
///
/// The thread sleeps on a condition while nothing is armed (an unlocked or guardian-guarded
/// game costs no wake-ups), and looks a few times per timeout while armed.
///
/// If the main thread hangs *inside* an Xlib call, holding Xlib's lock, the release waits for
/// that call: the watchdog guards against stalls in game code, not in Xlib. The lock guardian,
/// a process of its own, guards against both.
final class StallWatchdog: @unchecked Sendable {
    private let condition = NSCondition()
    /// How long the loop may stop checking in, while armed, before the grab is released.
    let timeout: Duration
    /// Runs on the watchdog thread when a stall is detected; set once, before arming.
    var release: () -> Void = {}
    private var lastCheckIn = ContinuousClock.now
    private var isWaiting = false
    private var isArmed = false
    private var hasFired = false
    private var isStopped = false

    /// Starts the watching thread; it does nothing until armed.
    init(timeout: Duration) {
        self.timeout = timeout
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
        let interval = min(0.1, max(0.01, seconds / 4))
        let thread = Thread { [weak self] in
            while let self, self.watch(interval: interval) {}
        }
        thread.name = "GameInput stall watchdog"
        thread.start()
    }

    /// The loop is alive: it is handling events now.
    func checkIn() {
        condition.withLock {
            lastCheckIn = .now
            isWaiting = false
        }
    }

    /// The loop is about to sleep in `poll()` on purpose.
    func beginWait() {
        condition.withLock { isWaiting = true }
    }

    /// Whether a grab is held that the watchdog must guard.
    func setArmed(_ armed: Bool) {
        condition.withLock {
            isArmed = armed
            lastCheckIn = .now
            condition.signal()
        }
    }

    /// Whether the watchdog released the grab since the last call; clears the flag. Waits for
    /// a release in progress, so the caller never races it.
    func takeFired() -> Bool {
        condition.withLock {
            defer { hasFired = false }
            return hasFired
        }
    }

    /// Ends the watchdog thread.
    func stop() {
        condition.withLock {
            isStopped = true
            condition.signal()
        }
    }

    /// One look at the loop (after sleeping until armed); returns false when stopped.
    private func watch(interval: TimeInterval) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isArmed && !isStopped { condition.wait() }
        guard !isStopped else { return false }
        _ = condition.wait(until: Date(timeIntervalSinceNow: interval))
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
