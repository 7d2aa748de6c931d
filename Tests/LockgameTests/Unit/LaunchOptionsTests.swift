import Foundation
import Testing

@testable import lockgame

@Suite struct LaunchOptionsTests {
    /// `lockgame --version` prints the newest version of CHANGELOG.md: one place to bump. What
    /// is gathered under `## Unreleased` above it has no version yet.
    @Test func theVersionIsTheChangelogsNewest() throws {
        let changelog = try String(contentsOf: HeadlessTests.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }
            .map { String($0.dropFirst(3)) }
        #expect(newest == LockgameApp.version)
    }

    @Test func defaultsAreAWindowAt60FramesPerSecond() throws {
        let options = try LaunchOptions(arguments: [])
        #expect(options.width == 960 && options.height == 540)
        #expect(options.framesPerSecond == 60)
        #expect(options.sensitivity == 0.1)
        #expect(!options.headless && !options.invertY && !options.pacing)
        #expect(try LaunchOptions(arguments: ["--pacing", "on"]).pacing)
        #expect(try !LaunchOptions(arguments: ["--pacing", "on", "--pacing", "off"]).pacing)
    }

    @Test func everyFlagIsRead() throws {
        let options = try LaunchOptions(arguments: [
            "--size", "1280x720", "--fps", "0", "--sensitivity", "0.25", "--invert-y", "--assets", "/tmp/a",
            "--headless", "--frames", "10", "--script", "s.txt", "--screenshot", "out.png",
        ])
        #expect(options.width == 1280 && options.height == 720)
        #expect(options.framesPerSecond == 0)
        #expect(options.sensitivity == 0.25)
        #expect(options.invertY && options.headless)
        #expect(options.assetsDirectory == "/tmp/a")
        #expect(options.frames == 10 && options.scriptPath == "s.txt" && options.screenshotPath == "out.png")
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option \"--frobnicate\""),
        (["--size", "-5x10"], "--size wants WIDTHxHEIGHT with each side 64…8192, not \"-5x10\""),
        (["--size", "800"], "--size wants WIDTHxHEIGHT with each side 64…8192, not \"800\""),
        (["--fps", "fast"], "--fps wants a whole number 0…1000, not \"fast\""),
        (["--fps"], "--fps needs a value"),
        (["--sensitivity", "nan"], "--sensitivity wants degrees per count, a number above 0 and at most 100, not \"nan\""),
        (["--sensitivity", "-1"], "--sensitivity wants degrees per count, a number above 0 and at most 100, not \"-1\""),
        (["--sensitivity", "inf"], "--sensitivity wants degrees per count, a number above 0 and at most 100, not \"inf\""),
        (["--headless"], "--headless needs --screenshot FILE.png to save what it renders"),
        (["--screenshot", "x.png"], "--screenshot works only with --headless"),
        (["--frames", "0", "--headless", "--screenshot", "x.png"], "--frames wants a whole number 1…100000, not \"0\""),
        (["--pacing", "yes"], "--pacing wants on or off, not \"yes\""),
        (["--pacing", "on", "--headless", "--screenshot", "x.png"], "--pacing makes no sense with --headless"),
    ])
    func badCommandLinesGetOneClearLine(arguments: [String], message: String) {
        #expect(throws: LaunchOptions.Invalid(description: message)) {
            try LaunchOptions(arguments: arguments)
        }
    }
}
