/// What ``X11Window/setFullScreen(on:)`` changed to put the window on its monitor, to undo
/// when full screen ends, and whether a monitor was named to the window manager.
struct X11FullScreenMemory {
    /// Where the window was before it moved onto its monitor (or covered the monitor without a
    /// window manager), to go back there: the window's own top-left on the screen (moved there
    /// with static gravity) and its size; nil otherwise.
    var geometryBefore: ScreenRect?
    /// Full screen without a window manager: the window itself covers the monitor.
    var coversMonitorItself = false
    /// The desktop the window was sent from, to send it back when full screen ends; nil
    /// otherwise.
    var desktopBefore: Int?
    /// A monitor was named in `_NET_WM_FULLSCREEN_MONITORS`, which the window manager keeps.
    var namedMonitor = false

    /// Whether leaving full screen has something of ``X11Window/setFullScreen(on:)``'s to undo.
    var hasWayBack: Bool { geometryBefore != nil || desktopBefore != nil || coversMonitorItself }

    /// Keeps `frame` as the geometry to go back to, unless an earlier one is kept already.
    mutating func rememberGeometry(_ frame: ScreenRect?) {
        if geometryBefore == nil { geometryBefore = frame }
    }
}
