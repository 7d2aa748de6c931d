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

    static let usage = """
    usage: lockbench [--check] [--quick] [--cpu N] [--assets DIR]
      --check    exit 1 when a must-target fails
      --quick    smoke run: few pairs, one round (numbers are not meaningful)
      --cpu N    CPU to pin single-core figures to (default 1)
    """

    /// Parses `arguments` (without the program name); nil on a usage error.
    init?(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--check": check = true
            case "--quick": quick = true
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
