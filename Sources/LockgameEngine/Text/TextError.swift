internal import CFreeType

/// Errors raised while locating, loading or rasterizing a font.
///
/// Every case carries enough context (family names, file path, FreeType
/// error code) for `description` to be a self-explanatory message.
public enum TextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fontconfig could not be initialised (no configuration could be loaded).
    case fontconfigUnavailable
    /// No usable scalable font file was found for any of the requested families.
    case fontNotFound(families: [String])
    /// `FT_Init_FreeType` failed.
    case freeTypeInitFailed(code: Int32)
    /// `FT_New_Face` failed for the given file (missing, unreadable, not a font...).
    case fontLoadFailed(path: String, code: Int32)
    /// The requested pixel size is outside `GlyphAtlas.supportedPixelSizes`.
    case invalidPixelSize(path: String, pixelSize: Int)
    /// `FT_Set_Pixel_Sizes` rejected the size (e.g. a bitmap-only font).
    case setPixelSizeFailed(path: String, pixelSize: Int, code: Int32)
    /// `FT_Load_Char` with rendering failed for one character.
    case glyphLoadFailed(path: String, character: UInt32, code: Int32)
    /// FreeType produced a bitmap in a pixel mode we cannot convert to 8-bit coverage.
    case unsupportedBitmapFormat(path: String, character: UInt32, pixelMode: Int)

    public var description: String {
        switch self {
        case .fontconfigUnavailable:
            return "TextError: fontconfig could not load its configuration"
        case .fontNotFound(let families):
            let names = families.map { "\"\($0)\"" }.joined(separator: ", ")
            return "TextError: no usable scalable font file found for font families \(names)"
        case .freeTypeInitFailed(let code):
            return "TextError: FT_Init_FreeType failed with \(Self.describe(code))"
        case .fontLoadFailed(let path, let code):
            return "TextError: could not open font file '\(path)': FT_New_Face failed with \(Self.describe(code))"
        case .invalidPixelSize(let path, let pixelSize):
            let range = GlyphAtlas.supportedPixelSizes
            return "TextError: invalid pixel size \(pixelSize) for font '\(path)' (supported: \(range.lowerBound)...\(range.upperBound))"
        case .setPixelSizeFailed(let path, let pixelSize, let code):
            return "TextError: FT_Set_Pixel_Sizes(\(pixelSize)) failed for font '\(path)' with \(Self.describe(code))"
        case .glyphLoadFailed(let path, let character, let code):
            return "TextError: FT_Load_Char(U+\(Self.hex(character))) failed for font '\(path)' with \(Self.describe(code))"
        case .unsupportedBitmapFormat(let path, let character, let pixelMode):
            return "TextError: glyph U+\(Self.hex(character)) of font '\(path)' rendered in unsupported pixel mode \(pixelMode)"
        }
    }

    private static func describe(_ code: Int32) -> String {
        let name = String(cString: cft_error_string(FT_Error(code)))
        return "FreeType error \(code) (0x\(String(code, radix: 16))): \(name)"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
