/// Rows of 32-bit pixels in memory: where they start, how many, and how far apart rows are.
///
/// A pixel is a `UInt32` `0xAARRGGBB` in the machine's byte order, so on x86-64 and ARM the
/// bytes are blue, green, red, alpha (BGRA): what the X server's 24- and 32-bit true-colour
/// visuals, Cairo's `ARGB32`, Skia's `BGRA_8888` and most CPU renderers use. Alpha is ignored
/// on a window of depth 24; on a `WindowVisual.transparent` window it is the
/// pixel's coverage, with the colour premultiplied by it.
///
/// The value only describes memory; whoever made it owns the memory and keeps it alive.
public struct PixelRows: @unchecked Sendable {
    /// The first pixel of the first row.
    public let baseAddress: UnsafeMutableRawPointer
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// Bytes from the start of one row to the start of the next, at least `width * 4`.
    public let bytesPerRow: Int

    /// Describes `height` rows of `width` pixels at `baseAddress`, `bytesPerRow` bytes apart.
    ///
    /// - Precondition: `width` and `height` are positive, and `bytesPerRow` is at least
    ///   `width * 4` and a multiple of 4.
    public init(baseAddress: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        precondition(width > 0 && height > 0, "PixelRows needs at least one pixel, not \(width)x\(height)")
        precondition(bytesPerRow >= width * 4 && bytesPerRow % 4 == 0, "bytesPerRow \(bytesPerRow) for width \(width)")
        self.baseAddress = baseAddress
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
    }

    /// Row `y` (0 at the top), `width` pixels.
    public func row(_ y: Int) -> UnsafeMutableBufferPointer<UInt32> {
        precondition((0..<height).contains(y), "row \(y) of \(height)")
        let start = (baseAddress + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
        return UnsafeMutableBufferPointer(start: start, count: width)
    }

    /// Whether the rows follow each other without padding (`bytesPerRow == width * 4`), so
    /// the pixels are one run of `width * height`.
    public var isContiguous: Bool { bytesPerRow == width * 4 }

    /// Copies the overlap of `source` and these rows (the top-left `min` of both sizes) into
    /// these rows, row by row.
    public func copy(from source: PixelRows) {
        let width = min(width, source.width), height = min(height, source.height)
        for y in 0..<height {
            (baseAddress + y * bytesPerRow).copyMemory(from: source.baseAddress + y * source.bytesPerRow, byteCount: width * 4)
        }
    }
}
