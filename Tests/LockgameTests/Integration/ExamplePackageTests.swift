import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// `Examples/minimal-lock`, a package of its own that depends on this repository by path as an
/// outside program would: built with `swift build --package-path`, then run on Xvfb, where it
/// locks, prints relative motion, lets go on Esc and quits on Q.
@Suite(.serialized, .tags(.integration)) struct ExamplePackageTests {
    /// The `swift` driver the tests run under, from `PATH`.
    static var swift: String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Builds `Examples/<name>` as its user would (`swift build --package-path`; incremental
    /// after the first time); returns its program.
    static func build(_ name: String = "minimal-lock") throws -> String {
        try buildPackage("Examples/\(name)", product: name)
    }

    /// Builds the package at `relativePath` (from the repository's root) with `swift build
    /// --package-path`, into `.build/examples` where every example is built (GameInput is
    /// compiled once for all of them; `make examples` builds them all before the tests, so
    /// here the build only checks that nothing changed; planned anew, as the folder's last
    /// plan is another package's: see the Makefile), and returns its debug program `product`.
    static func buildPackage(_ relativePath: String, product: String) throws -> String {
        let packagePath = HeadlessTests.packageRoot.appendingPathComponent(relativePath).path
        let scratch = HeadlessTests.packageRoot.appendingPathComponent(".build/examples").path
        let build = try ChildProcess(
            executable: try #require(Self.swift, "the swift toolchain on PATH"),
            arguments: ["build", "--package-path", packagePath, "--scratch-path", scratch, "--disable-build-manifest-caching"])
        #expect(build.waitForExit(timeout: .seconds(900)) == 0, "\(relativePath) builds: \(build.lines.suffix(10))")
        let executable = scratch + "/debug/\(product)"
        try #require(FileManager.default.isExecutableFile(atPath: executable))
        return executable
    }

    @Test func theMinimalExampleBuildsLocksAndPrintsMotion() throws {
        let executable = try Self.build()

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

    /// The example sleeps in `waitForEvents(until: nil)` while locked; its guardian killed with
    /// -9 (what the OOM killer or a user in `top` does) must not kill it: the example says why
    /// the lock went and locks again with a new guardian, every time.
    @Test func theMinimalExampleOutlivesItsGuardian() throws {
        let executable = try Self.build()
        let server = try XServerFixture()
        defer { server.stop() }
        let example = try ChildProcess(executable: executable, arguments: [], environment: ["DISPLAY": server.displayName])
        defer { example.stop() }
        #expect(example.waitForLine { $0 == "lock: locked" } != nil, "\(example.lines)")
        var relocked = 0
        for trial in 0..<SafetyValveTests.trials {
            var guardian: pid_t?
            _ = LockgameLaunch.waitUntil(timeout: .seconds(3)) {
                let children = LockGuardianTests.children(of: example.pid)
                guardian = children.count == 1 ? children[0] : nil
                return guardian != nil
            }
            let first = try #require(guardian, "trial \(trial): one guardian")
            // Idle: the example has slept past a heartbeat interval and told the guardian so.
            Thread.sleep(forTimeInterval: 0.5)
            let seen = example.lines.count
            kill(first, SIGKILL)
            let back =
                LockgameLaunch.waitForNewLine("lock: unlocked (suspended: lock guardian exited)", in: example, after: seen)
                && LockgameLaunch.waitForNewLine("lock: locked", in: example, after: seen)
                && LockgameLaunch.waitUntil { server.probe.pointerIsGrabbed }
            #expect(
                example.isRunning,
                "trial \(trial): alive, not killed by SIGPIPE: \(String(describing: example.waitForExit(timeout: .zero)))")
            #expect(back, "trial \(trial): \(example.lines.dropFirst(seen))")
            if example.isRunning && back { relocked += 1 }
            guard example.isRunning else { break }
        }
        print("example: minimal-lock outlived its killed guardian and locked again \(relocked)/\(SafetyValveTests.trials) times")
    }
}
