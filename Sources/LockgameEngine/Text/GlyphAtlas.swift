/// Placement and metrics of one glyph in a `GlyphAtlas`, all in pixels.
public struct GlyphMetrics: Sendable, Hashable {
    /// Horizontal pen advance after drawing the glyph.
    public var advance: Int
    /// Offset from the pen position to the left edge of the bitmap.
    public var bearingX: Int
    /// Offset from the baseline up to the top edge of the bitmap.
    public var bearingY: Int
    /// Bitmap width (0 for blank glyphs such as space).
    public var width: Int
    /// Bitmap height.
    public var height: Int
    /// Left edge of the bitmap inside the atlas.
    public var atlasX: Int
    /// Top edge of the bitmap inside the atlas.
    public var atlasY: Int

    public init(advance: Int, bearingX: Int, bearingY: Int, width: Int, height: Int, atlasX: Int, atlasY: Int) {
        self.advance = advance
        self.bearingX = bearingX
        self.bearingY = bearingY
        self.width = width
        self.height = height
        self.atlasX = atlasX
        self.atlasY = atlasY
    }
}

/// Printable ASCII pre-rasterized once into a single contiguous 8-bit coverage
/// image, plus a replacement glyph ('?') used for everything else.
///
/// Immutable after `init` (the storage is only ever read), so it is safe to
/// share between threads; that is what the `@unchecked Sendable` asserts.
public final class GlyphAtlas: @unchecked Sendable {
    /// Pixel sizes accepted by `FontFace` / `GlyphAtlas`.
    public static let supportedPixelSizes: ClosedRange<Int> = 1...256
    /// The pre-rasterized characters.
    public static let printableASCII: ClosedRange<UInt8> = 32...126
    /// The character whose image is used for anything outside `printableASCII`.
    public static let replacementCharacter: UInt8 = UInt8(ascii: "?")

    /// Font file the atlas was built from.
    public let fontPath: String
    /// Family name stored in the font file.
    public let familyName: String
    /// Pixel size the glyphs were rendered at.
    public let pixelSize: Int
    /// Pixels from the baseline to the top of a line; every glyph's ink lies below `baseline - ascender`.
    public let ascender: Int
    /// Pixels from the baseline to the bottom of a line; every glyph's ink lies above `baseline + descender`.
    public let descender: Int
    /// Baseline-to-baseline distance for multi-line text (>= ascender + descender).
    public let lineHeight: Int
    /// Largest amount any glyph's ink extends left of its pen position (>= 0).
    public let maxLeftOverhang: Int
    /// Atlas image width in pixels (also its row stride).
    public let width: Int
    /// Atlas image height in pixels.
    public let height: Int

    /// width * height coverage bytes, row-major, stride == width.
    let coverage: UnsafeMutableBufferPointer<UInt8>
    /// 256 entries indexed by a UTF-8 code unit. Printable ASCII maps to its own glyph,
    /// '\t' to a blank four spaces wide, '\r' to a blank of zero width, all others to the replacement.
    let table: UnsafeMutableBufferPointer<GlyphMetrics>
    /// The replacement glyph's own cell in the atlas.
    public let replacementMetrics: GlyphMetrics

    /// Locate `families` with fontconfig and build an atlas at `pixelSize`.
    public convenience init(
        pixelSize: Int = 14,
        families: [String] = FontLocator.defaultFamilies
    ) throws(TextError) {
        let match = try FontLocator().locate(families: families)
        try self.init(fontPath: match.path, pixelSize: pixelSize)
    }

    /// Load the font file at `fontPath` and build an atlas at `pixelSize`.
    /// The FreeType face is released as soon as the glyphs are rasterized.
    public convenience init(fontPath: String, pixelSize: Int = 14) throws(TextError) {
        let face = try FontFace(path: fontPath, pixelSize: pixelSize)
        try self.init(face: face)
    }

    /// Rasterize printable ASCII and the replacement glyph from `face`.
    public init(face: FontFace) throws(TextError) {
        var glyphs: [FontFace.RasterizedGlyph] = []
        glyphs.reserveCapacity(Self.printableASCII.count + 1)
        for byte in Self.printableASCII {
            glyphs.append(try face.rasterize(UInt32(byte)))
        }
        // The replacement gets its own cell so it stays valid even if the table changes.
        glyphs.append(try face.rasterize(UInt32(Self.replacementCharacter)))

        // Grid packing: 16 equal cells per row, 1 px of empty padding right of and below each cell.
        let columns = 16
        let cellWidth = (glyphs.map(\.width).max() ?? 0) + 1
        let cellHeight = (glyphs.map(\.height).max() ?? 0) + 1
        let rows = (glyphs.count + columns - 1) / columns
        let atlasWidth = columns * cellWidth
        let atlasHeight = rows * cellHeight

        let coverage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(atlasWidth * atlasHeight, 1))
        coverage.initialize(repeating: 0)

        var placed: [GlyphMetrics] = []
        placed.reserveCapacity(glyphs.count)
        var ascender = face.ascender
        var descender = face.descender
        var overhang = 0
        for (index, glyph) in glyphs.enumerated() {
            let originX = (index % columns) * cellWidth
            let originY = (index / columns) * cellHeight
            for y in 0..<glyph.height {
                for x in 0..<glyph.width {
                    coverage[(originY + y) * atlasWidth + originX + x] = glyph.coverage[y * glyph.width + x]
                }
            }
            placed.append(
                GlyphMetrics(
                    advance: max(glyph.advance, 0),
                    bearingX: glyph.bearingX,
                    bearingY: glyph.bearingY,
                    width: glyph.width,
                    height: glyph.height,
                    atlasX: originX,
                    atlasY: originY
                ))
            if glyph.width > 0, glyph.height > 0 {
                ascender = max(ascender, glyph.bearingY)
                descender = max(descender, glyph.height - glyph.bearingY)
                overhang = max(overhang, -glyph.bearingX)
            }
        }

        let replacement = placed[placed.count - 1]
        let space = placed[0]
        let table = UnsafeMutableBufferPointer<GlyphMetrics>.allocate(capacity: 256)
        table.initialize(repeating: replacement)
        for (offset, byte) in Self.printableASCII.enumerated() {
            table[Int(byte)] = placed[offset]
        }
        table[9] = GlyphMetrics(advance: space.advance * 4, bearingX: 0, bearingY: 0, width: 0, height: 0, atlasX: 0, atlasY: 0)
        table[13] = GlyphMetrics(advance: 0, bearingX: 0, bearingY: 0, width: 0, height: 0, atlasX: 0, atlasY: 0)

        self.fontPath = face.path
        self.familyName = face.familyName
        self.pixelSize = face.pixelSize
        self.ascender = ascender
        self.descender = descender
        self.lineHeight = max(face.lineHeight, ascender + descender)
        self.maxLeftOverhang = overhang
        self.width = atlasWidth
        self.height = atlasHeight
        self.coverage = coverage
        self.table = table
        self.replacementMetrics = replacement
    }

    deinit {
        coverage.deallocate()
        table.deallocate()
    }

    /// Metrics used when drawing the UTF-8 code unit `byte` (lead bytes of
    /// multi-byte sequences and control characters give the replacement glyph).
    public func metrics(for byte: UInt8) -> GlyphMetrics {
        table[Int(byte)]
    }

    /// Metrics for a character: printable ASCII gets its own glyph, anything else the replacement.
    public func metrics(for character: Character) -> GlyphMetrics {
        if let ascii = character.asciiValue, Self.printableASCII.contains(ascii) {
            return table[Int(ascii)]
        }
        return replacementMetrics
    }

    /// Coverage (0...255) at atlas pixel (x, y); 0 outside the atlas.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, x < width, y >= 0, y < height else { return 0 }
        return coverage[y * width + x]
    }

    /// Read-only access to the whole atlas image (row-major, stride == `width`).
    public func withCoverage<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(coverage))
    }
}
