/// Who draws the window's frames: GameInput's plain frame until a presenter draws, the pixel
/// presenter in this package, or a renderer of the caller's (whose buffers' scale is its own).
struct WaylandFrameSource {
    /// The plain frame shown until a presenter draws (a surface without a buffer is not shown).
    var plainFrame: WaylandShmBuffer?
    /// Whether the pixel presenter in this package, or a renderer of the caller's, draws.
    var hasPresenter = false
    /// Whether a renderer of the caller's draws (the native handle was read): its buffers'
    /// scale is not GameInput's to set.
    var hasForeignRenderer = false
}
