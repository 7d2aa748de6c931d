internal import CWayland
import Foundation

/// The Wayland backend of ``GameWindow``: an xdg-shell toplevel on a connection of its own to
/// the compositor, its seat's pointer and keyboard, and the compositor's pointer constraints as
/// the lock.
///
/// The compositor owns the pointer. The window reports facts to its ``pointerLock`` controller
/// (focus from the keyboard's enter and leave and the toplevel's `activated` state, shown once
/// its first frame is up, the pointer over it from the pointer's enter and leave, buttons held)
/// and its ``WaylandPointerLock`` asks the compositor for the constraint the controller wants;
/// the state is `locked` only once the compositor has said `locked`.
///
/// Events are read from the socket in ``waitForEvents(until:)`` and ``pollEvents(_:)`` and
/// dispatched only in ``pollEvents(_:)``: the listeners append what they make to ``pending``,
/// which keeps its capacity from call to call (no allocation once it has grown to the largest
/// burst), and the game's handler gets them once the compositor's events of the dispatch are
/// all handled. Events made in a round trip outside it (set-up) wait for the next call.
package final class WaylandWindow {
    let pointerLock: PointerLockController
    package private(set) var width: Int
    package private(set) var height: Int
    /// The connection; every `wl_shm` buffer made on the window holds it too, so it closes when
    /// the window and its presenter's buffers are all gone.
    let connection: WaylandConnection
    var display: OpaquePointer { connection.display }
    let compositor: OpaquePointer
    package let shm: OpaquePointer
    private let wmBase: OpaquePointer
    let seat: OpaquePointer?
    let relativePointerManager: OpaquePointer?
    private let decorationManager: OpaquePointer?
    /// The window's surface, for the pixel presenter in this package.
    package let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    let lock: WaylandPointerLock
    let keys = WaylandKeyboard()
    private(set) var cursorImage: WaylandCursor?

    // The seat's devices, while it has them.
    var pointer: OpaquePointer?
    var keyboard: OpaquePointer?
    var relativePointer: OpaquePointer?
    /// The serial of the pointer's last enter, for `set_cursor`.
    var pointerSerial: UInt32 = 0
    /// Where the pointer is in the window, while it is over it.
    var pointerLocation: WindowPoint?
    /// Buttons held, by X button number (bit n: button n).
    var heldButtons: UInt32 = 0
    /// Scrolling gathered until the pointer's `frame`.
    var pendingScroll = PendingScroll()

    // What the compositor said of the toplevel.
    var pendingConfigure = ToplevelConfigure()
    var isActivated = false
    var hasKeyboardFocus = false
    /// A keyboard's enter came since the keyboard was made (see `awaitKeyboardEnter`).
    var keyboardEntered = false
    /// The sync that settles a new keyboard's focus.
    var keyboardEnterSync: OpaquePointer?
    private(set) var isMapped = false
    /// The plain frame shown until a presenter draws (a surface without a buffer is not shown).
    private var plainFrame: WaylandShmBuffer?
    /// Whether the pixel presenter in this package draws the window's frames.
    package var hasPresenter = false

    // The loop.
    /// Events made and not yet handed to the game; ``delivered`` of them are handed over.
    var pending: [InputEvent] = {
        var events: [InputEvent] = []
        events.reserveCapacity(256)
        return events
    }()
    var delivered = 0
    /// When the events being dispatched were read from the socket.
    var batchReceivedAt = ContinuousClock.now
    private(set) var isClosed = false
    var isLost = false
    var dispatchDepth = 0
    var isCloseRequested = false
    var isConnectionClosed = false
    var wake: WakeSet?

    private(set) var currentTitle: String
    /// Whether a text-input session is open: key presses that type characters come as text too.
    var textInputActive = false
    private var currentLimits = WindowSizeLimits.none

    /// The geometry and states of the toplevel's next `xdg_surface.configure`.
    struct ToplevelConfigure {
        var width: Int32 = 0
        var height: Int32 = 0
        var isFullScreen = false
        var isActivated = false
        /// Maximised, tiled or full-screen: the compositor chose the size.
        var isSizeFixed = false
    }

    /// Scroll axes of one pointer frame.
    struct PendingScroll {
        var delta = PointerDelta.zero
        var steps = PointerDelta.zero
        var isWheel = false
        var hasValue = false
        var time: UInt32 = 0
    }

    /// Makes the toplevel on `connection`, titled `title`, `width` by `height`, not yet shown.
    init(connection: WaylandConnection, title: String, width: Int, height: Int, stallTimeout: Duration?) throws(GameWindowError) {
        func bound(_ name: String, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> OpaquePointer? {
            connection.global(name).flatMap { connection.bind($0, interface, version: version) }
        }
        let essentials = ["wl_compositor", "wl_shm", "xdg_wm_base"].filter { connection.global($0) == nil }
        guard essentials.isEmpty, let compositor = bound("wl_compositor", cwayland_compositor_interface(), 4),
            let shm = bound("wl_shm", cwayland_shm_interface(), 1), let wmBase = bound("xdg_wm_base", cwayland_xdg_wm_base_interface(), 2),
            let surface = wl_compositor_create_surface(compositor), let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface),
            let toplevel = xdg_surface_get_toplevel(xdgSurface)
        else {
            connection.close()
            throw .cannotConnectToWayland(
                "the compositor lacks \(essentials.isEmpty ? "a toplevel window" : essentials.joined(separator: ", "))")
        }
        self.connection = connection
        self.compositor = compositor
        self.shm = shm
        self.wmBase = wmBase
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        self.width = width
        self.height = height
        currentTitle = title
        seat = bound("wl_seat", cwayland_seat_interface(), 7)
        relativePointerManager = bound("zwp_relative_pointer_manager_v1", cwayland_relative_pointer_manager_interface(), 1)
        decorationManager = bound("zxdg_decoration_manager_v1", cwayland_decoration_manager_interface(), 1)
        let constraints = bound("zwp_pointer_constraints_v1", cwayland_pointer_constraints_interface(), 1)
        let lock = WaylandPointerLock(constraints: constraints, display: connection.display, surface: surface, compositor: compositor)
        self.lock = lock
        pointerLock = PointerLockController(platform: constraints != nil && relativePointerManager != nil ? lock : nil)
        lock.window = self
        cursorImage = WaylandCursor(compositor: compositor, shm: shm)

        let data = Unmanaged.passUnretained(self).toOpaque()
        xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, data)
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, data)
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, data)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, ProcessInfo.processInfo.processName)
        if let decorationManager, let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(decorationManager, toplevel) {
            // The compositor draws the title bar and the frame where it offers to (sway, KWin).
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
            self.decoration = decoration
        }
        if let seat { wl_seat_add_listener(seat, Self.seatListener, data) }
        pointerLock.setSuspension(LockSuspension.fromEnvironment())
        pointerLock.setRequiresPointerOverWindow(true)
        // The seat's capabilities, then its devices' keymap and repeat rate.
        connection.roundtrip()
        connection.roundtrip()
    }

    deinit { close() }

    /// Commits the surface with no buffer: the compositor answers with the first configure,
    /// and the window shows with its first frame.
    func show() {
        guard isUsable, !isMapped else { return }
        wl_surface_commit(surface)
        flush()
    }

    /// Whether the window may still send requests.
    package var isUsable: Bool { !isClosed && !isLost }

    /// Ends the window's life as far as the game can see: no more events, no lock.
    func shutDown() {
        guard !isClosed else { return }
        isClosed = true
        pointerLock.shutDown()
    }

    /// Destroys what the window made and lets go of the connection (which closes once the
    /// presenter's buffers are gone too).
    func closeConnection() {
        guard !isConnectionClosed else { return }
        isConnectionClosed = true
        wake = nil
        lock.destroy()
        if let keyboardEnterSync { wl_callback_destroy(keyboardEnterSync) }
        if let relativePointer { zwp_relative_pointer_v1_destroy(relativePointer) }
        if let pointer { wl_pointer_release(pointer) }
        if let keyboard { wl_keyboard_release(keyboard) }
        cursorImage = nil
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
        plainFrame = nil
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        if let relativePointerManager { zwp_relative_pointer_manager_v1_destroy(relativePointerManager) }
        if let seat { wl_seat_release(seat) }
        xdg_wm_base_destroy(wmBase)
        wl_shm_destroy(shm)
        wl_compositor_destroy(compositor)
        if !isLost { _ = wl_display_flush(display) }
    }

    /// Sends what is queued; a connection that fails is lost.
    package func flush() {
        guard !isLost, !isConnectionClosed else { return }
        if wl_display_flush(display) < 0 && errno != EAGAIN { isLost = true }
    }

    // MARK: The toplevel

    /// The compositor's configure: acknowledged at once, then applied: the size it chose (or
    /// the window's own where it left it free), full screen, activation; the first one shows
    /// the window.
    func configure(serial: UInt32) {
        xdg_surface_ack_configure(xdgSurface, serial)
        let next = pendingConfigure
        let newWidth = next.width > 0 ? Int(next.width) : width, newHeight = next.height > 0 ? Int(next.height) : height
        let resized = newWidth != width || newHeight != height
        width = newWidth
        height = newHeight
        isActivated = next.isActivated
        if !isMapped || (resized && !hasPresenter) { showPlainFrame() }
        if resized { emit(.resized(width: width, height: height)) }
        if !isMapped {
            isMapped = true
            pointerLock.setViewable(true)
            emit(.exposed)
        }
        if next.isFullScreen != pointerLock.currentFacts.isFullScreen { pointerLock.setFullScreen(next.isFullScreen) }
        updateFocus()
    }

    /// The window has the focus while the compositor says it is activated and, where the seat
    /// has a keyboard, the keyboard is on it.
    func updateFocus() {
        let focused = isActivated && (keyboard == nil || hasKeyboardFocus)
        if focused != pointerLock.currentFacts.hasFocus { pointerLock.setFocused(focused) }
    }

    /// A frame of the window's background colour at its size, shown until a presenter draws.
    private func showPlainFrame() {
        guard let frame = WaylandShmBuffer(on: self, width: width, height: height) else { return }
        frame.fill(0xFF20_2020)
        frame.show(on: surface)
        plainFrame = frame
    }

    /// The window's size as the game asked, applied where the compositor left it free.
    private func resize(width newWidth: Int, height newHeight: Int) {
        guard !pendingConfigure.isSizeFixed, newWidth != width || newHeight != height else { return }
        width = newWidth
        height = newHeight
        if isMapped && !hasPresenter { showPlainFrame() }
        emit(.resized(width: width, height: height))
    }

    /// Shows or hides the cursor over the window (the lock hides it).
    func showCursor(_ visible: Bool) {
        guard let pointer, pointerLocation != nil else { return }
        if visible { cursorImage?.show(on: pointer, serial: pointerSerial) } else { WaylandCursor.hide(on: pointer, serial: pointerSerial) }
    }

    // MARK: Listeners

    static func window(_ data: UnsafeMutableRawPointer?) -> WaylandWindow? {
        data.map { Unmanaged<WaylandWindow>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        // Answered while the game's loop runs: a game that stops answering is one the
        // compositor may treat as hung (mutter ends its lock).
        listener.initialize(to: xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
        return listener
    }()

    private nonisolated(unsafe) static let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
        let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        listener.initialize(to: xdg_surface_listener(configure: { data, _, serial in window(data)?.configure(serial: serial) }))
        return listener
    }()

    private nonisolated(unsafe) static let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
        let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_toplevel_listener(
                configure: { data, _, width, height, states in
                    guard let window = window(data) else { return }
                    var next = ToplevelConfigure(width: width, height: height)
                    if let states, let values = states.pointee.data {
                        let count = states.pointee.size / MemoryLayout<UInt32>.size
                        for state in UnsafeBufferPointer(start: values.assumingMemoryBound(to: UInt32.self), count: count) {
                            switch xdg_toplevel_state(state) {
                            case XDG_TOPLEVEL_STATE_FULLSCREEN: next.isFullScreen = true; next.isSizeFixed = true
                            case XDG_TOPLEVEL_STATE_ACTIVATED: next.isActivated = true
                            case XDG_TOPLEVEL_STATE_MAXIMIZED, XDG_TOPLEVEL_STATE_TILED_LEFT, XDG_TOPLEVEL_STATE_TILED_RIGHT,
                                XDG_TOPLEVEL_STATE_TILED_TOP, XDG_TOPLEVEL_STATE_TILED_BOTTOM:
                                next.isSizeFixed = true
                            default: break
                            }
                        }
                    }
                    window.pendingConfigure = next
                },
                close: { data, _ in window(data)?.emit(.closeRequested) },
                configure_bounds: { _, _, _, _ in },
                wm_capabilities: { _, _, _ in }))
        return listener
    }()
}

// MARK: WindowBackend

extension WaylandWindow: WindowBackend {
    var isViewable: Bool { pointerLock.currentFacts.isViewable }
    var isFullScreen: Bool { pointerLock.currentFacts.isFullScreen }
    var isAttached: Bool { false }
    var displayName: String { connection.socketName }
    var nativeHandle: NativeWindowHandle { NativeWindowHandle(x11: nil) }
    var supportsTransformGestures: Bool { false }
    var lockGuardianStatus: LockGuardianStatus { .notNeeded }
    var windowManagerRuns: Bool { true }

    var title: String {
        get { currentTitle }
        set {
            guard isUsable, newValue != currentTitle else { return }
            currentTitle = newValue
            xdg_toplevel_set_title(toplevel, newValue)
            flush()
        }
    }

    func requestSize(width: Int, height: Int) throws(WindowStateError) {
        guard WindowSize(width: width, height: height).fitsAWindow else { throw .invalidSize(width: width, height: height) }
        guard isUsable else { return }
        resize(width: width, height: height)
        flush()
    }

    var sizeLimits: WindowSizeLimits {
        get { currentLimits }
        set {
            guard isUsable else { return }
            currentLimits = newValue
            xdg_toplevel_set_min_size(toplevel, Int32(newValue.minimumSize?.width ?? 0), Int32(newValue.minimumSize?.height ?? 0))
            xdg_toplevel_set_max_size(toplevel, Int32(newValue.maximumSize?.width ?? 0), Int32(newValue.maximumSize?.height ?? 0))
            wl_surface_commit(surface)
            flush()
        }
    }

    func requestPosition(x: Int, y: Int) throws(WindowStateError) {
        guard Int(Int16.min)...Int(Int16.max) ~= x, Int(Int16.min)...Int(Int16.max) ~= y else {
            throw .invalidPosition(x: x, y: y)
        }
    }

    func positionOnScreen() -> ScreenPoint? { nil }

    func setIcon(_ icons: [WindowIcon]) throws(WindowStateError) {}

    func setFullScreen(_ fullScreen: Bool) {
        guard isUsable else { return }
        if fullScreen { xdg_toplevel_set_fullscreen(toplevel, nil) } else { xdg_toplevel_unset_fullscreen(toplevel) }
        flush()
    }

    func activate() {}

    var monitors: [Monitor] { [] }
    var scale: DesktopScale { DesktopScale(factor: 1, source: .none) }
    var currentMonitor: Monitor? { nil }
    func setFullScreen(on monitor: Monitor) -> Bool { false }

    var cursor: CursorShape {
        get { .system(.default) }
        set {}
    }

    func warpPointer(to point: WindowPoint) -> Bool { false }

    func printedName(of usage: KeyboardHIDUsage) -> String? {
        guard isUsable, let keyCode = keys.keyCode(of: usage), let layout = keys.layout else { return nil }
        let characters = layout.meaning(of: keyCode, with: keys.modifiers.groupOnly).charactersIgnoringModifiers
        return characters.isEmpty ? nil : characters.uppercased()
    }

    var isTextInputActive: Bool { textInputActive }
    var textInputSource: TextInputSource { .keys }
    func startTextInput() { if isUsable { textInputActive = true } }
    func stopTextInput() { textInputActive = false }
    func setTextInputCaret(_ rect: WindowRect) {}
    func copyToClipboard(_ text: String) {}
    func requestClipboardText(_ completion: @escaping (String?) -> Void) {}
}
