/// What the compositor said of the window's toplevel (its last configure, whether it is
/// activated and shown) and what the game asked of it (its title, its size limits), so that a
/// request that changes nothing is not sent and a resize stays within what was configured.
struct WaylandToplevelState {
    /// The last configure applied.
    var lastConfigure = ToplevelConfigure()
    /// Whether the compositor says the toplevel is activated (a host's surface: always).
    var isActivated = false
    /// Whether the window shows: its first configure came (a host's surface: always).
    var isMapped = false
    /// The title the game set last.
    var title: String
    /// The size limits the game set last, in pixels.
    var limits = WindowSizeLimits.none
}
