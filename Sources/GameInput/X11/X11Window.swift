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
    package var width: Int
    /// The X11 side of `GameWindow.height`.
    package var height: Int
    /// The X11 side of `GameWindow.xinputVersion`.
    var xinputVersion: (major: Int, minor: Int)? {
        connection.xinputVersion.map { (Int($0.major), Int($0.minor)) }
    }

    /// The X11 side of `GameWindow.supportsTransformGestures`.
    var supportsTransformGestures: Bool {
        host == nil && connection.hasXInput24 && !translator.gestureDevices.isEmpty
    }

    /// The X11 side of `GameWindow.isXwayland`.
    var isXwayland: Bool { connection.isXwayland }

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
    /// (``isConnectionShared``).
    var nativeHandle: NativeWindowHandle {
        guard !lifecycle.isReleased, host == nil else { return NativeWindowHandle(x11: nil) }
        isConnectionShared = true
        return NativeWindowHandle(
            x11: X11WindowHandle(
                display: connection.display, xcbConnection: XGetXCBConnection(connection.display),
                window: windowID, screen: connection.screen, visualID: visual.id, depth: visual.depth))
    }

    let grab: X11PointerGrab?
    /// The cursor the window shows (``cursor``), blank while locked.
    let windowCursor: X11WindowCursor
    /// The desktop's monitors, kept current from RandR's events.
    let monitorWatch: X11Monitors
    /// The desktop's scale, kept current from `RESOURCE_MANAGER`.
    let resourceWatch: X11ResourceWatch
    /// Where the window was before ``setFullScreen(on:)`` moved it onto its monitor (or covered
    /// the monitor without a window manager), to go back there: the window's own top-left on
    /// the screen (moved there with static gravity) and its size; nil otherwise.
    var geometryBeforeFullScreen: ScreenRect?
    /// Full screen without a window manager: the window itself covers the monitor.
    var coversMonitorItself = false
    /// The desktop ``setFullScreen(on:)`` sent the window from, to send it back when full
    /// screen ends; nil otherwise.
    var desktopBeforeFullScreen: Int?
    /// A monitor was named in `_NET_WM_FULLSCREEN_MONITORS`, which the window manager keeps.
    var namedFullScreenMonitor = false
    let clipboard: X11Clipboard
    /// The server time of the last input event, for selection requests (ICCCM wants a real time).
    var lastEventTime: UInt = 0
    let xinput: X11XInput?
    var decoder = RawMotionDecoder()
    var translator: XInputEventTranslator
    /// Raw motion the server generated before this request serial predates the current
    /// lock transition and is discarded.
    var staleBeforeSerial: UInt = 0
    /// The primary buttons held, as the server last said (bit n = button n): the lock waits
    /// for them, whoever's presses they are.
    var serverHeldButtons: UInt32 = 0
    /// Whether the pointer is over the window, for Xwayland, where the lock needs it.
    var pointerWhereabouts = PointerWhereabouts() {
        didSet {
            if pointerWhereabouts.isOverWindow != oldValue.isOverWindow {
                pointerLock.setPointerOverWindow(pointerWhereabouts.isOverWindow)
            }
        }
    }
    /// The physical key behind each key code.
    let keyPositions: X11KeyPositions
    /// What each key types in the layout, with an event's modifiers and group.
    let keyboardLayout: X11KeyboardLayout
    /// The text-input session, its input method and compose table.
    var textInput = X11TextInput()
    /// Another client's keyboard grab, seen through our focus events.
    var foreignKeyboardGrab = ForeignKeyboardGrab()
    /// The MIT-SCREEN-SAVER extension's events, when the server has it.
    let screenSaver: X11ScreenSaver?
    /// Set at each lock transition: once unlocked, the game hears where the pointer really is.
    var pointerShowsAgain = false
    /// The presses the game was told of: ended when the focus goes, and core auto-repeat
    /// presses flagged (XI2 flags them itself).
    var presses = HeldPresses()
    /// When the events now in Xlib's queue were read from the socket: one clock reading per
    /// read, not per event (a reading costs ~50-100 ns here, as much as decoding an event).
    var batchReceivedAt = ContinuousClock.now
    /// Events in Xlib's queue as far as `pendingEvents` and `pollEvents` know; more means some
    /// other call (a round trip) read events, which then get a fresh receipt time.
    var knownQueueLength: Int32 = 0
    /// Whether the caller has the connection (``nativeHandle`` was read), and so may use it
    /// from other threads. A thread whose XCB call reads the socket (a write that blocks, a
    /// reply it waits for) moves the events it finds into XCB's queue, where no `poll()` on
    /// the socket sees them: ``waitForEvents(until:)`` and the wake descriptor then look at
    /// the queue every ``sharedConnectionCheckInterval`` too.
    var isConnectionShared = false
    /// Mapped, minimised or hidden, as the server and the window manager last said.
    var visibility = Visibility() {
        didSet { if visibility != oldValue { pointerLock.setViewable(visibility.isViewable) } }
    }
    /// The X11 side of `GameWindow.windowManagerRuns`.
    var windowManagerRuns = true
    /// The title GameInput last gave the window (``title``); empty for an attached window.
    var currentTitle = ""
    /// The size limits and position the window last asked for in `WM_NORMAL_HINTS` (``sizeLimits``).
    var normalHints = X11NormalHints()
    let atoms: Atoms

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
        currentTitle = title
    }

    /// The window `window` on `connection`, created by this library (`host` nil) or by a host.
    init(
        connection: X11Connection, window: UInt, visual: X11Visual, width: Int, height: Int, host: HostBinding?,
        stallTimeout: Duration?
    ) {
        let stallTimeout = stallTimeout.flatMap { $0 > .zero ? max($0, GameWindow.minimumStallTimeout) : nil }
        let display = connection.display
        self.connection = connection
        let keyPositions = X11KeyPositions(display: display)
        self.keyPositions = keyPositions
        let keyboardLayout = X11KeyboardLayout(display: display) { keyCode in keyPositions.usage(keyCode: keyCode) }
        self.keyboardLayout = keyboardLayout
        translator = XInputEventTranslator(
            keyMeaning: { keyCode, modifiers in keyboardLayout.meaning(of: keyCode, with: modifiers) },
            keyUsage: { keyCode in keyPositions.usage(keyCode: keyCode) })
        self.width = width
        self.height = height
        self.visual = visual
        windowID = window
        self.host = host
        atoms = Atoms(
            wmProtocols: connection.atom("WM_PROTOCOLS"),
            wmDeleteWindow: connection.atom("WM_DELETE_WINDOW"),
            wmState: connection.atom("WM_STATE"),
            netWMState: connection.atom("_NET_WM_STATE"),
            netWMStateFullScreen: connection.atom("_NET_WM_STATE_FULLSCREEN"),
            netWMStateHidden: connection.atom("_NET_WM_STATE_HIDDEN"),
            netWMBypassCompositor: connection.atom("_NET_WM_BYPASS_COMPOSITOR"),
            netActiveWindow: connection.atom("_NET_ACTIVE_WINDOW"),
            netSupportingWMCheck: connection.atom("_NET_SUPPORTING_WM_CHECK"))

        clipboard = X11Clipboard(connection: connection, window: host?.selectionWindow ?? window)
        let windowCursor = X11WindowCursor(connection: connection, window: window, ownsWindowCursor: host == nil)
        self.windowCursor = windowCursor
        monitorWatch = X11Monitors(connection: connection)
        resourceWatch = X11ResourceWatch(connection: connection)

        var coreMask = StructureNotifyMask | FocusChangeMask | PropertyChangeMask
        if let host {
            coreMask |= host.coreEventMask
        } else {
            coreMask |= ExposureMask
        }
        if let opcode = connection.xinputOpcode {
            let xinput = X11XInput(connection: connection, opcode: opcode)
            if host == nil {
                xinput.selectWindowInput(on: window, gestures: connection.hasXInput24)
            }
            xinput.selectDeviceChanges()
            xinput.loadDevices(into: &decoder, translator: &translator)
            self.xinput = xinput
            let grab = X11PointerGrab(
                connection: connection, window: window, size: (width, height), xinput: xinput, cursor: windowCursor,
                usesGuardian: LockGuardian.isWanted(), stallTimeout: stallTimeout, isHostWindow: host != nil,
                wantsRawButtons: host != nil)
            self.grab = grab
            pointerLock = PointerLockController(platform: grab)
        } else {
            coreMask |= KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            xinput = nil
            grab = nil
            pointerLock = PointerLockController(platform: nil)
        }
        if host != nil || xinput == nil {
            // Core key events: auto-repeat then sends presses without releases, which mark
            // repeats. The setting is this client's own.
            var supported: Int32 = 0
            XkbSetDetectableAutoRepeat(display, 1, &supported)
        }
        XSelectInput(display, window, coreMask)
        screenSaver = X11ScreenSaver(connection: connection)
        grab?.onTransition = { [weak self] serial in
            guard let self else { return }
            staleBeforeSerial = serial
            decoder.resetBaselines()
            translator.lockTransition()
            pointerShowsAgain = true
        }
        pointerLock.readEnvironment()
        pointerLock.setRequiresPointerOverWindow(connection.isXwayland)
        if let screenSaver { pointerLock.setScreenSaverActive(screenSaver.isActive) }
        connection.flush()
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
        if !fullScreen && (geometryBeforeFullScreen != nil || desktopBeforeFullScreen != nil || coversMonitorItself) {
            leaveMonitorFullScreen()
        } else {
            if fullScreen, namedFullScreenMonitor, let monitor = currentMonitor {
                nameFullScreenMonitor(monitor.frame, placement: X11MonitorPlacement(connection: connection, window: windowID))
            }
            requestNetWMFullScreen(fullScreen)
        }
    }

    /// The X11 side of `GameWindow.printedName`.
    func printedName(of usage: KeyboardHIDUsage) -> String? {
        guard isUsable, let keyCode = keyPositions.keyCode(of: usage) else { return nil }
        let characters = keyboardLayout.unmodifiedMeaning(of: keyCode).charactersIgnoringModifiers
        return characters.isEmpty ? nil : characters.uppercased()
    }

    /// The X11 side of `GameWindow.copyToClipboard`.
    func copyToClipboard(_ text: String) {
        guard isUsable else { return }
        clipboard.copy(text, time: lastEventTime)
    }

    /// The X11 side of `GameWindow.requestClipboardText`.
    func requestClipboardText(_ completion: @escaping (String?) -> Void) {
        guard isUsable else { return }
        clipboard.requestText(time: lastEventTime, completion: completion)
    }
}
