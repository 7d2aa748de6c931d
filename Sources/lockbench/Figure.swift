/// One line of the benchmark's result: a measured value, its must and goal targets and how
/// it was obtained. Targets are set only on what carries from machine to machine: ratios to a
/// baseline timed in the same run, and counts. A figure with neither target (absolute times,
/// frames per second, render ÷ memset) is information.
struct Figure {
    /// Which way is better.
    enum Direction {
        /// Smaller values are better (ratios of times, counts).
        case atMost
        /// Larger values are better (frames per second, speed-ups).
        case atLeast
    }

    /// Short stable identifier, used in the JSON line.
    let key: String
    /// What was measured, for the table.
    let title: String
    /// The measured value (nil when skipped).
    let value: Double?
    /// Unit or kind of value ("x", "fps", "/frame", "ms", "%").
    let unit: String
    let direction: Direction
    /// Hard target; `--check` fails when it is missed.
    let must: Double?
    /// Target worth reaching.
    let goal: Double?
    /// Spread between rounds (fraction), when the figure is a paired ratio.
    var spread: Double? = nil
    /// How it was measured, or why it was skipped.
    var note: String = ""

    /// Whether the must-target holds (true when there is none or the figure was skipped).
    var meetsMust: Bool { value.map { meets($0, must) } ?? true }
    /// Whether the figure is information only (no must and no goal).
    var isInformation: Bool { must == nil && goal == nil }
    /// Whether the figure has a must-target but no value (it could not be measured).
    var mustIsUnmeasured: Bool { must != nil && value == nil }
    /// Whether the figure counts events or allocations (exact in any run) rather than timing
    /// work (meaningful only over a full run's pairs and rounds).
    var isCount: Bool { unit == "/frame" || unit == "/event" || unit == "events" }
    /// Whether the goal holds (nil when skipped or no goal).
    var meetsGoal: Bool? {
        guard let value, goal != nil else { return nil }
        return meets(value, goal)
    }

    private func meets(_ value: Double, _ target: Double?) -> Bool {
        guard let target else { return true }
        return direction == .atMost ? value <= target : value >= target
    }
}
