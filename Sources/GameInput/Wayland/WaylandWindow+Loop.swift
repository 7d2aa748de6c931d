internal import CWayland
import Foundation

/// The event loop on Wayland: reading the socket (libwayland's `prepare_read` / `read_events`,
/// so that a host reading the same connection on another thread could not lose events),
/// dispatching only inside ``pollEvents(_:)``, key repeat, and closing safely from inside the
/// game's handlers.
extension WaylandWindow {
    func waitForEvents(until deadline: ContinuousClock.Instant?) {
        guard isUsable, TerminationSignals.pending == nil, !events.hasUndelivered, !hasClipboardAnswers else { return }
        // Events read and not dispatched yet: there is work now.
        guard connection.prepareRead() == 0 else { return }
        flush()
        var wake = deadline
        func consider(_ due: ContinuousClock.Instant?) {
            if let due, wake.map({ due < $0 }) ?? true { wake = due }
        }
        consider(pointerLock.retryDeadline)
        consider(input.keys.repeating?.due)
        consider(globals.clipboard?.nextDeadline)
        let timeout = wake.map(Self.milliseconds(until:)) ?? -1
        lock.watchdog?.beginWait()
        let ready = withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 3) { descriptors in
            descriptors[0] = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            var count = 1
            func add(_ descriptor: Int32) {
                guard descriptor >= 0 else { return }
                descriptors[count] = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                count += 1
            }
            add(TerminationSignals.wakeDescriptor)
            // The clipboard's transfers: one that can move is work for pollEvents.
            add(globals.clipboard?.transferSet ?? -1)
            Posix.poll(UnsafeMutableBufferPointer(rebasing: descriptors[..<count]), timeout: timeout)
            return descriptors[0].revents != 0
        }
        lock.watchdog?.checkIn()
        finishRead(readable: ready)
    }

    func pollEvents(_ handle: (InputEvent) -> Void) {
        guard !isClosed else { return }
        lifecycle.enter()
        defer { endDispatch() }
        guard !isLost else { return reportLoss(to: handle) }
        lock.watchdog?.checkIn()
        // The watchdog ended the lock while the loop stalled: the state says so for this call,
        // and the lock is decided again at the next, on what the compositor said meanwhile.
        let stalled = lock.watchdog?.takeFired() == true
        if stalled {
            lock.watchdogReleased()
            pointerLock.setInterruption(.mainLoopStalled)
        }
        // What the socket holds now, without waiting.
        if connection.prepareRead() == 0 {
            var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            _ = withUnsafeMutablePointer(to: &descriptor) { Posix.poll(UnsafeMutableBufferPointer(start: $0, count: 1), timeout: 0) }
            finishRead(readable: descriptor.revents != 0)
        }
        if connection.dispatchPending() < 0 { isLost = true }
        if !isClosed && !isLost {
            if globals.outputs.mayHaveChanged || size.preferredScaleChanged { updateBufferScale() }
            reportMonitorChanges()
            lock.deliverNews(to: pointerLock)
            if let keyCode = input.keys.takeDueRepeat(at: .now), input.hasKeyboardFocus {
                deliverKey(keyCode, phase: .down, isRepeat: true, time: 0)
            }
        }
        // In order; a handler that closes the window ends it. A pollEvents called from inside
        // a handler hands over what it dispatched, and this loop goes on after it.
        while !isClosed, let event = events.next() { handle(event) }
        if lifecycle.isOutermost { events.clear() }
        guard !isClosed else { return }
        guard !isLost else { return reportLoss(to: handle) }
        completePastes()
        guard !isClosed else { return }
        if !stalled && pointerLock.currentFacts.interruption != nil { pointerLock.setInterruption(nil) }
        pointerLock.retryIfDue()
        flush()
    }

    func close() {
        shutDown()
        if lifecycle.close() { closeConnection() }
    }

    var wakeDescriptor: Int32 {
        guard !isClosed else { return -1 }
        if wake == nil {
            wake = WakeSet(connection: wl_display_get_fd(display))
            if let clipboard = globals.clipboard { wake?.watch(clipboard.transferSet) }
            scheduleWake()
        }
        return wake?.descriptor ?? -1
    }

    /// Whether a paste has its answer and waits only for the game to take it.
    private var hasClipboardAnswers: Bool { globals.clipboard?.hasAnswers == true || !pastesWithoutClipboard.isEmpty }

    /// Moves the clipboard's transfers on and runs the completions of the pastes that ended,
    /// oldest first; a completion that closes the window ends the rest unrun.
    private func completePastes() {
        if !pastesWithoutClipboard.isEmpty {
            let unanswerable = pastesWithoutClipboard
            pastesWithoutClipboard.removeAll()
            for completion in unanswerable where !isClosed { completion(nil) }
        }
        guard let finished = globals.clipboard?.takeFinished(now: .now), !finished.isEmpty else { return }
        for paste in finished where !isClosed { paste.completion(paste.text) }
    }

    /// Reads the socket once `prepare_read` succeeded: the events that arrived when it is
    /// readable, else the read is cancelled. A failed read loses the connection.
    private func finishRead(readable: Bool) {
        if readable {
            if wl_display_read_events(display) < 0 { isLost = true }
            events.receivedAt = .now
        } else {
            wl_display_cancel_read(display)
        }
    }

    /// The connection is lost: the game hears it once, and the window closes without another
    /// request to the compositor.
    private func reportLoss(to handle: (InputEvent) -> Void) {
        handle(.connectionLost)
        shutDown()
    }

    /// Leaves a dispatch; the outermost one carries out a ``close()`` made inside it.
    private func endDispatch() {
        switch lifecycle.leave() {
        case .nested: break
        case .idle: scheduleWake()
        case .release: closeConnection()
        }
    }

    /// Sets the wake descriptor's timer: at once when events wait in libwayland's queue (the
    /// socket will not say so) or were kept for the next dispatch, or a paste has its answer,
    /// else at the earliest deadline (a lock retry, a key repeat, a stalled transfer).
    private func scheduleWake() {
        guard let wake, !isClosed else { return }
        if isLost || events.hasUndelivered || hasClipboardAnswers || connection.prepareRead() != 0 {
            return wake.schedule(after: .zero)
        }
        wl_display_cancel_read(display)
        let now = ContinuousClock.now
        var due = pointerLock.retryDeadline
        func consider(_ other: ContinuousClock.Instant?) {
            if let other, due.map({ other < $0 }) ?? true { due = other }
        }
        consider(input.keys.repeating?.due)
        consider(globals.clipboard?.nextDeadline)
        wake.schedule(after: due.map { max(.zero, now.duration(to: $0)) })
    }

    /// Milliseconds from now until `instant`, rounded up (0 when it has passed), for `poll()`.
    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: instant)
        guard remaining > .zero else { return 0 }
        let whole = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: whole + (remaining.components.attoseconds % 1_000_000_000_000_000 > 0 ? 1 : 0))
    }
}
