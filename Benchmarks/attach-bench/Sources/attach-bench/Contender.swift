/// What reached the program's own code since the last reset: motion events, their summed x
/// delta, and when the last one was handed over.
final class Deliveries {
    private(set) var events = 0
    private(set) var sumDX = 0.0
    private(set) var lastAt: ContinuousClock.Instant?

    /// One motion handed to the program, now.
    func record(dx: Double) {
        events += 1
        sumDX += dx
        lastAt = .now
    }

    func reset() {
        events = 0
        sumDX = 0
        lastAt = nil
    }
}

/// One way of getting relative motion on a window: engaged, pumped as its user's loop would
/// pump it, then disengaged before the next contender takes the same window.
protocol Contender: AnyObject {
    /// For the table: "GameInput", "SDL_SetRelativeMouseMode".
    var name: String { get }
    /// For the JSON line: "gameinput" or "native".
    var key: String { get }
    var deliveries: Deliveries { get }
    /// Turns relative motion on and waits until it is on; throws why not.
    func engage() throws(BenchFailure)
    /// Waits at most `maxWait` for input, then handles everything pending.
    func pump(maxWait: Duration)
    /// Turns relative motion off again.
    func disengage()
}

/// A window another library created, as GameInput's contender sees it: its X11 handles, a
/// descriptor that is readable when the library has X events, and the library's own pump.
protocol HostWindowSubject: AnyObject {
    /// "SDL2", "GLFW".
    var name: String { get }
    /// The library's own `Display *`.
    var xDisplay: OpaquePointer { get }
    var xWindow: UInt { get }
    /// The library's X connection (`XConnectionNumber`).
    var eventDescriptor: Int32 { get }
    /// Drains the library's own events, as the host's loop does each turn.
    func pumpHostEvents()
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15
    }
}
