internal import CXlib

/// The desktop's monitors and scale, and full screen on the monitor the player chooses.
extension X11Window {
    /// The X11 side of `GameWindow.monitors`.
    var monitors: [Monitor] { desktopWatch.monitors.list }

    /// The X11 side of `GameWindow.scale`.
    var scale: DesktopScale { desktopWatch.resources.scale }

    /// The X11 side of `GameWindow.currentMonitor`.
    var currentMonitor: Monitor? {
        guard isUsable, let frame = windowFrameOnScreen() else { return nil }
        return Monitor.containing(frame, in: monitors).map { monitors[$0] }
    }

    /// The X11 side of `GameWindow.setFullScreen`.
    @discardableResult
    func setFullScreen(on monitor: Monitor) -> Bool {
        guard isUsable, host == nil, let index = monitors.firstIndex(of: monitor) else { return false }
        let display = connection.display
        let before = isFullScreen ? nil : windowFrameOnScreen()
        let target = monitor.frame
        if !windowManagerRuns {
            XMoveResizeWindow(display, windowID, Int32(target.x), Int32(target.y), UInt32(target.width), UInt32(target.height))
            XRaiseWindow(display, windowID)
            fullScreenMemory.rememberGeometry(before)
            fullScreenMemory.coversMonitorItself = true
            pointerLock.setFullScreen(true)
            connection.flush()
            return true
        }
        if Monitor.containing(windowFrameOnScreen() ?? target, in: monitors) != index {
            // Onto the monitor first, at its top left: the window manager fills the monitor
            // the window is on. Its own idea of where the window was is this spot now, so the
            // way back is the window's to ask for. A position request places the window
            // itself (static gravity), not its frame, whatever the decorations.
            fullScreenMemory.rememberGeometry(before)
            try? requestPosition(x: target.x, y: target.y)
        }
        let placement = X11MonitorPlacement(connection: connection, window: windowID)
        if let desktop = placement.desktop(showingOn: target) {
            if fullScreenMemory.desktopBefore == nil { fullScreenMemory.desktopBefore = placement.windowDesktop }
            moveToDesktop(desktop)
        }
        nameFullScreenMonitor(target, placement: placement)
        requestNetWMFullScreen(true)
        return true
    }

    /// Names the monitor at `frame` in `_NET_WM_FULLSCREEN_MONITORS`, where the window manager
    /// supports it and the monitor is one of its own (``X11MonitorPlacement``). The window
    /// manager keeps the list for every later full screen, so ``setFullScreen(_:)`` names the
    /// window's current monitor once one was named.
    func nameFullScreenMonitor(_ frame: ScreenRect, placement: X11MonitorPlacement) {
        guard placement.windowManagerSupports("_NET_WM_FULLSCREEN_MONITORS"), let screen = placement.fullScreenMonitorsIndex(of: frame)
        else {
            return
        }
        // Top, bottom, left and right edges all on that monitor; source: an application.
        sendToWindowManager(connection.atom("_NET_WM_FULLSCREEN_MONITORS"), [screen, screen, screen, screen, 1])
        fullScreenMemory.namedMonitor = true
    }

    /// Sends the window to `desktop` (`_NET_WM_DESKTOP`) and activates it there: a window
    /// manager does not move the focus with a window it sends away.
    private func moveToDesktop(_ desktop: Int) {
        sendToWindowManager(connection.atom("_NET_WM_DESKTOP"), [desktop, 1])
        activate()
    }

    /// After the monitors changed: a full-screen window that is on no monitor now (its monitor
    /// was switched off or unplugged) goes full-screen on the primary monitor (else the first),
    /// so the window the lock keeps the pointer in is one the player sees. A window manager
    /// that moved the window itself is left to it. One round trip, on a change only.
    func keepFullScreenOnAMonitor() {
        guard isUsable, host == nil, isFullScreen || fullScreenMemory.coversMonitorItself, let frame = windowFrameOnScreen(),
            Monitor.containing(frame, in: monitors) == nil,
            let target = monitors.first(where: \.isPrimary) ?? monitors.first
        else { return }
        setFullScreen(on: target)
    }

    /// Leaves the full screen ``setFullScreen(on:)`` made, back to the geometry before it: the
    /// window manager's own restore, or where the window was moved from to reach the monitor
    /// (and the desktop it was sent from).
    func leaveMonitorFullScreen() {
        if fullScreenMemory.coversMonitorItself {
            fullScreenMemory.coversMonitorItself = false
            pointerLock.setFullScreen(false)
        } else {
            requestNetWMFullScreen(false)
        }
        if let desktop = fullScreenMemory.desktopBefore { moveToDesktop(desktop) }
        if let saved = fullScreenMemory.geometryBefore {
            try? requestPosition(x: saved.x, y: saved.y)
            try? requestSize(width: saved.width, height: saved.height)
        }
        fullScreenMemory.geometryBefore = nil
        fullScreenMemory.desktopBefore = nil
        connection.flush()
    }

    /// Asks the window manager to add or remove `_NET_WM_STATE_FULLSCREEN`.
    func requestNetWMFullScreen(_ fullScreen: Bool) {
        // _NET_WM_STATE_ADD or _REMOVE, the state, no second state, source: an application.
        sendToWindowManager(atoms.netWMState, [fullScreen ? 1 : 0, Int(atoms.netWMStateFullScreen), 0, 1])
    }

    /// A client message about the window to the window manager (EWMH: to the root window,
    /// with the substructure masks).
    private func sendToWindowManager(_ type: UInt, _ data: [Int]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = windowID
        event.xclient.message_type = type
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { bytes in
            for (index, value) in data.prefix(5).enumerated() { bytes.storeBytes(of: value, toByteOffset: index * 8, as: Int.self) }
        }
        XSendEvent(connection.display, connection.rootWindow, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        connection.flush()
    }

    /// The window's area on the screen (its own, without the frame). One round trip.
    func windowFrameOnScreen() -> ScreenRect? {
        positionOnScreen().map { ScreenRect(x: $0.x, y: $0.y, width: width, height: height) }
    }

}
