import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The real `lockgame` under each window manager of the desktop matrix, on its own Xvfb, with
/// a second ordinary window to switch to. What the game believes comes from its log lines;
/// what X holds from a second client's grab (`confine_to` = root), the pointer's position and
/// the focus. Runs alone: with another test worker beside it, kwin_x11 missed a synthetic
/// alt-tab.
@Suite(.serialized, .tags(.integration, .timing)) struct DesktopMatrixTests {
    @Test(arguments: WindowManager.allCases)
    func theLockFollowsTheDesktop(_ manager: WindowManager) throws {
        let desktop = try DesktopSession(manager: manager)
        defer { desktop.stop() }

        // Started with the pointer at the screen centre (on i3: the game's frame border).
        let gameWindow = try #require(try desktop.launchGame(), "the game locks at start without a click")
        desktop.checkRelativeMotionTurnsTheCamera()

        // Each start: the lock begins with the pointer there; L (the game's own release) puts
        // it back only if that was inside the window; switching away never moves it.
        let area = desktop.probe.frame(of: gameWindow)
        let centre = XProbe.Point(x: 640, y: 400)
        let inside = XProbe.Point(x: area.origin.x + area.width * 3 / 4, y: area.origin.y + area.height / 3)
        // Just outside the window, on its frame: the left border, or the title bar where the
        // window touches the screen's left edge (mutter places it at x = 0).
        let onBorder =
            area.origin.x > 0
            ? XProbe.Point(x: area.origin.x - 1, y: area.origin.y + area.height / 2)
            : XProbe.Point(x: area.origin.x + area.width / 2, y: area.origin.y - 1)
        func isInside(_ point: XProbe.Point) -> Bool {
            (area.origin.x..<area.origin.x + area.width).contains(point.x)
                && (area.origin.y..<area.origin.y + area.height).contains(point.y)
        }
        for (name, start) in [("at the screen centre", centre), ("inside the window", inside), ("on the window border", onBorder)] {
            desktop.relock(with: start)
            desktop.checkReleaseByThePreference(restoresTo: isInside(start) ? start : nil, context: name)
            desktop.relock(with: start)
            desktop.switchAwayAndBack(name, byKeys: true)
            desktop.switchAwayAndBack(name, byKeys: false)
        }

        desktop.minimiseAndRestore()
        desktop.fullScreen()
        desktop.closeThroughTheWindowManager(restoresTo: inside)

        // Started again, smaller, with the pointer near the other window's left edge, where no
        // window manager places the game: the lock begins over another window and confines the
        // pointer into the game. L must not send it back there; a switch still releases once.
        let other = desktop.probe.frame(of: desktop.probe.otherWindow)
        let start = XProbe.Point(x: other.origin.x + 10, y: other.origin.y + other.height / 2)
        let relaunched = try #require(
            try desktop.launchGame(pointerAt: start, arguments: ["--size", "640x360"]),
            "the game locks when started over another window")
        let shown = desktop.probe.frame(of: relaunched)
        let startIsOverTheGame =
            (shown.origin.x..<shown.origin.x + shown.width).contains(start.x)
            && (shown.origin.y..<shown.origin.y + shown.height).contains(start.y)
        #expect(!startIsOverTheGame, "\(manager) placed the game at \(shown), over the start point \(start)")
        desktop.checkReleaseByThePreference(restoresTo: nil, context: "over the other window")
        desktop.relock(with: desktop.probe.pointerPosition)
        desktop.switchAwayAndBack("over the other window", byKeys: false)
    }

    @Test func withoutAWindowManagerTheGameTakesTheFocusAndLocks() throws {
        let server = try XServerFixture(windowManager: nil)
        defer { server.stop() }
        let probe = server.probe
        let game = try LockgameLaunch.start(on: server)
        defer { game.stop() }
        #expect(game.waitForLine { $0 == "lock: locked" } != nil, "no window manager: \(game.lines)")
        #expect(probe.pointerIsGrabbed)

        var seen = game.lines.count
        probe.press(Keysym.l)
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)
        seen = game.lines.count
        probe.press(Keysym.l)
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen))
        #expect(probe.pointerIsGrabbed)
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)

        let doctor = try Self.doctor(display: server.displayName)
        #expect(doctor.contains("window manager: none announced"))
        #expect(doctor.contains("feedback:       none (no Present completions: frames are copied to the X window)"), "\(doctor)")
        #expect(doctor.contains("no window manager: GameInput takes the focus itself when the window maps."), "\(doctor)")
    }

    /// `lockgame --doctor`'s lines for `display`.
    static func doctor(display: String) throws -> [String] {
        let doctor = try ChildProcess(executable: LockgameLaunch.executable, arguments: ["--doctor", "--display", display])
        #expect(doctor.waitForExit(timeout: .seconds(10)) == 0)
        return doctor.lines
    }

    /// `Xvfb -listen tcp` reached as `127.0.0.1:N`: the server lists MIT-SHM and refuses the
    /// segment. The window must show the scene (pixels read by the probe) and keep drawing.
    @Test func onATCPDisplayFramesGoThroughXPutImageAndTheLockWorks() throws {
        let server = try XServerFixture(listensOnTCP: true)
        defer { server.stop() }
        let probe = server.probe
        let display = try #require(server.tcpDisplayName)
        let game = try LockgameLaunch.start(on: server, arguments: ["--display", display])
        defer { game.stop() }
        #expect(game.waitForLine { $0 == "lock: locked" } != nil, "\(game.lines)")
        #expect(game.lines.contains("present: XPutImage (MIT-SHM refused by the server)"), "\(game.lines)")
        #expect(probe.pointerIsGrabbed)

        let window = try #require(probe.waitForWindow(titled: "lockgame"))
        let first = try #require(waitForScene(in: window, probe: probe), "the window shows the scene, not black")
        for _ in 0..<10 { probe.moveRelative(dx: 30, dy: 0) }
        let turned = LockgameLaunch.waitUntil(timeout: .seconds(5)) {
            guard let now = probe.capture(window) else { return false }
            return Self.differingPixels(first.pixels, now.pixels) > first.pixels.count / 20
        }
        #expect(turned, "the game keeps drawing: the turned view reaches the window")
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)

        let doctor = try Self.doctor(display: display)
        #expect(doctor.contains("MIT-SHM:        listed, refused to this client"), "\(doctor)")
        #expect(try Self.doctor(display: server.displayName).contains("MIT-SHM:        yes"), "the local client may attach")
    }

    /// The window's pixels once they show a scene: mostly lit and of many colours.
    func waitForScene(in window: UInt, probe: XProbe) -> (width: Int, height: Int, pixels: [UInt32])? {
        var shown: (width: Int, height: Int, pixels: [UInt32])?
        _ = LockgameLaunch.waitUntil(timeout: .seconds(5)) {
            guard let capture = probe.capture(window) else { return false }
            let lit = capture.pixels.filter { $0 != 0 }.count
            guard lit > capture.pixels.count * 3 / 4, Set(capture.pixels).count > 100 else { return false }
            shown = capture
            return true
        }
        return shown
    }

    static func differingPixels(_ a: [UInt32], _ b: [UInt32]) -> Int {
        zip(a, b).filter { $0 != $1 }.count
    }
}
