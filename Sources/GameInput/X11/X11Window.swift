package import CXlib
import Foundation

/// The X11 backend of ``GameWindow``: a top-level window on its own connection to the X
/// server (or a host's window it attached to), its pointer grab, and its input.
///
/// Handling input makes no round trip to the server; only lock transitions (grab, ungrab) and
/// window-state changes (full-screen, device list, clipboard) do. ``close()`` may be called
/// anywhere, also inside an event handler: the window stops dispatching at once and lets go of
/// the server when the outermost ``pollEvents(_:)`` returns.
package final class X11Window: WindowBackend {
    /// The X11 side of `GameWindow.pointerLock`.
    let pointerLock: PointerLockController
    /// The X11 side of `GameWindow.width`.
    package var width: Int { ownState.width }
    /// The X11 side of `GameWindow.height`.
    package var height: Int { ownState.height }
    /// X11 lets a client place its window, set its icon, move the pointer and ask for the
    /// focus; the scale from `Xft.dpi` may be fractional.
    var capabilities: WindowCapabilities {
        var capabilities: WindowCapabilities = [.position, .icon, .warp, .fractionalScale, .activationTakesFocus]
        if supportsTransformGestures { capabilities.insert(.transformGestures) }
        return capabilities
    }

    /// The X11 side of `GameWindow.x11`.
    var x11Details: X11Details? {
        X11Details(
            xinputVersion: connection.xinputVersion.map { X11Details.XInputVersion(major: Int($0.major), minor: Int($0.minor)) },
            isXwayland: connection.isXwayland)
    }

    /// Nothing of native Wayland on X11.
    var waylandDetails: WaylandDetails? { nil }
    /// Frames reach an X window copied (`XShmPutImage`, `XPutImage`), or through a renderer's
    /// own connection: no Present completion comes to GameInput's.
    var presentationFeedback: PresentationFeedbackSource { .unavailable(.noPresentCompletions) }
    /// Never asked: ``presentationFeedback`` is unavailable, and the window answers for it.
    func requestPresentationFeedback(_ request: PresentationRequest) {
        request.inbox.report(request.frame, .unavailable(.noPresentCompletions))
    }

    /// The X11 side of `GameWindow.supportsTransformGestures`.
    var supportsTransformGestures: Bool {
        host == nil && connection.hasXInput24 && !input.translator.gestureDevices.isEmpty
    }

    /// The X11 side of `GameWindow.isViewable`.
    var isViewable: Bool { pointerLock.currentFacts.isViewable }
    /// The X11 side of `GameWindow.isFullScreen`.
    var isFullScreen: Bool { pointerLock.currentFacts.isFullScreen }

    /// The X11 side of `GameWindow.lockGuardianStatus`.
    var lockGuardianStatus: LockGuardianStatus { grab?.supervision.status ?? .disabled }

    /// The X11 side of `GameWindow.isClosed`.
    var isClosed: Bool { lifecycle.isClosed }
    /// Whether the window may still send requests: not closed, and the connection not lost
    /// (a loss reported by XCB comes before ``pollEvents(_:)`` closes the window).
    var isUsable: Bool { !isClosed && !connection.isLost }

    /// Called with X events GameInput does not handle itself (for example MIT-SHM completion
    /// events of the pixel presenter in this package).
    package var otherEventHandler: ((UnsafeMutablePointer<XEvent>) -> Void)?

    /// The X11 side of `GameWindow.displayName`.
    var displayName: String { connection.name }

    /// The X connection, for the pixel presenter in this package.
    package let connection: X11Connection
    /// The X window id.
    package let windowID: UInt
    /// What attaching to a host's window changed, or nil for a window GameInput created.
    var host: HostBinding?
    /// The window's visual and colormap, for the pixel presenter in this package.
    package let visual: X11Visual

    /// The X11 side of `GameWindow.nativeHandle`. Reading it marks the connection as shared
    /// (``X11EventQueue/isConnectionShared``).
    var nativeHandle: NativeWindowHandle {
        guard !lifecycle.isReleased, host == nil else { return NativeWindowHandle(x11: nil) }
        queue.isConnectionShared = true
        return NativeWindowHandle(
            x11: X11WindowHandle(
                display: connection.display, xcbConnection: XGetXCBConnection(connection.display),
                window: windowID, screen: connection.screen, visualID: visual.id, depth: visual.depth))
    }

    /// The pointer grab behind the lock and the confinement; nil without XInput 2.
    let grab: X11PointerGrab?
    /// The cursor the window shows (``cursor``), blank while locked.
    let windowCursor: X11WindowCursor
    /// The desktop's monitors, scale and screen saver, and whether a window manager runs.
    var desktopWatch: X11DesktopWatch
    /// What ``setFullScreen(on:)`` changed, to undo when full screen ends.
    var fullScreenMemory = X11FullScreenMemory()
    /// The window's size, title and size hints.
    var ownState: X11WindowState
    /// The clipboard's selections, owned by the window (or by the attached window's stand-in).
    let clipboard: X11Clipboard
    /// XInput 2, when the server has it.
    let xinput: X11XInput?
    /// What turning input events into the game's needs and keeps between events.
    let input: X11InputReading
    /// The text-input session, its input method and compose table.
    var textInput = X11TextInput()
    /// Xlib's event queue as the window knows it.
    var queue = X11EventQueue()
    /// What the server's events say about the window that the lock needs.
    let facts: X11WindowFacts
    /// The atoms the window's events and requests use, interned once.
    let atoms: Atoms

    /// The atoms the window's events and requests use.
    struct Atoms {
        let wmProtocols: UInt
        let wmDeleteWindow: UInt
        let wmState: UInt
        let netWMState: UInt
        let netWMStateFullScreen: UInt
        let netWMStateHidden: UInt
        let netWMBypassCompositor: UInt
        let netActiveWindow: UInt
        let netSupportingWMCheck: UInt

        /// The atoms as `connection` names them.
        init(connection: X11Connection) {
            wmProtocols = connection.atom("WM_PROTOCOLS")
            wmDeleteWindow = connection.atom("WM_DELETE_WINDOW")
            wmState = connection.atom("WM_STATE")
            netWMState = connection.atom("_NET_WM_STATE")
            netWMStateFullScreen = connection.atom("_NET_WM_STATE_FULLSCREEN")
            netWMStateHidden = connection.atom("_NET_WM_STATE_HIDDEN")
            netWMBypassCompositor = connection.atom("_NET_WM_BYPASS_COMPOSITOR")
            netActiveWindow = connection.atom("_NET_ACTIVE_WINDOW")
            netSupportingWMCheck = connection.atom("_NET_SUPPORTING_WM_CHECK")
        }
    }

    /// The descriptor a host's loop sleeps on, once asked for (``wakeDescriptor``).
    var wake: WakeSet?
    /// Open, shut down or released, and how deep in the game's code (``pollEvents(_:)``): a
    /// ``close()`` made inside lets go of the server only when the outermost call returns.
    var lifecycle = WindowLifecycle()

    /// Opens `displayName` (or `$DISPLAY`) and creates a window titled `title`, not yet shown
    /// (``GameWindow/init(title:width:height:visual:displayName:stallTimeout:)``).
    convenience init(
        title: String, width: Int, height: Int, visual: WindowVisual = .default, displayName: String? = nil,
        stallTimeout: Duration? = GameWindow.defaultStallTimeout
    ) throws(GameWindowError) {
        guard WindowSize(width: width, height: height).fitsAWindow else { throw .invalidSize(width: width, height: height) }
        let connection = try X11Connection(displayName: displayName)
        let resolved: X11Visual
        do throws(GameWindowError) {
            resolved = try X11Visual(visual, on: connection)
        } catch {
            connection.close()
            throw error
        }
        let window = resolved.createWindow(on: connection, width: width, height: height)
        Self.describe(window: window, title: title, connection: connection)
        var deleteWindow = connection.atom("WM_DELETE_WINDOW")
        XSetWMProtocols(connection.display, window, &deleteWindow, 1)
        self.init(
            connection: connection, window: window, visual: resolved, width: width, height: height, host: nil,
            stallTimeout: stallTimeout)
        ownState.title = title
    }

    /// The window `window` on `connection`, created by this library (`host` nil) or by a host.
    init(
        connection: X11Connection, window: UInt, visual: X11Visual, width: Int, height: Int, host: HostBinding?,
        stallTimeout: Duration?
    ) {
        let stallTimeout = stallTimeout.flatMap { $0 > .zero ? max($0, GameWindow.minimumStallTimeout) : nil }
        self.connection = connection
        let input = X11InputReading(display: connection.display)
        self.input = input
        ownState = X11WindowState(width: width, height: height)
        self.visual = visual
        windowID = window
        self.host = host
        atoms = Atoms(connection: connection)
        clipboard = X11Clipboard(connection: connection, window: host?.selectionWindow ?? window)
        let windowCursor = X11WindowCursor(connection: connection, window: window, ownsWindowCursor: host == nil)
        self.windowCursor = windowCursor
        let monitors = X11Monitors(connection: connection)
        let resources = X11ResourceWatch(connection: connection)
        let xinput = connection.xinputOpcode.map { X11XInput(connection: connection, opcode: $0) }
        self.xinput = xinput
        grab = xinput.map { xinput in
            Self.selectDeviceInput(
                xinput, window: window, size: (width, height), host: host, input: input, cursor: windowCursor,
                stallTimeout: stallTimeout)
        }
        pointerLock = PointerLockController(platform: grab)
        facts = X11WindowFacts(pointerLock: pointerLock)
        Self.selectCoreInput(on: connection, window: window, host: host, hasXInput: xinput != nil)
        desktopWatch = X11DesktopWatch(
            monitors: monitors, resources: resources, screenSaver: X11ScreenSaver(connection: connection))
        grab?.onTransition = { [input] serial in input.lockTransition(serial: serial) }
        pointerLock.readEnvironment()
        pointerLock.setRequiresPointerOverWindow(connection.isXwayland)
        if let screenSaver = desktopWatch.screenSaver { pointerLock.setScreenSaverActive(screenSaver.isActive) }
        connection.flush()
    }

    /// Selects XInput 2's events (on `window` unless it is a host's, where the host holds
    /// them), learns the devices, and makes the grab, which XInput 2 makes possible.
    private static func selectDeviceInput(
        _ xinput: X11XInput, window: UInt, size: (width: Int, height: Int), host: HostBinding?, input: X11InputReading,
        cursor: X11WindowCursor, stallTimeout: Duration?
    ) -> X11PointerGrab {
        let connection = xinput.connection
        if host == nil {
            xinput.selectWindowInput(on: window, gestures: connection.hasXInput24)
        }
        xinput.selectDeviceChanges()
        input.loadDevices(from: xinput)
        return X11PointerGrab(
            connection: connection, window: window, size: size, xinput: xinput, cursor: cursor,
            usesGuardian: LockGuardian.isWanted(), stallTimeout: stallTimeout, isHostWindow: host != nil,
            wantsRawButtons: host != nil)
    }

    /// Selects the window's core events: structure, focus and properties always; on a host's
    /// window what ``HostBinding/coreEventMask`` shares with the host; without XInput 2 the
    /// keys and the pointer too.
    private static func selectCoreInput(on connection: X11Connection, window: UInt, host: HostBinding?, hasXInput: Bool) {
        let display = connection.display
        var coreMask = StructureNotifyMask | FocusChangeMask | PropertyChangeMask
        if let host {
            coreMask |= host.coreEventMask
        } else {
            coreMask |= ExposureMask
        }
        if !hasXInput {
            coreMask |= KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
        }
        if host != nil || !hasXInput {
            // Core key events: auto-repeat then sends presses without releases, which mark
            // repeats. The setting is this client's own.
            var supported: Int32 = 0
            XkbSetDetectableAutoRepeat(display, 1, &supported)
        }
        XSelectInput(display, window, coreMask)
    }

    deinit { close() }

    /// The X11 side of `GameWindow.show`.
    func show() {
        guard isUsable, host == nil else { return }
        XMapRaised(connection.display, windowID)
        connection.flush()
        // The guardian starts now, to be ready by the time the window has the focus.
        grab?.supervision.prepare()
    }

    /// The X11 side of `GameWindow.setFullScreen`.
    func setFullScreen(_ fullScreen: Bool) {
        guard isUsable else { return }
        if !fullScreen && fullScreenMemory.hasWayBack {
            leaveMonitorFullScreen()
        } else {
            if fullScreen, fullScreenMemory.namedMonitor, let monitor = currentMonitor {
                nameFullScreenMonitor(monitor.frame, placement: X11MonitorPlacement(connection: connection, window: windowID))
            }
            requestNetWMFullScreen(fullScreen)
        }
    }

    /// The X11 side of `GameWindow.printedName`.
    func printedName(of usage: KeyboardHIDUsage) -> String? {
        guard isUsable, let keyCode = input.keyPositions.keyCode(of: usage) else { return nil }
        let characters = input.keyboardLayout.unmodifiedMeaning(of: keyCode).charactersIgnoringModifiers
        return characters.isEmpty ? nil : characters.uppercased()
    }

    /// The X11 side of `GameWindow.copyToClipboard`.
    func copyToClipboard(_ text: String) {
        guard isUsable else { return }
        clipboard.copy(text, time: input.lastEventTime)
    }

    /// The X11 side of `GameWindow.requestClipboardText`.
    func requestClipboardText(_ completion: @escaping (String?) -> Void) {
        guard isUsable else { return }
        clipboard.requestText(time: input.lastEventTime, completion: completion)
    }
}
