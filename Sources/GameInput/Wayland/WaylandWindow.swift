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
    /// The window's size in pixels of its frames: the logical size times ``pixelScale``.
    package private(set) var width: Int
    package private(set) var height: Int
    /// The window's size in the compositor's logical units (what configures and size limits
    /// speak in).
    private(set) var logicalWidth: Int
    private(set) var logicalHeight: Int
    /// Pixels per logical pixel in the window's frames and pointer positions: the compositor's
    /// preferred scale where it tells one (``fractionalScale``: 1.5, say), else the largest
    /// integer scale of the outputs the surface is on, or 1 while it is on none, and always 1
    /// once a renderer of the caller's draws (see ``DesktopScale``).
    package internal(set) var pixelScale: Double = 1
    /// The compositor's preferred scale and the surface's viewport, where it offers both.
    private(set) var fractionalScale: WaylandFractionalScale?
    /// The preferred scale changed since the buffer scale was last decided.
    var preferredScaleChanged = false
    /// The scale the game last heard of.
    var reportedScale = DesktopScale(factor: 1, source: .none)
    /// The connection; every `wl_shm` buffer made on the window holds it too, so it closes when
    /// the window and its presenter's buffers are all gone.
    let connection: WaylandConnection
    var display: OpaquePointer { connection.display }
    let compositor: OpaquePointer
    package let shm: OpaquePointer
    let seat: OpaquePointer?
    let relativePointerManager: OpaquePointer?
    /// The window's surface, for the pixel presenter in this package.
    package let surface: OpaquePointer
    /// Whether the surface is a host's, which GameInput attached to.
    let isAttached: Bool
    /// The window's role on the desktop: xdg-shell with the compositor's frame, or libdecor's;
    /// none on a host's surface.
    private(set) var toplevel: (any WaylandToplevel)?
    let lock: WaylandPointerLock
    let keys = WaylandKeyboard()
    private(set) var cursorImage: WaylandCursor?
    /// Whether the game set ``cursor`` (on a host's surface, until then the host's shows).
    private var isCursorChosen = false
    /// Whether GameInput hid the cursor last (the lock).
    private var isCursorHidden = false

    // The seat's devices, while it has them.
    var pointer: OpaquePointer?
    var keyboard: OpaquePointer?
    var relativePointer: OpaquePointer?
    /// The serial of the pointer's last enter, for `set_cursor`.
    var pointerSerial: UInt32 = 0
    /// The serial of the window's latest input (keyboard enter, key, button), for setting the
    /// selection.
    var inputSerial: UInt32 = 0
    /// The seat's clipboard, where the compositor offers a data device manager.
    private(set) var clipboard: WaylandClipboard?
    /// Pastes asked for where there is no clipboard: answered with nil at the next dispatch.
    var pastesWithoutClipboard: [(String?) -> Void] = []
    /// The compositor's outputs, and those the surface is on.
    let outputs = WaylandOutputs()
    /// Activation by token, where the compositor offers `xdg_activation_v1`.
    private var activation: WaylandActivation?
    /// Touchpad gestures, where the compositor offers `zwp_pointer_gestures_v1`.
    private(set) var gestures: WaylandGestures?
    /// The input method the compositor relays, where it offers `zwp_text_input_manager_v3`.
    private var textInput: WaylandTextInput?
    /// The monitors last reported (nil until the window is made: the first list is no change).
    private var reportedMonitors: [Monitor]?
    /// An output's news came since the list was last compared.
    var outputsMayHaveChanged = false
    /// Where the pointer is in the window, while it is over it.
    var pointerLocation: WindowPoint?
    /// The presses the game was told of: ended when the keyboard focus goes.
    var presses = HeldPresses()
    /// Scrolling gathered until the pointer's `frame`.
    var pendingScroll = PendingScroll()

    // What the compositor said of the toplevel.
    /// The last configure applied.
    private(set) var lastConfigure = ToplevelConfigure()
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
    /// Whether a renderer of the caller's draws (``nativeHandle`` was read): its buffers'
    /// scale is not GameInput's to set.
    private(set) var hasForeignRenderer = false

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
    var isClosed: Bool { lifecycle.isClosed }
    var isLost = false
    /// Open, shut down or released, and how deep in ``pollEvents(_:)``: a ``close()`` inside
    /// lets go of the connection when the outermost returns.
    var lifecycle = WindowLifecycle()
    var wake: WakeSet?

    private(set) var currentTitle: String
    /// Whether a text-input session is open: key presses that type characters come as text too.
    var textInputActive = false
    /// Dead keys and Compose sequences during a text-input session, from the locale's compose
    /// table; loaded when the first session opens (nil: none found, or none opened yet).
    var compose: XKBCompose?
    private var composeLoaded = false
    /// Presses a compose sequence took: they and their releases are not reported as keys.
    var keysTakenByCompose = Set<Int>()
    private(set) var currentLimits = WindowSizeLimits.none

    /// Scroll axes of one pointer frame.
    struct PendingScroll {
        var delta = PointerDelta.zero
        var steps = PointerDelta.zero
        var isWheel = false
        var hasValue = false
        var time: UInt32 = 0
    }

    /// Makes the toplevel on `connection`, titled `title`, `width` by `height`, not yet shown.
    convenience init(connection: WaylandConnection, title: String, width: Int, height: Int, stallTimeout: Duration?) throws(GameWindowError)
    {
        try self.init(connection: connection, hostSurface: nil, title: title, width: width, height: height, stallTimeout: stallTimeout)
    }

    /// Attaches to the host's surface `surface` on the host's connection, which `connection`
    /// borrows (``WaylandConnection/init(borrowing:)``): GameInput's own seat devices, lock and
    /// cursor on it, and no role, frame or commit of GameInput's on the surface.
    convenience init(attachingTo surface: OpaquePointer, connection: WaylandConnection, stallTimeout: Duration?) throws(GameWindowError) {
        try self.init(connection: connection, hostSurface: surface, title: "", width: 0, height: 0, stallTimeout: stallTimeout)
    }

    private init(
        connection: WaylandConnection, hostSurface: OpaquePointer?, title: String, width: Int, height: Int, stallTimeout: Duration?
    ) throws(GameWindowError) {
        func bound(_ name: String, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> OpaquePointer? {
            connection.global(name).flatMap { connection.bind($0, interface, version: version) }
        }
        let essentials = ["wl_compositor", "wl_shm"] + (hostSurface == nil ? ["xdg_wm_base"] : [])
        let missing = essentials.filter { connection.global($0) == nil }
        guard missing.isEmpty, let compositor = bound("wl_compositor", cwayland_compositor_interface(), 4),
            let shm = bound("wl_shm", cwayland_shm_interface(), 1), let surface = hostSurface ?? wl_compositor_create_surface(compositor)
        else {
            connection.close()
            throw .cannotConnectToWayland("the compositor lacks \(missing.isEmpty ? "a surface" : missing.joined(separator: ", "))")
        }
        isAttached = hostSurface != nil
        self.connection = connection
        self.compositor = compositor
        self.shm = shm
        self.surface = surface
        self.width = width
        self.height = height
        logicalWidth = width
        logicalHeight = height
        currentTitle = title
        seat = bound("wl_seat", cwayland_seat_interface(), 7)
        relativePointerManager = bound("zwp_relative_pointer_manager_v1", cwayland_relative_pointer_manager_interface(), 1)
        if let seat, let manager = bound("wl_data_device_manager", cwayland_data_device_manager_interface(), 3) {
            clipboard = WaylandClipboard(manager: manager, seat: seat)
        }
        let constraints = bound("zwp_pointer_constraints_v1", cwayland_pointer_constraints_interface(), 1)
        let stallTimeout = stallTimeout.flatMap { $0 > .zero ? max($0, GameWindow.minimumStallTimeout) : nil }
        let lock = WaylandPointerLock(
            constraints: constraints, connection: connection, surface: surface, commitsSurface: hostSurface == nil, compositor: compositor,
            stallTimeout: stallTimeout)
        self.lock = lock
        pointerLock = PointerLockController(platform: constraints != nil && relativePointerManager != nil ? lock : nil)
        lock.window = self
        cursorImage = WaylandCursor(connection: connection, compositor: compositor, shm: shm)
        // The compositor draws the frame where it offers to (sway, KWin); elsewhere (mutter)
        // libdecor does, and without libdecor the window has none. A host's surface has its
        // host's role.
        let decorationManager = isAttached ? nil : bound("zxdg_decoration_manager_v1", cwayland_decoration_manager_interface(), 1)
        if isAttached {
            hasPresenter = true
            hasForeignRenderer = true
        } else if decorationManager == nil,
            let decorated = WaylandLibdecorToplevel(display: connection.display, surface: surface, title: title, window: self)
        {
            toplevel = decorated
        } else if let wmBase = bound("xdg_wm_base", cwayland_xdg_wm_base_interface(), 2) {
            toplevel = WaylandXDGToplevel(
                wmBase: wmBase, decorationManager: decorationManager, surface: surface, title: title, window: self)
        }
        guard toplevel != nil || isAttached else {
            close()
            throw .cannotConnectToWayland("the compositor gives the window no toplevel role")
        }
        let data = Unmanaged.passUnretained(self).toOpaque()
        if let manager = bound("zwp_pointer_gestures_v1", cwayland_pointer_gestures_interface(), 1) {
            gestures = WaylandGestures(manager: manager, window: self)
        }
        // A host's surface: its text input, if any, is the host's (two on one surface would
        // fight over the input method), and so is its listener.
        if !isAttached, let seat, let manager = bound("zwp_text_input_manager_v3", cwayland_text_input_manager_interface(), 1) {
            textInput = WaylandTextInput(manager: manager, seat: seat, window: self)
        }
        if let seat { wl_seat_add_listener(seat, Self.seatListener, data) }
        if !isAttached {
            wl_surface_add_listener(surface, Self.surfaceListener, data)
            if let manager = bound("wp_fractional_scale_manager_v1", cwayland_fractional_scale_manager_interface(), 1) {
                if let viewporter = bound("wp_viewporter", cwayland_viewporter_interface(), 1) {
                    fractionalScale = WaylandFractionalScale(manager: manager, viewporter: viewporter, surface: surface)
                    fractionalScale?.onChange = { [weak self] in self?.preferredScaleChanged = true }
                } else {
                    wp_fractional_scale_manager_v1_destroy(manager)
                }
            }
        }
        activation = bound("xdg_activation_v1", cwayland_activation_interface(), 1).map(WaylandActivation.init(manager:))
        // No outputs on a host's connection: the compositor tells each surface of the client
        // which outputs it is on once per `wl_output` the client bound, so the host's surface
        // would hear of GameInput's too, which a host may take for its own (GLFW 3.3.8 reads
        // its monitor from the object's user data: under sway its scale became garbage and
        // Mesa crashed in its next swap).
        if !isAttached {
            outputs.xdgOutputManager = bound("zxdg_output_manager_v1", cwayland_xdg_output_manager_interface(), 3)
            for global in connection.globals where global.interface == "wl_output" { outputs.add(global, on: connection) }
            connection.onGlobalChange = { [weak self] global, appeared in
                guard let self, global.interface == "wl_output" else { return }
                if appeared { outputs.add(global, on: self.connection) } else { outputs.remove(name: global.name) }
            }
        }
        outputs.onChange = { [weak self] in self?.outputsMayHaveChanged = true }
        pointerLock.readEnvironment()
        pointerLock.setRequiresPointerOverWindow(true)
        // The seat's capabilities and the outputs, then the devices' keymap and repeat rate.
        if isAttached {
            // Shown and activated as far as GameInput can tell: its host shows it, and the
            // keyboard's enter and leave say where the focus is.
            isMapped = true
            isActivated = true
            pointerLock.setViewable(true)
        }
        connection.roundtrip()
        connection.roundtrip()
        reportedMonitors = outputs.monitors
    }

    deinit { close() }

    /// Commits the surface with no buffer and waits (a few round trips, as long as the
    /// compositor takes to answer) for the first configure, which shows the window with its
    /// first frame: a renderer of the caller's may attach buffers from then on, where xdg-shell
    /// makes one attached before the first configure a protocol error that ends the connection
    /// (`Examples/opengl-camera`, which presents at once, once ended before its window showed
    /// under a loaded sway). The configure's events come with the next ``pollEvents(_:)``.
    func show() {
        guard isUsable, !isMapped else { return }
        toplevel?.map()
        flush()
        for _ in 0..<10 where !isMapped && isUsable {
            if !connection.roundtrip() { isLost = true }
        }
    }

    /// Whether the window may still send requests.
    package var isUsable: Bool { !isClosed && !isLost }

    /// Ends the window's life as far as the game can see: no more events, no lock.
    func shutDown() {
        guard lifecycle.shutDown() else { return }
        pointerLock.shutDown()
        lock.watchdog?.stop()
    }

    /// Destroys what the window made and lets go of the connection (which closes once the
    /// presenter's buffers are gone too).
    /// Called once, when ``lifecycle`` releases the connection.
    func closeConnection() {
        wake = nil
        lock.destroy()
        if let keyboardEnterSync { wl_callback_destroy(keyboardEnterSync) }
        gestures?.destroy()
        gestures = nil
        textInput?.destroy()
        textInput = nil
        fractionalScale?.destroy()
        fractionalScale = nil
        if let relativePointer { zwp_relative_pointer_v1_destroy(relativePointer) }
        if let pointer { wl_pointer_release(pointer) }
        if let keyboard { wl_keyboard_release(keyboard) }
        cursorImage = nil
        toplevel?.destroy()
        toplevel = nil
        if !isAttached { wl_surface_destroy(surface) }
        plainFrame = nil
        if let relativePointerManager { zwp_relative_pointer_manager_v1_destroy(relativePointerManager) }
        clipboard?.destroy()
        clipboard = nil
        connection.onGlobalChange = nil
        outputs.destroy()
        activation?.destroy()
        activation = nil
        pastesWithoutClipboard.removeAll()
        if let seat { wl_seat_release(seat) }
        wl_shm_destroy(shm)
        wl_compositor_destroy(compositor)
        if !isLost { _ = wl_display_flush(display) }
        if isAttached { connection.close() }
    }

    /// Sends what is queued; a connection that fails is lost.
    package func flush() {
        guard !isLost, !lifecycle.isReleased else { return }
        if wl_display_flush(display) < 0 && errno != EAGAIN { isLost = true }
    }

    // MARK: The toplevel

    /// The compositor's configure, acknowledged by the toplevel's role, applied: the size it
    /// chose (or the window's own where it left it free), full screen, activation; the first one
    /// shows the window.
    func configured(_ next: ToplevelConfigure) {
        lastConfigure = next
        let resized = setLogicalSize(
            width: next.width > 0 ? Int(next.width) : logicalWidth, height: next.height > 0 ? Int(next.height) : logicalHeight)
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
    func showPlainFrame() {
        guard let frame = WaylandShmBuffer(on: self, width: width, height: height) else { return }
        frame.fill(0xFF20_2020)
        frame.show(on: surface)
        plainFrame = frame
    }

    /// Takes `width` by `height` logical units as the window's size; whether its size in
    /// pixels changed.
    func setLogicalSize(width newWidth: Int, height newHeight: Int) -> Bool {
        logicalWidth = newWidth
        logicalHeight = newHeight
        let newPixelWidth = Self.pixels(newWidth, at: pixelScale), newPixelHeight = Self.pixels(newHeight, at: pixelScale)
        let resized = newPixelWidth != width || newPixelHeight != height
        width = newPixelWidth
        height = newPixelHeight
        return resized
    }

    /// The window's size as the game asked, in pixels, applied where the compositor left it
    /// free (in logical units: a side the buffer scale does not divide rounds down).
    private func resize(width newWidth: Int, height newHeight: Int) {
        guard !lastConfigure.isSizeFixed else { return }
        func logical(_ side: Int) -> Int { max(1, Int((Double(side) / pixelScale).rounded(.down))) }
        guard setLogicalSize(width: logical(newWidth), height: logical(newHeight)) else { return }
        toplevel?.contentResized(width: logicalWidth, height: logicalHeight)
        if isMapped && !hasPresenter { showPlainFrame() }
        emit(.resized(width: width, height: height))
    }

    /// After a dispatch in which an output came, went or changed: the game hears of a changed
    /// list once. A compositor rearranges its outputs in several steps (sway moves the others
    /// as one comes), so the list is compared once the batch is handled.
    func reportMonitorChanges() {
        guard outputsMayHaveChanged, let reported = reportedMonitors else { return }
        outputsMayHaveChanged = false
        let now = outputs.monitors
        guard now != reported else { return }
        reportedMonitors = now
        emit(.monitorsChanged)
    }

    /// Shows or hides the cursor over the window (the lock hides it). On a host's surface the
    /// host's cursor stays until the game sets one or the lock hides it; after the lock the
    /// game's cursor, or the theme's arrow, shows (Wayland lets no client bring back a cursor
    /// another object set).
    func showCursor(_ visible: Bool) {
        guard let pointer, pointerLocation != nil else { return }
        if visible {
            guard !isAttached || isCursorChosen || isCursorHidden else { return }
            cursorImage?.show(on: pointer, serial: pointerSerial)
        } else {
            WaylandCursor.hide(on: pointer, serial: pointerSerial)
        }
        isCursorHidden = !visible
    }

    // MARK: Listeners

    static func window(_ data: UnsafeMutableRawPointer?) -> WaylandWindow? {
        data.map { Unmanaged<WaylandWindow>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The outputs the window's surface is on.
    nonisolated(unsafe) static let surfaceListener: UnsafeMutablePointer<wl_surface_listener> = {
        let listener = UnsafeMutablePointer<wl_surface_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_surface_listener(
                enter: { data, _, output in
                    guard let output else { return }
                    window(data)?.outputs.surface(entered: true, output: output)
                },
                leave: { data, _, output in
                    guard let output else { return }
                    window(data)?.outputs.surface(entered: false, output: output)
                }))
        return listener
    }()
}

// MARK: WindowBackend

extension WaylandWindow: WindowBackend {
    var isViewable: Bool { pointerLock.currentFacts.isViewable }
    var isFullScreen: Bool { pointerLock.currentFacts.isFullScreen }
    var displayName: String { connection.socketName }
    var nativeHandle: NativeWindowHandle {
        // A host's surface is drawn by its host, with its own handles.
        guard isUsable, !lifecycle.isReleased, !isAttached else { return NativeWindowHandle() }
        // The caller's renderer draws from now on: no plain frame over its pictures, and the
        // scale of its buffers is its own.
        hasPresenter = true
        if !hasForeignRenderer { fractionalScale?.clearLogicalSize() }
        hasForeignRenderer = true
        updateBufferScale()
        return NativeWindowHandle(wayland: WaylandWindowHandle(display: display, surface: surface))
    }
    var supportsTransformGestures: Bool { gestures?.isActive == true }
    var lockGuardianStatus: LockGuardianStatus { .notNeeded }
    var windowManagerRuns: Bool { true }

    var title: String {
        get { currentTitle }
        set {
            guard isUsable, newValue != currentTitle else { return }
            currentTitle = newValue
            toplevel?.setTitle(newValue)
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
            sendSizeLimits()
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
        toplevel?.setFullScreen(fullScreen, on: nil)
        flush()
    }

    func activate() {
        guard isUsable else { return }
        activation?.activate(surface, serial: hasKeyboardFocus ? inputSerial : nil, seat: seat)
        flush()
    }

    var monitors: [Monitor] { outputs.monitors }
    var scale: DesktopScale {
        guard !hasForeignRenderer else { return DesktopScale(factor: 1, source: .none) }
        if let preferred = fractionalScale?.preferred { return DesktopScale(factor: preferred, source: .preferredScale(preferred)) }
        guard outputs.surfaceScale != nil else { return DesktopScale(factor: 1, source: .none) }
        return DesktopScale(factor: pixelScale, source: .outputScale(Int(pixelScale)))
    }
    var currentMonitor: Monitor? { outputs.currentMonitor }

    func setFullScreen(on monitor: Monitor) -> Bool {
        guard isUsable, let output = outputs.output(showing: monitor) else { return false }
        toplevel?.setFullScreen(true, on: output)
        flush()
        return true
    }

    var cursor: CursorShape {
        get { cursorImage?.shape ?? .system(.default) }
        set {
            guard isUsable, let cursorImage, newValue != cursorImage.shape else { return }
            isCursorChosen = true
            cursorImage.select(newValue, on: self)
            // Shown at once where the pointer is over the window and no lock hides it.
            if !lock.hidesCursor { showCursor(true) }
            flush()
        }
    }

    func warpPointer(to point: WindowPoint) -> Bool { false }

    func printedName(of usage: KeyboardHIDUsage) -> String? {
        guard isUsable, let keyCode = keys.keyCode(of: usage), let layout = keys.layout else { return nil }
        let characters = layout.meaning(of: keyCode, with: keys.modifiers.groupOnly).charactersIgnoringModifiers
        return characters.isEmpty ? nil : characters.uppercased()
    }

    var isTextInputActive: Bool { textInputActive }
    var textInputSource: TextInputSource {
        if textInput?.hasEntered == true { return .inputMethod(name: Self.inputMethodName) }
        return compose.map { .composeTable(locale: $0.locale) } ?? .keys
    }

    /// How ``textInputSource`` names the input method the compositor relays: Wayland does not
    /// tell a client which one it is.
    static let inputMethodName = "the compositor's (text-input-v3)"

    func startTextInput() {
        guard isUsable else { return }
        if !composeLoaded {
            composeLoaded = true
            compose = XKBCompose()
        }
        textInputActive = true
        textInput?.setWanted(true)
        flush()
    }

    func stopTextInput() {
        textInputActive = false
        compose?.reset()
        textInput?.setWanted(false)
        flush()
    }

    func setTextInputCaret(_ rect: WindowRect) {
        guard isUsable else { return }
        textInput?.setCaret(rect, scale: pixelScale)
        flush()
    }
    func copyToClipboard(_ text: String) {
        guard isUsable else { return }
        clipboard?.copy(text, serial: inputSerial)
        flush()
    }

    func requestClipboardText(_ completion: @escaping (String?) -> Void) {
        guard isUsable else { return }
        if let clipboard { clipboard.requestText(completion) } else { pastesWithoutClipboard.append(completion) }
        flush()
    }
}
