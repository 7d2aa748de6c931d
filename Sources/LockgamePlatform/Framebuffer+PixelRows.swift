public import GamePixels
public import LockgameEngine

extension Framebuffer {
    /// Makes this framebuffer render straight into `rows` (a ``GamePixels/PixelPresenter``'s
    /// pixels: no copy on the way to the window), when it does not already.
    ///
    /// - Precondition: `rows` are contiguous (``GamePixels/PixelRows/isContiguous``), as a
    ///   presenter's are.
    public func target(_ rows: PixelRows) {
        precondition(rows.isContiguous, "a framebuffer's stride is its width")
        let start = rows.baseAddress.assumingMemoryBound(to: UInt32.self)
        guard pixels.baseAddress != start || width != rows.width || height != rows.height else { return }
        resize(wrapping: start, width: rows.width, height: rows.height)
    }
}
