internal import CWayland

/// The window's buffer scale: the compositor's logical units and the pixels of the window's
/// frames (see ``DesktopScale``).
extension WaylandWindow {
    /// After a dispatch in which an output came, went or changed, or the surface moved between
    /// outputs: a new buffer scale makes the window's pixel size, its pointer positions and its
    /// frames follow (a frame made before keeps the scale it was made for), and the game hears
    /// ``InputEvent/resized(width:height:)``; a new ``scale`` (its factor or where it came from:
    /// the first output the surface enters) is one ``InputEvent/scaleChanged(_:)``.
    func updateBufferScale() {
        guard isUsable else { return }
        defer {
            if scale != reportedScale {
                reportedScale = scale
                emit(.scaleChanged(scale))
            }
        }
        preferredScaleChanged = false
        let wanted = hasForeignRenderer ? 1 : fractionalScale?.preferred ?? Double(outputs.surfaceScale ?? 1)
        guard wanted != pixelScale else { return }
        let ratio = wanted / pixelScale
        pixelScale = wanted
        // The caller's renderer attaches buffers of the logical size: the scale the window's
        // own last frame set goes with its next commit.
        if hasForeignRenderer { wl_surface_set_buffer_scale(surface, 1) }
        if let location = pointerLocation { pointerLocation = WindowPoint(x: location.x * ratio, y: location.y * ratio) }
        let resized = setLogicalSize(width: logicalWidth, height: logicalHeight)
        sendSizeLimits()
        lock.bufferScaleChanged()
        if isMapped && !hasPresenter { showPlainFrame() }
        if resized { emit(.resized(width: width, height: height)) }
        flush()
    }

    /// A position the compositor gave in the surface's logical units, in the window's pixels.
    func windowPoint(_ x: wl_fixed_t, _ y: wl_fixed_t) -> WindowPoint {
        WindowPoint(x: wl_fixed_to_double(x) * pixelScale, y: wl_fixed_to_double(y) * pixelScale)
    }

    /// `logical` units in pixels at `scale`, rounded as fractional-scale-v1 asks (half away
    /// from zero).
    static func pixels(_ logical: Int, at scale: Double) -> Int { Int((Double(logical) * scale).rounded()) }

    /// The size limits, in logical units, to the toplevel.
    func sendSizeLimits() {
        func logical(_ side: Int?, roundingUp: Bool) -> Int32 {
            guard let side else { return 0 }
            let logical = (Double(side) / pixelScale).rounded(roundingUp ? .up : .down)
            return Int32(clamping: max(1, Int(logical)))
        }
        toplevel?.setSizeLimits(
            minimum: (
                logical(currentLimits.minimumSize?.width, roundingUp: true), logical(currentLimits.minimumSize?.height, roundingUp: true)
            ),
            maximum: (
                logical(currentLimits.maximumSize?.width, roundingUp: false), logical(currentLimits.maximumSize?.height, roundingUp: false)
            ))
    }
}
