internal import CXlib

/// What the window asks of the window manager in `WM_NORMAL_HINTS` (ICCCM 4.1.2.3), kept so
/// that each change writes the whole property again (`XSetWMNormalHints` replaces it): the size
/// limits, and the position the game last asked for.
struct X11NormalHints: Equatable {
    var limits = WindowSizeLimits.none
    /// The position of the window's top-left pixel the game last asked for, in root
    /// coordinates, or nil while the window manager places the window.
    var position: ScreenPoint?

    /// The property's value: `PMinSize` and `PMaxSize` for the limits, `PAspect` with the same
    /// ratio as the minimum and the maximum aspect (so the ratio is fixed); for a position,
    /// `USPosition` and `PPosition` (placed by the user's or the program's choice: the window
    /// manager keeps it where asked) with `StaticGravity` (the position is the window's own
    /// top-left pixel, not its frame's, as GLFW asks too).
    var sizeHints: XSizeHints {
        var hints = XSizeHints()
        if let minimum = limits.minimumSize {
            hints.flags |= PMinSize
            (hints.min_width, hints.min_height) = (Int32(minimum.width), Int32(minimum.height))
        }
        if let maximum = limits.maximumSize {
            hints.flags |= PMaxSize
            (hints.max_width, hints.max_height) = (Int32(maximum.width), Int32(maximum.height))
        }
        if let ratio = limits.aspectRatio {
            hints.flags |= PAspect
            (hints.min_aspect.x, hints.min_aspect.y) = (Int32(ratio.width), Int32(ratio.height))
            hints.max_aspect = hints.min_aspect
        }
        if let position {
            hints.flags |= USPosition | PPosition | PWinGravity
            // x and y are obsolete in the property (ICCCM), but older window managers read them.
            (hints.x, hints.y) = (Int32(position.x), Int32(position.y))
            hints.win_gravity = StaticGravity
        }
        return hints
    }
}
