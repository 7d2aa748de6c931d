import Foundation
import LockgameEngine
import Testing
import XServerTestSupport

@testable import lockgame

/// Headless runs: the same session, renderer and HUD as a live game, with scripted input.
@Suite struct HeadlessTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let assets = packageRoot.appendingPathComponent("assets").path

    /// The folder the test bundle was built into: the test programs (LoopShapes), the debug or
    /// sanitized game and the build's objects are there.
    static var buildDirectory: URL {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent()
    }

    /// The game the tests start: `LOCKGAME_EXECUTABLE` (scripts/run-tests sets it to the release
    /// build, whose frames take a sixth of a debug build's CPU, for every run that is not
    /// sanitized), else the one built beside the test bundle.
    static var lockgamePath: String {
        if let path = ProcessInfo.processInfo.environment["LOCKGAME_EXECUTABLE"], !path.isEmpty { return path }
        return buildDirectory.appendingPathComponent("lockgame").path
    }

    func render(script: String?) throws -> Framebuffer {
        let scene = try SceneLoader.load(directory: Self.assets)
        let session = GameSession(scene: scene, lock: nil, sensitivity: 0.1, invertY: false, log: { _ in })
        let parsed = try script.map { try InputScript(parsing: $0, file: "test") }
        return HeadlessRun(
            session: session, hud: try HUDPainter(), width: 320, height: 180,
            frames: (parsed?.length ?? 0) + 1, framesPerSecond: 60, script: parsed
        ).run()
    }

    @Test func scriptedLookTurnsTheViewTheWayThePointerMoved() throws {
        let still = try render(script: nil).copyPixels()
        let right = try render(script: "look 40 0").copyPixels()
        let left = try render(script: "look -40 0").copyPixels()
        let band = 100..<130  // below the crosshair, above the key line
        let turnedRight = ImageShift.horizontal(before: still, after: right, width: 320, rows: band)
        let turnedLeft = ImageShift.horizontal(before: still, after: left, width: 320, rows: band)
        #expect(turnedRight.shift > 5, "turning right moves the room left, shift \(turnedRight.shift)")
        #expect(turnedLeft.shift < -5, "turning left moves the room right, shift \(turnedLeft.shift)")
        #expect(try render(script: nil).copyPixels() == still, "the same input gives the same pixels")
    }

    @Test func theHeadlessProgramWritesThePictureAPlayerSees() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lockgame-headless-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let game = try ChildProcess(
            executable: Self.lockgamePath,
            arguments: [
                "--headless", "--frames", "2", "--size", "320x180", "--assets", Self.assets, "--screenshot", output,
            ])
        #expect(game.waitForExit(timeout: .seconds(60)) == 0, "\(game.lines)")
        let image = try PNGImage.read(path: output)
        #expect(image.width == 320 && image.height == 180)
        #expect(Set(image.pixels).count > 200, "a rendered room, not a blank frame")
        let sky = image.pixels[5 * 320 + 300]
        #expect((sky & 0xFF) > ((sky >> 16) & 0xFF), "the top right is sky: more blue than red")
    }

    @Test func missingAssetsAreNamedAndNothingIsDrawn() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("lockgame-none-\(getpid()).png").path
        let game = try ChildProcess(
            executable: Self.lockgamePath,
            arguments: [
                "--headless", "--assets", "/nonexistent/assets", "--screenshot", output,
            ])
        #expect(game.waitForExit(timeout: .seconds(30)) == 1)
        #expect(game.lines.contains { $0.hasPrefix("lockgame: ") && $0.contains("/nonexistent/assets/scene.txt") })
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// A copy of the assets with one file replaced, for corruption cases.
    func assetsWith(_ file: String, contents: Data) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockgame-assets-\(getpid())-\(file)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.copyItem(atPath: Self.assets, toPath: directory.path)
        try contents.write(to: directory.appendingPathComponent(file))
        return directory.path
    }

    @Test(arguments: [
        ("crate.png", "truncated"),
        ("floor.png", "not a png"),
        ("cube.obj", "bad number"),
        ("scene.txt", "unknown directive"),
    ])
    func corruptAssetsStopTheGameNamingTheFile(file: String, damage: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.assets).appendingPathComponent(file))
        let damaged: Data =
            switch damage {
            case "truncated": original.prefix(original.count / 2)
            case "not a png": Data("GIF89a this is not a PNG".utf8)
            case "bad number": Data("v 0 0 zero\nv 1 0 0\nv 0 1 0\nf 1 2 3\n".utf8)
            default: Data("teleport 1 2 3\n".utf8)
            }
        let directory = try assetsWith(file, contents: damaged)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/out.png"
        let game = try ChildProcess(
            executable: Self.lockgamePath,
            arguments: [
                "--headless", "--assets", directory, "--screenshot", output,
            ])
        #expect(game.waitForExit(timeout: .seconds(30)) == 1)
        #expect(game.lines.count == 1, "one line: \(game.lines)")
        #expect(game.lines.first?.contains(directory + "/" + file) == true, "the message names the file: \(game.lines)")
        #expect(!FileManager.default.fileExists(atPath: output), "nothing half-drawn is written")
    }

    @Test func aBadScriptIsNamedWithItsLine() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("lockgame-script-\(getpid()).txt").path
        try "wait 2\nlook 1\n".write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        let game = try ChildProcess(
            executable: Self.lockgamePath,
            arguments: [
                "--headless", "--assets", Self.assets, "--script", script, "--screenshot", "/tmp/unused.png",
            ])
        #expect(game.waitForExit(timeout: .seconds(30)) == 2)
        #expect(game.lines == ["lockgame: \(script):2: wrong number of words for \"look\""])
    }
}
