import GameInput

/// The HUD's latency line: input to photon (p50 and p99 over the last second), the display's
/// refresh and the frames that missed their refresh or were never shown, from the window's
/// ``FramePresentation``s; or why no such number is known here.
struct LatencyLine {
    /// Input-to-photon ages of the frames presented this second, in storage kept across
    /// seconds (sorted in place once a second).
    private var ages: [Duration] = []
    private var secondStarted: EventTime?
    private var discarded = 0
    private var missedAtSecondStart = 0
    private(set) var text: String?

    init() { ages.reserveCapacity(1024) }

    /// Books `presentation`; `pacer` says the refresh and the misses. The text changes once a
    /// second.
    mutating func record(_ presentation: FramePresentation, pacer: FramePacer, pacing: Bool) {
        switch presentation.outcome {
        case .unavailable(let reason):
            text = "input to photon: unknown (\(reason))"
            return
        case .discarded:
            discarded += 1
        case .presented:
            if let age = presentation.inputToPhoton, ages.count < ages.capacity { ages.append(age) }
        }
        let now = presentation.presented?.time ?? presentation.submitted
        guard let started = secondStarted else {
            secondStarted = now
            missedAtSecondStart = pacer.missedFrames
            return
        }
        guard started.duration(to: now) >= .seconds(1) else { return }
        ages.sort()
        let refresh = pacer.refreshInterval.map { Self.milliseconds($0) } ?? "?"
        let missed = pacer.missedFrames - missedAtSecondStart + discarded
        let percentiles =
            ages.isEmpty
            ? "no input"
            : "p50 \(Self.milliseconds(Self.percentile(ages, 0.5))) p99 \(Self.milliseconds(Self.percentile(ages, 0.99)))"
        text = "input to photon \(percentiles)  refresh \(refresh)  missed \(missed)  pacing \(pacing ? "on" : "off")"
        ages.removeAll(keepingCapacity: true)
        discarded = 0
        missedAtSecondStart = pacer.missedFrames
        secondStarted = now
    }

    /// The value at `fraction` of the sorted `values` (nearest rank).
    static func percentile(_ values: [Duration], _ fraction: Double) -> Duration {
        let rank = Int((fraction * Double(values.count)).rounded(.up)) - 1
        return values[min(max(rank, 0), values.count - 1)]
    }

    /// "12.3 ms".
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return "\((value * 10).rounded() / 10) ms"
    }
}
