import CXlib
import Foundation

/// A real X input method (an XIM server) running headless on a test display, with a Hangul or
/// pinyin engine, for the text-input tests: uim-xim 1.8 (byeoru), ibus 1.5 (ibus-x11 with
/// ibus-hangul or ibus-libpinyin) or fcitx5 5.0 (its XIM frontend with fcitx5-hangul or
/// fcitx5-chinese-addons' pinyin).
///
/// Every process it starts gets a temporary `HOME`, `XDG_CONFIG_HOME`, `XDG_DATA_HOME`,
/// `XDG_CACHE_HOME`, `XDG_STATE_HOME` and `XDG_RUNTIME_DIR` (removed by ``stop()``), so the
/// user's own input method settings are never read or written, and `DISPLAY` set to the test
/// display. ibus and fcitx5 talk over D-Bus: each gets a private session bus
/// (`dbus-daemon --session --fork`, its socket in the temporary folder), stopped by its PID.
/// uim needs no bus; `LIBUIM_VANILLA=2` keeps it from loading `~/.uim` and the user's
/// customs, which uim finds through the password database rather than `HOME`.
///
/// The input method is ready when `init` returns: its selection `@server=NAME` has an owner
/// (never `XIM_SERVERS`, which keeps entries of servers that died), and for ibus the global
/// engine is set, for fcitx5 the engine's addon is loaded (about 1.2 s after the selection).
///
/// What a client must know (measured with Xlib XIM clients, on-the-spot callbacks):
/// - Environment: ``clientEnvironment`` (`XMODIFIERS`, a UTF-8 `LC_CTYPE`, and for ibus and
///   fcitx5 the private bus). Xlib reads `XMODIFIERS` when the client calls
///   `XSetLocaleModifiers("")`, so a client in the test process must `setenv` it first. uim
///   serves only Korean locales (``KoreanLocale``) and refuses `XOpenIM` in any other; ibus
///   and fcitx5 accept the C locale but draw every preedit with no text (Hangul has no C
///   encoding).
/// - Keys: the 2-set (Dubeolsik) Hangul layout on a US keymap: `g k s r m f` types 한글
///   (preedit ㅎ 하 한, then ㄱ 그 글; 한 is committed when `r` starts the next syllable, 글 by
///   Return, which then comes back as a key). Pinyin: `n i h a o` then space commits 你好.
/// - uim's byeoru starts every input context in Latin mode: the user's Shift+space
///   (``engineOnChord``) turns Hangul on once the client's context has focus. ibus-hangul is
///   set up to start in Hangul mode, fcitx5 to start every context with its engine on.
/// - Escape: byeoru commits (하), then forwards Escape, and is back in Latin mode; ibus-hangul
///   forwards Escape *before* committing, and is back in Latin mode (Shift+space or the
///   Hangul key turn it on again); fcitx5-hangul commits, forwards Escape and stays in Hangul.
///   In fcitx5 a Control press alone commits the preedit, and Control+space turns the engine off.
/// - Preedit: all three offer on-the-spot callbacks (`XIMPreeditCallbacks`; fcitx5 only with
///   `UseOnTheSpot=True`, which the fixture writes). A Hangul syllable is one character drawn
///   again in place (caret 1). After a commit uim and ibus end the preedit (done, then start
///   again); fcitx5 keeps it open. fcitx5's pinyin shows the letters with syllable gaps
///   ("ni hao"), caret 0; ibus-libpinyin shows candidates (年, 你, 你好).
public final class InputMethodFixture {
    /// Which input method framework runs.
    public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case uim, ibus, fcitx5

        /// The XIM server name: what `@im=` names and `@server=` owns.
        public var serverName: String {
            switch self {
            case .uim: "uim"
            case .ibus: "ibus"
            case .fcitx5: "fcitx"
            }
        }

        /// The kind's name, for test output.
        public var description: String { rawValue }
    }

    /// The conversion engine the input method starts with.
    public enum Engine: String, Sendable, CaseIterable, CustomStringConvertible {
        /// Korean, 2-set layout: byeoru (uim), ibus-hangul, fcitx5-hangul.
        case hangul
        /// Simplified Chinese pinyin: ibus-libpinyin, fcitx5's pinyin; uim has none installed.
        case pinyin

        /// The engine's name, for test output.
        public var description: String { rawValue }
    }

    /// Keys pressed together, as keysyms: modifiers first, then the key.
    public struct Chord: Sendable, Equatable {
        /// The key pressed last (and released first).
        public let keysym: UInt32
        /// The modifiers held around it.
        public let modifiers: [UInt32]
    }

    /// Why the input method could not be started.
    public enum Failure: Error, CustomStringConvertible {
        /// A program or engine is not installed; the Debian package that has it.
        case missing(what: String, package: String)
        /// This framework has no such engine here.
        case unsupported(Kind, Engine)
        /// Another server already owns `@server=NAME` on the display.
        case alreadyServed(String)
        /// The private D-Bus session did not start.
        case busDidNotStart(String)
        /// The input method did not become ready in time; the end of its output.
        case notReady(Kind, String)

        /// A sentence for the test log.
        public var description: String {
            switch self {
            case .missing(let what, let package): "\(what) is not installed (Debian package \(package); make test installs it)"
            case .unsupported(let kind, let engine): "\(kind) has no \(engine) engine here"
            case .alreadyServed(let name): "another XIM server already owns @server=\(name) on this display"
            case .busDidNotStart(let output): "the private D-Bus session did not start: \(output)"
            case .notReady(let kind, let why): "\(kind) did not get ready: \(why)"
            }
        }
    }

    /// The framework running.
    public let kind: Kind
    /// The engine it was started with.
    public let engine: Engine
    /// The display it serves.
    public let displayName: String
    /// The private session bus of ibus and fcitx5 (nil for uim).
    public private(set) var busAddress: String?
    /// From the start of `init` (the bus included) until the input method was ready.
    public private(set) var timeToReady: Duration = .zero
    /// From starting the input method's process until its `@server=NAME` selection had an owner.
    public private(set) var timeToSelection: Duration = .zero

    /// The XIM server name (`uim`, `ibus`, `fcitx`).
    public var serverName: String { kind.serverName }

    /// The value for `XMODIFIERS` in the client's environment: `@im=uim`, `@im=ibus`, `@im=fcitx`.
    public var xmodifiers: String { "@im=" + serverName }

    /// What a client of this input method needs in its environment: `XMODIFIERS`, the locale
    /// of ``clientLocale(for:)``, and for ibus and fcitx5 `DBUS_SESSION_BUS_ADDRESS`
    /// (the private bus, for clients that talk to the framework over D-Bus), for ibus also
    /// `IBUS_ADDRESS` (the daemon's own address, as its GTK and SDL clients look it up).
    public private(set) var clientEnvironment: [String: String] = [:]

    /// The locale a client of `kind` needs, as environment variables, before any input method
    /// runs: `LC_CTYPE` `C.UTF-8` for ibus and fcitx5 (in the C locale they send no text), and
    /// for uim ``KoreanLocale``'s `ko_KR.UTF-8` with its `LOCPATH` (uim serves no other
    /// locale, and refuses every client where none of its own is generated). A set `LC_ALL`
    /// would still override it.
    public static func clientLocale(for kind: Kind) throws -> [String: String] {
        guard kind == .uim else { return ["LC_CTYPE": "C.UTF-8"] }
        return ["LC_CTYPE": KoreanLocale.name, "LOCPATH": try KoreanLocale.locPath()]
    }

    /// The keys that turn the engine on in a new input context, for the test to press (with
    /// ``XProbe/press(_:with:)``) once the client's context has focus: Shift+space for uim's
    /// byeoru, which starts every context in Latin mode. Nil when the engine is on from the
    /// start (ibus, fcitx5).
    public var engineOnChord: Chord? {
        kind == .uim ? Chord(keysym: UInt32(XK_space), modifiers: [UInt32(XK_Shift_L)]) : nil
    }

    /// The PID of the process that owns the XIM selection (uim-xim, ibus-x11, fcitx5), which
    /// ``kill()`` and ``suspend()`` signal.
    public private(set) var ximProcessID: Int32 = 0

    /// The input method's output so far (standard output and error together).
    public var log: [String] { main?.lines ?? [] }

    /// Every process of this input method that runs now: those it started and what they
    /// started, the private bus included. Found by a marker variable in their environment,
    /// because some of them leave the process tree: ibus-x11, uim-helper-server and the bus
    /// fork twice and are re-parented to init.
    public var processIDs: [Int32] { Self.processes(carrying: markerEntry) }

    /// The temporary folder holding the private `HOME`, XDG folders and the bus socket;
    /// ``stop()`` removes it.
    public var temporaryFolder: String { folder }

    /// The environment variable that marks this fixture's processes.
    private static let markerName = "XSERVERTESTSUPPORT_INPUT_METHOD"
    private let folder: String
    /// `NAME=VALUE` of the environment variable that marks this fixture's processes.
    private let markerEntry: String
    /// uim-xim or fcitx5 themselves; for ibus a shell holding ibus-daemon (see ``startIBus``).
    private var main: ChildProcess?
    /// ibus-daemon, a child of ``main``.
    private var daemonProcessID: pid_t?
    /// The private dbus-daemon (forked off: not our child).
    private var busProcessID: pid_t?
    private var isStopped = false

    /// Starts the input method on `displayName` with `engine` and waits (at most `timeout`)
    /// until it serves. Throws ``Failure`` when a program is missing, the engine is not
    /// available for `kind`, another server already has the name on this display, or it did
    /// not get ready; nothing it started is left running then.
    public init(kind: Kind, displayName: String, engine: Engine = .hangul, timeout: Duration = .seconds(20)) throws {
        let start = ContinuousClock.now
        self.kind = kind
        self.engine = engine
        self.displayName = displayName
        let token = "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        markerEntry = Self.markerName + "=" + token
        folder = NSTemporaryDirectory() + "imfixture-\(kind)-\(token)"
        // From here on a throw runs deinit, whose stop() ends whatever was started.
        try Self.checkInstalled(kind, engine)
        if Self.selectionOwned(kind.serverName, on: displayName) { throw Failure.alreadyServed(kind.serverName) }
        var environment = try Self.prepare(folder: folder, kind: kind, engine: engine)
        environment["DISPLAY"] = displayName
        environment[Self.markerName] = token
        clientEnvironment = try Self.clientLocale(for: kind).merging(["XMODIFIERS": xmodifiers]) { $1 }
        if kind == .uim { environment["LOCPATH"] = try KoreanLocale.locPath() }
        if kind != .uim {
            let bus = try Self.startBus(folder: folder, environment: environment)
            busProcessID = bus.pid
            busAddress = bus.address
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            clientEnvironment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        }

        let startedIM = ContinuousClock.now
        let deadline = startedIM + timeout
        let process = try Self.launch(kind, engine: engine, environment: environment, unsetting: Self.unset(for: kind))
        main = process
        if kind == .ibus {
            // The holding shell prints the daemon's PID first.
            guard let line = process.waitForLine(timeout: .seconds(5), where: { $0.hasPrefix("ibus-daemon ") }),
                let pid = pid_t(line.dropFirst("ibus-daemon ".count))
            else { throw Failure.notReady(kind, "no ibus-daemon PID: \(process.lines.suffix(5))") }
            daemonProcessID = pid
        }
        _ = BoundedWait.until(timeout: startedIM.duration(to: deadline)) {
            Self.selectionOwned(kind.serverName, on: displayName) || !process.isRunning
        }
        guard Self.selectionOwned(kind.serverName, on: displayName) else {
            throw Failure.notReady(kind, "@server=\(kind.serverName) has no owner: \(process.lines.suffix(8))")
        }
        timeToSelection = startedIM.duration(to: .now)
        try finishStarting(imEnvironment: environment, deadline: deadline)
        timeToReady = start.duration(to: .now)
    }

    deinit { stop() }

    /// Whether the input method's selection `@server=NAME` has an owner now.
    public func isServing() -> Bool { Self.selectionOwned(serverName, on: displayName) }

    /// Whether the server answers a `LOCALES` conversion of its selection within `timeout`,
    /// as a client's bounded check before `XOpenIM` would ask (measured: 10-25 ms when
    /// healthy; never while suspended, though the selection stays owned). The request names
    /// `LOCALES` as its property too, as Xlib's own does: uim-xim ignores a request with any
    /// other property (no answer at all), while ibus and fcitx5 answer either.
    public func answersLocales(within timeout: Duration = .milliseconds(500)) -> Bool {
        guard let display = XOpenDisplay(displayName) else { return false }
        defer { XCloseDisplay(display) }
        let window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        let locales = XInternAtom(display, "LOCALES", 0)
        XConvertSelection(display, XInternAtom(display, "@server=" + serverName, 0), locales, locales, window, UInt(CurrentTime))
        XSync(display, 0)
        let deadline = ContinuousClock.now + timeout
        var event = XEvent()
        while ContinuousClock.now < deadline {
            if XCheckTypedWindowEvent(display, window, SelectionNotify, &event) != 0 { return event.xselection.property != 0 }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    /// Stops exactly the processes it started, by their PIDs (never by name), the private
    /// dbus-daemon included: SIGTERM, SIGKILL after a bounded grace; then removes the temporary
    /// folder. Returns once none of them runs and the selection has no owner (bounded, about
    /// 12 s at worst).
    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        Self.tearDown(main: main, daemon: daemonProcessID, bus: busProcessID, marker: markerEntry, folder: folder)
        // The server drops a dead client's selections when it gets to the closed connection,
        // which under load comes after our next request (measured: ibus, two busy cores).
        _ = BoundedWait.until(timeout: .seconds(2)) { !isServing() }
    }

    /// Kills the XIM server abruptly (SIGKILL to ``ximProcessID``), as a crash would, and
    /// waits (bounded, 5 s) until it is gone and its selection has no owner. ibus-daemon and
    /// the bus stay (ibus does not start ibus-x11 again); ``stop()`` still ends everything.
    public func kill() {
        signalXIM(SIGKILL)
        if kind != .ibus { _ = main?.waitForExit(timeout: .seconds(5)) }
        let xim = ximProcessID
        _ = BoundedWait.until(timeout: .seconds(5)) { !Self.isRunning(xim) && !isServing() }
    }

    /// Stops the XIM server (SIGSTOP), as a hung one: its selection stays owned, but it
    /// answers nothing, so `XOpenIM` would block. ``resume()`` or ``stop()`` continue it.
    public func suspend() { signalXIM(SIGSTOP) }

    /// Continues a server stopped by ``suspend()`` (SIGCONT).
    public func resume() { signalXIM(SIGCONT) }

    /// Whether `pid` is a process that runs (exists and is not a zombie).
    public static func isRunning(_ pid: Int32) -> Bool {
        guard let state = processState(pid) else { return false }
        return state != "Z" && state != "X"
    }

    // MARK: - Starting

    /// The framework's readiness after the selection: ibus needs its global engine set,
    /// fcitx5 its engine's addon loaded. Finds the XIM process.
    private func finishStarting(imEnvironment: [String: String], deadline: ContinuousClock.Instant) throws {
        switch kind {
        case .uim, .fcitx5:
            ximProcessID = main?.pid ?? 0
        case .ibus:
            guard let pid = processIDs.first(where: { Self.processName($0) == "ibus-x11" }) else {
                throw Failure.notReady(kind, "no ibus-x11 among \(processIDs)")
            }
            ximProcessID = pid
        }
        switch kind {
        case .uim:
            break
        case .ibus:
            let name = engine == .hangul ? "hangul" : "libpinyin"
            // The daemon takes engine requests once its components are up; retried until then.
            var current = ""
            while ContinuousClock.now < deadline {
                _ = try runIBus(["engine", name], environment: imEnvironment)
                current = try runIBus(["engine"], environment: imEnvironment).joined().trimmingCharacters(in: .whitespaces)
                if current == name { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            guard current == name else { throw Failure.notReady(kind, "the global engine is \"\(current)\", not \(name)") }
            if let address = Self.ibusAddress(folder: folder) { clientEnvironment["IBUS_ADDRESS"] = address }
        case .fcitx5:
            let addon = engine == .hangul ? "hangul" : "pinyin"
            let loaded = main?.waitForLine(timeout: ContinuousClock.now.duration(to: deadline)) {
                $0.hasSuffix("Loaded addon \(addon)")
            }
            guard loaded != nil else { throw Failure.notReady(kind, "the \(addon) addon did not load: \(log.suffix(8))") }
        }
    }

    /// Runs the `ibus` tool against this daemon (bounded: 5 s) and returns its output.
    private func runIBus(_ arguments: [String], environment: [String: String]) throws -> [String] {
        let tool = try ChildProcess(
            executable: "/usr/bin/env", arguments: Self.unsetArguments(Self.unset(for: .ibus)) + ["/usr/bin/ibus"] + arguments,
            environment: environment)
        defer { tool.stop(grace: .milliseconds(200)) }
        _ = tool.waitForExit(timeout: .seconds(5))
        return tool.lines
    }

    /// Where each kind's programs and engine come from, checked before anything starts.
    private static func checkInstalled(_ kind: Kind, _ engine: Engine) throws {
        var needed: [(path: String, package: String)] = []
        switch (kind, engine) {
        case (.uim, .hangul):
            needed = [("/usr/bin/uim-xim", "uim-xim"), ("/usr/share/uim/byeoru.scm", "uim-byeoru")]
        case (.uim, .pinyin):
            throw Failure.unsupported(kind, engine)
        case (.ibus, _):
            needed = [
                ("/usr/bin/ibus-daemon", "ibus"), ("/usr/bin/ibus", "ibus"), ("/usr/libexec/ibus-x11", "ibus"),
                ("/usr/bin/dbus-daemon", "dbus-daemon"),
                engine == .hangul
                    ? ("/usr/libexec/ibus-engine-hangul", "ibus-hangul") : ("/usr/libexec/ibus-engine-libpinyin", "ibus-libpinyin"),
            ]
        case (.fcitx5, _):
            needed = [
                ("/usr/bin/fcitx5", "fcitx5"), ("/usr/share/fcitx5/addon/xim.conf", "fcitx5"), ("/usr/bin/dbus-daemon", "dbus-daemon"),
                engine == .hangul
                    ? ("/usr/share/fcitx5/addon/hangul.conf", "fcitx5-hangul")
                    : ("/usr/share/fcitx5/addon/pinyin.conf", "fcitx5-chinese-addons"),
            ]
        }
        for (path, package) in needed where !FileManager.default.fileExists(atPath: path) {
            throw Failure.missing(what: path, package: package)
        }
    }

    /// Creates the private folders and the framework's settings; returns the environment
    /// that points the input method at them.
    private static func prepare(folder: String, kind: Kind, engine: Engine) throws -> [String: String] {
        var environment = [
            "HOME": folder + "/home", "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
            "XDG_CACHE_HOME": folder + "/cache", "XDG_STATE_HOME": folder + "/state", "XDG_RUNTIME_DIR": folder + "/run",
            // A UTF-8 locale for the servers too (they announce the locales they serve), and
            // no accessibility bus: GTK in ibus-x11 would have D-Bus start at-spi otherwise.
            "LANG": "C.UTF-8", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
        ]
        for directory in [folder] + ["home", "config", "data", "cache", "state", "run"].map({ folder + "/" + $0 }) {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        switch kind {
        case .uim:
            // No ~/.uim, no user customs: uim reads them from the password database's home.
            environment["LIBUIM_VANILLA"] = "2"
        case .ibus:
            // GSettings in a key file in our XDG_CONFIG_HOME, read by ibus-engine-hangul:
            // Hangul mode from the start (its default is Latin) on the 2-set layout.
            environment["GSETTINGS_BACKEND"] = "keyfile"
            try write(
                """
                [org/freedesktop/ibus/engine/hangul]
                initial-input-mode='hangul'
                hangul-keyboard='2'

                """, to: folder + "/config/glib-2.0/settings/keyfile")
        case .fcitx5:
            let name = engine == .hangul ? "hangul" : "pinyin"
            try write(
                """
                [Groups/0]
                Name=Default
                Default Layout=us
                DefaultIM=\(name)

                [Groups/0/Items/0]
                Name=keyboard-us
                Layout=

                [Groups/0/Items/1]
                Name=\(name)
                Layout=

                [GroupOrder]
                0=Default

                """, to: folder + "/config/fcitx5/profile")
            // Every new input context starts with the engine on (not keyboard-us), which
            // is loaded at start-up rather than on first use.
            try write("[Behavior]\nActiveByDefault=True\nPreloadInputMethod=True\n", to: folder + "/config/fcitx5/config")
            // Preedit through the client's callbacks (the default draws it in fcitx's own window).
            try write("UseOnTheSpot=True\n", to: folder + "/config/fcitx5/conf/xim.conf")
            try write("Keyboard=Dubeolsik\n", to: folder + "/config/fcitx5/conf/hangul.conf")
            try write("CloudPinyinEnabled=False\n", to: folder + "/config/fcitx5/conf/pinyin.conf")
        }
        return environment
    }

    private static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Variables of the test's environment the input method must not see: another input
    /// method's settings, a real session bus, a Wayland session, a locale that overrides `LANG`.
    private static func unset(for kind: Kind) -> [String] {
        var names = [
            "XMODIFIERS", "GTK_IM_MODULE", "QT_IM_MODULE", "SDL_IM_MODULE", "IBUS_ADDRESS", "WAYLAND_DISPLAY", "LC_ALL",
            "LC_CTYPE", "LANGUAGE",
        ]
        if kind == .uim { names.append("DBUS_SESSION_BUS_ADDRESS") }
        return names
    }

    private static func unsetArguments(_ names: [String]) -> [String] { names.flatMap { ["-u", $0] } }

    /// A private session bus: its address (a socket in our folder) and its PID. The launcher
    /// exits once the daemon has forked off and printed both.
    private static func startBus(folder: String, environment: [String: String]) throws -> (address: String, pid: pid_t) {
        let launcher = try ChildProcess(
            executable: "/usr/bin/env",
            arguments: unsetArguments(["DBUS_SESSION_BUS_ADDRESS"]) + [
                "/usr/bin/dbus-daemon", "--session", "--fork", "--nopidfile", "--print-address=1", "--print-pid=1",
                "--address=unix:path=\(folder)/run/bus",
            ], environment: environment)
        guard launcher.waitForExit(timeout: .seconds(10)) == 0 else {
            launcher.stop()
            throw Failure.busDidNotStart(launcher.lines.joined(separator: " | "))
        }
        let lines = launcher.lines
        guard lines.count >= 2, lines[0].hasPrefix("unix:"), let pid = pid_t(lines[1]) else {
            throw Failure.busDidNotStart(lines.joined(separator: " | "))
        }
        return (lines[0], pid)
    }

    /// Starts the input method's process (through `env`, which unsets `names` and execs it:
    /// the PID is the program's).
    private static func launch(
        _ kind: Kind, engine: Engine, environment: [String: String], unsetting names: [String]
    ) throws -> ChildProcess {
        let command: [String]
        switch kind {
        case .uim:
            command = ["/usr/bin/uim-xim", "--engine=byeoru"]
        case .fcitx5:
            // -D: stays in the foreground (its PID is ours); no Wayland frontends on an X test.
            command = ["/usr/bin/fcitx5", "-D", "--disable=wayland,waylandim"]
        case .ibus:
            command = startIBus
        }
        return try ChildProcess(
            executable: "/usr/bin/env", arguments: unsetArguments(names) + command, environment: environment)
    }

    /// ibus-daemon exits when the *thread* that started it ends (it sets a parent-death signal,
    /// and Linux sends it when the creating thread exits), and a test's thread may end before
    /// the test does. A shell started for it is its parent instead: it prints the daemon's PID
    /// and waits for it. No panel, no emoji extension: nothing to show on a test display.
    private static let startIBus = [
        "/bin/sh", "-c", "\"$@\" & echo \"ibus-daemon $!\"; wait \"$!\"", "sh",
        "/usr/bin/ibus-daemon", "--xim", "--panel=disable", "--emoji-extension=disable",
    ]

    /// The address ibus-daemon wrote for its clients (`$XDG_CONFIG_HOME/ibus/bus/*`).
    private static func ibusAddress(folder: String) -> String? {
        let directory = folder + "/config/ibus/bus"
        guard let file = try? FileManager.default.contentsOfDirectory(atPath: directory).first,
            let text = try? String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        else { return nil }
        return text.split(separator: "\n").first { $0.hasPrefix("IBUS_ADDRESS=") }.map { String($0.dropFirst("IBUS_ADDRESS=".count)) }
    }

    // MARK: - Processes

    /// Sends `signal` to the XIM process, if it is still one of ours (a PID is checked
    /// against the marker first: it could belong to another process by now).
    private func signalXIM(_ number: Int32) {
        guard ximProcessID > 0 else { return }
        if let main, main.pid == ximProcessID {
            main.send(number)
        } else if Self.carries(ximProcessID, markerEntry) {
            signal(number, ximProcessID)
        }
    }

    /// Ends everything `marker` marks: the framework's own process first (ibus-daemon stops
    /// its components), then what is left but the bus, then the bus; SIGCONT first so that
    /// a suspended server handles SIGTERM. Reaps our direct child and removes `folder`.
    private static func tearDown(main: ChildProcess?, daemon: pid_t?, bus: pid_t?, marker: String, folder: String) {
        for pid in processes(carrying: marker) { signal(SIGCONT, pid) }
        if let daemon { terminate([daemon], marker: marker) }
        main?.stop()
        terminate(processes(carrying: marker).filter { $0 != bus }, marker: marker)
        terminate(processes(carrying: marker), marker: marker)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// SIGTERM to each of `pids` still marked, SIGKILL after 3 s to those left; bounded.
    private static func terminate(_ pids: [pid_t], marker: String) {
        let targets = pids.filter { carries($0, marker) }
        guard !targets.isEmpty else { return }
        for pid in targets { signal(SIGTERM, pid) }
        if BoundedWait.until(timeout: .seconds(3), { !targets.contains(where: isRunning) }) { return }
        for pid in targets where carries(pid, marker) { signal(SIGKILL, pid) }
        _ = BoundedWait.until(timeout: .seconds(2)) { !targets.contains(where: isRunning) }
    }

    /// Running processes whose environment holds `entry` (`NAME=VALUE`).
    private static func processes(carrying entry: String) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { pid_t($0) }.filter { carries($0, entry) }.sorted()
    }

    /// Whether `pid` runs with `entry` in its environment (a zombie's environment reads empty).
    private static func carries(_ pid: pid_t, _ entry: String) -> Bool {
        guard let bytes = readProcFile("/proc/\(pid)/environ") else { return false }
        let wanted = Array(entry.utf8)
        return bytes.split(separator: 0, omittingEmptySubsequences: true).contains { $0.elementsEqual(wanted) } && isRunning(pid)
    }

    /// The state letter of `/proc/PID/stat` (after "pid (comm)"), or nil when there is no such process.
    private static func processState(_ pid: pid_t) -> Character? {
        guard let bytes = readProcFile("/proc/\(pid)/stat") else { return nil }
        let stat = String(decoding: bytes, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].first { $0 != " " }
    }

    private static func processName(_ pid: pid_t) -> String? {
        readProcFile("/proc/\(pid)/comm").map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// A `/proc` file's bytes (they report size 0, so read to the end), or nil when unreadable.
    private static func readProcFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 { return nil }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Whether `@server=NAME` has an owner on `displayName` (false when the display is gone).
    private static func selectionOwned(_ name: String, on displayName: String) -> Bool {
        guard let display = XOpenDisplay(displayName) else { return false }
        defer { XCloseDisplay(display) }
        return XGetSelectionOwner(display, XInternAtom(display, "@server=" + name, 0)) != 0
    }
}

/// `kill(2)` under a name the fixture's own `kill()` does not hide.
private func signal(_ signal: Int32, _ pid: pid_t) { _ = kill(pid, signal) }
