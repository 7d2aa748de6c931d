internal import CXlib

/// The one descriptor a host's own loop sleeps on: for a host that polls its own
/// connection (or anything else) and must wake when GameInput has work.
extension X11Window {
    /// The X11 side of `GameWindow.wakeDescriptor`.
    var wakeDescriptor: Int32 {
        guard !isClosed else { return -1 }
        if wake == nil {
            wake = WakeSet(connection: connection.fileDescriptor)
            scheduleWake()
        }
        return wake?.descriptor ?? -1
    }

    /// Sets the wake descriptor's timer for what is due next (after each ``pollEvents(_:)``):
    /// at once when events wait in Xlib's queue already (a round trip read them, and the
    /// socket will not say so) or a decision is pending; else at the earliest deadline, and
    /// on a shared connection (``X11EventQueue/isConnectionShared``) no later than a check of
    /// XCB's queue is due, since another thread may have read events off the socket.
    func scheduleWake() {
        guard let wake, !isClosed else { return }
        wake.watchGuardian(grab?.supervision.descriptor, pid: grab?.supervision.guardian?.pid)
        if connection.isLost || XEventsQueued(connection.display, QueuedAlready) > 0
            || pointerLock.currentFacts.interruption != nil
        {
            return wake.schedule(after: .zero)
        }
        let now = ContinuousClock.now
        var due: ContinuousClock.Instant?
        func consider(_ instant: ContinuousClock.Instant?) {
            if let instant, due.map({ instant < $0 }) ?? true { due = instant }
        }
        consider(pointerLock.retryDeadline)
        consider(facts.foreignKeyboardGrab.deadline)
        consider(clipboard.deadline)
        consider(grab?.guardianDeadline)
        consider(grab?.checkInInterval.map { now + $0 })
        if queue.isConnectionShared { consider(now + Self.sharedConnectionCheckInterval) }
        wake.schedule(after: due.map { max(.zero, now.duration(to: $0)) })
    }
}
