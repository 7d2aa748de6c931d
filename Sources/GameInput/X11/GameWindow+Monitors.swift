internal import CXlib

/// The desktop's monitors and scale, and full screen on the monitor the player chooses.
extension GameWindow {
    /// The desktop's monitors, in the order `xrandr --listmonitors` lists the active ones
    /// (see ``Monitor``). Kept current: ``InputEvent/monitorsChanged`` says when it changes.
    public var monitors: [Monitor] { monitorWatch.list }

    /// The desktop's scale (``DesktopScale``): `Xft.dpi` over 96, kept current
    /// (``InputEvent/scaleChanged(_:)``). Draw the HUD and text that much larger; relative
    /// motion is not scaled.
    public var scale: DesktopScale { resourceWatch.scale }

    /// The monitor the window is on: the one its area overlaps most; nil when it is on none
    /// (off screen, or not mapped yet) or after ``close()``. One round trip.
    public var currentMonitor: Monitor? {
        guard isUsable, let frame = windowFrameOnScreen() else { return nil }
        return Monitor.containing(frame, in: monitors).map { monitors[$0] }
    }

    /// Makes the window full-screen on `monitor`, one of ``monitors``; ``setFullScreen(_:)``
    /// with `false` leaves full screen and puts the window back where it was.
    ///
    /// Under a window manager that supports `_NET_WM_FULLSCREEN_MONITORS` (KWin, mutter,
    /// xfwm4) the window asks for exactly that monitor and `_NET_WM_STATE_FULLSCREEN`. Under one
    /// that does not (openbox, i3) it moves onto the monitor first, and the window manager
    /// fills the monitor it is on. Without a window manager the window itself covers the
    /// monitor. The lock and the confinement keep the pointer in the window, so on that monitor.
    /// Returns false (and does nothing) for a monitor not in ``monitors``, on an attached
    /// window and after ``close()``.
    @discardableResult
    public func setFullScreen(on monitor: Monitor) -> Bool {
        guard isUsable, host == nil, let index = monitors.firstIndex(of: monitor) else { return false }
        let display = connection.display
        if geometryBeforeFullScreen == nil, !isFullScreen { geometryBeforeFullScreen = frameGeometry() }
        let target = monitor.frame
        if !windowManagerRuns {
            XMoveResizeWindow(display, windowID, Int32(target.x), Int32(target.y), UInt32(target.width), UInt32(target.height))
            XRaiseWindow(display, windowID)
            coversMonitorItself = true
            pointerLock.setFullScreen(true)
            connection.flush()
            return true
        }
        if windowManagerSupports(connection.atom("_NET_WM_FULLSCREEN_MONITORS")) {
            sendToWindowManager(connection.atom("_NET_WM_FULLSCREEN_MONITORS"), [index, index, index, index, 1])
        } else if Monitor.containing(windowFrameOnScreen() ?? target, in: monitors) != index {
            // Onto the monitor first, at its top left: the window manager fills the monitor
            // the window is on.
            XMoveWindow(display, windowID, Int32(target.x), Int32(target.y))
        }
        requestNetWMFullScreen(true)
        return true
    }

    /// Leaves the full screen ``setFullScreen(on:)`` made, back to the geometry before it.
    func leaveMonitorFullScreen() {
        let display = connection.display
        if coversMonitorItself {
            coversMonitorItself = false
            pointerLock.setFullScreen(false)
        } else {
            requestNetWMFullScreen(false)
        }
        if let saved = geometryBeforeFullScreen {
            XMoveResizeWindow(display, windowID, Int32(saved.x), Int32(saved.y), UInt32(saved.width), UInt32(saved.height))
        }
        geometryBeforeFullScreen = nil
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

    /// Whether the window manager lists `atom` in `_NET_SUPPORTED`.
    private func windowManagerSupports(_ atom: UInt) -> Bool {
        listProperty(connection.atom("_NET_SUPPORTED"), type: UInt(XA_ATOM), of: connection.rootWindow)?.contains(atom) == true
    }

    /// The window's area on the screen (its own, without the frame). One round trip.
    func windowFrameOnScreen() -> ScreenRect? {
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        guard XTranslateCoordinates(connection.display, windowID, connection.rootWindow, 0, 0, &x, &y, &child) != 0 else {
            return nil
        }
        return ScreenRect(x: Int(x), y: Int(y), width: width, height: height)
    }

    /// The top-left of the window's outermost frame on the screen and the window's size: what
    /// a move request under a window manager places (north-west gravity). A few round trips.
    private func frameGeometry() -> ScreenRect? {
        let display = connection.display
        var window = windowID
        for _ in 0..<8 {
            var root: UInt = 0, parent: UInt = 0
            var children: UnsafeMutablePointer<UInt>?
            var count: UInt32 = 0
            guard XQueryTree(display, window, &root, &parent, &children, &count) != 0 else { return nil }
            if let children { XFree(children) }
            if parent == root || parent == 0 { break }
            window = parent
        }
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0 else { return nil }
        return ScreenRect(x: Int(attributes.x), y: Int(attributes.y), width: width, height: height)
    }
}
