/// Side-by-side timing of a subject against a baseline on a shared, noisy machine: after a
/// warm-up, A and B alternate (ABAB…) for `pairs` pairs; each pair gives the ratio A/B, a
/// round's figure is the median ratio, and several rounds give the spread.
struct PairedTiming {
    /// How a run is shaped.
    struct Plan {
        var warmupPairs = 5
        var pairs = 31
        var rounds = 3
    }

    /// Median ratio of each round.
    let roundRatios: [Double]
    /// Median subject time over all pairs, nanoseconds.
    let subjectNanoseconds: Double
    /// Median baseline time over all pairs (per baseline unit), nanoseconds.
    let baselineNanoseconds: Double

    /// The median of the rounds' ratios.
    var ratio: Double { PairedTiming.median(roundRatios) }
    /// (largest − smallest round ratio) ÷ median, as a fraction.
    var spread: Double {
        guard let lo = roundRatios.min(), let hi = roundRatios.max(), ratio > 0 else { return 0 }
        return (hi - lo) / ratio
    }

    /// Measures `subject` against `baseline`; `baselineUnits` divides the baseline's time
    /// (a block of 32 memsets counts as 32 units).
    init(plan: Plan, baselineUnits: Double = 1, subject: () -> Void, baseline: () -> Void) {
        for _ in 0..<plan.warmupPairs {
            subject()
            baseline()
        }
        var rounds: [Double] = []
        var subjects: [Double] = []
        var baselines: [Double] = []
        subjects.reserveCapacity(plan.pairs * plan.rounds)
        baselines.reserveCapacity(plan.pairs * plan.rounds)
        for _ in 0..<max(1, plan.rounds) {
            var ratios: [Double] = []
            ratios.reserveCapacity(plan.pairs)
            for _ in 0..<max(1, plan.pairs) {
                let a = BenchClock.time(subject)
                let b = BenchClock.time(baseline) / baselineUnits
                subjects.append(a)
                baselines.append(b)
                ratios.append(a / b)
            }
            rounds.append(PairedTiming.median(ratios))
        }
        roundRatios = rounds
        subjectNanoseconds = PairedTiming.median(subjects)
        baselineNanoseconds = PairedTiming.median(baselines)
    }

    /// Median of `values` (0 when empty).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
