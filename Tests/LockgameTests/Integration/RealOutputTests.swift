import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The real `lockgame` on Xorg with the dummy driver and two real RandR outputs, `DUMMY0`
/// (1024x768 at 60 Hz, primary, left) and `DUMMY1` (800x600, the driver's first mode of that size, 85.14 Hz, right): outputs with CRTCs and
/// modes, which window managers build their own monitors from, where Xvfb has one output and
/// client-defined monitors. `--doctor` agrees with `xrandr` (monitors and refresh rates);
/// `--monitor 1` fills exactly the second output under openbox, i3, kwin_x11 and mutter and
/// without a window manager, read by a second client; the lock keeps the pointer on it; F11
/// leaves, fills the monitor the window is on and leaves again to the same geometry.
///
/// mutter applies its own monitor configuration when it starts (each output at its preferred
/// mode, 1600x900, side by side), so the expected rectangles are what `xrandr` lists once the
/// window manager runs.
@Suite(.serialized, .tags(.integration)) struct RealOutputTests {
    static let outputs = ["1024x768@60", "800x600"]

    /// A monitor as `xrandr --listmonitors` prints it: ` 1: +DUMMY1 800/212x600/159+1024+0  DUMMY1`.
    struct Listed: Equatable {
        var name: String
        var x: Int32, y: Int32, width: Int32, height: Int32
        var widthMillimetres: Int, heightMillimetres: Int
        var primary: Bool
    }

    static func run(_ arguments: [String], on server: XServerFixture) throws -> [String] {
        let xrandr = try ChildProcess(
            executable: XServerFixture.locate("xrandr"), arguments: arguments, environment: ["DISPLAY": server.displayName])
        #expect(xrandr.waitForExit(timeout: .seconds(10)) == 0, "xrandr \(arguments)")
        return xrandr.lines
    }

    static func listMonitors(on server: XServerFixture) throws -> [Listed] {
        try run(["--listmonitors"], on: server).dropFirst().compactMap { line in
            // "0: +*DUMMY0 1024/271x768/203+0+0  DUMMY0"
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3 else { return nil }
            let flagged = fields[1], geometry = fields[2]
            let numbers = geometry.split(whereSeparator: { "/x+".contains($0) }).compactMap { Int($0) }
            guard numbers.count == 6 else { return nil }
            return Listed(
                name: String(flagged.drop { $0 == "+" || $0 == "*" }), x: Int32(numbers[4]), y: Int32(numbers[5]),
                width: Int32(numbers[0]), height: Int32(numbers[2]), widthMillimetres: numbers[1], heightMillimetres: numbers[3],
                primary: flagged.contains("*"))
        }
    }

    /// Each connected output's current rate as `xrandr` prints it (the figure marked `*`).
    static func currentRates(on server: XServerFixture) throws -> [String: String] {
        var rates: [String: String] = [:]
        var output: String?
        for line in try run([], on: server) {
            if !line.hasPrefix(" ") {
                let fields = line.split(separator: " ")
                output = fields.count > 1 && fields[1] == "connected" ? String(fields[0]) : nil
            } else if let name = output, rates[name] == nil,
                let current = line.split(separator: " ").first(where: { $0.hasSuffix("*") || $0.hasSuffix("*+") })
            {
                rates[name] = String(current.prefix { $0 != "*" })
            }
        }
        return rates
    }

    /// The monitors once the window manager has settled its own configuration (mutter changes
    /// the outputs' modes as it starts): `count` of them, the same for half a second.
    static func settledMonitors(on server: XServerFixture, count: Int = 2) throws -> [Listed] {
        var last = try listMonitors(on: server)
        let deadline = ContinuousClock.now + .seconds(10)
        var stableSince = ContinuousClock.now
        while ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            let now = try listMonitors(on: server)
            if now != last {
                last = now
                stableSince = ContinuousClock.now
            } else if last.count == count, ContinuousClock.now - stableSince > .milliseconds(500) {
                break
            }
        }
        return last
    }

    /// `--doctor` lists what `xrandr --listmonitors` lists, with each output's current rate.
    @Test func theDoctorAgreesWithXrandr() throws {
        let server = try XServerFixture(windowManager: nil, outputs: Self.outputs)
        defer { server.stop() }
        let listed = try Self.listMonitors(on: server)
        #expect(listed.map(\.name) == ["DUMMY0", "DUMMY1"], "\(listed)")
        let rates = try Self.currentRates(on: server)
        #expect(rates["DUMMY0"] == "60.00" && rates["DUMMY1"] != nil, "the modes xrandr set: \(rates)")
        let doctor = try ChildProcess(executable: LockgameLaunch.executable, arguments: ["--doctor", "--display", server.displayName])
        #expect(doctor.waitForExit(timeout: .seconds(10)) == 0)
        #expect(doctor.lines.contains("monitors:       2 (from RandR)"), "\(doctor.lines)")
        for (index, monitor) in listed.enumerated() {
            let rate = try #require(rates[monitor.name], "\(monitor.name)'s rate")
            let line =
                "  \(index) \(monitor.name) \(monitor.width)x\(monitor.height)+\(monitor.x)+\(monitor.y), "
                + "\(monitor.widthMillimetres)x\(monitor.heightMillimetres) mm, \(rate) Hz" + (monitor.primary ? ", primary" : "")
            #expect(doctor.lines.contains(line), "\(line) in \(doctor.lines)")
        }
    }

    /// The output the game is full-screen on is switched off while it is locked (`xrandr
    /// --output DUMMY1 --off`, as unplugging it does): the window goes full-screen on the
    /// output that remains, the lock holds there, and the pointer stays on a monitor the
    /// player sees.
    @Test(arguments: [WindowManager.openbox, .i3, .kwin, .mutter, nil])
    func whenItsOutputGoesTheFullScreenWindowFollowsToTheOtherOne(_ manager: WindowManager?) throws {
        let label = manager.map { "\($0)" } ?? "no window manager"
        let server = try XServerFixture(windowManager: manager, outputs: Self.outputs)
        defer { server.stop() }
        let probe = server.probe
        let listed = try Self.settledMonitors(on: server)
        try #require(listed.count == 2, "\(label): two monitors: \(listed)")
        probe.moveAbsolute(x: listed[0].x + 100, y: listed[0].y + 100)
        let game = try LockgameLaunch.start(on: server, arguments: ["--monitor", "1", "--size", "480x270"])
        defer { game.stop() }
        let window = try #require(
            LockgameLaunch.waitUntil(timeout: .seconds(15)) { MonitorTests.gameWindow(on: probe) != nil }
                ? MonitorTests.gameWindow(on: probe) : nil, "\(label): the game's window")
        func frame() -> (x: Int32, y: Int32, width: Int32, height: Int32) {
            let shown = probe.frame(of: window)
            return (shown.origin.x, shown.origin.y, shown.width, shown.height)
        }
        let second = (listed[1].x, listed[1].y, listed[1].width, listed[1].height)
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(10)) { frame() == second }, "\(label): on DUMMY1: \(frame())")
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) {
                probe.pointerIsGrabbed && game.lines.last { $0.hasPrefix("lock: ") } == "lock: locked"
            }, "\(label): locked: \(game.lines)")
        let seen = game.lines.count
        _ = try Self.run(["--output", "DUMMY1", "--off"], on: server)
        let remaining = try Self.settledMonitors(on: server, count: 1)
        try #require(remaining.count == 1, "\(label): one monitor left: \(remaining)")
        let first = (remaining[0].x, remaining[0].y, remaining[0].width, remaining[0].height)
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(10)) { frame() == first },
            "\(label): the window fills DUMMY0 \(first): \(frame()), \(game.lines.dropFirst(seen))")
        #expect(
            BoundedWait.steadily(for: .milliseconds(500), timeout: .seconds(10)) {
                probe.pointerIsGrabbed && game.lines.last { $0.hasPrefix("lock: ") } == "lock: locked"
            }, "\(label): the lock holds there: \(game.lines.dropFirst(seen)), frame \(frame()), pointer \(probe.pointerPosition)")
        for _ in 0..<20 { probe.moveRelative(dx: 100, dy: 100) }
        let pointer = probe.pointerPosition
        #expect(
            (first.0..<first.0 + first.2).contains(pointer.x) && (first.1..<first.1 + first.3).contains(pointer.y),
            "\(label): the pointer is on DUMMY0: \(pointer)")
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
    }

    @Test(arguments: [WindowManager.openbox, .i3, .kwin, .mutter, nil])
    func fullScreenFillsTheSecondOutputExactly(_ manager: WindowManager?) throws {
        let label = manager.map { "\($0)" } ?? "no window manager"
        let server = try XServerFixture(windowManager: manager, outputs: Self.outputs)
        defer { server.stop() }
        let probe = server.probe
        let listed = try Self.settledMonitors(on: server)
        try #require(listed.count == 2, "\(label): two monitors: \(listed)")
        let first = (listed[0].x, listed[0].y, listed[0].width, listed[0].height)
        let second = (listed[1].x, listed[1].y, listed[1].width, listed[1].height)
        probe.moveAbsolute(x: first.0 + 100, y: first.1 + 100)
        let game = try LockgameLaunch.start(on: server, arguments: ["--monitor", "1", "--size", "480x270"])
        defer { game.stop() }
        #expect(game.waitForLine(timeout: .seconds(15)) { $0 == "full screen: DUMMY1 asked" } != nil, "\(label): \(game.lines)")
        let window = try #require(MonitorTests.gameWindow(on: probe), "\(label): the game's window")
        func frame() -> (x: Int32, y: Int32, width: Int32, height: Int32) {
            let shown = probe.frame(of: window)
            return (shown.origin.x, shown.origin.y, shown.width, shown.height)
        }
        // The window manager's own word that the window is full screen, not only its place: i3
        // tiles the window on the output's workspace first, at that rectangle with its frame.
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(10)) { frame() == second && (manager == nil || probe.isFullScreen(window)) },
            "\(label): full screen fills DUMMY1 \(second) exactly: \(frame())")
        // Steadily: the window manager's moves take the focus and give it back (i3 sends a
        // window to the output's workspace, then activates it), and the game hears of each a
        // little after X did, so one look can see a lock that is about to end.
        #expect(
            BoundedWait.steadily(for: .milliseconds(500), timeout: .seconds(10)) {
                probe.pointerIsGrabbed && game.lines.last { $0.hasPrefix("lock: ") } == "lock: locked"
            }, "\(label): X holds the lock the game reports: \(game.lines)")
        // KWin and mutter take the monitor by its Xinerama number too, and say so on the window.
        if manager == .kwin || manager == .mutter {
            #expect(
                probe.cardinalProperty("_NET_WM_FULLSCREEN_MONITORS", of: window) == [1, 1, 1, 1],
                "\(label): \(String(describing: probe.cardinalProperty("_NET_WM_FULLSCREEN_MONITORS", of: window)))")
        }

        // 5,000 counts towards each side never take the pointer off the second output.
        for dx: Int32 in [100, -100] {
            for _ in 0..<50 {
                probe.moveRelative(dx: dx, dy: 0)
                let x = probe.pointerPosition.x
                if !(second.0..<second.0 + second.2).contains(x) {
                    Issue.record("\(label): the pointer left DUMMY1: x = \(x)")
                    break
                }
            }
        }

        // F11 leaves full screen: back to 480x270 (i3: back to its tile on the first output,
        // where it was before); F11 fills the monitor the window is on; F11 gives the same
        // geometry back.
        probe.press(Keysym.f11)
        let leaves = LockgameLaunch.waitUntil(timeout: .seconds(5)) {
            let now = frame()
            return manager == .i3
                ? now.x >= first.0 && now.x + now.width <= first.0 + first.2 && now.width > 480
                : now.width == 480 && now.height == 270
        }
        #expect(leaves, "\(label): F11 leaves full screen: \(frame()), \(game.lines.suffix(6))")
        Thread.sleep(forTimeInterval: 0.3)
        let restored = frame()
        #expect(
            restored.x >= first.0 && restored.x + restored.width <= first.0 + first.2,
            "\(label): back on DUMMY0, where the window opened: \(restored)")
        probe.press(Keysym.f11)
        let home = restored.x >= second.0 ? second : first
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) { frame() == home },
            "\(label): F11 fills the monitor the window is on (it was at \(restored)): \(frame())")
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) {
                probe.pointerIsGrabbed && game.lines.last { $0.hasPrefix("lock: ") } == "lock: locked"
            }, "\(label): locked full-screen again: \(game.lines.suffix(6))")
        probe.press(Keysym.f11)
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(5)) { frame() == restored }, "\(label): back to \(restored): \(frame())")
        probe.press(Keysym.q)
        #expect(game.waitForExit(timeout: .seconds(5)) == 0)
    }
}
