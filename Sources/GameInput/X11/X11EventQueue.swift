/// Xlib's event queue as the window knows it: how many events it holds, when they were read
/// from the socket, and whether another thread may read them off the socket too.
struct X11EventQueue {
    /// When the events now in Xlib's queue were read from the socket: one clock reading per
    /// read, not per event (a reading costs ~50-100 ns here, as much as decoding an event).
    private(set) var receivedAt = EventTime.now
    /// Events in Xlib's queue as far as the window knows; more means some other call (a round
    /// trip) read events, which then get a fresh receipt time.
    private var knownLength: Int32 = 0
    /// Whether the caller has the connection (``X11Window/nativeHandle`` was read), and so may
    /// use it from other threads. A thread whose XCB call reads the socket (a write that
    /// blocks, a reply it waits for) moves the events it finds into XCB's queue, where no
    /// `poll()` on the socket sees them: ``X11Window/waitForEvents(until:)`` and the wake
    /// descriptor then look at the queue every ``X11Window/sharedConnectionCheckInterval`` too.
    var isConnectionShared = false

    /// Xlib says `pending` events are queued: events that appeared since the last look share
    /// this moment as their receipt time; events queued earlier get it too, so a receipt time
    /// is never earlier than the truth.
    mutating func noteLength(_ pending: Int32) {
        if pending > knownLength { receivedAt = .now }
        knownLength = pending
    }

    /// One event was taken from the queue.
    mutating func tookOne() {
        knownLength -= 1
    }
}
