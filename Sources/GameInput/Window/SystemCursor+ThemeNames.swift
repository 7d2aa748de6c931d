/// The names a cursor theme (Xcursor files, read on X11 by libXcursor and on Wayland by
/// libwayland-cursor) may give each shape.
extension SystemCursor {
    /// The names to look for in a theme, best first: the CSS name, then the older X names.
    var themeNames: [String] { [cssName] + olderXNames }

    /// The names older X cursor themes use for this shape, tried after the CSS name.
    var olderXNames: [String] {
        switch self {
        case .default: ["left_ptr"]
        case .pointer: ["hand2", "hand1"]
        case .text: ["xterm"]
        case .crosshair: ["cross", "tcross"]
        case .move: ["fleur", "size_all"]
        case .grab: ["openhand", "hand1"]
        case .grabbing: ["closedhand", "fleur"]
        case .notAllowed: ["crossed_circle", "circle"]
        case .wait: ["watch"]
        case .ewResize: ["sb_h_double_arrow", "size_hor"]
        case .nsResize: ["sb_v_double_arrow", "size_ver"]
        case .nwseResize: ["size_fdiag", "bottom_right_corner"]
        case .neswResize: ["size_bdiag", "bottom_left_corner"]
        }
    }
}
