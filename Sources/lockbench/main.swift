import CBenchSupport
import Glibc

// lockbench: measures the game's renderer and input path against the machine's limits
// (memset), against a C build of the same algorithm, and across cores. Every speed figure is
// a ratio measured side by side in one run. Prints a table and one JSON line; `--check`
// exits 1 when a must-target fails.

/// Writes a line to standard error.
func complain(_ text: String) {
    _ = text.withCString { write(2, $0, strlen($0)) }
    _ = write(2, "\n", 1)
}

guard let options = BenchOptions(Array(CommandLine.arguments.dropFirst())) else {
    complain(BenchOptions.usage)
    exit(2)
}

let frame: DemoFrame
do {
    frame = try DemoFrame(assetsDirectory: options.assets ?? DemoFrame.defaultAssetsDirectory())
} catch {
    complain("lockbench: cannot load the demo scene: \(error)")
    exit(2)
}

var plan = PairedTiming.Plan()
if options.quick { plan = PairedTiming.Plan(warmupPairs: 1, pairs: 3, rounds: 1) }
let machine = MachineDescription.current(allowedCPUs: Int(cbs_allowed_cpu_count()))

var bench = RenderBench(frame: frame, plan: plan, cpu: options.cpu)
var figures = bench.run()
var llvmpipe = LlvmpipeBench(frame: frame, plan: plan, cpu: options.cpu)
figures += llvmpipe.run()
figures += XBench(plan: plan, quick: options.quick, frame: frame).run()
figures += WaylandBench(quick: options.quick).run()
figures += PresentationBench.run()

let report = FigureReport(machine: machine, figures: figures, facts: bench.facts + llvmpipe.facts + [("quick", "\(options.quick)")])
print(report.table())
print("")
print(report.json())
let failures = bench.failures + llvmpipe.failures
for failure in failures { complain("lockbench: INVALID: \(failure)") }
if !failures.isEmpty { exit(1) }
// A quick run's timings come from three pairs: only its exact figures (counts) are judged.
let judged = figures.filter { !options.quick || $0.isCount }
for figure in judged where !figure.meetsMust {
    complain("lockbench: must missed: \(figure.title) = \(figure.value.map { FigureReport.format($0) } ?? "?") \(figure.unit)")
}
let unmeasured = figures.filter(\.mustIsUnmeasured)
for figure in unmeasured { complain("lockbench: not measured: \(figure.title) (\(figure.note))") }
if !judged.allSatisfy(\.meetsMust) && (options.check || options.quick) { exit(1) }
if options.check && !options.noX && !unmeasured.isEmpty { exit(1) }
