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
/// dispatched only in ``pollEvents(_:)``: the listeners append what they make to ``events``,
/// which keeps its capacity from call to call (no allocation once it has grown to the largest
/// burst), and the game's handler gets them once the compositor's events of the dispatch are
/// all handled. Events made in a round trip outside it (set-up) wait for the next call.
package final class WaylandWindow {
    let pointerLock: PointerLockController
    /// The window's size in logical units and pixels, and the scale between them.
    var size: WaylandSurfaceSize
    /// The window's size in pixels of its frames: the logical size times ``pixelScale``.
    package var width: Int { size.width }
    package var height: Int { size.height }
    /// Pixels per logical pixel in the window's frames and pointer positions (see
    /// ``WaylandSurfaceSize/pixelScale`` and ``DesktopScale``).
    var pixelScale: Double { size.pixelScale }
    /// The connection; every `wl_shm` buffer made on the window holds it too, so it closes when
    /// the window and its presenter's buffers are all gone.
    let connection: WaylandConnection
    var display: OpaquePointer { connection.display }
    /// The globals the window bound, and what it made of them.
    var globals: WaylandGlobals
    /// The shared memory global, for the pixel presenter's buffers in this package.
    package var shm: OpaquePointer { globals.shm }
    /// The window's surface, for the pixel presenter in this package.
    package let surface: OpaquePointer
    /// Whether the surface is a host's, which GameInput attached to.
    let isAttached: Bool
    /// The window's role on the desktop: xdg-shell with the compositor's frame, or libdecor's;
    /// none on a host's surface.
    private(set) var toplevel: (any WaylandToplevel)?
    let lock: WaylandPointerLock
    /// The seat's devices and what the window keeps of them.
    var input = WaylandSeatState()
    /// The text-input session as the keys see it.
    var typing = WaylandTextSession()
    private(set) var cursorImage: WaylandCursor?
    /// Pastes asked for where there is no clipboard: answered with nil at the next dispatch.
    var pastesWithoutClipboard: [(String?) -> Void] = []

    /// What the compositor said of the toplevel, and what the game asked of it.
    private(set) var toplevelState: WaylandToplevelState
    /// Who draws the window's frames.
    private(set) var frames = WaylandFrameSource()
    /// Whether the pixel presenter in this package draws the window's frames.
    package var hasPresenter: Bool {
        get { frames.hasPresenter }
        set { frames.hasPresenter = newValue }
    }

    // The loop.
    /// Events made and not yet handed to the game.
    var events = WaylandEventQueue()
    var isClosed: Bool { lifecycle.isClosed }
    var isLost = false
    /// Open, shut down or released, and how deep in ``pollEvents(_:)``: a ``close()`` inside
    /// lets go of the connection when the outermost returns.
    var lifecycle = WindowLifecycle()
    var wake: WakeSet?

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
        let (globals, surface) = try Self.bindEssentials(on: connection, hostSurface: hostSurface)
        isAttached = hostSurface != nil
        self.connection = connection
        self.globals = globals
        self.surface = surface
        size = WaylandSurfaceSize(width: width, height: height)
        toplevelState = WaylandToplevelState(title: title)
        self.globals.seat = connection.bind("wl_seat", cwayland_seat_interface(), version: 7)
        self.globals.relativePointerManager = connection.bind(
            "zwp_relative_pointer_manager_v1", cwayland_relative_pointer_manager_interface(), version: 1)
        if let seat = self.globals.seat,
            let manager = connection.bind("wl_data_device_manager", cwayland_data_device_manager_interface(), version: 3)
        {
            self.globals.clipboard = WaylandClipboard(manager: manager, seat: seat)
        }
        let constraints = connection.bind("zwp_pointer_constraints_v1", cwayland_pointer_constraints_interface(), version: 1)
        let stallTimeout = stallTimeout.flatMap { $0 > .zero ? max($0, GameWindow.minimumStallTimeout) : nil }
        let lock = WaylandPointerLock(
            constraints: constraints, connection: connection, surface: surface, commitsSurface: hostSurface == nil,
            compositor: globals.compositor, stallTimeout: stallTimeout)
        self.lock = lock
        pointerLock = PointerLockController(platform: constraints != nil && self.globals.relativePointerManager != nil ? lock : nil)
        lock.window = self
        cursorImage = WaylandCursor(connection: connection, compositor: globals.compositor, shm: globals.shm)
        guard takeRole(title: title) else {
            close()
            throw .cannotConnectToWayland("the compositor gives the window no toplevel role")
        }
        bindSurfaceProtocols()
        watchOutputs()
        pointerLock.readEnvironment()
        pointerLock.setRequiresPointerOverWindow(true)
        // The seat's capabilities and the outputs, then the devices' keymap and repeat rate.
        if isAttached {
            // Shown and activated as far as GameInput can tell: its host shows it, and the
            // keyboard's enter and leave say where the focus is.
            toplevelState.isMapped = true
            toplevelState.isActivated = true
            pointerLock.setViewable(true)
        }
        connection.roundtrip()
        connection.roundtrip()
        globals.outputs.startReporting()
    }

    /// The globals every window needs on `connection`, and its surface (the host's, or one made
    /// on the compositor); where the compositor lacks them the connection closes.
    private static func bindEssentials(
        on connection: WaylandConnection, hostSurface: OpaquePointer?
    ) throws(GameWindowError) -> (WaylandGlobals, OpaquePointer) {
        let essentials = ["wl_compositor", "wl_shm"] + (hostSurface == nil ? ["xdg_wm_base"] : [])
        let missing = essentials.filter { connection.global($0) == nil }
        guard missing.isEmpty, let globals = WaylandGlobals(on: connection),
            let surface = hostSurface ?? wl_compositor_create_surface(globals.compositor)
        else {
            connection.close()
            throw .cannotConnectToWayland("the compositor lacks \(missing.isEmpty ? "a surface" : missing.joined(separator: ", "))")
        }
        return (globals, surface)
    }

    /// Gives the surface its toplevel role, titled `title`; whether it has one (a host's surface
    /// has its host's role, and GameInput's frames are none of its business).
    private func takeRole(title: String) -> Bool {
        guard !isAttached else {
            frames.hasPresenter = true
            frames.hasForeignRenderer = true
            return true
        }
        // The compositor draws the frame where it offers to (sway, KWin); elsewhere (mutter)
        // libdecor does, and without libdecor the window has none.
        let decorationManager = connection.bind("zxdg_decoration_manager_v1", cwayland_decoration_manager_interface(), version: 1)
        if decorationManager == nil,
            let decorated = WaylandLibdecorToplevel(display: connection.display, surface: surface, title: title, window: self)
        {
            toplevel = decorated
        } else if let wmBase = connection.bind("xdg_wm_base", cwayland_xdg_wm_base_interface(), version: 2) {
            toplevel = WaylandXDGToplevel(
                wmBase: wmBase, decorationManager: decorationManager, surface: surface, title: title, window: self)
        }
        return toplevel != nil
    }

    /// Gestures, the input method, the seat's and the surface's listeners, the preferred scale
    /// and activation, where the compositor offers them.
    private func bindSurfaceProtocols() {
        let data = Unmanaged.passUnretained(self).toOpaque()
        if let manager = connection.bind("zwp_pointer_gestures_v1", cwayland_pointer_gestures_interface(), version: 1) {
            globals.gestures = WaylandGestures(manager: manager, window: self)
        }
        // A host's surface: its text input, if any, is the host's (two on one surface would
        // fight over the input method), and so is its listener.
        if !isAttached, let seat = globals.seat,
            let manager = connection.bind("zwp_text_input_manager_v3", cwayland_text_input_manager_interface(), version: 1)
        {
            globals.textInput = WaylandTextInput(manager: manager, seat: seat, window: self)
        }
        if let seat = globals.seat { wl_seat_add_listener(seat, Self.seatListener, data) }
        if !isAttached {
            wl_surface_add_listener(surface, Self.surfaceListener, data)
            if let manager = connection.bind("wp_fractional_scale_manager_v1", cwayland_fractional_scale_manager_interface(), version: 1) {
                if let viewporter = connection.bind("wp_viewporter", cwayland_viewporter_interface(), version: 1) {
                    size.fractional = WaylandFractionalScale(manager: manager, viewporter: viewporter, surface: surface)
                    size.fractional?.onChange = { [weak self] in self?.size.preferredScaleChanged = true }
                } else {
                    wp_fractional_scale_manager_v1_destroy(manager)
                }
            }
        }
        globals.activation = connection.bind("xdg_activation_v1", cwayland_activation_interface(), version: 1).map(
            WaylandActivation.init(manager:))
        globals.presentation = connection.bind("wp_presentation", cwayland_presentation_interface(), version: 1).map(
            WaylandPresentation.init(presentation:))
    }

    /// Binds the compositor's outputs and follows those that come and go. None on a host's
    /// connection: the compositor tells each surface of the client which outputs it is on once
    /// per `wl_output` the client bound, so the host's surface would hear of GameInput's too,
    /// which a host may take for its own (GLFW 3.3.8 reads its monitor from the object's user
    /// data: under sway its scale became garbage and Mesa crashed in its next swap).
    private func watchOutputs() {
        guard !isAttached else { return }
        globals.outputs.xdgOutputManager = connection.bind("zxdg_output_manager_v1", cwayland_xdg_output_manager_interface(), version: 3)
        for global in connection.globals where global.interface == "wl_output" { globals.outputs.add(global, on: connection) }
        connection.onGlobalChange = { [weak self] global, appeared in
            guard let self, global.interface == "wl_output" else { return }
            if appeared { globals.outputs.add(global, on: self.connection) } else { globals.outputs.remove(name: global.name) }
        }
    }

    deinit { close() }

    /// Commits the surface with no buffer and waits (a few round trips, as long as the
    /// compositor takes to answer) for the first configure, which shows the window with its
    /// first frame: a renderer of the caller's may attach buffers from then on, where xdg-shell
    /// makes one attached before the first configure a protocol error that ends the connection
    /// (`Examples/opengl-camera`, which presents at once, once ended before its window showed
    /// under a loaded sway). The configure's events come with the next ``pollEvents(_:)``.
    func show() {
        guard isUsable, !toplevelState.isMapped else { return }
        toplevel?.map()
        flush()
        for _ in 0..<10 where !toplevelState.isMapped && isUsable {
            if !connection.roundtrip() { isLost = true }
        }
    }

    /// Whether the window may still send requests.
    var isUsable: Bool { !isClosed && !isLost }

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
        if let keyboardEnterSync = input.keyboardEnterSync { wl_callback_destroy(keyboardEnterSync) }
        globals.gestures?.destroy()
        globals.gestures = nil
        globals.textInput?.destroy()
        globals.textInput = nil
        size.fractional?.destroy()
        size.fractional = nil
        if let relativePointer = input.relativePointer { zwp_relative_pointer_v1_destroy(relativePointer) }
        if let pointer = input.pointer { wl_pointer_release(pointer) }
        if let keyboard = input.keyboard { wl_keyboard_release(keyboard) }
        cursorImage = nil
        toplevel?.destroy()
        toplevel = nil
        if !isAttached { wl_surface_destroy(surface) }
        frames.plainFrame = nil
        if let relativePointerManager = globals.relativePointerManager { zwp_relative_pointer_manager_v1_destroy(relativePointerManager) }
        globals.clipboard?.destroy()
        globals.clipboard = nil
        connection.onGlobalChange = nil
        globals.outputs.destroy()
        globals.activation?.destroy()
        globals.activation = nil
        globals.presentation?.destroy()
        globals.presentation = nil
        pastesWithoutClipboard.removeAll()
        if let seat = globals.seat { wl_seat_release(seat) }
        wl_shm_destroy(globals.shm)
        wl_compositor_destroy(globals.compositor)
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
        toplevelState.lastConfigure = next
        let resized = size.setLogicalSize(
            width: next.width > 0 ? Int(next.width) : size.logicalWidth, height: next.height > 0 ? Int(next.height) : size.logicalHeight)
        toplevelState.isActivated = next.isActivated
        if !toplevelState.isMapped || (resized && !frames.hasPresenter) { showPlainFrame() }
        if resized { emit(.resized(width: width, height: height)) }
        if !toplevelState.isMapped {
            toplevelState.isMapped = true
            pointerLock.setViewable(true)
            emit(.exposed)
        }
        if next.isFullScreen != pointerLock.currentFacts.isFullScreen { pointerLock.setFullScreen(next.isFullScreen) }
        updateFocus()
    }

    /// The window has the focus while the compositor says it is activated and, where the seat
    /// has a keyboard, the keyboard is on it.
    func updateFocus() {
        let focused = toplevelState.isActivated && (input.keyboard == nil || input.hasKeyboardFocus)
        if focused != pointerLock.currentFacts.hasFocus { pointerLock.setFocused(focused) }
    }

    /// A frame of the window's background colour at its size, shown until a presenter draws.
    func showPlainFrame() {
        guard let frame = WaylandShmBuffer(on: self, width: width, height: height) else { return }
        frame.fill(0xFF20_2020)
        frame.show(on: surface)
        frames.plainFrame = frame
    }

    /// The window's size as the game asked, in pixels, applied where the compositor left it
    /// free (in logical units: a side the buffer scale does not divide rounds down).
    private func resize(width newWidth: Int, height newHeight: Int) {
        guard !toplevelState.lastConfigure.isSizeFixed else { return }
        let logicalWidth = size.logical(newWidth, roundingUp: false), logicalHeight = size.logical(newHeight, roundingUp: false)
        guard size.setLogicalSize(width: logicalWidth, height: logicalHeight) else { return }
        toplevel?.contentResized(width: size.logicalWidth, height: size.logicalHeight)
        if toplevelState.isMapped && !frames.hasPresenter { showPlainFrame() }
        emit(.resized(width: width, height: height))
    }

    /// After a dispatch in which an output came, went or changed: the game hears of a changed
    /// list once. A compositor rearranges its outputs in several steps (sway moves the others
    /// as one comes), so the list is compared once the batch is handled.
    func reportMonitorChanges() {
        if globals.outputs.takeChange() { emit(.monitorsChanged) }
    }

    /// Shows or hides the cursor over the window (the lock hides it). On a host's surface the
    /// host's cursor stays until the game sets one or the lock hides it; after the lock the
    /// game's cursor, or the theme's arrow, shows (Wayland lets no client bring back a cursor
    /// another object set).
    func showCursor(_ visible: Bool) {
        guard let pointer = input.pointer, input.pointerLocation != nil else { return }
        if visible {
            guard !isAttached || cursorImage?.isChosen == true || cursorImage?.isHidden == true else { return }
            cursorImage?.show(on: pointer, serial: input.pointerSerial)
        } else {
            WaylandCursor.hide(on: pointer, serial: input.pointerSerial)
        }
        cursorImage?.isHidden = !visible
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
                    window(data)?.globals.outputs.surface(entered: true, output: output)
                },
                leave: { data, _, output in
                    guard let output else { return }
                    window(data)?.globals.outputs.surface(entered: false, output: output)
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
        frames.hasPresenter = true
        if !frames.hasForeignRenderer { size.fractional?.clearLogicalSize() }
        frames.hasForeignRenderer = true
        updateBufferScale()
        return NativeWindowHandle(wayland: WaylandWindowHandle(display: display, surface: surface))
    }
    var supportsTransformGestures: Bool { globals.gestures?.isActive == true }
    var lockGuardianStatus: LockGuardianStatus { .notNeeded }
    var windowManagerRuns: Bool { true }
    var receiptTime: EventTime? { events.receivedAt }
    /// Wayland lets no client place, find or give an icon to its window, nor move the pointer
    /// or take the focus; fractional scale where the compositor offers it.
    var capabilities: WindowCapabilities {
        var capabilities: WindowCapabilities = []
        if supportsTransformGestures { capabilities.insert(.transformGestures) }
        if size.fractional != nil { capabilities.insert(.fractionalScale) }
        return capabilities
    }
    /// Nothing of X11 on native Wayland.
    var x11Details: X11Details? { nil }
    var presentationFeedback: PresentationFeedbackSource {
        globals.presentation?.source ?? .unavailable(.compositorLacksPresentationTime)
    }

    func requestPresentationFeedback(_ request: PresentationRequest) {
        guard isUsable, let presentation = globals.presentation else {
            return request.inbox.report(request.frame, .unavailable(.noWindow))
        }
        presentation.requestFeedback(on: surface, request)
    }
    /// The Wayland side of `GameWindow.wayland`: the registry's globals as they are now.
    var waylandDetails: WaylandDetails? { WaylandDetails(protocols: CompositorReport.offeredProtocols(connection.globals)) }

    var title: String {
        get { toplevelState.title }
        set {
            guard isUsable, newValue != toplevelState.title else { return }
            toplevelState.title = newValue
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
        get { toplevelState.limits }
        set {
            guard isUsable else { return }
            toplevelState.limits = newValue
            sendSizeLimits()
            flush()
        }
    }

    func requestPosition(x: Int, y: Int) throws(WindowStateError) {
        throw .unsupported(.position, reason: "Wayland lets no client place its window")
    }

    func positionOnScreen() -> ScreenPoint? { nil }

    func setIcon(_ icons: [WindowIcon]) throws(WindowStateError) {
        throw .unsupported(.icon, reason: "a Wayland desktop takes icons from the program's desktop file")
    }

    func setFullScreen(_ fullScreen: Bool) {
        guard isUsable else { return }
        toplevel?.setFullScreen(fullScreen, on: nil)
        flush()
    }

    func activate() {
        guard isUsable else { return }
        globals.activation?.activate(surface, serial: input.hasKeyboardFocus ? input.inputSerial : nil, seat: globals.seat)
        flush()
    }

    var monitors: [Monitor] { globals.outputs.monitors }
    var scale: DesktopScale {
        guard !frames.hasForeignRenderer else { return DesktopScale(factor: 1, source: .none) }
        if let preferred = size.fractional?.preferred { return DesktopScale(factor: preferred, source: .preferredScale(preferred)) }
        guard globals.outputs.surfaceScale != nil else { return DesktopScale(factor: 1, source: .none) }
        return DesktopScale(factor: pixelScale, source: .outputScale(Int(pixelScale)))
    }
    var currentMonitor: Monitor? { globals.outputs.currentMonitor }

    func setFullScreen(on monitor: Monitor) -> Bool {
        guard isUsable, let output = globals.outputs.output(showing: monitor) else { return false }
        toplevel?.setFullScreen(true, on: output)
        flush()
        return true
    }

    var cursor: CursorShape {
        get { cursorImage?.shape ?? .system(.default) }
        set {
            guard isUsable, let cursorImage, newValue != cursorImage.shape else { return }
            cursorImage.select(newValue, on: self)
            // Shown at once where the pointer is over the window and no lock hides it.
            if !lock.hidesCursor { showCursor(true) }
            flush()
        }
    }

    func warpPointer(to point: WindowPoint) throws(WindowStateError) -> Bool {
        throw .unsupported(.warp, reason: "Wayland lets a client only hint the cursor's place when its lock ends")
    }

    func printedName(of usage: KeyboardHIDUsage) -> String? {
        guard isUsable, let keyCode = input.keys.keyCode(of: usage), let layout = input.keys.layout else { return nil }
        let characters = layout.meaning(of: keyCode, with: input.keys.modifiers.groupOnly).charactersIgnoringModifiers
        return characters.isEmpty ? nil : characters.uppercased()
    }

    var isTextInputActive: Bool { typing.isActive }
    var textInputSource: TextInputSource {
        if globals.textInput?.hasEntered == true { return .inputMethod(name: Self.inputMethodName) }
        return typing.compose.map { .composeTable(locale: $0.locale) } ?? .keys
    }

    /// How ``textInputSource`` names the input method the compositor relays: Wayland does not
    /// tell a client which one it is.
    static let inputMethodName = "the compositor's (text-input-v3)"

    func startTextInput() {
        guard isUsable else { return }
        typing.start()
        globals.textInput?.setWanted(true)
        flush()
    }

    func stopTextInput() {
        typing.stop()
        globals.textInput?.setWanted(false)
        flush()
    }

    func setTextInputCaret(_ rect: WindowRect) {
        guard isUsable else { return }
        globals.textInput?.setCaret(rect, scale: pixelScale)
        flush()
    }
    func copyToClipboard(_ text: String) {
        guard isUsable else { return }
        globals.clipboard?.copy(text, serial: input.inputSerial)
        flush()
    }

    func requestClipboardText(_ completion: @escaping (String?) -> Void) {
        guard isUsable else { return }
        if let clipboard = globals.clipboard { clipboard.requestText(completion) } else { pastesWithoutClipboard.append(completion) }
        flush()
    }
}
