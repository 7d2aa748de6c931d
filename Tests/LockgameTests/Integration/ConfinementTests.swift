import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The strategy camera (C) of the real `lockgame` under each window manager of the desktop
/// matrix: the cursor visible and confined to the window, proved from outside by a second
/// client's grab (refused exactly while the game confines), the pointer's position after moves
/// far outside, and the cursor's name (`XFixesGetCursorImage`).
@Suite(.serialized, .tags(.integration)) struct ConfinementTests {
    @Test(arguments: WindowManager.allCases)
    func theStrategyCameraConfinesTheCursor(_ manager: WindowManager) throws {
        let desktop = try DesktopSession(manager: manager)
        defer { desktop.stop() }
        let gameWindow = try #require(try desktop.launchGame())
        let game = try #require(desktop.game)
        let probe = desktop.probe
        let area = probe.frame(of: gameWindow)
        func isInside(_ point: XProbe.Point) -> Bool {
            (area.origin.x..<area.origin.x + area.width).contains(point.x)
                && (area.origin.y..<area.origin.y + area.height).contains(point.y)
        }
        let yaw = try #require(desktop.yaw())

        // Lock to confinement: one change of each state, the pointer grabbed throughout, the
        // cursor centred by the game's warp, visible, and no turn of the camera.
        var seen = game.lines.count
        probe.press(Keysym.c)
        #expect(waitForNewLine("confine: confined", in: game, after: seen), "\(manager): C confines: \(game.lines.dropFirst(seen))")
        #expect(waitForNewLine("cursor: centred", in: game, after: seen))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(stateChanges(in: game, after: seen) == ["lock: unlocked (preference off)", "confine: confined"], "\(manager)")
        #expect(probe.pointerIsGrabbed, "\(manager): X holds the confinement's grab")
        let centre = XProbe.Point(x: area.origin.x + area.width / 2, y: area.origin.y + area.height / 2)
        #expect(probe.pointerPosition == centre, "\(manager): the warp put the cursor at the centre \(centre): \(probe.pointerPosition)")
        #expect(probe.cursorIsInvisible == false, "\(manager): the cursor shows while confined")
        #expect(desktop.yaw() == yaw, "\(manager): neither the change nor the warp turned the camera")

        // Moves far outside stay inside, and the view pans at the edge.
        let poseBefore = pose(desktop)
        for target in [XProbe.Point(x: 1, y: 1), XProbe.Point(x: 1279, y: 799), XProbe.Point(x: 1, y: area.origin.y + 40)] {
            probe.moveAbsolute(x: target.x, y: target.y)
            Thread.sleep(forTimeInterval: 0.05)
            #expect(
                isInside(probe.pointerPosition),
                "\(manager): a move to \(target) leaves the pointer in the window: \(probe.pointerPosition)")
        }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(pose(desktop) != poseBefore, "\(manager): the cursor at the window's edge pans the view")
        probe.moveAbsolute(x: centre.x, y: centre.y)

        // The cursor's shape: a pointing hand over a HUD button.
        seen = game.lines.count
        probe.moveAbsolute(x: area.origin.x + area.width - 12 - 65, y: area.origin.y + 12 + 13)
        #expect(waitForNewLine("cursor: pointer", in: game, after: seen), "\(manager): \(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitUntil { probe.cursorName == "pointer" }, "\(manager): the server shows \(probe.cursorName ?? "no name")")
        probe.moveAbsolute(x: centre.x, y: centre.y)

        // Switching away (the window manager's keys, then `_NET_ACTIVE_WINDOW`) releases the
        // confinement; coming back restores it.
        for byKeys in [true, false] {
            let how = byKeys ? "its switch keys" : "_NET_ACTIVE_WINDOW"
            seen = game.lines.count
            if byKeys { desktop.pressSwitchChord(manager.switchAwayKeys) } else { probe.activate(probe.otherWindow) }
            var released = waitForNewLine("confine: unconfined (unfocused)", in: game, after: seen)
            // A synthetic alt-tab was sometimes missed (openbox about one in 40, when Alt came
            // up before its switcher held the keyboard: the chord now waits for that; mutter
            // under load): pressed again only once the wait is over and the focus has not
            // moved, so a slow window manager does not take both and switch back.
            if !released && byKeys && probe.focusedWindow == gameWindow {
                desktop.pressSwitchChord(manager.switchAwayKeys)
                released = waitForNewLine("confine: unconfined (unfocused)", in: game, after: seen)
            }
            #expect(released, "\(manager), \(how): \(game.lines.dropFirst(seen))")
            #expect(!probe.pointerIsGrabbed, "\(manager), \(how): no grab while away")
            let away = game.lines.count
            if byKeys { desktop.pressSwitchChord(manager.switchBackKeys) } else { probe.activate(gameWindow) }
            var back = waitForNewLine("confine: confined", in: game, after: away)
            if !back && byKeys && probe.focusedWindow != gameWindow {
                desktop.pressSwitchChord(manager.switchBackKeys)
                back = waitForNewLine("confine: confined", in: game, after: away)
            }
            #expect(back, "\(manager), \(how): \(game.lines.dropFirst(seen))")
            #expect(probe.pointerIsGrabbed, "\(manager), \(how): the confinement is back")
            Thread.sleep(forTimeInterval: 0.2)
            // One unconfined run for the focus (i3's own grab while its keys are down can
            // refuse a first attempt coming back: `grab refused: pointer frozen by another
            // client`, retried). A switcher that holds the keyboard past the grace frees the
            // pointer before the focus moves (`keyboard grabbed by another client`), and the
            // confinement may return between its grab and the focus change: a run of its own.
            let changes = stateChanges(in: game, after: seen)
            let reasons = Set(changes.filter { $0.hasPrefix("confine: unconfined") })
            let expected = reasons.filter { $0 == "confine: unconfined (unfocused)" || $0.hasPrefix("confine: unconfined (grab refused") }
            let switcherHeld = reasons.contains("confine: unconfined (keyboard grabbed by another client)")
            #expect(
                reasons.subtracting(expected) == (switcherHeld ? ["confine: unconfined (keyboard grabbed by another client)"] : []),
                "\(manager), \(how): \(changes)")
            let runs = game.confinementRuns(after: seen)
            #expect(runs == [false, true] || (switcherHeld && runs == [false, true, false, true]), "\(manager), \(how): \(changes)")
            #expect(game.lockRuns(after: seen).isEmpty, "\(manager), \(how): no lock between")
        }

        // Confinement to free and back (L), then to the lock (C): one change each.
        seen = game.lines.count
        probe.press(Keysym.l)
        #expect(waitForNewLine("confine: unconfined (preference off)", in: game, after: seen))
        #expect(!probe.pointerIsGrabbed)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        probe.press(Keysym.l)
        #expect(waitForNewLine("confine: confined", in: game, after: seen))
        #expect(probe.pointerIsGrabbed)
        probe.press(Keysym.c)
        #expect(waitForNewLine("lock: locked", in: game, after: seen))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(
            stateChanges(in: game, after: seen) == [
                "confine: unconfined (preference off)", "confine: confined", "lock: locked", "confine: unconfined (preference off)",
            ], "\(manager)")
        #expect(probe.pointerIsGrabbed)
        #expect(probe.cursorIsInvisible == true, "\(manager): the lock hides the cursor again")
        desktop.checkRelativeMotionTurnsTheCamera()
    }

    /// The system outranks the confinement as it does the lock: a screen locker gets the
    /// pointer, and a stopped game frees it (its lock guardian unmaps the window the grab is
    /// confined to); the confinement comes back by itself each time, and says why it was gone.
    @Test(.tags(.timing)) func aLockerAndAStopFreeTheConfinedPointer() throws {
        let server = try XServerFixture(windowManager: nil)
        defer { server.stop() }
        let probe = server.probe
        let game = try LockgameLaunch.startLocked(on: server)
        defer { game.stop() }
        var seen = game.lines.count
        probe.press(Keysym.c)
        #expect(waitForNewLine("confine: confined", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(probe.pointerIsGrabbed)

        let locker = try XProbe(displayName: server.displayName)
        defer { locker.close() }
        seen = game.lines.count
        let waited = locker.actAsScreenLocker(patience: .seconds(1))
        #expect(
            waited.map { SystemOutranksTheGameTests.milliseconds($0) <= SanitizedBuild.milliseconds(500) } == true,
            "the locker got the pointer within 0.5 s: \(String(describing: waited))")
        #expect(
            waitForNewLine("confine: unconfined (keyboard grabbed by another client)", in: game, after: seen),
            "\(game.lines.dropFirst(seen))")
        locker.stopActingAsScreenLocker()
        #expect(waitForNewLine("confine: confined", in: game, after: seen), "the confinement returns: \(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitUntil { probe.pointerIsGrabbed })

        seen = game.lines.count
        let stopped = ContinuousClock.now
        game.send(SIGSTOP)
        let freed = probe.millisecondsUntilPointerIsFree(since: stopped, limit: .seconds(3))
        #expect(freed.map { $0 <= 1500 } == true, "a stopped game's confinement is freed: \(String(describing: freed)) ms")
        game.send(SIGCONT)
        #expect(waitForNewLine("confine: unconfined (suspended: process stopped)", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(waitForNewLine("confine: confined", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitUntil { probe.pointerIsGrabbed })
        #expect(!game.lines.dropFirst(seen).contains("lock: locked"), "the confinement comes back, not the lock")
    }

    /// The named cursors come from the user's theme at the user's size (`XCURSOR_THEME`,
    /// `XCURSOR_SIZE`; Adwaita has 24, 32, 48, 64 and 96), and with no theme at all from the
    /// server's cursor font, still under their CSS names.
    @Test(arguments: [("Adwaita", "24", 24), ("Adwaita", "48", 48), ("Adwaita", "64", 64)])
    func theCursorFollowsTheThemeAndSize(theme: String, size: String, pixels: Int) throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let picture = try pointerOverAButton(on: server, environment: ["XCURSOR_THEME": theme, "XCURSOR_SIZE": size])
        #expect(
            picture?.width == pixels && picture?.height == pixels,
            "\(theme) at \(size): \(String(describing: picture.map { ($0.width, $0.height) }))")
        let doctor = try ChildProcess(
            executable: LockgameLaunch.executable, arguments: ["--doctor", "--display", server.displayName],
            environment: ["XCURSOR_THEME": theme, "XCURSOR_SIZE": size])
        #expect(doctor.waitForExit(timeout: .seconds(10)) == 0)
        #expect(doctor.lines.contains("cursor theme:   \(theme), size \(size)"), "\(doctor.lines)")
    }

    @Test func withoutAThemeTheCursorFontStandsIn() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let picture = try pointerOverAButton(on: server, environment: ["XCURSOR_PATH": "/nonexistent", "XCURSOR_SIZE": "48"])
        #expect(
            picture.map { $0.width > 0 && $0.width < 48 } == true,
            "the cursor font's hand, not a themed one: \(String(describing: picture?.width))")
    }

    /// Starts the game with `environment`, turns on the strategy camera and puts the cursor
    /// over a HUD button; returns the cursor the server then shows.
    private func pointerOverAButton(on server: XServerFixture, environment: [String: String]) throws -> XProbe.CursorPicture? {
        let probe = server.probe
        let game = try LockgameLaunch.startLocked(on: server, environment: environment)
        defer { game.stop() }
        let window = try #require(probe.waitForWindow(titled: "lockgame"))
        let area = probe.frame(of: window)
        let seen = game.lines.count
        probe.press(Keysym.c)
        #expect(waitForNewLine("confine: confined", in: game, after: seen))
        // The strategy camera centres the cursor; a move sent before the server carried out
        // that warp would be undone by it.
        #expect(waitForNewLine("cursor: centred", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        let centre = XProbe.Point(x: area.origin.x + area.width / 2, y: area.origin.y + area.height / 2)
        #expect(LockgameLaunch.waitUntil { probe.pointerPosition == centre }, "centred at \(centre): \(probe.pointerPosition)")
        probe.moveAbsolute(x: area.origin.x + area.width - 12 - 65, y: area.origin.y + 12 + 13)
        #expect(waitForNewLine("cursor: pointer", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitUntil { probe.cursorName == "pointer" }, "named by its CSS name, whatever drew it")
        return probe.cursorPicture
    }

    private func waitForNewLine(_ line: String, in game: ChildProcess, after seen: Int) -> Bool {
        LockgameLaunch.waitForNewLine(line, in: game, after: seen)
    }

    /// The `lock:` and `confine:` lines printed after the first `seen`.
    private func stateChanges(in game: ChildProcess, after seen: Int) -> [String] {
        game.lines.dropFirst(seen).filter { $0.hasPrefix("lock: ") || $0.hasPrefix("confine: ") }
    }

    /// The camera's pose as the game copies it (Ctrl+C).
    private func pose(_ desktop: DesktopSession) -> String? {
        guard let game = desktop.game else { return nil }
        let seen = game.lines.count
        desktop.probe.press(Keysym.c, with: [Keysym.controlL])
        let prefix = "clipboard: copied lockgame pose"
        _ = LockgameLaunch.waitUntil(timeout: .seconds(3)) { game.lines.dropFirst(seen).contains { $0.hasPrefix(prefix) } }
        return game.lines.dropFirst(seen).first { $0.hasPrefix(prefix) }
    }
}
