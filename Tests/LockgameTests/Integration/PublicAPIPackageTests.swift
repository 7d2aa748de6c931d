import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The public names as an outside program meets them: `Tests/PublicAPI` (every public name the
/// README and the DocC articles show, as their code blocks use them; `scripts/check-public-names`
/// keeps the lists in step) builds against the library, and the two in
/// `Tests/PublicAPI/CrossThread`, which use a window from two threads, do not. Each is a package
/// of its own depending on this repository by path, built into `.build/examples` beside the
/// examples (`make examples` builds the first before the tests, so here its build only checks
/// that nothing changed).
@Suite(.serialized, .tags(.integration)) struct PublicAPIPackageTests {
    /// Builds the package at `relativePath` into `.build/examples`, where `make examples` built
    /// the library for the examples: only the package's own module is compiled here.
    static func build(_ relativePath: String) throws -> (status: Int32?, lines: [String]) {
        let packagePath = HeadlessTests.packageRoot.appendingPathComponent(relativePath).path
        let scratch = HeadlessTests.packageRoot.appendingPathComponent(".build/examples").path
        let build = try ChildProcess(
            executable: try #require(ExamplePackageTests.swift, "the swift toolchain on PATH"),
            arguments: ["build", "--package-path", packagePath, "--scratch-path", scratch, "--disable-build-manifest-caching"])
        let status = build.waitForExit(timeout: .seconds(900))
        return (status, build.lines)
    }

    @Test func theDocumentedNamesBuildInAnOutsidePackage() throws {
        let build = try Self.build("Tests/PublicAPI")
        #expect(build.status == 0, "Tests/PublicAPI builds: \(build.lines.suffix(10))")
    }

    /// Each use of a window, its lock controller or its presenter from a second thread is a
    /// compile-time error, on the line that makes it and nowhere else: sharing one (its
    /// `Sendable` conformance is unavailable), and handing the window to a detached task while
    /// going on using it (region-based isolation; a package of its own, as the compiler checks
    /// regions only in a module without type errors).
    @Test(arguments: [
        ("SharedAcrossThreads", "is unavailable: a "), ("UsedFromTwoTasks", "risks causing data races"),
    ])
    func aWindowUsedFromTwoThreadsDoesNotCompile(target: String, error: String) throws {
        let package = "Tests/PublicAPI/CrossThread/\(target)"
        let file = "\(target).swift"
        let source = try String(
            contentsOf: HeadlessTests.packageRoot.appendingPathComponent("\(package)/Sources/\(target)/\(file)"), encoding: .utf8)
        let refused = Set(
            source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { $0.element.hasSuffix("// refused") }.map { $0.offset + 1 })
        try #require(!refused.isEmpty, "the misuses are marked")
        let build = try Self.build(package)
        #expect(build.status != 0, "\(target) compiled: \(build.lines.suffix(10))")
        let errors = build.lines.filter { $0.contains("/\(file):") && $0.contains(": error: ") }
        let errorLines = Set(
            errors.compactMap { line -> Int? in
                Int(line.components(separatedBy: "/\(file):")[1].prefix { $0.isNumber })
            })
        #expect(errorLines == refused, "errors on lines \(errorLines.sorted()), expected \(refused.sorted()): \(build.lines.suffix(20))")
        #expect(errors.allSatisfy { $0.contains(error) }, "each error says \"\(error)\": \(errors)")
    }
}
