/// The desktop's scale factor: how many pixels a game should draw for each pixel of a design
/// made for a 96-dpi screen (its HUD, its text).
///
/// `Xft.dpi` in the X resources (`RESOURCE_MANAGER` on the root window, which GNOME, KDE
/// Plasma, Xfce and `xrdb` set) wins: it is the setting every X toolkit reads, and it changes
/// while the game runs (GameInput reads it again then). Only where it is not set do the
/// toolkits' environment variables count, as hints from the session: `GDK_SCALE` (an integer)
/// and then `QT_SCALE_FACTOR`. Without any of them the scale is 1.
///
/// Natively on Wayland the scale is the compositor's: the scale it prefers for the window,
/// fractional ones too (1.5), where it tells one (`wp_fractional_scale_v1` with
/// `wp_viewporter`: KWin 5.27), else the integer scale (`wl_output.scale`) of the outputs the
/// window is on, the largest where it spans several. GameInput then draws the window's frames
/// at that many pixels per logical pixel (through the surface's viewport, or
/// `wl_surface.set_buffer_scale`), so the window's ``GameWindow/width`` and
/// ``GameWindow/height`` and the pointer's positions are in those pixels (the logical size
/// times the scale, rounded), and the HUD drawn `factor` times larger has the size it has at 1.
/// Where the caller's own renderer draws (``GameWindow/nativeHandle``), GameInput sets no
/// buffer scale on the surface, sizes stay the compositor's logical ones and the scale is 1.
///
/// Relative motion is never scaled: it stays in the device's counts.
public struct DesktopScale: Hashable, Sendable, CustomStringConvertible {
    /// The scale: 1 at 96 dpi, 2 at 192 dpi.
    public var factor: Double
    /// Where the factor came from.
    public var source: Source

    /// Where a scale factor came from.
    public enum Source: Hashable, Sendable, CustomStringConvertible {
        /// `Xft.dpi` with this value.
        case xftDPI(Double)
        /// The `GDK_SCALE` environment variable.
        case gdkScale
        /// The `QT_SCALE_FACTOR` environment variable.
        case qtScaleFactor
        /// The integer scale of the Wayland outputs the window is on.
        case outputScale(Int)
        /// The scale the Wayland compositor prefers for the window (`wp_fractional_scale_v1`).
        case preferredScale(Double)
        /// Nothing set the scale.
        case none

        /// "Xft.dpi 192", "GDK_SCALE", "QT_SCALE_FACTOR", "output scale 2", "preferred scale 1.5",
        /// "none set".
        public var description: String {
            switch self {
            case .xftDPI(let dpi): "Xft.dpi \(dpi == dpi.rounded() ? String(Int(dpi)) : String(dpi))"
            case .gdkScale: "GDK_SCALE"
            case .qtScaleFactor: "QT_SCALE_FACTOR"
            case .outputScale(let scale): "output scale \(scale)"
            case .preferredScale(let scale): "preferred scale \(scale == scale.rounded() ? String(Int(scale)) : String(scale))"
            case .none: "none set"
            }
        }
    }

    /// A scale of `factor` from `source`.
    public init(factor: Double, source: Source) {
        self.factor = factor
        self.source = source
    }

    /// The scale for these settings: `resources` is the `RESOURCE_MANAGER` text (or nil),
    /// `environment` the process's environment. Values that are not positive finite numbers
    /// (or for `Xft.dpi`, outside 24–960) are ignored.
    public static func reading(resources: String?, environment: [String: String]) -> DesktopScale {
        if let dpi = resources.flatMap(xftDPI(in:)) { return DesktopScale(factor: dpi / 96, source: .xftDPI(dpi)) }
        if let gdk = environment["GDK_SCALE"].flatMap(Int.init), (1...16).contains(gdk) {
            return DesktopScale(factor: Double(gdk), source: .gdkScale)
        }
        if let qt = environment["QT_SCALE_FACTOR"].flatMap(Double.init), qt.isFinite, qt > 0, qt <= 16 {
            return DesktopScale(factor: qt, source: .qtScaleFactor)
        }
        return DesktopScale(factor: 1, source: .none)
    }

    /// `Xft.dpi` from X resources text ("Xft.dpi:\t192" on a line, as `xrdb -query` prints it;
    /// the last such line wins, as in Xlib's resource database).
    static func xftDPI(in resources: String) -> Double? {
        var found: Double?
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingSpaces == "Xft.dpi" else { continue }
            if let dpi = Double(parts[1].trimmingSpaces), dpi.isFinite, (24...960).contains(dpi) { found = dpi }
        }
        return found
    }

    /// "2 (Xft.dpi 192)".
    public var description: String {
        let factor = factor == factor.rounded() ? String(Int(factor)) : String(factor)
        return "\(factor) (\(source))"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
