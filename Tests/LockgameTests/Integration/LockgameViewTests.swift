import CXlib
import Foundation
import LockgameEngine
import TestTags
import Testing
import XServerTestSupport

@testable import lockgame

/// What a player sees on a real X server: the view turns with locked relative motion and only
/// then, and the alert's OK button works. Pictures are read back from the server.
@Suite(.serialized, .tags(.integration)) final class LockgameViewTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    func launchLocked() throws -> (ChildProcess, UInt) {
        let game = try ChildProcess(
            executable: HeadlessTests.lockgamePath,
            arguments: ["--assets", HeadlessTests.assets, "--size", "640x360"],
            environment: ["DISPLAY": server.displayName])
        #expect(game.waitForLine { $0 == "lock: locked" } != nil, "\(game.lines)")
        let window = try #require(probe.waitForWindow(titled: "lockgame"))
        return (game, window)
    }

    static func sameBand(_ a: [UInt32], _ b: [UInt32], band: Range<Int>) -> Bool {
        band.allSatisfy { y in (0..<640).allSatisfy { a[y * 640 + $0] == b[y * 640 + $0] } }
    }

    /// A steady picture of the window: two captures 150 ms apart that agree in the band.
    func settledCapture(_ window: UInt, band: Range<Int>) throws -> [UInt32] {
        var previous = try #require(probe.capture(window)).pixels
        for _ in 0..<30 {
            Thread.sleep(forTimeInterval: 0.15)
            let current = try #require(probe.capture(window)).pixels
            if Self.sameBand(current, previous, band: band) { return current }
            previous = current
        }
        return previous
    }

    /// The first settled picture that differs from `reference` in the band (within 5 s).
    func changedCapture(_ window: UInt, from reference: [UInt32], band: Range<Int>) throws -> [UInt32] {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            let current = try #require(probe.capture(window)).pixels
            if !Self.sameBand(current, reference, band: band) { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return try settledCapture(window, band: band)
    }

    func waitForNewLine(_ line: String, in game: ChildProcess, after seen: Int) -> Bool {
        LockgameLaunch.waitForNewLine(line, in: game, after: seen)
    }

    @Test func lockedMotionTurnsTheViewAndUnlockedMotionDoesNot() throws {
        let (game, window) = try launchLocked()
        let band = 220..<260  // below the crosshair and the notice, above the key line
        let start = try settledCapture(window, band: band)

        for _ in 0..<10 { probe.moveRelative(dx: 4, dy: 0) }
        XSync(probe.display, 0)
        let turned = try changedCapture(window, from: start, band: band)
        let right = ImageShift.horizontal(before: start, after: turned, width: 640, rows: band)
        #expect(right.shift > 5, "40 counts right at 0.1 deg each turns the view right; shift \(right.shift)")

        var seen = game.lines.count
        probe.press(UInt32(XK_Escape))
        #expect(waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
        for _ in 0..<10 { probe.moveRelative(dx: -6, dy: 3) }
        XSync(probe.display, 0)
        Thread.sleep(forTimeInterval: 0.2)
        seen = game.lines.count
        probe.press(UInt32(XK_l))
        #expect(waitForNewLine("lock: locked", in: game, after: seen))
        #expect(probe.pointerIsGrabbed, "X holds the re-lock")
        Thread.sleep(forTimeInterval: 0.5)  // frames keep coming while locked; give a wrong turn time to show
        let relocked = try settledCapture(window, band: band)
        let unlockedMotion = ImageShift.horizontal(before: turned, after: relocked, width: 640, rows: band)
        #expect(unlockedMotion.shift == 0, "motion while unlocked never reaches the camera, even after re-locking")
        #expect(unlockedMotion.error < 1)
        game.stop()
    }

    @Test func f11GoesFullScreenAndBackAndTheFrameFollowsTheWindowSize() throws {
        let (game, window) = try launchLocked()
        probe.press(UInt32(XK_F11))
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(3)) { self.probe.isFullScreen(window) })
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(3)) {
                guard let picture = self.probe.capture(window), picture.width == 1280, picture.height == 800 else { return false }
                return Set(picture.pixels[(700 * 1280)..<(701 * 1280)]).count > 1
            }, "the frame fills the full-screen size, lower rows too")
        #expect(probe.pointerIsGrabbed, "the lock holds through the change")
        probe.press(UInt32(XK_F11))
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(3)) { !self.probe.isFullScreen(window) })

        probe.resize(window, width: 500, height: 300)
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(3)) {
                guard let picture = self.probe.capture(window), picture.width == 500, picture.height == 300 else { return false }
                return Set(picture.pixels[(295 * 500)..<(296 * 500)]).count > 1 && Set(picture.pixels[(150 * 500)..<(151 * 500)]).count > 1
            }, "a resized window gets frames of its new size")
        game.stop()
    }

    @Test func f12SavesWhatThePlayerSees() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lockgame-f12-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let game = try ChildProcess(
            executable: HeadlessTests.lockgamePath,
            arguments: ["--assets", HeadlessTests.assets, "--size", "640x360"],
            environment: ["DISPLAY": server.displayName], workingDirectory: directory.path)
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        let seen = game.lines.count
        probe.press(UInt32(XK_F12))
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains { $0.hasPrefix("screenshot: lockgame-") } }
        )
        let name = try #require(game.lines.dropFirst(seen).first { $0.hasPrefix("screenshot: ") }).dropFirst("screenshot: ".count)
        let image = try PNGImage.read(path: directory.appendingPathComponent(String(name)).path)
        #expect(image.width == 640 && image.height == 360)
        #expect(Set(image.pixels).count > 200)
        game.stop()
    }

    @Test func theAlertsOKButtonDismissesItAndTheLockReturns() throws {
        let (game, window) = try launchLocked()
        var seen = game.lines.count
        probe.press(UInt32(XK_n))
        #expect(waitForNewLine("lock: unlocked (alert presented)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)

        let layout = AlertLayout(frameWidth: 640, frameHeight: 360, scale: 1)
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(
            probe.display, window, probe.root,
            Int32(layout.buttonX + layout.buttonWidth / 2), Int32(layout.buttonY + layout.buttonHeight / 2),
            &x, &y, &child)
        probe.moveAbsolute(x: x, y: y)
        seen = game.lines.count
        probe.click(button: 1)
        #expect(waitForNewLine("alert: dismissed (OK)", in: game, after: seen))
        #expect(waitForNewLine("lock: locked", in: game, after: seen), "the lock comes back by itself")
        #expect(probe.pointerIsGrabbed)
        game.stop()
    }
}
