/// The events the window's listeners made and the game's handler has not had yet: they are
/// handed over once the compositor's events of a dispatch are all handled (see
/// `WaylandWindow+Loop.swift`).
struct WaylandEventQueue {
    /// Events made and not yet handed to the game; ``delivered`` of them are handed over. It
    /// keeps its capacity from call to call: no allocation once it has grown to the largest
    /// burst.
    var pending: [InputEvent] = {
        var events: [InputEvent] = []
        events.reserveCapacity(256)
        return events
    }()
    /// How many of ``pending`` the game's handler has had.
    var delivered = 0
    /// When the events being dispatched were read from the socket.
    var receivedAt = EventTime.now

    /// Whether events wait to be handed over.
    var hasUndelivered: Bool { delivered < pending.count }

    /// The next event to hand over, counted as handed over; nil when none waits.
    mutating func next() -> InputEvent? {
        guard delivered < pending.count else { return nil }
        delivered += 1
        return pending[delivered - 1]
    }

    /// Forgets the events handed over, keeping the capacity.
    mutating func clear() {
        pending.removeAll(keepingCapacity: true)
        delivered = 0
    }
}
