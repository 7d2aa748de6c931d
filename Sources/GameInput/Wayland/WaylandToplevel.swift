/// The window's role on the desktop, as the compositor's shell sees it: a toplevel that can
/// have a title, size limits and full screen, and whose frame is drawn by the compositor
/// (xdg-decoration, ``WaylandXDGToplevel``) or by the client through libdecor
/// (``WaylandLibdecorToplevel``) where the compositor draws none. Either tells the window
/// what the compositor configured through ``WaylandWindow/configured(_:)``.
protocol WaylandToplevel: AnyObject {
    /// Who draws the window's frame: "the compositor", "libdecor", or "nobody".
    var frameDrawnBy: String { get }
    func setTitle(_ title: String)
    /// Size limits in surface pixels; 0 is no limit.
    func setSizeLimits(minimum: (width: Int32, height: Int32), maximum: (width: Int32, height: Int32))
    /// Full screen on `output` (nil: the compositor's choice), or not.
    func setFullScreen(_ fullScreen: Bool, on output: OpaquePointer?)
    /// Asks the compositor for the first configure (the window shows with its first frame).
    func map()
    /// The window's content was resized by the client where the compositor left the size free.
    func contentResized(width: Int, height: Int)
    /// Destroys the role's objects; nothing is sent after it.
    func destroy()
}

/// The geometry and states of one configure of the toplevel.
struct ToplevelConfigure: Equatable {
    /// The size the compositor chose, or 0 where it leaves the window its own.
    var width: Int32 = 0
    var height: Int32 = 0
    var isFullScreen = false
    var isActivated = false
    /// Maximised, tiled or full-screen: the compositor chose the size.
    var isSizeFixed = false
}
