internal import CXlib
import Foundation

/// The event loop's two calls, and closing: sleeping until something is due, handling what
/// is queued, and letting go of the server — safely from inside the game's own handlers.
extension X11Window {
    /// How often a wait looks at XCB's queue while the caller shares the connection
    /// (``X11EventQueue/isConnectionShared``): the longest an event another thread read off
    /// the socket waits there.
    static let sharedConnectionCheckInterval: Duration = .milliseconds(4)

    /// The X11 side of `GameWindow.waitForEvents`.
    func waitForEvents(until deadline: ContinuousClock.Instant?) {
        guard !isClosed, !connection.isLost, TerminationSignals.pending == nil, pendingEvents() == 0,
            pointerLock.currentFacts.interruption == nil
        else { return }
        var wake = deadline
        func consider(_ due: ContinuousClock.Instant?) {
            if let due, wake.map({ due < $0 }) ?? true { wake = due }
        }
        consider(pointerLock.retryDeadline)
        consider(facts.foreignKeyboardGrab.deadline)
        consider(clipboard.deadline)
        consider(grab?.guardianDeadline)
        let signals = TerminationSignals.wakeDescriptor
        let guardian = grab?.supervision.descriptor ?? -1
        withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 3) { descriptors in
            var count = 0
            func watch(_ descriptor: Int32) {
                guard descriptor >= 0 else { return }
                descriptors[count] = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                count += 1
            }
            watch(connection.fileDescriptor)
            watch(signals)
            watch(guardian)
            sleep(on: UnsafeMutableBufferPointer(rebasing: descriptors[..<count]), until: wake)
        }
        grab?.supervision.checkIn(now: .now)
    }

    /// Sleeps in `poll()` on `ready` until one is readable or `wake` passes (never, when nil).
    /// The guardian hears of a sleep only once it has lasted a heartbeat interval: the short
    /// sleeps of a running game (a frame, a present's completion) cost it nothing. On a shared
    /// connection the sleep also ends when events wait in XCB's queue.
    private func sleep(on ready: UnsafeMutableBufferPointer<pollfd>, until wake: ContinuousClock.Instant?) {
        let start = ContinuousClock.now
        var heartbeat = grab?.supervision.heartbeat.map { start + $0 }
        if let due = heartbeat, let wake, wake <= due { heartbeat = nil }
        grab?.supervision.beginWait(afterHeartbeat: false)
        while true {
            var until = wake
            func consider(_ due: ContinuousClock.Instant?) {
                if let due, until.map({ due < $0 }) ?? true { until = due }
            }
            consider(heartbeat)
            if queue.isConnectionShared { consider(.now + Self.sharedConnectionCheckInterval) }
            if Posix.poll(ready, timeout: until.map(Self.milliseconds(until:)) ?? -1) > 0 { return }
            let now = ContinuousClock.now
            if let wake, now >= wake { return }
            if let due = heartbeat, now >= due {
                grab?.supervision.beginWait(afterHeartbeat: true)
                heartbeat = nil
            } else if !queue.isConnectionShared {
                return  // a signal interrupted the sleep
            }
            if queue.isConnectionShared && pendingEvents() > 0 { return }
        }
    }

    /// When the events being handed out were read from the socket (``X11EventQueue``).
    var receiptTime: EventTime? { queue.receivedAt }

    /// The X11 side of `GameWindow.pollEvents`.
    func pollEvents(_ handle: (InputEvent) -> Void) {
        guard !isClosed else { return }
        lifecycle.enter()
        defer { endDispatch() }
        guard !connection.isLost else { return reportLoss(to: handle) }
        let now = ContinuousClock.now
        grab?.supervision.checkIn(now: now)
        let news = grab?.serviceGuardian(now: now)
        let interruption = grab?.supervision.watchdog?.takeFired() == true ? LockSuspension.mainLoopStalled : news?.interruption
        if let interruption {
            grab?.grabWasLost()
            pointerLock.setInterruption(interruption)
        } else if news?.pendingLockMayProceed == true {
            pointerLock.pendingGrabMayProceed()
        }
        let display = connection.display
        var event = XEvent()
        while !isClosed, pendingEvents() > 0 {
            XNextEvent(display, &event)
            queue.tookOne()
            dispatch(&event, to: handle)
        }
        guard !isClosed else { return }
        deliverTextEvents(to: handle)
        guard !isClosed else { return }
        guard !connection.isLost else { return reportLoss(to: handle) }
        if interruption == nil && pointerLock.currentFacts.interruption != nil {
            pointerLock.setInterruption(nil)
        }
        clipboard.expire(now: .now)
        pointerLock.setKeyboardGrabbedElsewhere(facts.foreignKeyboardGrab.outranksLock(at: .now))
        pointerLock.retryIfDue()
        guard !isClosed else { return }
        if input.pointerShowsAgain && !pointerLock.isLocked {
            input.pointerShowsAgain = false
            reportPointerAfterUnlock(to: handle)
        }
        connection.flush()
    }

    /// The X11 side of `GameWindow.close`.
    func close() {
        shutDown()
        if lifecycle.close() { closeConnection() }
    }

    /// The connection is lost: the game hears it once, and the window closes without another
    /// request to the server.
    private func reportLoss(to handle: (InputEvent) -> Void) {
        handle(.connectionLost)
        shutDown()
    }

    /// Ends the window's life as far as the game can see: no more events, no lock, no
    /// guardian. The connection itself stays until ``close()``.
    func shutDown() {
        guard lifecycle.shutDown() else { return }
        pointerLock.shutDown()
        grab?.supervision.stop()
        grab?.supervision.watchdog?.stop()
    }

    /// Leaves a dispatch; the outermost one carries out a ``close()`` made inside it.
    private func endDispatch() {
        switch lifecycle.leave() {
        case .nested: break
        case .idle: scheduleWake()
        case .release: closeConnection()
        }
    }

    /// Called once, when ``lifecycle`` releases the connection.
    private func closeConnection() {
        // Nothing is sent on a lost connection (see `X11PointerGrab.releaseLock`); the server
        // freed the window with it.
        wake = nil
        if connection.isLost { textInput.inputMethod?.abandon() } else { textInput.inputMethod?.close() }
        textInput.inputMethod = nil
        if !connection.isLost {
            if let host {
                // The host's window is the host's: only GameInput's own goes.
                XDestroyWindow(connection.display, host.selectionWindow)
            } else {
                XDestroyWindow(connection.display, windowID)
                visual.free(on: connection)
            }
        }
        connection.close()
    }

    /// After an unlock, one `.pointer(.moved)` with the pointer's real position when it is over
    /// the window (pointer events stay silent while locked). One round trip per unlock.
    private func reportPointerAfterUnlock(to handle: (InputEvent) -> Void) {
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var state: UInt32 = 0
        guard XQueryPointer(connection.display, windowID, &root, &child, &rootX, &rootY, &x, &y, &state) != 0,
            (0..<Int32(width)).contains(x), (0..<Int32(height)).contains(y)
        else { return }
        input.translator.notePointer(at: WindowPoint(x: Double(x), y: Double(y)))
        handle(
            .pointer(
                PointerEvent(
                    phase: .moved, location: WindowPoint(x: Double(x), y: Double(y)),
                    buttonMask: Self.buttonMask(coreState: state), modifierFlags: ModifierFlags(xkbMask: Int(state)))))
    }

    /// `XPending`, which flushes and reads the socket. Events that appeared since the last look
    /// (from this read, or from a round trip elsewhere) share this moment as their receipt
    /// time; events queued earlier get it too, so a receipt time is never earlier than the truth.
    private func pendingEvents() -> Int32 {
        let pending = XPending(connection.display)
        queue.noteLength(pending)
        return pending
    }

    /// Milliseconds from now until `instant`, rounded up (0 when it has passed), for `poll()`.
    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock.now.duration(to: instant)
        return remaining > .zero ? milliseconds(of: remaining) : 0
    }

    /// `duration` in whole milliseconds, rounded up.
    private static func milliseconds(of duration: Duration) -> Int32 {
        let whole = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        let rest = duration.components.attoseconds % 1_000_000_000_000_000
        return Int32(clamping: whole + (rest > 0 ? 1 : 0))
    }
}
