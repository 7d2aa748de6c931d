import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The real `lockgame` on Xwayland under a headless Wayland compositor, driven by a virtual
/// pointer on the Wayland side and XTest keys on the X side. What X holds comes from a second
/// X client's grab (confined to the root window), what the compositor holds from its log
/// (`constrained` / `unconstrained` / `destroying constraint`), what the game believes from its
/// log lines and its camera pose (Ctrl+C). Runs alone: walking in allows 150 ms a step, and
/// with another test worker beside it mutter's first crossing was missed.
@Suite(.serialized, .tags(.integration, .compositor, .timing)) struct XwaylandTests {
    @Test func underSwayTheLockMotionAndFocusAreRight() throws {
        let sway = try SwayFixture()
        defer { sway.stop() }
        let probe = sway.probe
        sway.moveAbsolute(x: 640, y: 360)
        let game = try ChildProcess(
            executable: LockgameLaunch.executable, arguments: ["--assets", HeadlessTests.assets],
            environment: ["DISPLAY": sway.displayName])
        defer { game.stop() }
        let session = XwaylandSession(game: game, probe: probe, compositorLog: { sway.compositorLog })

        #expect(game.waitForLine(timeout: .seconds(15)) { $0 == "lock: locked" } != nil, "lock at start: \(game.lines)")
        #expect(probe.pointerIsGrabbed, "X holds the grab")
        #expect(
            LockgameLaunch.waitUntil { session.compositorLog().contains { $0.contains("new locked_pointer") } && sway.compositorHoldsLock },
            "the grab is the compositor's pointer lock, in force")
        let gameWindow = try #require(probe.waitForWindow(titled: "lockgame"))

        // Exact motion: counts and sub-pixel steps, all from Xwayland's relative-pointer device.
        var yaw = try #require(session.yaw())
        for _ in 0..<200 { sway.moveRelative(dx: 1, dy: 0) }
        try session.expectYaw(yaw + 20, "200 counts of +1 turn the camera 20.00°")
        yaw += 20
        for _ in 0..<40 { sway.moveRelative(dx: 0.25, dy: 0) }
        try session.expectYaw(yaw + 1, "40 steps of 0.25 turn it 1.00°")
        yaw += 1

        try session.checkLAndTheAlert(yaw: yaw) { sway.moveRelative(dx: 5, dy: 0) }

        // Focus to another X window and back.
        var seen = game.lines.count
        probe.showOtherWindow()
        #expect(session.waitForLine("lock: unlocked (unfocused)", after: seen), "a new X window takes the focus: \(game.lines.suffix(3))")
        #expect(!probe.pointerIsGrabbed)
        #expect(LockgameLaunch.waitUntil { !sway.compositorHoldsLock }, "the compositor's lock ends with the X grab")
        seen = game.lines.count
        sway.swaymsg(["[title=\"^lockgame$\"]", "focus"])
        session.bringThePointerIn(after: seen) {
            let area = probe.frame(of: gameWindow)
            sway.moveAbsolute(x: Int(area.origin.x + area.width / 2), y: Int(area.origin.y + area.height / 2))
        }
        try session.expectYaw(yaw, "no jump after the focus returns from an X window")
        probe.closeOtherWindow()

        // Focus to a native Wayland window, cursor walked onto it in steps of 20 counts.
        seen = game.lines.count
        let terminal = try sway.startWaylandWindow(title: "footmouse")
        // foot's own signal that its window is up and reports the mouse (see MouseReportingTerminal).
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(15)) { terminal.isReady },
            "foot turns mouse reporting on: \(sway.compositorLog.filter { $0.contains("foot") }.suffix(5))")
        #expect(session.waitForLine("lock: unlocked (unfocused)", after: seen), "the Wayland window takes the focus")
        #expect(!probe.pointerIsGrabbed)
        // The compositor ends its lock a moment after the X ungrab; until then the cursor does
        // not move and the walk below would never reach foot.
        #expect(LockgameLaunch.waitUntil { !sway.compositorHoldsLock }, "the compositor's lock ends with the X grab")
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(5)) { sway.windowRectangles()["footmouse"] != nil })
        let windows = sway.windowRectangles()
        let foot = try #require(windows["footmouse"]), shown = try #require(windows["lockgame"])
        let towardsFoot: Double = foot.x < shown.x ? -20 : 20
        for _ in 0..<45 { sway.moveRelative(dx: towardsFoot, dy: 0) }
        let footHeard = LockgameLaunch.waitUntil(timeout: .seconds(3)) { terminal.heardThePointer }
        #expect(
            footHeard,
            """
            the cursor is on the Wayland window: it receives mouse reports (X pointer \(probe.pointerPosition), \
            constraints \(sway.compositorLog.filter { $0.contains("constrain") || $0.contains("locked_pointer") }.suffix(6)), \
            heard 2 s later: \(LockgameLaunch.waitUntil(timeout: .seconds(2)) { terminal.heardThePointer }))
            """)
        seen = game.lines.count
        sway.swaymsg(["[title=\"^lockgame$\"]", "focus"])
        #expect(
            session.waitForLine("lock: unlocked (pointer outside the window)", after: seen),
            "with the cursor on the Wayland window the game waits for the pointer: \(game.lines.suffix(3))")
        #expect(!probe.pointerIsGrabbed, "no grab the compositor would not honour")
        try session.expectYaw(yaw, "motion outside the lock does not turn the camera")
        // Back in step by step, stopping once the lock engages: steps after that are locked
        // motion the player makes, not a jump.
        seen = game.lines.count
        session.walkUntilLocked(after: seen) { sway.moveRelative(dx: -towardsFoot, dy: 0) }
        #expect(probe.pointerIsGrabbed)
        #expect(LockgameLaunch.waitUntil { sway.compositorHoldsLock }, "the compositor locks too")
        try session.expectYaw(yaw, "no jump after the focus returns from a Wayland window (stepped)")

        // The same with one absolute move onto the Wayland window (a tablet, a VM's pointer).
        seen = game.lines.count
        sway.swaymsg(["[title=\"^footmouse$\"]", "focus"])
        #expect(session.waitForLine("lock: unlocked (unfocused)", after: seen))
        // As above: while the compositor still holds its lock, the move would not take the
        // cursor off the game.
        #expect(LockgameLaunch.waitUntil { !sway.compositorHoldsLock }, "the compositor's lock ends with the X grab")
        sway.moveAbsolute(x: foot.x + foot.width / 2, y: foot.y + foot.height / 2)
        seen = game.lines.count
        sway.swaymsg(["[title=\"^lockgame$\"]", "focus"])
        #expect(session.waitForLine("lock: unlocked (pointer outside the window)", after: seen))
        seen = game.lines.count
        let inside = (x: shown.x + shown.width / 2, y: shown.y + shown.height / 2)
        let movedAt = ContinuousClock.now
        sway.moveAbsolute(x: inside.x, y: inside.y)
        // The time the lock took, the X pointer and the layout, for a failure (a run locks
        // within 25 ms; a cursor left on the game by the compositor's lock showed as none here).
        let locked = session.waitForLine("lock: locked", after: seen, timeout: .seconds(15))
        print(
            "absolute move onto the game at \(inside), locked: \(locked) after \(ContinuousClock.now - movedAt),",
            "X pointer at \(probe.pointerPosition), windows \(windows)")
        #expect(locked, "moved in with one absolute move, the lock engages: \(game.lines.suffix(4)), X pointer at \(probe.pointerPosition)")
        try session.expectYaw(yaw, "no jump after the focus returns from a Wayland window (absolute)")
        for _ in 0..<10 { sway.moveRelative(dx: 10, dy: 0) }
        try session.expectYaw(yaw + 10, "and motion after it is exact")
        yaw += 10

        // Where the cursor goes: L puts the compositor's cursor back where the lock began.
        session.press(Keysym.l, expecting: "lock: unlocked (preference off)")
        sway.moveAbsolute(x: inside.x, y: inside.y)
        session.press(Keysym.l, expecting: "lock: locked")
        for _ in 0..<5 { sway.moveRelative(dx: 15, dy: 10) }
        session.press(Keysym.l, expecting: "lock: unlocked (preference off)")
        sway.moveRelative(dx: 1, dy: 0)  // the compositor's cursor, as X sees it after one count
        #expect(
            LockgameLaunch.waitUntil { probe.pointerPosition == XProbe.Point(x: Int32(inside.x + 1), y: Int32(inside.y)) },
            "the compositor's cursor is back where the lock began: \(probe.pointerPosition), not \(inside)")

        // Q: no grab, no constraint, the cursor put back by the game (X's copy: the window is
        // gone, so the compositor's cursor no longer shows through X).
        let lockBegan = probe.pointerPosition
        session.press(Keysym.l, expecting: "lock: locked")
        for _ in 0..<5 { sway.moveRelative(dx: -15, dy: 10) }
        #expect(LockgameLaunch.waitUntil { probe.pointerPosition != lockBegan })
        let constraintsBefore = session.compositorLog().filter { $0.contains("destroying constraint") }.count
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
        #expect(!probe.pointerIsGrabbed)
        #expect(
            LockgameLaunch.waitUntil { session.compositorLog().filter { $0.contains("destroying constraint") }.count > constraintsBefore },
            "the compositor's lock ends with the game")
        #expect(probe.pointerPosition == lockBegan, "quitting put the cursor back at \(lockBegan): \(probe.pointerPosition)")
        #expect(LockgameLaunch.waitUntil { !sway.compositorHoldsLock })

        let doctor = try DesktopMatrixTests.doctor(display: sway.displayName)
        #expect(doctor.contains("XWayland:       yes"), "\(doctor)")
        #expect(doctor.contains { $0.hasPrefix("Xwayland: locked motion comes from xwayland-relative-pointer") }, "\(doctor)")
    }
}

extension XwaylandTests {
    /// The game under GNOME's or KDE's compositor, started with the cursor at `start`: by
    /// default parked outside its window, in the top-left corner.
    static func start(_ desktop: GnomeKDEFixture, cursorAt start: (x: Int, y: Int) = (2, 2)) throws -> (ChildProcess, XwaylandSession) {
        desktop.moveTo(x: start.x, y: start.y)
        let game = try ChildProcess(
            executable: LockgameLaunch.executable, arguments: ["--assets", HeadlessTests.assets],
            environment: desktop.xEnvironment)
        return (game, XwaylandSession(game: game, probe: desktop.probe, compositorLog: { [] }))
    }

    /// A native Wayland window takes the focus; the cursor is walked onto it in steps, the game
    /// is activated again; then the same with the cursor put onto a new Wayland window in one
    /// move. The lock returns without a jump each time.
    static func focusToAWaylandWindowAndBack(
        _ desktop: GnomeKDEFixture, session: XwaylandSession, gameWindow: UInt,
        yaw: Double
    ) throws {
        let probe = desktop.probe
        var seen = session.game.lines.count
        // A native Wayland window takes the focus; the cursor is walked onto it in steps. The
        // window closes before the second part, whose move must land on the game or the second one.
        do {
            let (wayland, heard, timesATyped) = try desktop.startWaylandWindow(title: "waylandwindow")
            defer { wayland.stop() }
            #expect(
                session.waitForLine("lock: unlocked (unfocused)", after: seen),
                "the Wayland window takes the focus: \(session.game.lines.suffix(3))")
            #expect(!probe.pointerIsGrabbed)
            // The compositor placed the new window where it likes: the cursor sweeps rows of the
            // screen in steps of 20 until the window reports it.
            let sweep = ContinuousClock.now + .seconds(10)
            sweeping: while ContinuousClock.now < sweep {
                for row in [360, 200, 520, 100, 640] {
                    desktop.moveTo(x: 20, y: row)
                    for _ in 0..<62 {
                        if heard() { break sweeping }
                        desktop.moveRelative(dx: 20, dy: 0)
                    }
                }
            }
            #expect(heard(), "the cursor is on the Wayland window: it receives the pointer")
            // Steps of the sweep still on their way would carry the cursor on, onto the game once
            // it has the focus again, and the move in below would then count as locked motion
            // (a 76° turn in 1 of 5 stress runs): the cursor is parked off the game (see
            // ``parkTheCursor(_:sourceLocation:)``), and the key typed after the moves has to
            // arrive first.
            desktop.moveTo(x: parkingSpot.x, y: parkingSpot.y)
            settleInput(desktop, typingInto: timesATyped)
            seen = session.game.lines.count
            probe.activate(gameWindow)
            session.bringThePointerIn(after: seen) { desktop.moveTo(x: 640, y: 360) }
            try session.expectYaw(yaw, "no jump after the focus returns from a Wayland window (stepped)")
        }

        // Again, with the cursor put onto a new Wayland window in one move.
        seen = session.game.lines.count
        let (second, _, timesATyped) = try desktop.startWaylandWindow(title: "waylandwindow2")
        defer { second.stop() }
        #expect(session.waitForLine("lock: unlocked (unfocused)", after: seen), "\(session.game.lines.suffix(3))")
        desktop.moveTo(x: 660, y: 380)
        // The move reaches the compositor's seat after its call returned; one still on its way
        // when the game locks again turns the camera (mutter's is relative: -5000, -5000, then
        // 660, 380; seen once, a 76° turn). The cursor is parked off the game, as above.
        desktop.moveTo(x: parkingSpot.x, y: parkingSpot.y)
        settleInput(desktop, typingInto: timesATyped)
        seen = session.game.lines.count
        probe.activate(gameWindow)
        session.bringThePointerIn(after: seen) { desktop.moveTo(x: 640, y: 360) }
        try session.expectYaw(yaw, "no jump after the focus returns from a Wayland window (one move)")
    }

    /// Where ``parkTheCursor(_:sourceLocation:)`` leaves the cursor: the bottom-right corner,
    /// which neither compositor puts the game or the other windows over.
    static let parkingSpot = (x: 1278, y: 718)

    /// Parks the cursor in the bottom-right corner, off the game and the other windows, while
    /// another window has the focus, and waits until X has seen it leave its windows. A cursor
    /// left where the game is raised again hears of the game only a moment after the game has
    /// said the pointer is outside; a move in sent meanwhile counts as the player's motion once
    /// that late entry locks (mutter's move in is two motions, -5000, -5000 and then 640, 360:
    /// the lock came between them, a 64° turn, in 1 of 3 loaded runs; the cursor had stayed
    /// where the walk in had locked, near the game's top-left corner, under the X window that
    /// mutter puts in the screen's). Parked, the cursor meets the game only by the move in,
    /// which then locks where it ends.
    /// A compositor still ending the game's lock takes the move as locked motion and leaves its
    /// cursor in place (under load, mutter once did): the move is made again until X sees it.
    static func parkTheCursor(_ desktop: GnomeKDEFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        let parked = LockgameLaunch.waitUntil(timeout: .seconds(10)) {
            desktop.moveTo(x: parkingSpot.x, y: parkingSpot.y)
            return BoundedWait.until(timeout: .milliseconds(500)) { !desktop.probe.pointerIsOverAWindow }
        }
        #expect(parked, "the cursor is parked off the X windows: at \(desktop.probe.pointerPosition)", sourceLocation: sourceLocation)
    }

    /// Waits until the compositor's seat has handled the input sent so far: a key typed into
    /// the focused Wayland window comes through the same seat, in order, so once the window has
    /// it (`timesATyped` counts it) every move before it has gone where it goes.
    static func settleInput(
        _ desktop: GnomeKDEFixture, typingInto timesATyped: () -> Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = timesATyped()
        desktop.key(30, down: true)  // KEY_A
        desktop.key(30, down: false)
        #expect(
            BoundedWait.until(timeout: .seconds(5)) { timesATyped() > before },
            "the Wayland window has the key typed after the moves", sourceLocation: sourceLocation)
    }

    /// GameInput attached to SDL2's window (`Examples/sdl2-attach`) under Xwayland: the grab
    /// on the host's window becomes the compositor's pointer lock, and relative motion from
    /// Xwayland's relative-pointer device turns the view exactly.
    @Test func underSwayTheLockOnAnSDLWindowIsTheCompositorsToo() throws {
        let executable = try ExamplePackageTests.build("sdl2-attach")
        let sway = try SwayFixture()
        defer { sway.stop() }
        let probe = sway.probe
        sway.moveAbsolute(x: 640, y: 360)
        let game = try ChildProcess(
            executable: executable, arguments: [], environment: ["DISPLAY": sway.displayName, "SDL_VIDEODRIVER": "x11"])
        defer { game.stop() }
        if game.waitForLine(timeout: .seconds(15), where: { $0 == "lock: locked" }) == nil {
            // The window appeared under the cursor without motion: the first count brings the lock.
            sway.moveRelative(dx: 1, dy: 0)
        }
        #expect(game.waitForLine(timeout: .seconds(5)) { $0 == "lock: locked" } != nil, "\(game.lines)")
        #expect(probe.pointerIsGrabbed, "X holds the grab")
        #expect(LockgameLaunch.waitUntil { sway.compositorHoldsLock }, "the grab is the compositor's pointer lock, in force")
        let seen = game.lines.count
        for _ in 0..<200 { sway.moveRelative(dx: 1, dy: 0) }
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) {
                game.lines.dropFirst(seen).contains { line in
                    line.hasPrefix("camera yaw 20.0") || line.hasPrefix("camera yaw 20.1")
                }
            }, "200 counts turn the view 20 degrees (one count may have brought the lock): \(game.lines.suffix(3))")
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0, "\(game.lines.suffix(3))")
        #expect(LockgameLaunch.waitUntil { !sway.compositorHoldsLock }, "the compositor's lock ends with the X grab")
        #expect(!game.lines.contains { $0.contains("X Error") || $0.contains("X protocol error") }, "\(game.lines)")
    }

    /// Started with the cursor where the window appears, the lock engages at once (mutter
    /// reports motion when the window maps) or at the first count of motion (KWin reports none:
    /// until the pointer moves, the game cannot tell the compositor's cursor is there), and it
    /// is the compositor's lock: motion is exact and the cursor stays.
    @Test(arguments: GnomeKDEFixture.Compositor.allCases)
    func startedWithTheCursorInsideTheLockEngagesByTheFirstMotion(_ compositor: GnomeKDEFixture.Compositor) throws {
        let desktop = try GnomeKDEFixture(compositor)
        defer { desktop.stop() }
        let (game, session) = try Self.start(desktop, cursorAt: (640, 360))
        defer { game.stop() }
        if game.waitForLine(timeout: .seconds(8), where: { $0 == "lock: locked" }) == nil {
            #expect(game.lines.last { $0.hasPrefix("lock: ") } == "lock: unlocked (pointer outside the window)", "\(game.lines)")
            desktop.moveRelative(dx: 1, dy: 0)
        }
        #expect(session.waitForLine("lock: locked", after: 0), "\(compositor): locked by the first motion: \(game.lines)")
        #expect(desktop.probe.pointerIsGrabbed)
        let yaw = try #require(session.yaw())
        for _ in 0..<10 { desktop.moveRelative(dx: -100, dy: 0) }
        try session.expectYaw(yaw - 100, "\(compositor): the compositor's lock holds: 1000 counts towards the edge all arrive")
        desktop.probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
    }

    /// mutter and KWin lock an X grab only if their pointer is on the window when the grab
    /// starts. Started with the cursor outside, the game claims no lock, holds no grab and
    /// turns on no motion: the state says why.
    @Test(arguments: GnomeKDEFixture.Compositor.allCases)
    func startedWithTheCursorOutsideTheGameSaysWhyAndHoldsNothing(_ compositor: GnomeKDEFixture.Compositor) throws {
        let desktop = try GnomeKDEFixture(compositor)
        defer { desktop.stop() }
        let (game, session) = try Self.start(desktop)
        defer { game.stop() }
        #expect(
            game.waitForLine(timeout: .seconds(15)) { $0 == "lock: unlocked (pointer outside the window)" } != nil,
            "\(compositor): the game says why it is not locked: \(game.lines)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!game.lines.contains("lock: locked"), "\(compositor): never locked without the compositor's lock")
        #expect(!desktop.probe.pointerIsGrabbed)
        let beforeCopy = game.lines.count
        let yaw = try #require(session.yaw(), "\(compositor): the game has the keyboard focus")
        session.keepThePointerOutside(since: beforeCopy, desktop)
        for _ in 0..<5 { desktop.moveRelative(dx: 0, dy: 10) }
        try session.expectYaw(yaw, "\(compositor): motion outside the window does not turn the camera")
        desktop.probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
    }

    /// Moved in, the lock engages on entering, without a jump, and is the compositor's (motion
    /// far past the window's edge all arrives); L, the alert, a re-lock from outside (walked in
    /// across the edge), the focus going to another X window and to native Wayland windows
    /// and back, the compositor's Alt+Tab, and where the cursor goes after L and Q. The first
    /// entry is one move onto the window's centre: mutter 43 leaves about one lock in three
    /// un-enabled when the cursor walks in across the side edge (see the Xwayland notes in the
    /// README); the re-lock walked in across the edge checks the game's side only.
    @Test(arguments: GnomeKDEFixture.Compositor.allCases)
    func movedInTheLockEngagesAndHolds(_ compositor: GnomeKDEFixture.Compositor) throws {
        let desktop = try GnomeKDEFixture(compositor)
        defer { desktop.stop() }
        let probe = desktop.probe
        let (game, session) = try Self.start(desktop)
        defer { game.stop() }
        #expect(game.waitForLine(timeout: .seconds(15)) { $0 == "lock: unlocked (pointer outside the window)" } != nil, "\(game.lines)")
        let gameWindow = try #require(probe.waitForWindow(titled: "lockgame"))
        let beforeCopy = game.lines.count
        var yaw = try #require(session.yaw())
        session.keepThePointerOutside(since: beforeCopy, desktop)

        var seen = game.lines.count
        desktop.moveTo(x: 640, y: 360)
        #expect(session.waitForLine("lock: locked", after: seen), "moved in, the lock engages: \(game.lines)")
        #expect(probe.pointerIsGrabbed, "X holds the grab")
        try session.expectYaw(yaw, "no jump when the lock engages")
        for _ in 0..<10 { desktop.moveRelative(dx: -100, dy: 0) }
        try session.expectYaw(yaw - 100, "the compositor's lock holds: 1000 counts towards the edge all arrive")
        yaw -= 100
        for _ in 0..<40 { desktop.moveRelative(dx: 0.25, dy: 0) }
        try session.expectYaw(yaw + 1, "sub-pixel steps are exact")
        yaw += 1

        try session.checkLAndTheAlert(yaw: yaw) { desktop.moveRelative(dx: 5, dy: 0) }

        session.unlockWithThePointerOutside(desktop)
        #expect(!probe.pointerIsGrabbed, "no grab the compositor would not honour")
        seen = game.lines.count
        session.walkUntilLocked(after: seen) { desktop.moveRelative(dx: 10, dy: 6) }
        try session.expectYaw(yaw, "no jump after a re-lock from outside")

        seen = game.lines.count
        probe.showOtherWindow()
        #expect(session.waitForLine("lock: unlocked (unfocused)", after: seen), "\(game.lines.suffix(3))")
        #expect(!probe.pointerIsGrabbed)
        Self.parkTheCursor(desktop)
        seen = game.lines.count
        probe.activate(gameWindow)
        session.bringThePointerIn(after: seen) { desktop.moveTo(x: 640, y: 360) }
        try session.expectYaw(yaw, "no jump after the focus returns from an X window")

        // The compositor's Alt+Tab: one release, one re-lock, no jump.
        seen = game.lines.count
        desktop.pressAltTab()
        #expect(session.waitForLine("lock: unlocked (unfocused)", after: seen), "Alt+Tab releases: \(game.lines.suffix(3))")
        #expect(!probe.pointerIsGrabbed)
        Self.parkTheCursor(desktop)
        desktop.pressAltTab()
        session.bringThePointerIn(after: seen) { desktop.moveTo(x: 640, y: 360) }
        try session.expectYaw(yaw, "no jump after Alt+Tab back")
        let runs = game.lines.dropFirst(seen).filter { $0.hasPrefix("lock: ") }.map { $0 == "lock: locked" }
        #expect(
            runs.reduce(into: [Bool]()) { if $0.last != $1 { $0.append($1) } } == [false, true],
            "one unlocked run and one locked run: \(game.lines.dropFirst(seen).filter { $0.hasPrefix("lock: ") })")
        probe.closeOtherWindow()

        try Self.focusToAWaylandWindowAndBack(desktop, session: session, gameWindow: gameWindow, yaw: yaw)
        for _ in 0..<10 { desktop.moveRelative(dx: 10, dy: 0) }
        try session.expectYaw(yaw + 10, "motion after it is exact")
        yaw += 10

        // L puts the compositor's cursor back where the lock began: one count of motion after
        // the unlock shows it through X (within mutter's rounding of the hint).
        session.press(Keysym.l, expecting: "lock: unlocked (preference off)")
        session.letTheCompositorUnlock()
        session.press(Keysym.l, expecting: "lock: locked")
        var lockBegan = probe.pointerPosition
        for _ in 0..<5 { desktop.moveRelative(dx: -15, dy: 10) }
        #expect(LockgameLaunch.waitUntil { probe.pointerPosition != lockBegan }, "the hidden pointer moved")
        // All five reach the game before L: one still on its way when the lock ends moves the
        // cursor (under load the last one did, 14 pixels off the hint).
        yaw -= 7.5
        try session.expectYaw(yaw, "the locked moves all arrive")
        session.press(Keysym.l, expecting: "lock: unlocked (preference off)")
        session.letTheCompositorUnlock()
        desktop.moveRelative(dx: 1, dy: 0)
        let afterL = probe.pointerPosition
        #expect(
            abs(afterL.x - (lockBegan.x + 1)) <= 1 && abs(afterL.y - lockBegan.y) <= 1,
            "after L the compositor's cursor is back at \(lockBegan) (one count later: \(afterL))")

        session.press(Keysym.l, expecting: "lock: locked")
        lockBegan = probe.pointerPosition
        for _ in 0..<5 { desktop.moveRelative(dx: -15, dy: 10) }
        #expect(LockgameLaunch.waitUntil { probe.pointerPosition != lockBegan }, "the hidden pointer moved")
        yaw -= 7.5
        try session.expectYaw(yaw, "the locked moves all arrive before Q")
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
        #expect(!probe.pointerIsGrabbed, "no grab after Q")
        // The compositor moves its cursor to the hint when the lock ends, and X then follows
        // it: mutter rounds the hint's surface coordinates, which can land one pixel off.
        let end = probe.pointerPosition
        #expect(
            abs(end.x - lockBegan.x) <= 1 && abs(end.y - lockBegan.y) <= 1,
            "quitting put the pointer back at \(lockBegan): \(end)")
    }
}

/// The game's side of an Xwayland test: its log lines, its pose and the keys the probe sends.
struct XwaylandSession {
    let game: ChildProcess
    let probe: XProbe
    let compositorLog: () -> [String]

    func waitForLine(_ line: String, after seen: Int, timeout: Duration = .seconds(5)) -> Bool {
        LockgameLaunch.waitForNewLine(line, in: game, after: seen, timeout: timeout)
    }

    /// Presses `keysym` (XTest reaches the X window the compositor focused) and waits for `line`.
    func press(_ keysym: UInt32, expecting line: String) {
        let seen = game.lines.count
        probe.press(keysym)
        #expect(waitForLine(line, after: seen), "after key 0x\(String(keysym, radix: 16)): \(Array(game.lines.dropFirst(seen)))")
    }

    /// The camera's yaw as the game copies its pose.
    func yaw() -> Double? {
        let seen = game.lines.count
        let prefix = "clipboard: copied lockgame pose"
        func copied(within timeout: Duration) -> Bool {
            let pressed = game.lines.count
            probe.press(Keysym.c, with: [Keysym.controlL])
            let answered = LockgameLaunch.waitUntil(timeout: timeout) { game.lines.dropFirst(seen).contains { $0.hasPrefix(prefix) } }
            // The C without its Control (seen once under a loaded KWin just started: Xwayland
            // takes the modifiers the compositor sends with its keyboard focus, which knows
            // nothing of XTest's Control) is the strategy camera: C again gives the lock back.
            if !answered, game.lines.dropFirst(pressed).contains("confine: confined") {
                let undone = game.lines.count
                probe.press(Keysym.c)
                #expect(
                    LockgameLaunch.waitUntil { game.lines.dropFirst(undone).contains { $0.hasPrefix("confine: unconfined") } },
                    "a plain C undone: \(Array(game.lines.dropFirst(undone)))")
            }
            return answered
        }
        // Copying is idempotent: once more if the first press went unanswered (a busy KWin,
        // just started, had not yet given the game the keyboard once in a loaded run).
        guard copied(within: .seconds(3)) || copied(within: .seconds(10)),
            let line = game.lines.dropFirst(seen).first(where: { $0.hasPrefix(prefix) })
        else { return nil }
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "yaw"), index + 1 < words.count else { return nil }
        return Double(words[index + 1])
    }

    /// Expects the yaw to read `expected` (to the hundredth the pose shows, the angle taken on
    /// the circle) within 3 s: motion injected on the Wayland side reaches the game through the
    /// compositor and Xwayland, and may come after an XTest key sent later.
    func expectYaw(_ expected: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var actual: Double?
        var difference = Double.infinity
        let deadline = ContinuousClock.now + .seconds(3)
        repeat {
            actual = yaw()
            if let actual { difference = abs((actual - expected + 540).truncatingRemainder(dividingBy: 360) - 180) }
        } while difference >= 0.011 && ContinuousClock.now < deadline
        let read = try #require(actual, "the game copies its pose", sourceLocation: sourceLocation)
        #expect(difference < 0.011, "\(what): yaw \(read), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// L releases (no grab; motion while unlocked, made by `move`, turns nothing) and locks
    /// again without a jump; the alert (N) releases and Return brings the lock back, no jump.
    func checkLAndTheAlert(yaw: Double, move: () -> Void, sourceLocation: SourceLocation = #_sourceLocation) throws {
        press(Keysym.l, expecting: "lock: unlocked (preference off)")
        #expect(!probe.pointerIsGrabbed, sourceLocation: sourceLocation)
        let before = probe.pointerPosition
        for _ in 0..<5 { move() }
        // The moves reach X through the compositor and Xwayland, later than XTest's L under
        // load (one once arrived after the re-lock and turned the camera): L waits until X's
        // pointer has moved and come to rest.
        var last = before
        _ = BoundedWait.steadily(for: .milliseconds(200), timeout: .seconds(3)) {
            let now = probe.pointerPosition
            defer { last = now }
            return now == last && now != before
        }
        press(Keysym.l, expecting: "lock: locked")
        #expect(probe.pointerIsGrabbed, sourceLocation: sourceLocation)
        try expectYaw(yaw, "no turn while unlocked and no jump after L", sourceLocation: sourceLocation)
        press(0x006E, expecting: "lock: unlocked (alert presented)")  // N
        #expect(!probe.pointerIsGrabbed, sourceLocation: sourceLocation)
        press(0xFF0D, expecting: "lock: locked")  // Return
        try expectYaw(yaw, "no jump after the alert", sourceLocation: sourceLocation)
    }

    /// L off, the pointer moved out of the X windows, L on: the game unlocked because the
    /// pointer is outside. The compositor ends its lock and applies the moves on its own time
    /// (under load, L once came first and the lock engaged inside the window): the cursor goes
    /// onto the window and off it (a crossing even where X alone had moved its pointer in)
    /// until X has seen it leave, so the crossing reaches the game before L does.
    func unlockWithThePointerOutside(_ desktop: GnomeKDEFixture, sourceLocation: SourceLocation = #_sourceLocation) {
        press(Keysym.l, expecting: "lock: unlocked (preference off)")
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(10)) {
                desktop.moveTo(x: 640, y: 360)
                desktop.moveTo(x: 2, y: 2)
                return BoundedWait.until(timeout: .milliseconds(300)) { !probe.pointerIsOverAWindow }
            }, "the pointer leaves the X windows", sourceLocation: sourceLocation)
        press(Keysym.l, expecting: "lock: unlocked (pointer outside the window)")
    }

    /// A test that starts with the pointer outside keeps it so when the pose copy's plain C
    /// (see ``yaw()``) showed the strategy camera: it centres the cursor on the window, and
    /// with the C undone the lock engages there.
    func keepThePointerOutside(since seen: Int, _ desktop: GnomeKDEFixture) {
        guard game.lines.dropFirst(seen).contains("lock: locked") else { return }
        unlockWithThePointerOutside(desktop)
    }

    /// After the focus came back: the lock returns at once if the cursor is on the game, or
    /// once `moveIn` puts it there.
    /// `moveIn` waits for the game's verdict on the focus (locked, or the pointer outside the
    /// window): a move made while a late lock is on its way counts as locked motion (under
    /// load, a focus that took more than the 2 s once waited for brought a lock just after
    /// mutter's move began: -5000 and 640 counts, a 76° turn).
    /// A loaded mutter takes its cursor off the game at times a moment after the focus came
    /// back and the game had locked (it was still restacking): the game says so and X's grab
    /// ends with it, both as they should; the cursor then goes in again.
    func bringThePointerIn(after seen: Int, moveIn: () -> Void) {
        let outside = "lock: unlocked (pointer outside the window)"
        let verdict = LockgameLaunch.waitUntil(timeout: .seconds(10)) {
            game.lines.dropFirst(seen).contains { $0 == "lock: locked" || $0 == outside }
        }
        if !verdict || game.lines.dropFirst(seen).last(where: { $0.hasPrefix("lock: ") }) == outside { moveIn() }
        #expect(waitForLine("lock: locked", after: seen), "the focus back re-locks: \(Array(game.lines.dropFirst(seen)))")
        let lockLines = { game.lines.dropFirst(seen).filter { $0.hasPrefix("lock: ") } }
        // mutter takes its cursor off at times a moment after a lock (twice in a row in 1 of 5
        // stress runs, and once after the two had agreed): the lock counts once the game's
        // word and X's grab have agreed on it for 0.5 s; the game lets go of the grab before
        // it says why, so they disagree for a moment then. Up to three times in.
        var agree = false
        for _ in 0..<3 {
            agree = BoundedWait.steadily(for: .milliseconds(500), timeout: .seconds(3)) {
                lockLines().last == "lock: locked" && probe.pointerIsGrabbed
            }
            guard !agree, lockLines().last == outside else { break }
            let again = game.lines.count
            moveIn()
            #expect(waitForLine("lock: locked", after: again), "in again, the lock engages: \(Array(game.lines.dropFirst(seen)))")
        }
        #expect(agree, "X holds the lock the game reports: \(Array(game.lines.dropFirst(seen)))")
    }

    /// The game's ungrab has reached the X server when it reports the unlock; Xwayland then
    /// asks the compositor to end its lock, which takes a moment: until then the compositor
    /// still holds its cursor in place.
    func letTheCompositorUnlock() {
        Thread.sleep(forTimeInterval: 0.3)
    }

    /// Takes `step` until the lock engages (at most 200 steps), stopping at once: steps after
    /// that would be locked motion the player makes. Each step waits 150 ms for the lock (times
    /// ``SanitizedBuild/timeScale``: a sanitized game answers later, and a step taken before its
    /// answer would count as locked motion).
    func walkUntilLocked(after seen: Int, step: () -> Void) {
        let patience = Duration.milliseconds(Int(SanitizedBuild.milliseconds(150)))
        for _ in 0..<200 where !waitForLine("lock: locked", after: seen, timeout: patience) { step() }
        #expect(waitForLine("lock: locked", after: seen), "walking in locks: \(Array(game.lines.dropFirst(seen)))")
    }
}
