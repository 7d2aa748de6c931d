import GameInput
import XServerTestSupport

/// XTest injection → delta delivered to the game: one relative motion at a time (latency,
/// median and p99), with every 20th injection a burst of 8 identical deltas sent back to back
/// (identical values and server timestamps, as a fast mouse sends them); then counts what was
/// lost or duplicated.
struct InputLatencyBench {
    let probe: XProbe
    let quick: Bool

    func run(input: GameInputLoop) -> [Figure] {
        let injections = quick ? 100 : 1100  // ≥ 1,000 single-event latency samples besides the bursts
        var latencies: [Double] = []
        latencies.reserveCapacity(injections)
        var expected = 0, expectedDX = 0.0
        input.delivered = 0
        input.sumDX = 0
        for i in 0..<injections {
            let burst = i % 20 == 19 ? 8 : 1
            let before = input.delivered
            let started = ContinuousClock.now
            for _ in 0..<burst { probe.moveRelative(dx: 2, dy: 0) }
            expected += burst
            expectedDX += Double(2 * burst)
            guard input.pump(timeout: .milliseconds(250), until: { input.delivered >= before + burst }) else { continue }
            if burst == 1 { latencies.append(GameInputLoop.nanoseconds(input.lastHandledAt - started)) }
        }
        // Late or duplicated deltas would arrive now.
        _ = input.pump(timeout: .milliseconds(300), until: { false })
        let lost = max(0, expected - input.delivered), duplicated = max(0, input.delivered - expected)
        let median = PairedTiming.median(latencies), p99 = GameInputLoop.percentile(latencies, 0.99)
        return [
            Figure(
                key: "input_latency_p50", title: "XTest injection → delta delivered, median", value: median / 1e6,
                unit: "ms", direction: .atMost, must: nil, goal: nil,
                note: "p99 \(XBench.ms(p99)), \(latencies.count) single injections + \(injections / 20) bursts of 8"),
            Figure(
                key: "input_latency_p99", title: "XTest injection → delta delivered, p99", value: p99 / 1e6,
                unit: "ms", direction: .atMost, must: nil, goal: nil, note: "includes Xvfb's scheduling"),
            Figure(
                key: "input_lost_duplicated", title: "injected deltas lost + duplicated", value: Double(lost + duplicated),
                unit: "events", direction: .atMost, must: 0, goal: nil,
                note: "\(expected) sent, \(lost) lost, \(duplicated) duplicated, Σdx \(Int(input.sumDX)) of \(Int(expectedDX))"),
        ]
    }
}
