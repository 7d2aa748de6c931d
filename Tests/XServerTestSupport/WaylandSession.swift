import Foundation

/// A headless Wayland compositor for tests of native Wayland clients (no Xwayland in between):
/// input injected as the compositor's own devices, native windows of the tests' own that log
/// what they receive, focus by title, the compositor's own word on a pointer lock, screenshots.
///
/// Conformers: ``SwayFixture`` (sway 1.7), ``GnomeKDEFixture`` (mutter 43.8, kwin_wayland 5.27.5),
/// started for native clients by ``NativeWaylandCompositor/start()``. What each compositor offers
/// and what was measured: `Tests/WaylandTools/RECIPES.md`, "Native Wayland clients".
public protocol WaylandSession: AnyObject {
    /// The compositor and its version, for messages (`sway 1.7`).
    var compositorDescription: String { get }

    /// What a native client needs in its environment: `XDG_RUNTIME_DIR` and `WAYLAND_DISPLAY`.
    var waylandEnvironment: [String: String] { get }

    /// Moves the compositor's cursor by (dx, dy) pixels as a mouse would; a client with pointer
    /// focus receives it as relative motion. Returns once the compositor has handled it.
    func moveRelative(dx: Double, dy: Double)

    /// Puts the cursor at (x, y) on the 1280x720 output as a tablet would; returns false, and
    /// does nothing, where the tests have no absolute device: mutter (its RemoteDesktop API moves
    /// absolutely only within a screen-cast stream). See ``moveTo(x:y:)``. On sway an absolute
    /// move also produces relative motion; KWin ignores one while a lock holds the cursor.
    @discardableResult
    func moveAbsolute(x: Int, y: Int) -> Bool

    /// Presses (`down`) or releases an evdev key (17 = KEY_W, 42 = KEY_LEFTSHIFT, 56 = KEY_LEFTALT)
    /// on the compositor's keyboard; what it types depends on the compositor's keymap.
    func key(_ evdevCode: Int, down: Bool)

    /// Maps a native window titled `title` (``NativeWindow``) and returns once it has drawn its
    /// first frame. Windows of the same session need distinct titles.
    func startNativeWindow(title: String) throws -> NativeWindow

    /// Gives the keyboard focus to the window titled `title` by the compositor's own means, and
    /// returns whether `confirmed` then holds (waited for up to a second per attempt):
    /// - sway: `swaymsg [title="^title$"] focus` (sway then warps the cursor to the window's
    ///   centre if it was outside it);
    /// - KWin: a KWin script sets `workspace.activeClient`;
    /// - mutter: Alt+Tab, then Alt+Shift+Tab again and again, through the keyboard (bare mutter
    ///   has no way to name a window from outside), until `confirmed` holds. mutter can do
    ///   nothing with the title itself, so `confirmed` must tell (for a ``NativeWindow``, its
    ///   `hasKeyboardFocus`).
    @discardableResult
    func focusWindow(title: String, confirmed: () -> Bool) -> Bool

    /// Whether the compositor's own log says a pointer lock is in force (a client was told
    /// `locked` and has not been told `unlocked` nor destroyed that lock since):
    /// - sway: its `-d` log (`constrained` / `unconstrained` / `destroying constraint`);
    /// - mutter and KWin: the protocol log of libwayland-server (`WAYLAND_DEBUG=server`):
    ///   `zwp_locked_pointer_v1@N.locked()` sent, `unlocked()` sent or `destroy()` received.
    ///   When the locking client dies (measured with `kill -9`) both log `unlocked()` to it as
    ///   they tear the lock down. Object ids are per client: one locking client at a time.
    /// The behavioural proof, for any compositor: ``cursorEscapes(towards:dx:dy:steps:)``.
    var compositorHoldsLock: Bool { get }

    /// The compositor's cursor position, where it can be read from outside: KWin only (a KWin
    /// script reads `workspace.cursorPos`); nil under sway and mutter.
    func cursorPosition() -> (x: Int, y: Int)?

    /// The frame of the window titled `title` on the output: sway (`get_tree`) and KWin (a KWin
    /// script); nil under mutter, which tells nobody (use ``locate(_:)`` for a tests' window).
    func windowFrame(title: String) -> (x: Int, y: Int, width: Int, height: Int)?

    /// The whole 1280x720 output, pixels as 0xAARRGGBB (opaque), rows top to bottom: sway through
    /// `grim` (wlr-screencopy), KWin through its `org.kde.KWin.ScreenShot2` D-Bus API, mutter
    /// through one frame of an `org.gnome.Mutter.ScreenCast` stream (bare `mutter --headless` has
    /// no screenshot call; the stream needs PipeWire and WirePlumber, started on the first call,
    /// and GStreamer's PipeWire source). nil when the compositor or the packages cannot.
    func screenshot() -> (width: Int, height: Int, pixels: [UInt32])?

    /// Stops the compositor and everything the session started. Idempotent.
    func stop()
}

extension WaylandSession {
    /// Presses and releases an evdev key.
    public func press(_ evdevCode: Int) {
        key(evdevCode, down: true)
        key(evdevCode, down: false)
    }

    /// Presses `modifiers` (held in order), presses and releases `evdevCode`, releases them.
    public func press(_ evdevCode: Int, holding modifiers: [Int]) {
        for modifier in modifiers { key(modifier, down: true) }
        press(evdevCode)
        for modifier in modifiers.reversed() { key(modifier, down: false) }
    }

    /// Puts the cursor at (x, y): absolutely where the session can, otherwise (mutter) by parking
    /// it in the top-left corner with a large relative move and moving it by (x, y) in one event.
    /// Either way a client with pointer focus may receive relative motion.
    public func moveTo(x: Int, y: Int) {
        if moveAbsolute(x: x, y: y) { return }
        moveRelative(dx: -5000, dy: -5000)
        moveRelative(dx: Double(x), dy: Double(y))
    }

    /// Gives the keyboard focus to one of the tests' windows; true once it logs `focus in`.
    @discardableResult
    public func focus(_ window: NativeWindow) -> Bool {
        focusWindow(title: window.title) { window.hasKeyboardFocus }
    }

    /// The behavioural proof of a lock, for any compositor: moves the cursor by (dx, dy) in
    /// `steps` equal steps, then back the same way, and returns whether `observer` (a window
    /// beside the locked one, in that direction) saw the pointer meanwhile (an `enter` or a
    /// `motion`). While a lock holds, nothing moves the cursor, so the answer is false; the
    /// locked client receives the motion there and back, net zero.
    public func cursorEscapes(towards observer: NativeWindow, dx: Double, dy: Double, steps: Int = 10) -> Bool {
        let seen = observer.lineCount
        for _ in 0..<steps { moveRelative(dx: dx / Double(steps), dy: dy / Double(steps)) }
        for _ in 0..<steps { moveRelative(dx: -dx / Double(steps), dy: -dy / Double(steps)) }
        // The observer's client logs what it was sent; give it a moment to have read it.
        Thread.sleep(forTimeInterval: 0.1)
        return observer.lines(after: seen).contains { $0.hasPrefix("enter ") || $0.hasPrefix("motion ") }
    }

    /// Finds one of the tests' windows on the output by walking the cursor over a grid (40 px
    /// apart) until the window reports an `enter`; its surface coordinates then give the window's
    /// origin. For mutter, which tells nobody where windows are; moves the cursor (a locked
    /// client would receive that motion). Returns the window's origin on the output.
    public func locate(_ window: NativeWindow, step: Int = 40) -> (x: Int, y: Int)? {
        for y in stride(from: step / 2, to: 720, by: step) {
            for x in stride(from: step / 2, to: 1280, by: step) {
                let seen = window.lineCount
                moveTo(x: x, y: y)
                if let enter = window.waitForLine(timeout: .milliseconds(30), after: seen, where: { $0.hasPrefix("enter ") }) {
                    let words = enter.split(separator: " ").compactMap { Int($0) }
                    if words.count == 2 { return (x - words[0], y - words[1]) }
                }
            }
        }
        return nil
    }
}

/// The compositors a native Wayland test can run under.
public enum NativeWaylandCompositor: String, CaseIterable, Sendable, CustomStringConvertible {
    case sway
    case mutter
    case kwin

    public var description: String { rawValue }

    /// Starts the compositor headless, set up for native clients: sway without Xwayland; mutter
    /// and KWin with the protocol log that ``WaylandSession/compositorHoldsLock`` reads, and KWin
    /// compositing with OpenGL (llvmpipe) so that its screenshot API exists.
    public func start() throws -> any WaylandSession {
        switch self {
        case .sway: try SwayFixture(xwayland: false)
        case .mutter: try GnomeKDEFixture(.mutter, nativeClients: true)
        case .kwin: try GnomeKDEFixture(.kwin, nativeClients: true)
        }
    }
}

/// Reads the protocol log of libwayland-server (`WAYLAND_DEBUG=server`) for pointer locks: a
/// `locked()` event sent to a `zwp_locked_pointer_v1` puts that lock in force; `unlocked()` sent,
/// `destroy()` received, or a new lock object with the same id ends it.
enum ProtocolLog {
    static func holdsLock(_ lines: [String]) -> Bool {
        var locks: [Substring: Bool] = [:]
        for line in lines where line.contains("zwp_locked_pointer_v1@") {
            guard let object = objectName(in: line) else { continue }
            if line.contains("lock_pointer(new id") {
                locks[object] = false
            } else if line.contains(" -> ") && line.hasSuffix(".locked()") {
                locks[object] = true
            } else if line.hasSuffix(".unlocked()") || line.hasSuffix(".destroy()") {
                locks[object] = false
            }
        }
        return locks.values.contains(true)
    }

    /// `zwp_locked_pointer_v1@N` in a line.
    private static func objectName(in line: String) -> Substring? {
        guard let start = line.range(of: "zwp_locked_pointer_v1@") else { return nil }
        let digits = line[start.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : line[start.lowerBound..<digits.endIndex]
    }
}
