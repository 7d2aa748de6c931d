internal import CWayland

/// The window's size in the compositor's logical units and in the pixels of its frames, and
/// the scale between them (see ``DesktopScale``); `WaylandWindow+Scale.swift` decides it.
struct WaylandSurfaceSize {
    /// The window's size in pixels of its frames: the logical size times ``pixelScale``.
    private(set) var width: Int
    private(set) var height: Int
    /// The window's size in the compositor's logical units (what configures and size limits
    /// speak in).
    private(set) var logicalWidth: Int
    private(set) var logicalHeight: Int
    /// Pixels per logical pixel in the window's frames and pointer positions: the compositor's
    /// preferred scale where it tells one (``fractional``: 1.5, say), else the largest integer
    /// scale of the outputs the surface is on, or 1 while it is on none, and always 1 once a
    /// renderer of the caller's draws.
    var pixelScale: Double = 1
    /// The compositor's preferred scale and the surface's viewport, where it offers both.
    var fractional: WaylandFractionalScale?
    /// The preferred scale changed since the buffer scale was last decided.
    var preferredScaleChanged = false
    /// The scale the game last heard of.
    var reportedScale = DesktopScale(factor: 1, source: .none)

    /// A window of `width` by `height`, in logical units and pixels alike (scale 1).
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        logicalWidth = width
        logicalHeight = height
    }

    /// Takes `width` by `height` logical units as the window's size; whether its size in
    /// pixels changed.
    mutating func setLogicalSize(width newWidth: Int, height newHeight: Int) -> Bool {
        logicalWidth = newWidth
        logicalHeight = newHeight
        let newPixelWidth = Self.pixels(newWidth, at: pixelScale), newPixelHeight = Self.pixels(newHeight, at: pixelScale)
        let resized = newPixelWidth != width || newPixelHeight != height
        width = newPixelWidth
        height = newPixelHeight
        return resized
    }

    /// A position the compositor gave in the surface's logical units, in the window's pixels.
    func windowPoint(_ x: wl_fixed_t, _ y: wl_fixed_t) -> WindowPoint {
        WindowPoint(x: wl_fixed_to_double(x) * pixelScale, y: wl_fixed_to_double(y) * pixelScale)
    }

    /// `side` pixels in logical units at ``pixelScale``, at least 1, rounded `up` or down.
    func logical(_ side: Int, roundingUp: Bool) -> Int {
        max(1, Int((Double(side) / pixelScale).rounded(roundingUp ? .up : .down)))
    }

    /// `logical` units in pixels at `scale`, rounded as fractional-scale-v1 asks (half away
    /// from zero).
    static func pixels(_ logical: Int, at scale: Double) -> Int { Int((Double(logical) * scale).rounded()) }
}
