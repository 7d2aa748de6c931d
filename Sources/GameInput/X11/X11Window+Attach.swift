internal import CXlib

/// Attaching to a window another library created, and the events that then reach GameInput
/// without being taken from the host.
///
/// GameInput opens its own connection to the host's server. What one client selects on a
/// window does not take the events from another, with two exceptions the server enforces:
/// only one client may select `ButtonPress` on a window (the host has it), and a device event
/// goes to the clients that select it through XInput 2 *instead of* those that select it as a
/// core event. So on the host's window GameInput selects only core events that any number of
/// clients may share (structure, focus, properties, keys, pointer motion, crossings) and no
/// XInput 2 device event at all; buttons and the wheel reach it as raw XInput 2 events on the
/// root window, which every client that asks for them gets, whoever holds a grab.
///
/// While the lock or the confinement holds, the grab is GameInput's: pointer events (buttons,
/// the wheel, and while confined the pointer's motion) come to GameInput alone, and the host
/// gets none; its keys still come to it. Raw motion, as on any window, brings the lock's
/// deltas. The host's cursor shows while confined, until the game sets ``X11Window/cursor``.
extension X11Window {
    /// What attaching to a host's window changes: where selections are owned, which core
    /// events are selected, and the pointer state core and raw events leave.
    struct HostBinding {
        /// A window of GameInput's own (input-only, never mapped) that owns the clipboard's
        /// selections: the server sends a selection's answer to the client that created the
        /// requesting window, which for the host's window is the host.
        let selectionWindow: UInt
        /// Core events selected on the host's window beyond structure, focus and properties.
        /// Core motion comes only where the host does not select XInput 2 motion on its
        /// window (GLFW 3.3 does not; SDL2 does, and then the server sends core motion to
        /// nobody).
        let coreEventMask = KeyPressMask | KeyReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask
        /// Buttons 1-3 held, as raw events tell (bit n: button n).
        var rawHeldButtons: UInt32 = 0
    }

    /// Attaches to the host's X11 window (``GameWindow/init(attachingTo:stallTimeout:)``).
    convenience init(
        attachingTo window: UInt, on server: HostWindow.Server, stallTimeout: Duration? = GameWindow.defaultStallTimeout
    ) throws(GameWindowError) {
        let connection: X11Connection
        switch server {
        case .named(let name): connection = try X11Connection(displayName: name)
        case .sameAs(let display): connection = try X11Connection(displayName: String(cString: XDisplayString(display)))
        }
        let display = connection.display
        var attributes = XWindowAttributes()
        var found: Int32 = 0
        let error = connection.firstError { found = XGetWindowAttributes(display, window, &attributes) }
        guard window != 0, error == nil, found != 0 else {
            connection.close()
            throw .windowNotFound(window)
        }
        // The host may destroy its window at any moment: requests about it can then fail.
        X11ErrorHandlers.expectVanishing(window, on: display)
        var none = XSetWindowAttributes()
        let selectionWindow = XCreateWindow(
            display, connection.rootWindow, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil, 0, &none)
        self.init(
            connection: connection, window: window, visual: X11Visual(of: attributes),
            width: Int(attributes.width), height: Int(attributes.height),
            host: HostBinding(selectionWindow: selectionWindow), stallTimeout: stallTimeout)
        adoptHostWindowState()
        grab?.supervision.prepare()
        connection.flush()
    }

    /// The X11 side of `GameWindow.isAttached`.
    var isAttached: Bool { host != nil }

    /// The X11 side of `GameWindow.detach`.
    func detach() {
        close()
    }

    /// Reads what the host's window is now, after its events are selected (so no change is
    /// missed in between): mapped, set aside by the window manager, full-screen, focused, and
    /// whether the pointer is over it. A few round trips, once.
    private func adoptHostWindowState() {
        let display = connection.display
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, windowID, &attributes) != 0 else { return }
        ownState.width = Int(attributes.width)
        ownState.height = Int(attributes.height)
        grab?.windowResized(width: width, height: height)
        desktopWatch.windowManagerRuns = readWindowManagerRuns()
        let state = readNetWMState()
        pointerLock.setFullScreen(state.fullScreen)
        facts.visibility = Visibility(
            isMapped: attributes.map_state != IsUnmapped, isSetAsideByWindowManager: readSetAsideState(),
            isHidden: state.hidden)
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var pointerState: UInt32 = 0
        let pointerIn =
            XQueryPointer(display, windowID, &root, &child, &rootX, &rootY, &x, &y, &pointerState) != 0
            && (0..<attributes.width).contains(x) && (0..<attributes.height).contains(y)
        if pointerIn { facts.pointerWhereabouts.inWindow = true }
        host?.rawHeldButtons = (pointerState >> 7) & 0b1110
        facts.setHeldButtons(host?.rawHeldButtons ?? 0)
        var focus: UInt = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        // Without a window manager the focus may be the pointer root: keys go where the pointer is.
        let pointerRoot: UInt = 1
        if focus == windowID || (focus == pointerRoot && !windowManagerRuns && pointerIn) {
            pointerLock.setFocused(true)
            if connection.isXwayland { grab?.wantsRawMotionUnlocked = true }
        }
    }

    /// Core pointer motion in the host's window (and in a window on a server without
    /// XInput 2): which buttons are held, and that the pointer is over the window.
    func noteCorePointer(at location: WindowPoint, state: UInt32) {
        facts.setHeldButtons((state >> 7) & 0b1110)
        host?.rawHeldButtons = (state >> 7) & 0b1110
        input.translator.notePointer(at: location)
        if !facts.pointerWhereabouts.isOverWindow { facts.pointerWhereabouts = PointerWhereabouts(inWindow: true, pointerMoved: true) }
    }

    /// A core crossing of the host's window. Crossings into or out of a child (the lock
    /// guardian's input-only window covers the window) leave the pointer over it; crossings a
    /// grab makes do not move the pointer.
    func handleCoreCrossing(_ crossing: XCrossingEvent, to handle: (InputEvent) -> Void) {
        guard crossing.window == windowID, crossing.detail != NotifyInferior else { return }
        let entered = crossing.type == EnterNotify
        let location = WindowPoint(x: Double(crossing.x), y: Double(crossing.y))
        facts.setHeldButtons((crossing.state >> 7) & 0b1110)
        host?.rawHeldButtons = (crossing.state >> 7) & 0b1110
        guard crossing.mode == NotifyNormal || crossing.mode == NotifyWhileGrabbed else { return }
        facts.pointerWhereabouts =
            entered ? PointerWhereabouts(inWindow: true, pointerMoved: facts.pointerWhereabouts.pointerMoved) : PointerWhereabouts()
        guard crossing.mode == NotifyNormal, !pointerLock.isLocked else { return }
        if entered { input.translator.notePointer(at: location) }
        handle(
            .pointer(
                PointerEvent(
                    phase: entered ? .entered : .exited, location: location,
                    buttonMask: Self.buttonMask(coreState: crossing.state), modifierFlags: ModifierFlags(xkbMask: Int(crossing.state)),
                    systemTimestamp: UInt32(truncatingIfNeeded: crossing.time))))
    }

    /// A raw button event (any window's, selected on the root): which buttons are held, for
    /// the lock; and, while no grab of ours holds and the pointer is over the host's window, a
    /// click or a wheel step there. While the grab holds, its core events report the buttons.
    ///
    /// A raw event says neither where the pointer is nor which modifiers are held, and no
    /// event that does can be shared with every host (SDL2's XInput 2 motion leaves no core
    /// motion; a physical pointer's own XInput 2 motion reports the position before the
    /// move), so a click in the window asks the server (one round trip per press or release,
    /// never per motion).
    func handleRawButton(_ raw: XIRawEvent, isPress: Bool, to handle: (InputEvent) -> Void) {
        guard let binding = host else { return }
        let button = Int(raw.detail)
        let bit = (1...3).contains(button) ? UInt32(1) << UInt32(button) : 0
        let held = isPress ? binding.rawHeldButtons | bit : binding.rawHeldButtons & ~bit
        host?.rawHeldButtons = held
        facts.setHeldButtons(held)
        guard grab?.isGrabbed != true, facts.pointerWhereabouts.inWindow else { return }
        let emulated = raw.flags & Int32(XIPointerEmulated) != 0
        if WheelButtons.isWheel(button) && (!isPress || emulated) { return }
        guard input.pressIsTheGames(button, isPress: isPress) else { return }
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var state: UInt32 = 0
        guard XQueryPointer(connection.display, windowID, &root, &child, &rootX, &rootY, &x, &y, &state) != 0 else { return }
        let location = WindowPoint(x: Double(x), y: Double(y))
        let time = UInt32(truncatingIfNeeded: raw.time)
        input.lastEventTime = raw.time
        let modifiers = ModifierFlags(xkbMask: Int(state))
        // The state is the server's now, with this event applied: the held buttons are the raw events' own.
        var buttons = Self.buttonMask(coreState: state & ~UInt32(0b1110 << 7))
        for number in 1...3 where held & (UInt32(1) << UInt32(number)) != 0 { buttons.formUnion(ButtonMask(xButton: number)) }
        if let delta = WheelButtons.discreteScroll(button: button, isPointerEmulated: false) {
            handle(
                .scroll(
                    ScrollEvent(
                        type: .discrete, delta: delta, location: location, buttonMask: buttons, modifierFlags: modifiers,
                        systemTimestamp: time)))
            return
        }
        guard let mouseButton = MouseButton(xButton: button) else { return }
        if isPress { buttons.formUnion(ButtonMask(mouseButton)) }
        handle(
            .button(
                ButtonEvent(
                    phase: isPress ? .down : .up, button: mouseButton, location: location, buttonMask: buttons,
                    modifierFlags: modifiers, systemTimestamp: time)))
    }

    /// The host destroyed its window: the server ended any grab with it, and GameInput lets
    /// go of the rest; its connection closes when the dispatch that read this returns.
    func hostWindowDestroyed(to handle: (InputEvent) -> Void) {
        grab?.grabWasLost()
        facts.visibility.isMapped = false
        handle(.windowDestroyed)
        shutDown()
        _ = lifecycle.close()
    }
}
