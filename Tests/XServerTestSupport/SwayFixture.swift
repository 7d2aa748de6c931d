import Foundation

/// A headless Wayland session: sway 1.7 (wlroots, pixman renderer, one 1280x720 headless
/// output, pointer constraints on, focus not following the mouse), a virtual pointer and
/// keyboard that act as the seat's mouse and keyboard, and, for the Xwayland tests, Xwayland
/// with a second X client (``probe``) on its display. For native Wayland clients it is also a
/// ``WaylandSession`` (`SwayFixture+WaylandSession.swift`), started without Xwayland.
///
/// sway refuses to run as root, so it runs as the unprivileged uid 65534 (`setpriv`), with
/// `HOME` and `XDG_RUNTIME_DIR` in a temporary folder of its own. The virtual input tool
/// (`Tests/WaylandTools/VirtualInput/main.c`, compiled here with `cc`) is created before the
/// first X client: otherwise the seat has no pointer and Xwayland no relative-pointer device.
/// Xwayland starts lazily; the fixture starts it through sway (`swaymsg exec`, as sway's user)
/// with `xhost +si:localuser:root`, so that the tests' root clients may connect.
public final class SwayFixture {
    /// The Xwayland display, for example `:4`; empty when started without Xwayland.
    public let displayName: String
    /// A second X client on the Xwayland display. Started without Xwayland there is none, and
    /// reading this is a programming error.
    public var probe: XProbe {
        guard let xProbe else { preconditionFailure("this SwayFixture runs without Xwayland") }
        return xProbe
    }
    private let xProbe: XProbe?
    /// sway's debug log, where `new locked_pointer`, `constrained`, `unconstrained` and
    /// `destroying constraint` show the compositor's side of the lock.
    public var compositorLog: [String] { sway.lines }

    /// Whether sway's last word on a pointer constraint is that one is in force.
    public var compositorHoldsLock: Bool {
        let last = sway.lines.last {
            $0.contains("] constrained ") || $0.contains("] unconstrained ") || $0.contains("destroying constraint")
        }
        return last?.contains("] constrained ") == true
    }

    /// What a native Wayland client of sway needs in its environment (its runtime folder and
    /// socket).
    public var waylandEnvironment: [String: String] { ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socket] }

    private let socket: String
    private let sway: ChildProcess
    private let pointer: ChildProcess
    let folder: String
    let runtime: String
    private var isStopped = false

    public enum Failure: Error, CustomStringConvertible {
        case didNotStart(String)
        public var description: String {
            switch self {
            case .didNotStart(let what): "the sway session did not start: \(what)"
            }
        }
    }

    public static let user: UInt32 = 65534

    /// Starts sway; with `xwayland` also Xwayland and the ``probe`` on it (the Xwayland tests),
    /// without it a session for native Wayland clients only. Without `pointerConstraints` sway
    /// honours no client's lock or confinement (`seat seat0 pointer_constraint disable`): a
    /// compositor that withholds every lock.
    public init(xwayland: Bool = true, pointerConstraints: Bool = true) throws {
        folder = NSTemporaryDirectory() + "swayfixture-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        runtime = folder + "/runtime"
        let home = folder + "/home"
        for directory in [folder, runtime, home] {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: directory == folder ? 0o755 : 0o700])
        }
        for path in [runtime, home] { chown(path, Self.user, Self.user) }
        if xwayland { X11SocketFolder.prepare() }
        let configuration = folder + "/config"
        try """
        xwayland \(xwayland ? "enable" : "disable")
        output HEADLESS-1 resolution 1280x720 position 0 0
        seat seat0 pointer_constraint \(pointerConstraints ? "enable" : "disable")
        focus_follows_mouse no
        default_border none

        """.write(toFile: configuration, atomically: true, encoding: .utf8)
        let tool: String
        do { tool = try WaylandToolBuilder.virtualInput() } catch { throw Failure.didNotStart("\(error)") }

        sway = try ChildProcess(
            executable: XServerFixture.locate("setpriv"),
            arguments: [
                "--reuid=\(Self.user)", "--regid=\(Self.user)", "--clear-groups",
                XServerFixture.locate("sway"), "-d", "-c", configuration,
            ],
            environment: [
                "HOME": home, "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless",
                "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman", "DISPLAY": "", "WAYLAND_DISPLAY": "",
            ],
            ownProcessGroup: true)
        var started: ChildProcess?
        do {
            guard sway.waitForLine(timeout: .seconds(15), where: { $0.contains("Running compositor on wayland display") }) != nil,
                let socket = Self.waylandSocket(in: runtime)
            else {
                throw Failure.didNotStart("no Wayland socket: \(sway.lines.suffix(5))")
            }
            self.socket = socket
            let pointer = try ChildProcess(
                executable: tool, arguments: [],
                environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socket],
                takesInput: true)
            started = pointer
            guard pointer.waitForLine(timeout: .seconds(5), where: { $0 == "ready" }) != nil else {
                throw Failure.didNotStart("the virtual input tool: \(pointer.lines)")
            }
            guard xwayland else {
                // The keyboard at once, before any client: a native session types from the start.
                pointer.command("layout us")
                displayName = ""
                xProbe = nil
                self.pointer = pointer
                return
            }
            let displayFile = runtime + "/display"
            try Self.swaymsg(
                runtime: runtime,
                ["exec", "xhost +si:localuser:root && printenv DISPLAY > \(displayFile).new && mv \(displayFile).new \(displayFile)"])
            let deadline = ContinuousClock.now + .seconds(15)
            var display: String?
            while display == nil && ContinuousClock.now < deadline {
                display = (try? String(contentsOfFile: displayFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
                if display == nil { Thread.sleep(forTimeInterval: 0.05) }
            }
            guard let display, !display.isEmpty else { throw Failure.didNotStart("Xwayland did not start") }
            displayName = display
            xProbe = try XProbe(displayName: display)
            self.pointer = pointer
        } catch {
            started?.stop()
            sway.stop()
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
    }

    deinit { stop() }

    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        xProbe?.close()
        pointer.closeInput()
        pointer.stop()
        sway.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Moves the cursor by (dx, dy) pixels, as a mouse would (sub-pixel values allowed); returns
    /// once the compositor has handled it.
    public func moveRelative(dx: Double, dy: Double) { pointer.command("motion \(dx) \(dy)") }

    /// Sends `count` relative motions of (dx, dy) back to back, as a fast mouse does, and
    /// returns once the compositor has handled them all.
    public func burst(count: Int, dx: Double, dy: Double) { pointer.command("burst \(count) \(dx) \(dy)", timeout: .seconds(30)) }

    /// Moves the cursor to (x, y) on the 1280x720 output, as a tablet or a VM's pointer would
    /// (sway also reports it as relative motion); always true.
    @discardableResult
    public func moveAbsolute(x: Int, y: Int) -> Bool {
        pointer.command("absolute \(x) \(y) 1280 720")
        return true
    }

    /// Presses (`down`) or releases the evdev button `code` (272 = BTN_LEFT, 273 = BTN_RIGHT)
    /// on the virtual pointer; returns once sway has handled it.
    public func button(_ code: Int, down: Bool) { pointer.command("button \(code) \(down ? 1 : 0)") }

    /// Turns the virtual pointer's wheel `steps` notches down (negative: up), as `axis_discrete`
    /// with the wheel as its source.
    public func wheel(steps: Int) { pointer.command("wheel \(steps)") }

    /// A two-finger touchpad scroll of `dy` units down (negative: up), as `axis` with the finger
    /// as its source, then its `axis_stop`.
    public func fingerScroll(dy: Double) { pointer.command("finger \(dy)") }

    /// Presses (`down`) or releases the evdev key `code` (17 = KEY_W) on the virtual keyboard;
    /// returns once sway has handled it. The tool keeps the modifier state, so a key pressed
    /// with Shift (42) held types a capital. With Xwayland the keyboard is created by the first
    /// key or ``setLayout(_:variant:)`` (from then on Xwayland gets keyboard focus events);
    /// without, at start.
    public func key(_ code: Int, down: Bool) { pointer.command("key \(code) \(down ? 1 : 0)") }

    /// Presses and releases the evdev key `code`.
    public func pressKey(_ code: Int) {
        key(code, down: true)
        key(code, down: false)
    }

    /// Gives the virtual keyboard the keymap of `layout` (and `variant`), by RMLVO names with the
    /// evdev rules (`us`, `fr`, `de`, `us` + `dvorak`); sway passes it on to the focused client.
    /// Returns false when libxkbcommon knows no such layout. The tool starts with `us`.
    @discardableResult
    public func setLayout(_ layout: String, variant: String? = nil) -> Bool {
        let seen = pointer.lines.count
        pointer.command(["layout", layout, variant].compactMap { $0 }.joined(separator: " "))
        return pointer.lines.dropFirst(seen).first == "ok"
    }

    /// Runs `swaymsg` with `arguments` (for example `["[title=\"^lockgame$\"]", "focus"]`) and
    /// returns whether sway answered with success.
    @discardableResult
    public func swaymsg(_ arguments: [String]) -> Bool {
        (try? Self.swaymsg(runtime: runtime, arguments)) ?? false
    }

    /// Starts the seat's input method (`Tests/WaylandTools/InputMethod/main.c`, compiled here),
    /// which sway relays to the focused client's text-input-v3, and returns it once sway took
    /// it: its commands (`state`, `preedit TEXT BEGIN END`, `commit TEXT`) go through
    /// `ChildProcess.command(_:timeout:)`, each answered with one line. The caller stops it.
    public func startInputMethod() throws -> ChildProcess {
        let tool = try WaylandToolBuilder.inputMethod()
        let method = try ChildProcess(executable: tool, arguments: [], environment: waylandEnvironment, takesInput: true)
        guard method.waitForLine(timeout: .seconds(5), where: { $0 == "ready" }) != nil else {
            method.stop()
            throw Failure.didNotStart("the input method tool: \(method.lines)")
        }
        return method
    }

    /// Starts a native Wayland window, a ``MouseReportingTerminal`` titled `title`, as sway's
    /// user (`swaymsg exec`); throws when sway does not take the command.
    public func startWaylandWindow(title: String) throws -> MouseReportingTerminal {
        let terminal = try MouseReportingTerminal(title: title, folder: runtime)
        chown(runtime + "/\(title).sh", Self.user, Self.user)
        guard swaymsg(["exec", terminal.arguments.joined(separator: " ")]) else {
            throw Failure.didNotStart("sway did not run \(terminal.arguments)")
        }
        return terminal
    }

    /// What sway answers to `swaymsg -r -t type` (`get_tree`, `get_outputs`), as JSON.
    private func query(_ type: String) -> Any? {
        guard let socket = try? FileManager.default.contentsOfDirectory(atPath: runtime).first(where: { $0.hasPrefix("sway-ipc.") }),
            let message = try? ChildProcess(
                executable: XServerFixture.locate("swaymsg"), arguments: ["-r", "-t", type],
                environment: ["SWAYSOCK": runtime + "/" + socket]),
            message.waitForExit(timeout: .seconds(5)) == 0
        else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(message.lines.joined(separator: "\n").utf8))
    }

    /// The rectangle of each output sway has, by name, in its layout (`swaymsg -t get_outputs`).
    public func outputRectangles() -> [String: (x: Int, y: Int, width: Int, height: Int)] {
        var found: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]
        for case let output as [String: Any] in query("get_outputs") as? [Any] ?? [] {
            guard let name = output["name"] as? String, let rect = output["rect"] as? [String: Int] else { continue }
            found[name] = (rect["x"] ?? 0, rect["y"] ?? 0, rect["width"] ?? 0, rect["height"] ?? 0)
        }
        return found
    }

    /// Whether sway has each window focused, and marked urgent, by title (`get_tree`).
    public func windowStates() -> [String: (focused: Bool, urgent: Bool)] {
        var found: [String: (focused: Bool, urgent: Bool)] = [:]
        func walk(_ node: Any) {
            guard let node = node as? [String: Any] else { return }
            if let name = node["name"] as? String, node["type"] as? String == "con" || node["type"] as? String == "floating_con" {
                found[name] = (node["focused"] as? Bool ?? false, node["urgent"] as? Bool ?? false)
            }
            ((node["nodes"] as? [Any] ?? []) + (node["floating_nodes"] as? [Any] ?? [])).forEach(walk)
        }
        query("get_tree").map(walk)
        return found
    }

    /// The on-screen rectangle of each window sway shows, by title (`swaymsg -t get_tree`).
    public func windowRectangles() -> [String: (x: Int, y: Int, width: Int, height: Int)] {
        guard let tree = query("get_tree") else { return [:] }
        var found: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]
        func walk(_ node: Any) {
            guard let node = node as? [String: Any] else { return }
            let children = (node["nodes"] as? [Any] ?? []) + (node["floating_nodes"] as? [Any] ?? [])
            if children.isEmpty, let name = node["name"] as? String, let rect = node["rect"] as? [String: Int],
                node["type"] as? String == "con" || node["type"] as? String == "floating_con"
            {
                found[name] = (rect["x"] ?? 0, rect["y"] ?? 0, rect["width"] ?? 0, rect["height"] ?? 0)
            }
            children.forEach(walk)
        }
        walk(tree)
        return found
    }

    @discardableResult
    private static func swaymsg(runtime: String, _ arguments: [String]) throws -> Bool {
        guard let socket = try FileManager.default.contentsOfDirectory(atPath: runtime).first(where: { $0.hasPrefix("sway-ipc.") }) else {
            return false
        }
        let message = try ChildProcess(
            executable: XServerFixture.locate("swaymsg"), arguments: arguments,
            environment: ["SWAYSOCK": runtime + "/" + socket])
        guard message.waitForExit(timeout: .seconds(5)) == 0 else { return false }
        return message.lines.contains { $0.contains("\"success\": true") }
    }

    private static func waylandSocket(in runtime: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []
        return names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
    }
}
