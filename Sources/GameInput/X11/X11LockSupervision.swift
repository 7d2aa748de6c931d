/// What guards a grab against a game that cannot run: the ``LockGuardian`` process (started,
/// given up on, started again after a pause, told of the loop's heartbeats) and the
/// in-process ``StallWatchdog``. ``X11PointerGrab`` confines its grab to the guardian's window
/// and arms the watchdog; this type keeps both alive and reads what the guardian says.
///
/// A guardian that fails to start is tried again after a pause that doubles (1 s to a
/// minute), or never when its reason cannot change; one that is gone (stopped, timed out,
/// exited) is forgotten, and a new one starts when a lock next wants it.
final class X11LockSupervision {
    /// What the guardian did since the last look, as far as a grab cares.
    enum Change {
        /// Its window is mapped (it became ready, or armed again after a release): a grab may
        /// be confined to it.
        case windowMapped(LockGuardian)
        /// It unmapped its window because the game could not run, for this reason.
        case released(LockSuspension)
        /// It is gone and forgotten: it exited (`exited`), or never said `ready` in time and
        /// was stopped.
        case gone(exited: Bool)
    }

    /// Guards a held grab against a stalled main loop while the guardian does not.
    let watchdog: StallWatchdog?
    /// Called with the guardian's window whenever a guardian is gone: the server destroyed the
    /// windows made inside it.
    var onGuardianGone: (UInt) -> Void = { _ in }
    /// The connection, whose display the guardian opens too.
    private let connection: X11Connection
    /// The game's window, which the guardian's own window covers.
    private let window: UInt
    /// Whether the window is a host's (its guardian is told so).
    private let isHostWindow: Bool
    /// Whether a guardian is wanted at all (see ``LockGuardian/isWanted(_:)``).
    private let usesGuardian: Bool
    /// The guardian's heartbeat timeout (nil: it watches only for a stopped or traced process).
    private let stallTimeout: Duration?
    /// The lock guardian, started when the window is shown (again after it went away).
    private(set) var guardian: LockGuardian?
    /// What the guardian can do now.
    private(set) var status: LockGuardianStatus
    /// When a guardian may be started again after a failed start; nil: now, or never again
    /// (see ``status``).
    private var retry: ContinuousClock.Instant?
    /// Failed starts in a row, for the pause before the next.
    private var failures = 0

    /// Supervision for the grab of `window`: a guardian unless `usesGuardian` is false, with
    /// hang detection after `stallTimeout` (nil: none) in the guardian and the watchdog.
    init(connection: X11Connection, window: UInt, isHostWindow: Bool, usesGuardian: Bool, stallTimeout: Duration?) {
        self.connection = connection
        self.window = window
        self.isHostWindow = isHostWindow
        self.usesGuardian = usesGuardian
        self.stallTimeout = stallTimeout
        status = usesGuardian ? .notStarted : .disabled
        watchdog = stallTimeout.map { timeout in StallWatchdog(timeout: timeout) }
    }

    /// The guardian's socket, for the loop's `poll()`, while one runs.
    var descriptor: Int32? { guardian?.descriptor }

    /// How long a sleep may last before the guardian must hear of it (its heartbeat
    /// interval), while it watches the loop for hangs; nil otherwise.
    var heartbeat: Duration? { guardian.flatMap { $0.isWatching ? $0.beatInterval : nil } }

    /// When the guardian needs the loop without any event: a start that may be overdue, or
    /// (while `unguardedGrabHolds`) a new start after a failed one. (A pending lock's own
    /// deadline is the controller's retry deadline.)
    func deadline(unguardedGrabHolds: Bool) -> ContinuousClock.Instant? {
        if let guardian, !guardian.isReady { return guardian.startedAt + LockGuardian.readyTimeout }
        return unguardedGrabHolds ? retry : nil
    }

    /// While a grab holds (`guarded`: confined to the guardian's window), how long the loop
    /// may go without checking in before the guardian or the watchdog could take it for
    /// hung: half the shorter of their timeouts.
    func checkInInterval(guarded: Bool) -> Duration? {
        let guardianBeat = guarded ? guardian?.beatInterval : nil
        let watchdogHalf = guarded ? nil : watchdog.map { $0.timeout / 2 }
        guard let guardianBeat else { return watchdogHalf }
        return watchdogHalf.map { min($0, guardianBeat) } ?? guardianBeat
    }

    /// The loop is running (it handles events now).
    func checkIn(now: ContinuousClock.Instant) {
        watchdog?.checkIn()
        guardian?.checkIn(now: now)
    }

    /// The loop is about to sleep on purpose: the watchdog at once, the guardian once a
    /// heartbeat interval of sleep has passed (see ``heartbeat``).
    func beginWait(afterHeartbeat: Bool) {
        if afterHeartbeat { guardian?.beginWait() } else { watchdog?.beginWait() }
    }

    /// Handles what the guardian said since the last call, telling `follow` each change in
    /// order; `follow` returns false to hear no more this time. With `startIfMissing` (a grab
    /// holds unguarded) a guardian that is due starts, to be heard from next time.
    func service(now: ContinuousClock.Instant, startIfMissing: Bool, follow: (Change) -> Bool) {
        LockGuardian.reapStopped()
        if guardian == nil, startIfMissing {
            startIfDue(now: now)
            if guardian != nil { return }
        }
        guard let guardian else { return }
        if !guardian.isReady, now - guardian.startedAt >= LockGuardian.readyTimeout {
            guardian.stop()
            onGuardianGone(guardian.confineWindow)
            ended("it did not answer within \(LockGuardian.readyTimeout)")
            _ = follow(.gone(exited: false))
            return
        }
        while let event = guardian.nextEvent() {
            switch event {
            case .ready, .armed:
                if event == .ready {
                    status = .running
                    failures = 0
                }
                _ = follow(.windowMapped(guardian))
            case .released(let reason):
                if !follow(.released(reason)) { return }
            case .ended(let failure):
                onGuardianGone(guardian.confineWindow)
                ended(failure ?? (guardian.isReady ? nil : "it exited while starting"))
                _ = follow(.gone(exited: true))
                return
            }
        }
    }

    /// Starts the guardian ahead of the first lock (when the window is shown), so that lock is
    /// guarded from its first moment; nothing when grabbing is suspended by the environment.
    func prepare() {
        guard LockSuspension.fromEnvironment() == nil else { return }
        startIfDue(now: .now)
    }

    /// Starts the guardian when one is wanted and none runs, unless a failed start's pause
    /// has not passed or its failure cannot change.
    func startIfDue(now: ContinuousClock.Instant) {
        guard usesGuardian, guardian == nil else { return }
        if case .unavailable = status, retry.map({ now < $0 }) ?? true { return }
        switch LockGuardian.start(
            window: window, isHostWindow: isHostWindow, displayName: connection.name, stallTimeout: stallTimeout)
        {
        case .success(let started):
            guardian = started
            status = .starting
        case .failure(let failure):
            failed(failure.reason, permanently: failure.isPermanent)
        }
    }

    /// Ends the guardian (at teardown, after the last release).
    func stop() {
        if let guardian { onGuardianGone(guardian.confineWindow) }
        guardian?.stop()
        guardian = nil
    }

    /// Forgets a guardian that is gone; a failed start is retried later.
    private func ended(_ failure: String?) {
        guardian = nil
        if let failure {
            failed(failure, permanently: false)
        } else {
            status = .notStarted
            retry = nil
        }
    }

    /// Records a failed start: tried again after a pause that doubles (1 s to a minute), or
    /// never when its reason cannot change.
    private func failed(_ reason: String, permanently: Bool) {
        failures += 1
        status = .unavailable(reason)
        retry = permanently ? nil : .now + min(.seconds(60), .seconds(1) * (1 << min(6, failures - 1)))
    }
}
