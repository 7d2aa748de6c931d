import Foundation

/// mutter and KWin as sessions for native Wayland clients; start them with
/// `GnomeKDEFixture(compositor, nativeClients: true)` (or ``NativeWaylandCompositor/start()``),
/// which turns on the protocol log that ``compositorHoldsLock`` reads and KWin's screenshot API.
///
/// Placement, measured: mutter puts a new 400x300 window at the first free spot near the top-left
/// corner (origins such as 38,39 or 76,28; a second one below the first), KWin centres the first
/// (440,210) and cascades the next (+26,+15).
extension GnomeKDEFixture: WaylandSession {
    public var compositorDescription: String {
        switch compositor {
        case .mutter:
            return "mutter " + (SwayFixture.word(after: "(using mutter ", in: session.lines) ?? "?")
        case .kwin: return "kwin_wayland 5.27"
        }
    }

    /// The compositor's output: its log and, with `nativeClients`, its protocol log.
    public var compositorLog: [String] { session.lines }

    /// KWin: absolute fake-input motion; mutter: none (false).
    @discardableResult
    public func moveAbsolute(x: Int, y: Int) -> Bool {
        guard compositor == .kwin else { return false }
        input.command("absolute \(x) \(y)")
        return true
    }

    /// mutter: RemoteDesktop's `NotifyKeyboardKeycode`; KWin: fake input's `keyboard_key`.
    public func key(_ evdevCode: Int, down: Bool) { input.command("key \(evdevCode) \(down ? 1 : 0)") }

    /// Presses (`down`) or releases an evdev button (272 left, 273 right, 274 middle): mutter's
    /// RemoteDesktop `NotifyPointerButton`, KWin's fake input.
    public func button(_ code: Int, down: Bool) { input.command("button \(code) \(down ? 1 : 0)") }

    public func startNativeWindow(title: String) throws -> NativeWindow {
        try NativeWindow(
            title: title, tool: WaylandToolBuilder.pointerWindow(), folder: folder,
            environment: waylandEnvironment)
    }

    @discardableResult
    public func focusWindow(title: String, confirmed: () -> Bool) -> Bool {
        switch compositor {
        case .kwin:
            let found = kwinScript(
                """
                var all = workspace.clientList();
                for (var i = 0; i < all.length; i++) {
                    if (all[i].caption == \(Self.javaScriptString(title))) { workspace.activeClient = all[i]; say("found"); }
                }
                """)
            return found.contains("found") && BoundedWait.until(timeout: .seconds(1), confirmed)
        case .mutter:
            // Bare mutter switches at once, without a popup: Alt+Tab focuses the previous window in
            // its most-recently-used order (a second Tab while Alt is held switches back), and
            // Alt+Shift+Tab the least recently used one, so repeating it visits every window.
            // Each switch is given a second to show: another one pressed before the last was
            // heard would switch away again.
            if confirmed() { return true }
            press(15, holding: [56])
            if BoundedWait.until(timeout: .seconds(1), confirmed) { return true }
            for _ in 0..<8 {
                press(15, holding: [56, 42])
                if BoundedWait.until(timeout: .seconds(1), confirmed) { return true }
            }
            return false
        }
    }

    public var compositorHoldsLock: Bool { ProtocolLog.holdsLock(session.lines) }

    /// KWin: `workspace.cursorPos` from a KWin script; mutter: nil.
    public func cursorPosition() -> (x: Int, y: Int)? {
        guard compositor == .kwin else { return nil }
        let words = kwinScript("say(workspace.cursorPos.x + ' ' + workspace.cursorPos.y);").first?.split(separator: " ").compactMap {
            Int($0)
        }
        guard let words, words.count == 2 else { return nil }
        return (words[0], words[1])
    }

    /// KWin: the window's `frameGeometry` from a KWin script (no decoration here, so the frame is
    /// the surface); mutter: nil.
    public func windowFrame(title: String) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard compositor == .kwin else { return nil }
        let answer = kwinScript(
            """
            var all = workspace.clientList();
            for (var i = 0; i < all.length; i++) {
                var g = all[i].frameGeometry;
                if (all[i].caption == \(Self.javaScriptString(title))) say(g.x + ' ' + g.y + ' ' + g.width + ' ' + g.height);
            }
            """)
        let words = answer.first?.split(separator: " ").compactMap { Int($0) } ?? []
        return words.count == 4 ? (words[0], words[1], words[2], words[3]) : nil
    }

    /// KWin: each window's caption and whether it is the active one and whether it demands
    /// attention (a KWin script reads `active` and `demandsAttention`); mutter: nil.
    public func windowStates() -> [String: (active: Bool, demandsAttention: Bool)]? {
        guard compositor == .kwin else { return nil }
        let answer = kwinScript(
            """
            var all = workspace.clientList();
            for (var i = 0; i < all.length; i++) {
                say((all[i].active ? 1 : 0) + ' ' + (all[i].demandsAttention ? 1 : 0) + ' ' + all[i].caption);
            }
            """)
        var states: [String: (active: Bool, demandsAttention: Bool)] = [:]
        for line in answer {
            let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard words.count == 3 else { continue }
            states[String(words[2])] = (words[0] == "1", words[1] == "1")
        }
        return states
    }

    /// KWin: the size limits of the window titled `title` (`minSize`, `maxSize` from a KWin
    /// script, in logical units; KWin reads a side without a limit as 0 for the minimum and a
    /// large number for the maximum); mutter: nil.
    public func windowSizeLimits(title: String) -> (minimum: (width: Int, height: Int), maximum: (width: Int, height: Int))? {
        guard compositor == .kwin else { return nil }
        let answer = kwinScript(
            """
            var all = workspace.clientList();
            for (var i = 0; i < all.length; i++) {
                var c = all[i];
                if (c.caption == \(Self.javaScriptString(title)))
                    say(c.minSize.width + ' ' + c.minSize.height + ' ' + c.maxSize.width + ' ' + c.maxSize.height);
            }
            """)
        let words = answer.first?.split(separator: " ").compactMap { Int($0) } ?? []
        guard words.count == 4 else { return nil }
        return (minimum: (width: words[0], height: words[1]), maximum: (width: words[2], height: words[3]))
    }

    /// The whole output:
    /// - KWin: `org.kde.KWin.ScreenShot2.CaptureArea` (`Tests/WaylandTools/kwin/kwin-screenshot.py`),
    ///   with `nativeClients` only (OpenGL compositing, screenshot callers trusted);
    /// - mutter: one frame of an `org.gnome.Mutter.ScreenCast` stream of the monitor
    ///   (`Tests/WaylandTools/mutter/mutter-screenshot.py`), which needs PipeWire: the first call
    ///   starts `pipewire` and `wireplumber` in the session (Debian pipewire, wireplumber,
    ///   gstreamer1.0-pipewire, gstreamer1.0-tools); nil where they are not installed.
    public func screenshot() -> (width: Int, height: Int, pixels: [UInt32])? { screenshot(nativeResolution: false) }

    /// As ``screenshot()``; with `nativeResolution`, KWin's image has the output's own pixels
    /// (1920x1080 for its 1280x720 logical ones at scale 1.5), not logical ones, and with
    /// `includingCursor` it shows the cursor. mutter's is always the monitor's, without it.
    public func screenshot(nativeResolution: Bool, includingCursor: Bool = false) -> (width: Int, height: Int, pixels: [UInt32])? {
        guard let busAddress else { return nil }
        let file = folder + "/screenshot-\(UInt32.random(in: 0...UInt32.max)).raw"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let tool: String
        switch compositor {
        case .kwin:
            guard nativeClients else { return nil }
            tool = "kwin/kwin-screenshot.py"
        case .mutter:
            guard startScreenCastServices() else { return nil }
            tool = "mutter/mutter-screenshot.py"
        }
        guard
            let capture = try? ChildProcess(
                executable: "/usr/bin/python3", arguments: [WaylandToolBuilder.source(tool), busAddress, file],
                environment: waylandEnvironment.merging([
                    "KWIN_SCREENSHOT_NATIVE_RESOLUTION": nativeResolution ? "1" : "0",
                    "KWIN_SCREENSHOT_INCLUDE_CURSOR": includingCursor ? "1" : "0",
                ]) { $1 }),
            capture.waitForExit(timeout: .seconds(30)) == 0,
            let size = capture.lines.last?.split(separator: " ").compactMap({ Int($0) }), size.count == 2,
            let data = FileManager.default.contents(atPath: file), data.count == size[0] * size[1] * 4
        else { return nil }
        // mutter's frames are BGRx: the top byte is padding, not alpha.
        let opaque: UInt32 = compositor == .mutter ? 0xFF00_0000 : 0
        let pixels = data.withUnsafeBytes { $0.bindMemory(to: UInt32.self).map { $0 | opaque } }
        return (size[0], size[1], pixels)
    }

    /// PipeWire and its session manager in mutter's runtime folder and D-Bus session, once.
    private func startScreenCastServices() -> Bool {
        if !screenCastServices.isEmpty { return true }
        guard let busAddress, let pipewire = try? XServerFixture.locate("pipewire"),
            let wireplumber = try? XServerFixture.locate("wireplumber"), (try? XServerFixture.locate("gst-launch-1.0")) != nil
        else { return false }
        let environment = ["XDG_RUNTIME_DIR": runtime, "HOME": folder + "/home", "DBUS_SESSION_BUS_ADDRESS": busAddress]
        guard let daemon = try? ChildProcess(executable: pipewire, arguments: [], environment: environment, ownProcessGroup: true)
        else { return false }
        screenCastServices.append(daemon)
        guard BoundedWait.until(timeout: .seconds(5), { FileManager.default.fileExists(atPath: runtime + "/pipewire-0") }),
            let manager = try? ChildProcess(executable: wireplumber, arguments: [], environment: environment, ownProcessGroup: true)
        else { return false }
        screenCastServices.append(manager)
        return true
    }

    /// Runs `body` as a KWin script (`org.kde.kwin.Scripting`, through `gdbus`) and returns what
    /// it passed to `say(text)`, in order. KWin prints a script's `print` output on its standard
    /// error as `js: ...`; a marker of our own picks our lines out of the compositor's log.
    func kwinScript(_ body: String, timeout: Duration = .seconds(5)) -> [String] {
        guard compositor == .kwin, let busAddress, let gdbus = try? XServerFixture.locate("gdbus") else { return [] }
        let name = "tests\(UInt32.random(in: 0...UInt32.max))"
        let marker = "js: \(name) "
        let file = folder + "/\(name).js"
        let script = "function say(text) { print('\(name) ' + text); }\n\(body)\nsay('end');\n"
        guard (try? script.write(toFile: file, atomically: true, encoding: .utf8)) != nil else { return [] }
        defer { try? FileManager.default.removeItem(atPath: file) }
        func call(_ method: String, _ arguments: [String]) -> Bool {
            guard
                let child = try? ChildProcess(
                    executable: gdbus,
                    arguments: ["call", "--session", "-d", "org.kde.KWin", "-o", "/Scripting", "-m", "org.kde.kwin.Scripting." + method]
                        + arguments,
                    environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress])
            else { return false }
            return child.waitForExit(timeout: .seconds(5)) == 0
        }
        guard call("loadScript", [file, name]), call("start", []) else { return [] }
        defer { _ = call("unloadScript", [name]) }
        var said: [String] = []
        _ = BoundedWait.until(timeout: timeout) {
            said = session.lines.filter { $0.hasPrefix(marker) }.map { String($0.dropFirst(marker.count)) }
            return said.last == "end"
        }
        return said.last == "end" ? Array(said.dropLast()) : said
    }

    static func javaScriptString(_ text: String) -> String {
        var quoted = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'", "\\": quoted += "\\" + String(scalar)
            case _ where scalar.value < 0x20: quoted += String(format: "\\u%04x", scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
