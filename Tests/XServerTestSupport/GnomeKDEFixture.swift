import Foundation

/// GNOME's and KDE's Wayland compositors, headless, with Xwayland: mutter 43 and kwin_wayland
/// 5.27 (Debian 12), each in a D-Bus session of its own with `HOME` and `XDG_RUNTIME_DIR` in a
/// temporary folder, rendering with Mesa's software rasteriser, and an input tool that moves
/// the compositor's pointer as a mouse would:
/// - mutter: its RemoteDesktop D-Bus API (`Tests/WaylandTools/mutter/mutter-input.py`), which
///   has relative motion only: a move to a point parks the cursor in the corner first.
/// - KWin: its `org_kde_kwin_fake_input` protocol (`Tests/WaylandTools/kwin/kwin-fake-input.c`,
///   compiled here). The installed `kwin_wayland` carries a file capability this sandbox
///   cannot grant, so a plain copy (still named `kwin_wayland`) runs.
///
/// Each compositor starts a command of ours once Wayland and Xwayland are up; it writes
/// `DISPLAY`, the bus address (and mutter's `XAUTHORITY`) into a file the fixture reads.
/// Started with `nativeClients`, it is also a ``WaylandSession`` for native Wayland clients
/// (`GnomeKDEFixture+WaylandSession.swift`).
/// Recipes and measurements: `Tests/WaylandTools/RECIPES.md`.
public final class GnomeKDEFixture {
    public enum Compositor: String, CaseIterable, Sendable, CustomStringConvertible {
        case mutter
        case kwin = "kwin_wayland"
        public var description: String { rawValue }
    }

    public let compositor: Compositor
    /// The Xwayland display and what X clients need to reach it.
    public let displayName: String
    public let xEnvironment: [String: String]
    public let probe: XProbe
    /// Whether the fixture was started for native Wayland clients (see ``init(_:nativeClients:)``).
    public let nativeClients: Bool
    let runtime: String
    /// The session's D-Bus address (KWin scripting and screenshots go through it).
    let busAddress: String?

    let session: ChildProcess
    let input: ChildProcess
    let folder: String
    /// mutter ends when our start-up command ends: its PID is the clean way to stop it.
    private var holderPID: pid_t?
    /// PipeWire and WirePlumber, started for mutter's screen cast on the first screenshot.
    var screenCastServices: [ChildProcess] = []
    private var isStopped = false

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `compositor`. With `nativeClients` it is set up for native Wayland clients too:
    /// libwayland-server logs the protocol (`WAYLAND_DEBUG=server`, read by
    /// `compositorHoldsLock`), KWin composites with OpenGL (llvmpipe; its screenshot API needs
    /// it) and trusts screenshot callers, and mutter's RemoteDesktop devices are created at once
    /// (a Shift tap and a park of the cursor in the top-left corner: mutter drops the first key
    /// of a new device, and a native client sees no pointer before the first motion).
    /// `keyboardLayout` and `keyboardVariant` name the XKB layout KWin gives its keyboard
    /// (`XKB_DEFAULT_LAYOUT`, `XKB_DEFAULT_VARIANT`, which kwin_wayland 5.27 honours); mutter 43 takes its layout from GSettings and was not made to
    /// honour one here.
    /// `scale` is KWin's output scale (`--scale`, fractional ones too: KWin 5.27 tells a
    /// client through `wp_fractional_scale_v1`); mutter's stays 1.
    public init(
        _ compositor: Compositor, nativeClients: Bool = false, keyboardLayout: String? = nil, keyboardVariant: String? = nil,
        scale: Double = 1, outputs: Int = 1
    ) throws {
        self.compositor = compositor
        self.nativeClients = nativeClients
        folder = NSTemporaryDirectory() + "wl-\(compositor)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        runtime = folder + "/run"
        for directory in [folder, runtime, folder + "/home", folder + "/bin"] {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        }
        let sessionFile = runtime + "/session.env"
        let announce =
            "{ env | grep -E '^(DISPLAY|XAUTHORITY|DBUS_SESSION_BUS_ADDRESS)='; echo HOLDER_PID=$$; } "
            + "> \(sessionFile).tmp && mv \(sessionFile).tmp \(sessionFile)"
        var environment = [
            "XDG_RUNTIME_DIR": runtime, "HOME": folder + "/home", "LIBGL_ALWAYS_SOFTWARE": "1",
            "DISPLAY": "", "WAYLAND_DISPLAY": "", "XAUTHORITY": "",
        ]
        X11SocketFolder.prepare()
        var command: [String]
        var tool: String?
        if nativeClients { environment["WAYLAND_DEBUG"] = "server" }
        if let keyboardLayout { environment["XKB_DEFAULT_LAYOUT"] = keyboardLayout }
        if let keyboardVariant { environment["XKB_DEFAULT_VARIANT"] = keyboardVariant }
        switch compositor {
        case .mutter:
            // A key held past the repeat delay repeats mutter's own bindings: an Alt+Tab whose
            // Tab release reached a loaded mutter 0.65 s late switched windows five more times.
            // GSettings from a key file of the fixture's own, with a 5 s delay; repeat stays on.
            environment["GSETTINGS_BACKEND"] = "keyfile"
            environment["XDG_CONFIG_HOME"] = folder + "/config"
            try FileManager.default.createDirectory(
                atPath: folder + "/config/glib-2.0/settings", withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try "[org/gnome/desktop/peripherals/keyboard]\ndelay=uint32 5000\n".write(
                toFile: folder + "/config/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
            command = [
                try XServerFixture.locate("mutter"), "--headless", "--wayland", "--virtual-monitor", "1280x720",
                "--wayland-display", "wl-test", "--", "sh", "-c", announce + " && exec sleep 1000000",
            ]
        case .kwin:
            let copy = folder + "/bin/kwin_wayland"
            try FileManager.default.copyItem(atPath: try XServerFixture.locate("kwin_wayland"), toPath: copy)
            environment["QT_QUICK_BACKEND"] = "software"
            environment["KWIN_COMPOSE"] = nativeClients ? "O2" : "Q"
            environment["KWIN_WAYLAND_NO_PERMISSION_CHECKS"] = "1"
            if nativeClients { environment["KWIN_SCREENSHOT_NO_PERMISSION_CHECKS"] = "1" }
            command = [
                copy, "--virtual", "--xwayland", "--width", "1280", "--height", "720", "--scale", String(scale), "--output-count",
                String(outputs), "--socket", "wl-test",
                "--no-lockscreen",
                "sh -c 'echo DISPLAY=$DISPLAY > \(sessionFile).tmp && echo DBUS_SESSION_BUS_ADDRESS=$DBUS_SESSION_BUS_ADDRESS >> \(sessionFile).tmp && mv \(sessionFile).tmp \(sessionFile)'",
            ]
            do { tool = try WaylandToolBuilder.kwinFakeInput() } catch {
                throw Failure(description: "\(error)")
            }
        }
        session = try ChildProcess(
            executable: XServerFixture.locate("dbus-run-session"), arguments: ["--"] + command,
            environment: environment, workingDirectory: folder, ownProcessGroup: true)
        var started: ChildProcess?
        do {
            let deadline = ContinuousClock.now + .seconds(30)
            var values: [String: String] = [:]
            while values["DISPLAY"] == nil && ContinuousClock.now < deadline && session.isRunning {
                if let text = try? String(contentsOfFile: sessionFile, encoding: .utf8) {
                    for line in text.split(separator: "\n") {
                        let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                        if parts.count == 2 { values[parts[0]] = parts[1] }
                    }
                }
                if values["DISPLAY"] == nil { Thread.sleep(forTimeInterval: 0.05) }
            }
            guard let display = values["DISPLAY"], !display.isEmpty else {
                throw Failure(description: "\(compositor) did not start Xwayland: \(session.lines.suffix(8))")
            }
            displayName = display
            busAddress = values["DBUS_SESSION_BUS_ADDRESS"]
            holderPID = values["HOLDER_PID"].flatMap { pid_t($0) }
            var xEnvironment = ["DISPLAY": display]
            if let authority = values["XAUTHORITY"] { xEnvironment["XAUTHORITY"] = authority }
            self.xEnvironment = xEnvironment
            // The probe is an X client of this display: it needs the same authority.
            if let authority = values["XAUTHORITY"] { setenv("XAUTHORITY", authority, 1) }
            probe = try Self.connectWhenReady(display)
            unsetenv("XAUTHORITY")
            switch compositor {
            case .mutter:
                guard let bus = values["DBUS_SESSION_BUS_ADDRESS"] else { throw Failure(description: "mutter gave no bus address") }
                input = try ChildProcess(
                    executable: "/usr/bin/python3", arguments: [Self.toolPath("mutter/mutter-input.py"), bus],
                    takesInput: true)
            case .kwin:
                input = try ChildProcess(
                    executable: tool!, arguments: [],
                    environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wl-test"], takesInput: true)
            }
            started = input
            guard input.waitForLine(timeout: .seconds(10), where: { $0 == "ready" }) != nil else {
                throw Failure(description: "the \(compositor) input tool: \(input.lines)")
            }
            if nativeClients && compositor == .mutter {
                for step in ["key 42 1", "key 42 0", "motion -5000 -5000"] { input.command(step) }
            }
        } catch {
            started?.stop()
            Self.stop(session: session, holderPID: holderPID, compositor: compositor)
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    deinit { stop() }

    /// What a native Wayland client of the compositor needs in its environment.
    public var waylandEnvironment: [String: String] { ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wl-test"] }

    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        probe.close()
        input.closeInput()
        _ = input.waitForExit(timeout: .seconds(3))
        input.stop()
        for service in screenCastServices.reversed() { service.stop() }
        Self.stop(session: session, holderPID: holderPID, compositor: compositor)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// mutter shuts down cleanly when our start-up command ends, KWin on SIGTERM to itself; a
    /// SIGTERM to the whole group first can kill Xwayland before the compositor, which then
    /// leaves stale X sockets. The group is killed only as a last resort.
    private static func stop(session: ChildProcess, holderPID: pid_t?, compositor: Compositor) {
        switch compositor {
        case .mutter:
            if let holderPID { kill(holderPID, SIGTERM) }
        case .kwin:
            for pid in processes(inGroup: session.pid) where processName(pid) == "kwin_wayland" { kill(pid, SIGTERM) }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !processes(inGroup: session.pid).isEmpty && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.05) }
        session.stop()
    }

    private static func processes(inGroup group: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // After "pid (comm)": state, ppid, pgrp; a zombie no longer counts.
            return fields.count > 2 && fields[0] != "Z" && pid_t(fields[2]) == group
        }
    }

    private static func processName(_ pid: pid_t) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Xwayland may still be loading its keymap when the display is announced.
    private static func connectWhenReady(_ display: String) throws -> XProbe {
        let deadline = ContinuousClock.now + .seconds(15)
        while true {
            if let probe = try? XProbe(displayName: display) {
                if probe.waitForWindowManagerAnnouncement(timeout: .seconds(10)) { return probe }
                probe.close()
            }
            if ContinuousClock.now >= deadline { throw Failure(description: "Xwayland on \(display) does not answer") }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }

    /// Moves the compositor's cursor by (dx, dy), as a mouse would; returns once it is handled.
    public func moveRelative(dx: Double, dy: Double) { input.command("motion \(dx) \(dy)") }

    /// Puts the cursor at (x, y) on the 1280x720 output with one motion event: KWin moves it
    /// there absolutely; mutter has relative motion only, so the cursor is parked in the
    /// top-left corner first and then moved by (x, y) in one event.
    public func moveTo(x: Int, y: Int) {
        switch compositor {
        case .kwin:
            input.command("absolute \(x) \(y)")
        case .mutter:
            input.command("motion -5000 -5000")
            input.command("motion \(x) \(y)")
        }
    }

    /// Alt+Tab as the compositor's own keyboard sees it (the window switcher runs inside the
    /// compositor, so X's XTest keys cannot reach it): keysyms through mutter's RemoteDesktop
    /// API, evdev key codes (KEY_LEFTALT 56, KEY_TAB 15) through KWin's fake input.
    public func pressAltTab() {
        let chord: [String]
        switch compositor {
        case .mutter: chord = ["keysym 65513 1", "keysym 65289 1", "keysym 65289 0", "keysym 65513 0"]
        case .kwin: chord = ["key 56 1", "key 15 1", "key 15 0", "key 56 0"]
        }
        for step in chord {
            input.command(step)
            Thread.sleep(forTimeInterval: 0.03)
        }
    }

    /// Maps a native Wayland window titled `title` and returns it with a check that tells
    /// whether the compositor's cursor has reached it. Under KWin it is the tests' own window
    /// (`Tests/WaylandTools/PointerWindow`, compiled here with xdg-shell glue generated by
    /// wayland-scanner), which logs the pointer events it receives: foot hangs under KWin's
    /// virtual backend. Under mutter it is foot with mouse reporting on, copying the reports it
    /// receives into a file. (mutter 43 crashed when an earlier version of the tests' window
    /// asked for a keyboard the seat did not have yet; the window now waits for the seat's
    /// capabilities and runs under mutter too: see ``startNativeWindow(title:)``.)
    /// `timesATyped` counts the presses of KEY_A the window has received.
    public func startWaylandWindow(title: String) throws -> (window: ChildProcess, pointerArrived: () -> Bool, timesATyped: () -> Int) {
        let log = runtime + "/\(title).log"
        let environment = ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wl-test", "DISPLAY": ""]
        switch compositor {
        case .mutter:
            let terminal = try MouseReportingTerminal(title: title, folder: runtime)
            let foot = try ChildProcess(
                executable: XServerFixture.locate("foot"), arguments: Array(terminal.arguments.dropFirst()), environment: environment)
            // Reporting on (a readiness signal from foot itself) before the caller moves the cursor.
            guard BoundedWait.until(timeout: .seconds(15), { terminal.isReady }) else {
                foot.stop()
                throw Failure(description: "foot did not turn mouse reporting on: \(foot.lines.suffix(5))")
            }
            return (foot, { terminal.heardThePointer }, { terminal.timesATyped })
        case .kwin:
            let tool = try pointerWindowTool()
            let window = try ChildProcess(executable: tool, arguments: [title, log], environment: environment)
            guard window.waitForLine(timeout: .seconds(10), where: { $0 == "mapped" }) != nil else {
                window.stop()
                throw Failure(description: "the Wayland window did not map: \(window.lines)")
            }
            return (
                window, { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("enter") == true },
                { (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").count { $0.hasPrefix("key 30 1") } ?? 0 }
            )
        }
    }

    /// The tests' Wayland window, compiled once per run.
    private func pointerWindowTool() throws -> String {
        try WaylandToolBuilder.pointerWindow()
    }

    static func toolPath(_ relative: String) -> String { WaylandToolBuilder.source(relative) }
}
