import CXlib
import Foundation
import Testing
import XServerTestSupport

/// `Examples/minimal-lock`, a package of its own that depends on this repository by path as an
/// outside program would: built with `swift build --package-path`, then run on Xvfb, where it
/// locks, prints relative motion, lets go on Esc and quits on Q.
@Suite(.serialized) struct ExamplePackageTests {
    static let packagePath = HeadlessTests.packageRoot.appendingPathComponent("Examples/minimal-lock").path

    /// The `swift` driver the tests run under, from `PATH`.
    static var swift: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func theMinimalExampleBuildsLocksAndPrintsMotion() throws {
        let build = try ChildProcess(
            executable: try #require(Self.swift, "the swift toolchain on PATH"),
            arguments: ["build", "--package-path", Self.packagePath])
        #expect(build.waitForExit(timeout: .seconds(600)) == 0, "the example builds: \(build.lines.suffix(10))")
        let executable = Self.packagePath + "/.build/debug/minimal-lock"
        try #require(FileManager.default.isExecutableFile(atPath: executable))

        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let example = try ChildProcess(executable: executable, arguments: [], environment: ["DISPLAY": server.displayName])
        defer { example.stop() }
        #expect(example.waitForLine { $0 == "lock: locked" } != nil, "\(example.lines)")
        #expect(probe.pointerIsGrabbed)
        probe.moveRelative(dx: 5, dy: -2)
        #expect(example.waitForLine { $0 == "motion 5.0 -2.0" } != nil, "\(example.lines)")
        probe.press(UInt32(XK_Escape))
        #expect(example.waitForLine { $0 == "lock: unlocked (preference off)" } != nil)
        #expect(!probe.pointerIsGrabbed)
        probe.press(UInt32(XK_q))
        #expect(example.waitForExit(timeout: .seconds(5)) == 0)
    }
}
