/// A colour + depth render target: `width × height` pixels, row-major, stride == width.
///
/// Colour pixels are `UInt32` in 0xAARRGGBB (alpha 0xFF), contiguous. The colour memory is
/// either allocated and owned here (`init(width:height:)`) or supplied by the caller
/// (`init(wrapping:width:height:)`, e.g. an X MIT-SHM segment), in which case the caller keeps
/// it alive and frees it. Depth is always owned: one `Float` per pixel holding 1/w (bigger is
/// nearer, 0 means "nothing drawn").
///
/// Not thread-safe; use one framebuffer per thread.
public final class Framebuffer {
    /// Largest accepted width or height; bigger requests are clamped.
    public static let maximumDimension = 16384

    /// Width in pixels (also the row stride).
    public private(set) var width: Int
    /// Height in pixels.
    public private(set) var height: Int
    /// True when the colour memory was allocated by this framebuffer (and will be freed by it).
    public private(set) var ownsColorMemory: Bool

    private var colorBase: UnsafeMutablePointer<UInt32>
    private var depthBase: UnsafeMutablePointer<Float>

    /// Allocates and owns a `width × height` colour buffer (cleared to opaque black).
    public init(width: Int, height: Int) {
        let w = Framebuffer.clampDimension(width), h = Framebuffer.clampDimension(height)
        self.width = w
        self.height = h
        ownsColorMemory = true
        colorBase = .allocate(capacity: max(w * h, 1))
        colorBase.initialize(repeating: 0xFF00_0000, count: max(w * h, 1))
        depthBase = .allocate(capacity: max(w * h, 1))
        depthBase.initialize(repeating: 0, count: max(w * h, 1))
    }

    /// Renders into `pointer`, which must hold at least `width * height` `UInt32`s and stay
    /// valid while this framebuffer uses it. The memory is not freed here.
    public init(wrapping pointer: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        let w = Framebuffer.clampDimension(width), h = Framebuffer.clampDimension(height)
        self.width = w
        self.height = h
        ownsColorMemory = false
        colorBase = pointer
        depthBase = .allocate(capacity: max(w * h, 1))
        depthBase.initialize(repeating: 0, count: max(w * h, 1))
    }

    deinit {
        if ownsColorMemory { colorBase.deallocate() }
        depthBase.deallocate()
    }

    /// The colour pixels, `width * height` of them, row-major.
    public var pixels: UnsafeMutableBufferPointer<UInt32> {
        UnsafeMutableBufferPointer(start: colorBase, count: width * height)
    }

    /// The depth buffer (1/w per pixel; 0 = empty), `width * height` of them, row-major.
    public var depth: UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(start: depthBase, count: width * height)
    }

    /// Reads one pixel (for tests and tools; not for hot loops). Out of range → 0.
    public subscript(x: Int, y: Int) -> UInt32 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return colorBase[y * width + x]
    }

    /// Changes the size, switching to owned colour memory (a wrapped buffer is let go, not freed).
    /// Contents are undefined afterwards until the next render.
    public func resize(width: Int, height: Int) {
        let w = Framebuffer.clampDimension(width), h = Framebuffer.clampDimension(height)
        if ownsColorMemory && w == self.width && h == self.height { return }
        if ownsColorMemory { colorBase.deallocate() }
        colorBase = .allocate(capacity: max(w * h, 1))
        colorBase.initialize(repeating: 0xFF00_0000, count: max(w * h, 1))
        ownsColorMemory = true
        replaceDepth(width: w, height: h)
    }

    /// Changes the size and renders into caller-owned memory from now on (e.g. a new SHM
    /// segment after a window resize). Frees previously owned colour memory.
    public func resize(wrapping pointer: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
        let w = Framebuffer.clampDimension(width), h = Framebuffer.clampDimension(height)
        if ownsColorMemory { colorBase.deallocate() }
        colorBase = pointer
        ownsColorMemory = false
        replaceDepth(width: w, height: h)
    }

    /// Fills every colour pixel with `color` and clears depth.
    public func clear(color: UInt32 = 0xFF00_0000) {
        MemoryFill.fill(colorBase, with: color, count: width * height)
        MemoryFill.zero(depthBase, count: width * height)
    }

    /// The colour pixels copied into an array (for PNG writing and tests).
    public func copyPixels() -> [UInt32] {
        Array(pixels)
    }

    private func replaceDepth(width w: Int, height h: Int) {
        if w * h != width * height {
            depthBase.deallocate()
            depthBase = .allocate(capacity: max(w * h, 1))
            depthBase.initialize(repeating: 0, count: max(w * h, 1))
        }
        width = w
        height = h
    }

    private static func clampDimension(_ d: Int) -> Int {
        min(max(d, 0), maximumDimension)
    }
}
