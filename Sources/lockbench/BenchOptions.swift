/// lockbench's command line.
struct BenchOptions {
    /// Exit non-zero when a must-target fails.
    var check = false
    /// A short smoke run (few pairs, one round): checks the checksum and the JSON, not speed.
    var quick = false
    /// The CPU single-core figures are pinned to.
    var cpu = 1
    /// The demo scene's folder.
    var assets: String?
    /// Accept X figures that cannot be measured (no Xvfb) under `--check`.
    var noX = false

    static let usage = """
        usage: lockbench [--check] [--quick] [--no-x] [--cpu N] [--assets DIR]
          --check    exit 1 when a must-target fails or cannot be measured
          --quick    smoke run: few pairs, one round (timings are not meaningful; the frame's
                     checksum and every count-type must-target are still checked)
          --no-x     under --check, accept X figures that cannot be measured (no Xvfb here)
          --cpu N    CPU to pin single-core figures to (default 1)
        """

    /// Parses `arguments` (without the program name); nil on a usage error.
    init?(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--check": check = true
            case "--quick": quick = true
            case "--no-x": noX = true
            case "--cpu":
                guard let value = rest.popFirst().flatMap({ Int($0) }), value >= 0 else { return nil }
                cpu = value
            case "--assets":
                guard let value = rest.popFirst() else { return nil }
                assets = value
            default: return nil
            }
        }
    }
}
