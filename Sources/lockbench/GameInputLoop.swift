import GameInput
import GamePixels

/// A minimal game loop around a real `GameWindow` for the X figures: waits in `poll()`,
/// drains events the way the game does, and counts the raw-motion deltas it is handed.
final class GameInputLoop {
    let window: GameWindow
    /// Motion events handed over since the counter was last reset.
    var delivered = 0
    /// Sum of the unaccelerated x deltas handed over.
    var sumDX = 0.0
    /// Receipt time of the last motion handed over.
    private(set) var lastReceivedAt: EventTime?
    /// When the handler saw the last motion.
    private(set) var lastHandledAt = ContinuousClock.now

    init(window: GameWindow) {
        self.window = window
    }

    /// Handles events until `condition` holds or `timeout` passes; returns whether it held.
    func pump(timeout: Duration, until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            drain()
            if condition() { return true }
            let now = ContinuousClock.now
            if now >= deadline { return false }
            window.waitForEvents(until: min(deadline, now + .milliseconds(5)))
        }
    }

    /// Presents and waits for the server to finish reading the frame (at most 1 s).
    func present(_ presenter: PixelPresenter) {
        presenter.present()
        _ = pump(timeout: .seconds(1)) { !presenter.isBusy }
    }

    private func drain() {
        window.pollEvents { event in
            if case .relativeMotion(let motion) = event {
                delivered += 1
                sumDX += motion.unaccelerated.dx
                lastReceivedAt = motion.time
                lastHandledAt = .now
            }
        }
    }

    /// `duration` in nanoseconds.
    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    /// The `fraction` percentile (nearest rank) of `values`.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
