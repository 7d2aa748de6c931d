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
            if scale != size.reportedScale {
                size.reportedScale = scale
                emit(.scaleChanged(scale))
            }
        }
        size.preferredScaleChanged = false
        let wanted = frames.hasForeignRenderer ? 1 : size.fractional?.preferred ?? Double(globals.outputs.surfaceScale ?? 1)
        guard wanted != pixelScale else { return }
        let ratio = wanted / pixelScale
        size.pixelScale = wanted
        // The caller's renderer attaches buffers of the logical size: the scale the window's
        // own last frame set goes with its next commit.
        if frames.hasForeignRenderer { wl_surface_set_buffer_scale(surface, 1) }
        if let location = input.pointerLocation { input.pointerLocation = WindowPoint(x: location.x * ratio, y: location.y * ratio) }
        let resized = size.setLogicalSize(width: size.logicalWidth, height: size.logicalHeight)
        sendSizeLimits()
        lock.bufferScaleChanged()
        if toplevelState.isMapped && !frames.hasPresenter { showPlainFrame() }
        if resized { emit(.resized(width: width, height: height)) }
        flush()
    }

    /// The size limits, in logical units, to the toplevel.
    func sendSizeLimits() {
        func logical(_ side: Int?, roundingUp: Bool) -> Int32 {
            guard let side else { return 0 }
            return Int32(clamping: size.logical(side, roundingUp: roundingUp))
        }
        toplevel?.setSizeLimits(
            minimum: (
                logical(toplevelState.limits.minimumSize?.width, roundingUp: true),
                logical(toplevelState.limits.minimumSize?.height, roundingUp: true)
            ),
            maximum: (
                logical(toplevelState.limits.maximumSize?.width, roundingUp: false),
                logical(toplevelState.limits.maximumSize?.height, roundingUp: false)
            ))
    }
}
