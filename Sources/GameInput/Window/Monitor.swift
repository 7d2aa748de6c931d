import Foundation

/// A rectangle on the screen, in screen pixels from the top-left corner of the whole X screen
/// (which spans every monitor).
public struct ScreenRect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner and the size, in screen pixels.
    public var x: Int, y: Int, width: Int, height: Int

    /// The rectangle at (`x`, `y`), `width` by `height` pixels.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// How many pixels this rectangle shares with `other` (0 when they do not meet).
    public func overlap(with other: ScreenRect) -> Int {
        let width = min(x + self.width, other.x + other.width) - max(x, other.x)
        let height = min(y + self.height, other.y + other.height) - max(y, other.y)
        return width > 0 && height > 0 ? width * height : 0
    }

    /// "WxH+X+Y", as `xrandr` writes geometry.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// One monitor of the desktop: where it is on the screen, how big it is, and how fast it
/// refreshes.
///
/// The list comes from RandR 1.5 monitors (`XRRGetMonitors`, the list `xrandr --listmonitors`
/// prints, in its order), so a monitor made of several outputs, or one defined with
/// `xrandr --setmonitor`, counts once. Where RandR is off (a server with Xinerama on) it comes
/// from Xinerama's screens, and where neither runs it is the whole screen.
public struct Monitor: Hashable, Sendable, CustomStringConvertible {
    /// The monitor's name as `xrandr --listmonitors` shows it ("DP-1", "HDMI-1"); Xinerama's
    /// screens are named "Xinerama-N", and the whole screen "screen".
    public var name: String
    /// Where the monitor is on the screen, in screen pixels.
    public var frame: ScreenRect
    /// Its physical width and height in millimetres; 0 where the server does not know them.
    public var widthMillimetres: Int, heightMillimetres: Int
    /// Whether it is the primary monitor (where a desktop puts its panels first).
    public var isPrimary: Bool
    /// The refresh rate of the mode its first output shows, in hertz; nil where no output
    /// drives it (a monitor defined by `xrandr --setmonitor … none`, Xinerama, Xvfb's
    /// screen).
    public var refreshRate: Double?

    /// A monitor with every field given.
    public init(
        name: String, frame: ScreenRect, widthMillimetres: Int, heightMillimetres: Int, isPrimary: Bool,
        refreshRate: Double?
    ) {
        self.name = name
        self.frame = frame
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
        self.isPrimary = isPrimary
        self.refreshRate = refreshRate
    }

    /// "DP-1 1920x1080+0+0, 527x296 mm, 60.00 Hz, primary".
    public var description: String {
        var text = "\(name) \(frame), \(widthMillimetres)x\(heightMillimetres) mm"
        if let refreshRate { text += ", " + String(format: "%.2f Hz", refreshRate) }
        if isPrimary { text += ", primary" }
        return text
    }

    /// Which of `monitors` a window with `frame` is on: the one it overlaps most (the first of
    /// those tied), or nil when it overlaps none.
    public static func containing(_ frame: ScreenRect, in monitors: [Monitor]) -> Int? {
        var best: (index: Int, overlap: Int)?
        for (index, monitor) in monitors.enumerated() {
            let overlap = monitor.frame.overlap(with: frame)
            if overlap > 0, overlap > (best?.overlap ?? 0) { best = (index, overlap) }
        }
        return best?.index
    }
}
