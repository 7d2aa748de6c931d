/// What one injection run delivered: events and summed x delta against what was injected.
struct Tally {
    let injected: Int
    let delivered: Int
    let sumDX: Double
    /// From the first injection until the last delivery (nil when nothing arrived).
    let lastArrival: Duration?

    /// Delivered events as a percentage of the injected ones.
    var percent: Double { injected == 0 ? 0 : 100 * Double(delivered) / Double(injected) }
    /// Every injected event arrived once, with its delta.
    var isLossless: Bool { delivered == injected && sumDX == Double(injected) }
}

/// Injection → delivery times of single injections, in milliseconds, and the ones that never came.
struct LatencyTally {
    let samples: Int
    let milliseconds: [Double]
    /// Injections whose delta had not arrived after the timeout.
    let lost: Int

    var median: Double? { Self.percentile(milliseconds, 0.5) }
    var p99: Double? { Self.percentile(milliseconds, 0.99) }

    /// The `fraction` percentile (nearest rank) of `values`; nil when empty.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// One contender's three measurements on one subject window.
struct ContenderResult {
    /// "sdl2" or "glfw".
    let subject: String
    /// "gameinput" or "native".
    let contender: String
    /// "GameInput", "SDL_SetRelativeMouseMode", "GLFW_RAW_MOUSE_MOTION".
    let mode: String
    var failure: String?
    var burst: Tally?
    var paced: Tally?
    var latency: LatencyTally?
}

/// The three measurements, the same for every contender: a burst injected back to back, a
/// stream injected 1 ms apart while the loop runs, and single injections timed to delivery.
struct Measurement {
    let injector: Injector
    let options: BenchOptions

    /// Engages `contender`, measures, disengages.
    func run(_ contender: any Contender, subject: String) -> ContenderResult {
        var result = ContenderResult(subject: subject, contender: contender.key, mode: contender.name)
        do {
            try contender.engage()
        } catch {
            result.failure = error.description
            contender.disengage()
            return result
        }
        result.burst = burst(contender)
        result.paced = paced(contender)
        result.latency = latency(contender)
        contender.disengage()
        return result
    }

    /// `burstCount` events back to back, then the loop until quiet.
    func burst(_ contender: any Contender) -> Tally {
        contender.deliveries.reset()
        let started = ContinuousClock.now
        for _ in 0..<options.burstCount { injector.moveRight() }
        settle(contender)
        return tally(contender, injected: options.burstCount, since: started)
    }

    /// `pacedCount` events 1 ms apart, the loop pumped between them, then until quiet.
    func paced(_ contender: any Contender) -> Tally {
        contender.deliveries.reset()
        let started = ContinuousClock.now
        for i in 0..<options.pacedCount {
            let due = started + .milliseconds(i)
            while case let now = ContinuousClock.now, now < due { contender.pump(maxWait: due - now) }
            injector.moveRight()
        }
        settle(contender)
        return tally(contender, injected: options.pacedCount, since: started)
    }

    /// `latencySamples` single injections, each pumped until its delta arrives. Each is sent
    /// at least 2 ms after the previous delta arrived, so no two share the server's
    /// millisecond timestamp (losses to identical timestamps are the burst's and the stream's
    /// subject; this measures time).
    func latency(_ contender: any Contender) -> LatencyTally {
        var milliseconds: [Double] = []
        var lost = 0
        for _ in 0..<options.latencySamples {
            Self.pump(contender, for: .milliseconds(2))
            let before = contender.deliveries.events
            let injectedAt = injector.moveRight()
            let deadline = injectedAt + options.latencyTimeout
            while contender.deliveries.events == before, case let now = ContinuousClock.now, now < deadline {
                contender.pump(maxWait: deadline - now)
            }
            if contender.deliveries.events > before, let arrivedAt = contender.deliveries.lastAt {
                milliseconds.append((arrivedAt - injectedAt).milliseconds)
            } else {
                lost += 1
            }
        }
        return LatencyTally(samples: options.latencySamples, milliseconds: milliseconds, lost: lost)
    }

    /// Pumps until `quiet` has passed with no new delivery, or `settleLimit` in all.
    private func settle(_ contender: any Contender) {
        let started = ContinuousClock.now
        var seen = contender.deliveries.events
        var lastChange = started
        while case let now = ContinuousClock.now, now - started < options.settleLimit, now - lastChange < options.quiet {
            contender.pump(maxWait: min(.milliseconds(10), options.quiet - (now - lastChange)))
            if contender.deliveries.events != seen {
                seen = contender.deliveries.events
                lastChange = .now
            }
        }
    }

    private func tally(_ contender: any Contender, injected: Int, since started: ContinuousClock.Instant) -> Tally {
        Tally(
            injected: injected, delivered: contender.deliveries.events, sumDX: contender.deliveries.sumDX,
            lastArrival: contender.deliveries.lastAt.map { $0 - started })
    }
}

extension Measurement {
    /// Pumps `contender` for `duration`, whatever arrives.
    static func pump(_ contender: any Contender, for duration: Duration) {
        let deadline = ContinuousClock.now + duration
        while case let now = ContinuousClock.now, now < deadline { contender.pump(maxWait: deadline - now) }
    }

    /// Pumps `contender` for 200 ms and forgets what arrived: what engaging produced (a
    /// warp, a pointer that entered the window) is not the bench's.
    static func drain(_ contender: any Contender) {
        pump(contender, for: .milliseconds(200))
        contender.deliveries.reset()
    }
}
