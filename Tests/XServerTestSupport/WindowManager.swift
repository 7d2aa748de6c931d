import Foundation

/// The window managers of the desktop matrix, each started with its stock settings on a test
/// display, and how a user switches windows with each.
///
/// Each runs with `HOME` and the `XDG_*` folders in a temporary folder of the fixture's, so
/// nothing is read from or written to the user's home. Start-up needs measured on Debian 12:
/// xfwm4, kwin_x11 and mutter want a D-Bus session (`dbus-run-session`); kwin_x11 and mutter
/// render with Mesa's software rasteriser; i3 reads a small configuration (its defaults' focus
/// keys with Alt as the modifier, focus follows the mouse as by default).
public enum WindowManager: String, CaseIterable, Sendable, CustomStringConvertible {
    case openbox
    case metacity
    case xfwm4
    case i3
    case kwin = "kwin_x11"
    case mutter

    public var description: String { rawValue }

    /// The Debian package that brings it (`make test` installs them all).
    public var package: String {
        switch self {
        case .i3: "i3-wm"
        case .kwin: "kwin-x11"
        default: rawValue
        }
    }

    /// How a user moves the focus to the window before the game in the stacking or tiling
    /// order, and back: keysyms of the chord (modifiers first).
    public var switchAwayKeys: [UInt32] {
        switch self {
        case .i3: [Keysym.altL, Keysym.left]
        default: [Keysym.altL, Keysym.tab]
        }
    }

    public var switchBackKeys: [UInt32] {
        switch self {
        case .i3: [Keysym.altL, Keysym.right]
        default: [Keysym.altL, Keysym.tab]
        }
    }

    /// Whether its switch keys open a switcher that holds the keyboard until the modifier is
    /// released (i3's keys move the focus at once).
    public var switcherHoldsTheKeyboard: Bool { self != .i3 }

    /// Whether the window manager minimises windows (ICCCM `IconicState`). i3 has no iconic
    /// state; its scratchpad hides a window instead.
    public var minimises: Bool { self != .i3 }

    /// Starts the window manager on `displayName`, with `home` as its home and runtime folder.
    func start(displayName: String, home: String) throws -> ChildProcess {
        var environment = [
            "DISPLAY": displayName,
            "HOME": home,
            "XDG_CONFIG_HOME": home + "/config",
            "XDG_CACHE_HOME": home + "/cache",
            "XDG_DATA_HOME": home + "/data",
            "XDG_STATE_HOME": home + "/state",
            "XDG_RUNTIME_DIR": home + "/runtime",
        ]
        try FileManager.default.createDirectory(
            atPath: home + "/runtime", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        var command: [String]
        switch self {
        case .openbox:
            command = ["openbox", "--sm-disable"]
        case .metacity:
            command = ["metacity"]
        case .xfwm4:
            command = ["dbus-run-session", "--", "xfwm4"]
        case .i3:
            let configuration = home + "/i3.config"
            try Self.i3Configuration.write(toFile: configuration, atomically: true, encoding: .utf8)
            command = ["i3", "-c", configuration]
        case .kwin:
            environment["QT_QPA_PLATFORM"] = "xcb"
            environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
            command = ["dbus-run-session", "--", "kwin_x11"]
        case .mutter:
            environment["LIBGL_ALWAYS_SOFTWARE"] = "1"
            command = ["dbus-run-session", "--", "mutter", "--x11", "--replace"]
        }
        let executable = try XServerFixture.locate(command[0])
        return try ChildProcess(
            executable: executable, arguments: Array(command.dropFirst()),
            environment: environment, ownProcessGroup: true)
    }

    /// i3's default bindings for what the tests use, with Alt (Mod1) as the modifier as its
    /// configuration wizard offers.
    static let i3Configuration = """
        set $mod Mod1
        font pango:DejaVu Sans Mono 8
        focus_follows_mouse yes
        bindsym $mod+Left focus left
        bindsym $mod+Right focus right
        bindsym $mod+f fullscreen toggle
        bindsym $mod+Shift+q kill

        """
}

/// The keysyms the tests press (X11's `keysymdef.h` values).
public enum Keysym {
    public static let altL: UInt32 = 0xFFE9
    public static let shiftL: UInt32 = 0xFFE1
    public static let controlL: UInt32 = 0xFFE3
    public static let tab: UInt32 = 0xFF09
    public static let left: UInt32 = 0xFF51
    public static let right: UInt32 = 0xFF53
    public static let escape: UInt32 = 0xFF1B
    public static let f11: UInt32 = 0xFFC8
    public static let c: UInt32 = 0x0063
    public static let l: UInt32 = 0x006C
    public static let q: UInt32 = 0x0071
}
