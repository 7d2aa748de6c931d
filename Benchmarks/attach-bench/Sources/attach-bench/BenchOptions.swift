/// How much each measurement injects: the full run, or `--quick` (a test's smoke run, numbers
/// not meaningful).
struct BenchOptions {
    /// Events injected back to back before the loop runs.
    let burstCount: Int
    /// Events injected 1 ms apart while the loop runs between them.
    let pacedCount: Int
    /// Single injections, each pumped until its delta arrives (or `latencyTimeout`).
    let latencySamples: Int
    /// How long a single injection may take before it counts as lost.
    let latencyTimeout: Duration = .milliseconds(100)
    /// After a burst or a stream: pump until this long passes with nothing new ...
    let quiet: Duration
    /// ... or this long in all.
    let settleLimit: Duration
    /// Whether this is the `--quick` run.
    let quick: Bool
    /// Whether to wait until a window manager manages windows before making any.
    let waitsForWindowManager: Bool

    static let usage = """
        usage: attach-bench [--quick] [--window-manager]
          GameInput attached to an SDL2 window and to a GLFW window, each against that library's
          own relative mode, on $DISPLAY: a table, then one JSON line.
          --quick            burst 500, paced 200, latency 50, 0.5 s of quiet (for a test)
          --window-manager   first wait (up to 30 s) until a window manager manages windows
        """

    /// Every field set once, from the two switches. (Not fields assigned one by one after a
    /// default: Swift 6.3.1's optimizer dropped the first two of five such assignments in a
    /// `switch` case, so a release build ignored half of `--quick`.)
    init(quick: Bool, waitsForWindowManager: Bool) {
        self.quick = quick
        self.waitsForWindowManager = waitsForWindowManager
        burstCount = quick ? 500 : 2000
        pacedCount = quick ? 200 : 1000
        latencySamples = quick ? 50 : 300
        quiet = quick ? .milliseconds(500) : .milliseconds(1500)
        settleLimit = quick ? .seconds(3) : .seconds(5)
    }

    /// The options for `arguments` (without the program name); nil on an unknown argument.
    static func parse(_ arguments: [String]) -> BenchOptions? {
        let known = ["--quick", "--window-manager"]
        guard arguments.allSatisfy(known.contains) else { return nil }
        return BenchOptions(
            quick: arguments.contains("--quick"), waitsForWindowManager: arguments.contains("--window-manager"))
    }
}
