internal import CFreeType

/// One FreeType face at a fixed pixel size.
///
/// Owns an `FT_Library` and an `FT_Face`; both are released in `deinit`.
/// Not thread-safe (FreeType faces are not), hence not `Sendable`: build a
/// `GlyphAtlas` from it, which is immutable and shareable.
public final class FontFace {
    /// The font file this face was loaded from.
    public let path: String
    /// Requested pixel size (the em height in pixels).
    public let pixelSize: Int
    /// Family name stored in the font file.
    public let familyName: String
    /// Pixels from the baseline up to the top of the line (rounded up).
    public let ascender: Int
    /// Pixels from the baseline down to the bottom of the line (positive, rounded up).
    public let descender: Int
    /// Recommended baseline-to-baseline distance in pixels.
    public let lineHeight: Int
    /// Whether the font has a kerning table (kerning is not applied by `TextRenderer`).
    public let hasKerning: Bool
    /// Whether the face is an outline (scalable) font rather than fixed bitmap strikes.
    public let isScalable: Bool

    private let library: FT_Library
    private let face: FT_Face

    /// Load `path` and size it to `pixelSize` pixels.
    ///
    /// - Throws: `TextError.invalidPixelSize`, `.freeTypeInitFailed`,
    ///   `.fontLoadFailed` (with the FreeType code and the path) or `.setPixelSizeFailed`.
    public init(path: String, pixelSize: Int) throws(TextError) {
        guard GlyphAtlas.supportedPixelSizes.contains(pixelSize) else {
            throw .invalidPixelSize(path: path, pixelSize: pixelSize)
        }

        var libraryHandle: FT_Library?
        let initError = FT_Init_FreeType(&libraryHandle)
        guard initError == 0, let library = libraryHandle else {
            throw .freeTypeInitFailed(code: Int32(initError))
        }

        var faceHandle: FT_Face?
        let faceError = FT_New_Face(library, path, 0, &faceHandle)
        guard faceError == 0, let face = faceHandle else {
            FT_Done_FreeType(library)
            throw .fontLoadFailed(path: path, code: Int32(faceError))
        }

        let sizeError = FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixelSize))
        guard sizeError == 0, let size = face.pointee.size else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            throw .setPixelSizeFailed(path: path, pixelSize: pixelSize, code: Int32(sizeError))
        }

        // Size metrics are 26.6 fixed point. Round the extents outwards so that
        // every glyph of a well-behaved font fits inside [baseline - ascender, baseline + descender).
        let metrics = size.pointee.metrics
        let ascent = Int((metrics.ascender + 63) >> 6)
        let descent = Int(-(metrics.descender >> 6))
        let height = Int((metrics.height + 63) >> 6)

        self.path = path
        self.pixelSize = pixelSize
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? ""
        self.ascender = max(ascent, 0)
        self.descender = max(descent, 0)
        self.lineHeight = max(height, ascent + descent, 1)
        self.hasKerning = cft_has_kerning(face) != 0
        self.isScalable = cft_is_scalable(face) != 0
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// A glyph rendered to 8-bit coverage, tightly packed (stride == width).
    struct RasterizedGlyph {
        var advance: Int
        var bearingX: Int
        var bearingY: Int
        var width: Int
        var height: Int
        var coverage: [UInt8]
    }

    /// Render one character code to an anti-aliased 8-bit coverage bitmap.
    func rasterize(_ character: UInt32) throws(TextError) -> RasterizedGlyph {
        let error = FT_Load_Char(face, FT_ULong(character), cft_load_render_gray())
        guard error == 0, let slot = face.pointee.glyph else {
            throw .glyphLoadFailed(path: path, character: character, code: Int32(error))
        }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        let pitch = Int(bitmap.pitch)
        let mode = Int(bitmap.pixel_mode)
        var coverage = [UInt8](repeating: 0, count: width * rows)

        if width > 0, rows > 0, let buffer = bitmap.buffer {
            // A negative pitch means the rows are stored bottom-up, with `buffer`
            // still pointing at the top row; indexing with the signed pitch handles both.
            if mode == Int(cft_pixel_mode_gray()) {
                let grays = max(Int(bitmap.num_grays), 2)
                for y in 0..<rows {
                    let row = buffer + y * pitch
                    for x in 0..<width {
                        let value = Int(row[x])
                        coverage[y * width + x] = grays == 256 ? UInt8(value) : UInt8(min(255, value * 255 / (grays - 1)))
                    }
                }
            } else if mode == Int(cft_pixel_mode_mono()) {
                for y in 0..<rows {
                    let row = buffer + y * pitch
                    for x in 0..<width where row[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 {
                        coverage[y * width + x] = 255
                    }
                }
            } else {
                throw .unsupportedBitmapFormat(path: path, character: character, pixelMode: mode)
            }
        }

        return RasterizedGlyph(
            advance: Int((slot.pointee.advance.x + 32) >> 6),
            bearingX: Int(slot.pointee.bitmap_left),
            bearingY: Int(slot.pointee.bitmap_top),
            width: width,
            height: rows,
            coverage: coverage
        )
    }
}
