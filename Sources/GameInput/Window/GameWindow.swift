import Foundation

/// A top-level window for a game, with its pointer lock and input, on X11 or natively on
/// Wayland.
///
/// It connects to the desktop (``backend`` says which windowing system and why), creates the
/// window (or attaches to one that SDL, GLFW or an engine created:
/// ``init(attachingTo:stallTimeout:)``) and reports what happens to it as ``InputEvent``s. Its
/// ``pointerLock`` controller grants the lock the game prefers while the window is viewable and
/// focused, releases it on focus loss and alerts, and brings it back by itself. On X11 the lock
/// is GameInput's grab; on Wayland it is the compositor's, and the state says `locked` only once
/// the compositor has said so.
///
/// Drive it from one thread or actor: the window is not `Sendable` (nor are its
/// ``pointerLock`` controller and GamePixels' presenter), so Swift 6 refuses at compile time to
/// use it from a second one at the same time, while handing it over whole to another task or
/// thread stays possible. ``waitForEvents(until:)`` sleeps in `poll()` on the connection
/// until input, a lock retry or the deadline is due; ``pollEvents(_:)`` handles everything
/// queued. Handling input makes no round trip to the server; only lock transitions and
/// window-state changes (full-screen, device list, clipboard) do.
///
/// Any loop shape works: one that sleeps until input comes (`waitForEvents(until: nil)`), one
/// that polls every frame, one that sleeps for seconds. ``close()`` may be called anywhere,
/// also inside an event handler, a lock observer or a clipboard completion: the window stops
/// dispatching at once and lets go of the server when the call that ran the handler returns.
/// Every other method does nothing once the window is closed. When the X server or the
/// compositor goes away, ``pollEvents(_:)`` reports ``InputEvent/connectionLost`` once and the
/// window closes; the process goes on (call ``close()`` to free the connection).
public final class GameWindow {
    /// Decides and reports the pointer lock for this window.
    public let pointerLock: PointerLockController
    /// The windowing system the window runs on, and why that one.
    public let backend: WindowBackendChoice
    /// The backend doing the work.
    let system: any WindowBackend
    /// The clipboard reads not answered yet, answered with nil when the window closes.
    let clipboardReads = ClipboardReads()
    /// The window's frames: their input, their presentations and the pacer.
    package let frames = FrameBooks()
    /// The keys and buttons held, the modifiers and the motion since ``takeMotion()``, kept
    /// from the events ``pollEvents(_:)`` delivers.
    public private(set) var inputState = InputState()

    /// The default time the main loop may go without handling events while the pointer is
    /// locked before the watchdog releases the grab.
    public static let defaultStallTimeout: Duration = .seconds(1)
    /// The shortest stall timeout: a loop that renders a frame must be able to finish it.
    public static let minimumStallTimeout: Duration = .milliseconds(50)

    /// The X11 backend, for tests in this package; nil on Wayland.
    package var x11System: X11Window? { system as? X11Window }
    /// The Wayland backend, for tests in this package; nil on X11.
    package var waylandSystem: WaylandWindow? { system as? WaylandWindow }

    /// A surface for frames drawn on the CPU, from whichever system runs the window (GamePixels'
    /// `PixelPresenter` wraps it): one per window.
    package func makeFrameSurface(allowSharedMemory: Bool) throws(FrameFormatUnsupported) -> any FrameSurface {
        try system.makeFrameSurface(allowSharedMemory: allowSharedMemory)
    }

    /// Connects to the desktop and creates a window titled `title`, not yet shown.
    ///
    /// ``WindowBackendChoice`` says how the windowing system is chosen: `GAMEINPUT_BACKEND`,
    /// then a `displayName` (an X display), then a Wayland compositor in `WAYLAND_DISPLAY` that
    /// offers the native lock, then X11 (`DISPLAY`).
    ///
    /// - Parameters:
    ///   - title: the window's title, for the window manager and task lists.
    ///   - width: the window's width in pixels (1 to ``WindowSize/maximumSide``).
    ///   - height: the window's height in pixels (1 to ``WindowSize/maximumSide``).
    ///   - visual: the window's pixel format, for its renderer (see ``WindowVisual``; X11 only:
    ///     a Wayland window's pixels are the buffers its renderer attaches).
    ///   - displayName: the X display to open; `nil` reads `$DISPLAY` (or runs on Wayland).
    ///   - stallTimeout: how long the loop may stop calling ``pollEvents(_:)`` (other than
    ///     sleeping in ``waitForEvents(until:)``) while the pointer is locked before the pointer
    ///     is freed (on X11 by the lock guardian or, without one, a watchdog thread); `nil` or
    ///     zero turns this off (on X11 the guardian still frees it while the process is stopped
    ///     or traced). Shorter timeouts than ``minimumStallTimeout`` count as that. On Wayland a
    ///     watchdog thread ends the compositor's lock; a stopped game's pointer is freed by the
    ///     compositor when the player switches away (mutter also by itself).
    public convenience init(
        title: String, width: Int, height: Int, visual: WindowVisual = .default, displayName: String? = nil,
        stallTimeout: Duration? = GameWindow.defaultStallTimeout
    ) throws(GameWindowError) {
        guard WindowSize(width: width, height: height).fitsAWindow else { throw .invalidSize(width: width, height: height) }
        let decision = try WindowBackendChoice.decide(displayName: displayName, environment: ProcessInfo.processInfo.environment)
        let system: any WindowBackend
        if let connection = decision.connection {
            system = try WaylandWindow(connection: connection, title: title, width: width, height: height, stallTimeout: stallTimeout)
        } else {
            if decision.choice.isFallback {
                GameInputDiagnostics.report(.backendFallback, "running on X11: \(decision.choice.reason)")
            }
            system = try X11Window(
                title: title, width: width, height: height, visual: visual, displayName: displayName, stallTimeout: stallTimeout)
        }
        self.init(system: system, backend: decision.choice)
    }

    /// Attaches GameInput to a window the host created and draws (with SDL, GLFW, an engine's
    /// own code), on X11 or natively on Wayland: the same ``pointerLock`` controller,
    /// preference, alerts, reasons, relative motion and keys as a window GameInput creates.
    ///
    /// On X11 GameInput talks to the window's server on a connection of its own and never
    /// touches the host's. The host keeps drawing, and keeps its own events, with these rules:
    /// - While the lock holds, pointer events (buttons, the wheel) come to GameInput only; the
    ///   host gets none. Keys come to both, always.
    /// - While unlocked, the host's clicks are its own; GameInput reports them too, from raw
    ///   events (each click's position asked of the server, one round trip; discrete wheel
    ///   steps only; no smooth scrolling or touchpad gestures).
    /// - The host must not grab the pointer or use its own relative mode while it is
    ///   attached, nor select XInput 2 key events on the window: the server would then send
    ///   the keys to the host alone (SDL2 and GLFW 3.3 read core keys). A host's XInput 2
    ///   motion there (SDL2 selects it) leaves GameInput no pointer motion while unlocked.
    /// - ``InputEvent/closeRequested`` never comes (the window manager tells the host);
    ///   ``InputEvent/windowDestroyed`` comes when the host destroys the window, and GameInput
    ///   lets go of everything then.
    ///
    /// On Wayland GameInput works on the host's connection, on an event queue of its own
    /// (``HostWindow/wayland(display:surface:)`` says what the host must do). The compositor
    /// sends the seat's input to every pointer and keyboard of the client, so the host and
    /// GameInput both get all of it, locked or not: the lock's relative motion only to those
    /// who ask for it (the host must not). The lock is the compositor's, as for a window of
    /// GameInput's, and so are its rules (alerts, focus, a stalled loop). The host must not lock
    /// or confine the pointer on the surface itself: the compositor allows one constraint per
    /// surface and ends the connection, the host's too, for a second. What Wayland keeps from a
    /// client that does not own the surface: the window's size (``width`` and ``height`` are 0:
    /// the host knows it), the outputs it is on (``scale`` is 1 and pointer positions are in the
    /// surface's logical units), its input method (the host's) and the window's end (the host
    /// detaches first). ``monitors`` is empty: the compositor tells a client's surfaces about
    /// every output object the client holds, and a host may take GameInput's for its own
    /// (GLFW 3.3 does).
    ///
    /// Call ``pollEvents(_:)`` once per frame of the host's loop: it never blocks. A host that
    /// sleeps adds ``wakeDescriptor`` to its own `poll()`. ``detach()`` ends it all; the
    /// window stays the host's.
    ///
    /// - Parameters:
    ///   - host: the window and its server (``HostWindow/x11(window:display:)``,
    ///     ``HostWindow/wayland(display:surface:)``).
    ///   - stallTimeout: as for ``init(title:width:height:visual:displayName:stallTimeout:)``;
    ///     the host's loop must call ``pollEvents(_:)`` at least this often while locked.
    public convenience init(
        attachingTo host: HostWindow, stallTimeout: Duration? = GameWindow.defaultStallTimeout
    ) throws(GameWindowError) {
        switch host.platform {
        case .x11(let window, let server):
            let system = try X11Window(attachingTo: window, on: server, stallTimeout: stallTimeout)
            self.init(system: system, backend: WindowBackendChoice(kind: .x11, reason: "attached to an X11 window", isFallback: false))
        case .wayland(let display, let surface):
            let connection: WaylandConnection
            do {
                connection = try WaylandConnection(borrowing: display)
            } catch {
                throw .cannotConnectToWayland("the host's connection: \(CompositorReport.Failure(error).description)")
            }
            let system = try WaylandWindow(attachingTo: surface, connection: connection, stallTimeout: stallTimeout)
            self.init(
                system: system, backend: WindowBackendChoice(kind: .wayland, reason: "attached to a Wayland surface", isFallback: false))
        }
    }

    /// A window on `system`, chosen for `backend`'s reason.
    init(system: any WindowBackend, backend: WindowBackendChoice) {
        self.system = system
        self.backend = backend
        pointerLock = system.pointerLock
    }

    // MARK: The loop

    /// Shows the window; the lock can engage once the system reports it viewable and focused.
    /// Does nothing for an attached window: its host shows it. On Wayland the window appears
    /// with its first frame: the compositor asks for a size, and a window that presents nothing
    /// gets a plain one from GameInput. There it returns once the compositor has configured
    /// the window (a few round trips): a renderer of the caller's draws from then on.
    public func show() { system.show() }

    /// Sleeps until input is queued, a lock retry, another client's keyboard grab or a
    /// clipboard transfer is due, the lock guardian says something, a termination signal
    /// arrives (once ``TerminationSignals/install()`` ran), or `deadline` passes (never, when
    /// nil). Returns at once when something is due already, such as a lock decision after
    /// the pointer was freed from outside the loop.
    public func waitForEvents(until deadline: ContinuousClock.Instant?) { system.waitForEvents(until: deadline) }

    /// Handles every event queued on the connection, calling `handle` for each one the game
    /// should see, and retries a refused grab when due.
    ///
    /// After the pointer was freed while the game could not run (a stall, a stopped or traced
    /// process, the guardian's end), the lock reads `suspended(…)` for this call: what queued
    /// up meanwhile (a focus change, an unmap) is handled first, and the lock is decided again
    /// at the next call, on facts that are current.
    ///
    /// Each event is applied to ``inputState`` just before `handle` sees it. The frames the
    /// system answered for since the last call follow the input, as
    /// ``InputEvent/presentation(_:)``. `handle` may call ``close()``: no event is handled
    /// after it.
    public func pollEvents(_ handle: (InputEvent) -> Void) {
        system.pollEvents { event in
            let event = system.receiptTime.map { event.stamped($0) } ?? event
            inputState.apply(event)
            if let time = event.time { frames.timeline.noteInput(at: time) }
            handle(event)
        }
        frames.deliver(handle) { system.isClosed }
        // The system is gone (or the handler closed the window): no answer can come any more.
        if system.isClosed { clipboardReads.answerAllWithNil() }
    }

    /// The relative motion delivered since the last call (or since the window opened), summed;
    /// the total starts again from zero. Call it once per frame, after ``pollEvents(_:)``.
    public func takeMotion() -> MotionTotal { inputState.takeMotion() }

    /// Releases the lock (the cursor goes back where the lock found it), ends the lock
    /// guardian, destroys the window and closes the connection. Safe to call twice, and from
    /// inside the game's handlers and observers: then the window and the connection go when
    /// ``pollEvents(_:)`` returns, and nothing more is dispatched meanwhile.
    ///
    /// After ``InputEvent/connectionLost`` the window is closed already but its connection is
    /// kept (whatever else holds it, a presenter, stays valid) until this call frees it.
    public func close() {
        system.close()
        // No event follows: nothing is held any more, and no clipboard answer comes.
        inputState = InputState()
        if system.isClosed { clipboardReads.answerAllWithNil() }
    }

    /// Detaches from the host's window: the lock is released (the pointer goes back where the
    /// lock found it), the guardian ends, and GameInput's connection closes. The window stays,
    /// with its cursor and its events the host's. The same as ``close()``, and as safe
    /// anywhere: inside a handler it takes effect when ``pollEvents(_:)`` returns.
    public func detach() { close() }

    /// A file descriptor for the host's own `poll()`, `select()` or epoll: readable whenever
    /// ``pollEvents(_:)`` has work: input queued on GameInput's connection (also input already
    /// read off the socket), a lock retry or another timed decision that is due, the lock
    /// guardian's news, and, while the lock holds, the check-in that tells the guardian and the
    /// watchdog the loop still runs. Call ``pollEvents(_:)`` when it is readable (or every
    /// frame anyway); it is not readable again until there is more.
    ///
    /// It stays the same descriptor for the window's life (an epoll set, which holds what
    /// changes behind it), and is closed by ``close()`` (or ``detach()``): take it out of the
    /// host's set first. -1 once closed, or if the system has no descriptors left. Made on
    /// first use: a loop that never asks pays nothing for it.
    public var wakeDescriptor: Int32 { system.wakeDescriptor }

    // MARK: What the window is

    /// The window's width in pixels, as the system last reported it. Natively on Wayland the
    /// pixels of the window's frames: the compositor's logical width times the scale, rounded
    /// (see ``scale``), so a window on an output at scale 2 is twice as many pixels wide, and
    /// at 1.5 one and a half times.
    public var width: Int { system.width }
    /// The window's height in pixels, as the system last reported it.
    public var height: Int { system.height }
    /// Whether the window is shown: on X11 mapped and neither minimised nor hidden by the
    /// window manager, on Wayland configured by the compositor and given its first frame (a
    /// game renders nothing while it is not).
    public var isViewable: Bool { system.isViewable }
    /// Whether the window is full-screen (X11: `_NET_WM_STATE_FULLSCREEN`; Wayland: the
    /// toplevel's `fullscreen` state).
    public var isFullScreen: Bool { system.isFullScreen }
    /// Whether ``close()`` was called, or the connection to the X server or the compositor was
    /// lost.
    public var isClosed: Bool { system.isClosed }
    /// Whether this window is a host's, which GameInput attached to, rather than its own.
    public var isAttached: Bool { system.isAttached }
    /// The display the window is on: on X11 as Xlib resolved its name (`XDisplayString`),
    /// such as ":0"; on Wayland the compositor's socket, such as "wayland-0".
    public var displayName: String { system.displayName }
    /// The connection and window for a renderer: Vulkan, EGL, GLX, or Xlib drawing. Every
    /// property is nil once the window is closed, and for an attached window (its host draws
    /// with its own connection). ``X11WindowHandle`` says what a caller may and must not do
    /// with the connection; on Wayland ``WaylandWindowHandle`` does, and reading the handle
    /// there hands the surface's pictures to the caller's renderer.
    public var nativeHandle: NativeWindowHandle { system.nativeHandle }
    /// Whether pinch, rotate and swipe gestures can arrive: on X11 the server speaks XInput 2.4
    /// and a device has a gesture class (a touchpad). False on servers or machines without them,
    /// such as Xvfb, where ``InputEvent/transform(_:)`` and ``InputEvent/swipe(_:)`` never
    /// come, and for an attached window (gestures would need XInput 2 selections on the host's
    /// window). On Wayland: the compositor offers `zwp_pointer_gestures_v1` and the seat has a
    /// pointer (the compositor decides which devices make gestures).
    public var supportsTransformGestures: Bool { system.supportsTransformGestures }
    /// Whether the lock guardian, the process that frees the pointer while this one cannot
    /// run, is there to guard the lock, and if not, why (on Wayland the compositor does that
    /// job: ``LockGuardianStatus/notNeeded``).
    public var lockGuardianStatus: LockGuardianStatus { system.lockGuardianStatus }
    /// Whether something manages the windows: on X11 an EWMH window manager that ran when the
    /// window last mapped (without one the window takes the focus itself); on Wayland always.
    public var windowManagerRuns: Bool { system.windowManagerRuns }
    /// What the window's system lets the game do with it, known before it tries: placing the
    /// window, its icon, moving the pointer, gestures, fractional scale, taking the focus.
    public var capabilities: WindowCapabilities { system.capabilities }
    /// What only an X11 window has (the XInput version, whether the server is Xwayland); nil
    /// on native Wayland.
    public var x11: X11Details? { system.x11Details }
    /// What only a native Wayland window has (the compositor's protocols); nil on X11.
    public var wayland: WaylandDetails? { system.waylandDetails }
}

/// A window belongs to the thread or actor that drives it: Swift refuses to share it.
@available(*, unavailable, message: "a GameWindow belongs to the thread or actor that drives it")
extension GameWindow: Sendable {}
