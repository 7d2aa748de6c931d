import Foundation
import TestTags
import Testing
import XServerTestSupport

/// `Benchmarks/attach-bench`, a package of its own that depends on this repository by path:
/// GameInput attached to an SDL2 window and to a GLFW window, each against that library's own
/// relative mode. Built as its user would build it, run with `--quick` on Xvfb + openbox, and
/// checked for correctness only: both windows and both contenders measured, the JSON line
/// whole, and GameInput handing over every injected delta. Speed is information, never a
/// target here (`make bench-attach` prints it).
@Suite(.serialized, .tags(.integration, .timing)) struct AttachBenchTests {
    /// Builds `Benchmarks/<name>` as its user would (`swift build --package-path`; incremental
    /// after the first time, or already built by `make examples`); returns its program.
    static func buildBenchmark(_ name: String) throws -> String {
        try ExamplePackageTests.buildPackage("Benchmarks/\(name)", product: name)
    }

    /// The figure named `key` ("sdl2.gameinput.burst_events") in the bench's JSON figures.
    static func figure(_ key: String, in figures: [[String: Any]]) -> [String: Any]? {
        figures.first { $0["key"] as? String == key }
    }

    @Test func theAttachBenchMeasuresBothWindowsAndGameInputLosesNoDelta() throws {
        let executable = try Self.buildBenchmark("attach-bench")
        let server = try XServerFixture()
        defer { server.stop() }
        let bench = try ChildProcess(
            executable: executable, arguments: ["--quick"], environment: ["DISPLAY": server.displayName])
        defer { bench.stop() }
        #expect(bench.waitForExit(timeout: .seconds(60)) == 0, "\(bench.lines.suffix(12))")

        let line = try #require(bench.lines.last { $0.hasPrefix("{\"machine\":") }, "\(bench.lines.suffix(12))")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let figures = try #require(report["figures"] as? [[String: Any]])
        let measured = Set(figures.map { "\($0["subject"] ?? "?")/\($0["contender"] ?? "?")" })
        #expect(measured == ["sdl2/gameinput", "sdl2/native", "glfw/gameinput", "glfw/native"])
        let skipped = figures.filter { $0["skipped"] != nil }.map { "\($0["key"] ?? "?"): \($0["skipped"] ?? "?")" }
        #expect(skipped.isEmpty, "every figure measured: \(skipped)")

        // On both windows GameInput hands over every injected delta, once, in the burst and in
        // the paced stream.
        for subject in ["sdl2", "glfw"] {
            for run in ["burst", "paced"] {
                let events = try #require(Self.figure("\(subject).gameinput.\(run)_events", in: figures))
                let sum = try #require(Self.figure("\(subject).gameinput.\(run)_sum_dx", in: figures))
                let injected = try #require(events["injected"] as? Double)
                #expect(injected > 0)
                #expect(events["value"] as? Double == injected, "\(subject) \(run): events \(events)")
                #expect(sum["value"] as? Double == injected, "\(subject) \(run): Σdx \(sum)")
                #expect(events["lossless"] as? Bool == true)
            }
        }
        for row in bench.lines where row.hasPrefix("| SDL2") || row.hasPrefix("| GLFW") { print("attach-bench --quick: \(row)") }
    }
}
