/// The window's own state, as GameInput last set it or the server last reported it: its size,
/// its title and its `WM_NORMAL_HINTS`.
struct X11WindowState {
    /// The window's width, as the server last said.
    var width: Int
    /// The window's height, as the server last said.
    var height: Int
    /// The title GameInput last gave the window (``X11Window/title``); empty for an attached
    /// window.
    var title = ""
    /// The size limits and position the window last asked for in `WM_NORMAL_HINTS`
    /// (``X11Window/sizeLimits``).
    var normalHints = X11NormalHints()
}
