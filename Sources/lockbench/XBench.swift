/// The figures that need an X server (present with MIT-SHM, XTest input latency,
/// input-to-present, CPU use of the running game).
struct XBench {
    let plan: PairedTiming.Plan
    let quick: Bool
    let frame: DemoFrame

    /// The X figures; each is skipped with a note when it cannot be measured.
    func run() -> [Figure] {
        let reason = "not measured: needs the X harness (not built yet)"
        return [
            Figure(key: "present_over_memcpy", title: "present (MIT-SHM) ÷ memcpy of the frame", value: nil,
                   unit: "x", direction: .atMost, must: 4, goal: nil, note: reason),
            Figure(key: "present_over_frame", title: "present ÷ frame time", value: nil,
                   unit: "x", direction: .atMost, must: nil, goal: 0.10, note: reason),
            Figure(key: "input_latency_p50", title: "XTest injection → delta delivered, median", value: nil,
                   unit: "ms", direction: .atMost, must: nil, goal: nil, note: reason),
            Figure(key: "input_lost_duplicated", title: "injected deltas lost + duplicated", value: nil,
                   unit: "events", direction: .atMost, must: 0, goal: nil, note: reason),
            Figure(key: "cpu_idle_unfocused", title: "CPU while unfocused and idle", value: nil,
                   unit: "%", direction: .atMost, must: nil, goal: nil, note: reason),
        ]
    }
}
