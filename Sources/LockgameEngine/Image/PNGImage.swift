import CPNG
import Glibc

/// A decoded image: `width × height` pixels in 0xAARRGGBB, row-major; read and written with
/// libpng's simplified API (`png_image_begin_read_from_file`, `png_image_finish_read`,
/// `png_image_write_to_file`), never the classic setjmp/longjmp one.
///
/// Pixels are requested as `PNG_FORMAT_BGRA`: on little-endian machines a 0xAARRGGBB word is
/// the bytes B, G, R, A in memory.
public struct PNGImage: Equatable, Sendable {
    /// Largest accepted width or height when reading; bigger files are rejected.
    public static let maximumDimension = 4096

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width * height` pixels, 0xAARRGGBB, row-major.
    public var pixels: [UInt32]

    /// An image from pixels already in memory (`pixels.count` must be `width * height`).
    public init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(
            width >= 0 && height >= 0 && pixels.count == width * height,
            "PNGImage pixel count does not match its size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Reads and decodes the PNG at `path`.
    ///
    /// Errors name the file: `.missingFile`, `.corruptImage` (with libpng's message, e.g. for a
    /// truncated file) or `.imageTooLarge` (over `maximumDimension` on a side, or empty).
    public static func read(path: String) throws(AssetError) -> PNGImage {
        guard TextFile.exists(path) else { throw AssetError(.missingFile, file: path, "file not found") }
        var image = png_image()
        image.version = CPNG_IMAGE_VERSION
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw AssetError(.corruptImage, file: path, "not a readable PNG: \(libpngMessage(&image))")
        }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension else {
            png_image_free(&image)
            throw AssetError(
                .imageTooLarge, file: path,
                "PNG is \(width)x\(height); the limit is \(maximumDimension)x\(maximumDimension)")
        }
        image.format = CPNG_FORMAT_BGRA
        var pixels = [UInt32](repeating: 0, count: width * height)
        // row_stride is counted in components: 4 one-byte components per BGRA pixel.
        let ok = pixels.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&image, nil, bytes.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let message = libpngMessage(&image)
            png_image_free(&image)
            throw AssetError(.corruptImage, file: path, "PNG data is corrupt or truncated: \(message)")
        }
        #if _endian(big)
        for i in pixels.indices { pixels[i] = pixels[i].byteSwapped }
        #endif
        return PNGImage(width: width, height: height, pixels: pixels)
    }

    /// Encodes `pixels` (0xAARRGGBB, `width * height` of them) as an RGBA PNG at `path`.
    public static func write(pixels: [UInt32], width: Int, height: Int, path: String) throws(AssetError) {
        guard width > 0, height > 0, width <= Framebuffer.maximumDimension,
            height <= Framebuffer.maximumDimension, pixels.count == width * height
        else {
            throw AssetError(
                .writeFailed, file: path,
                "cannot write \(pixels.count) pixels as a \(width)x\(height) PNG")
        }
        var image = png_image()
        image.version = CPNG_IMAGE_VERSION
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = CPNG_FORMAT_BGRA
        #if _endian(big)
        let source = pixels.map { $0.byteSwapped }
        #else
        let source = pixels
        #endif
        let ok = source.withUnsafeBytes { bytes in
            png_image_write_to_file(&image, path, 0, bytes.baseAddress, Int32(width * 4), nil)
        }
        guard ok != 0 else {
            let message = libpngMessage(&image)
            png_image_free(&image)
            throw AssetError(.writeFailed, file: path, "libpng could not write: \(message)")
        }
    }

    /// Writes this image to `path` (see `write(pixels:width:height:path:)`).
    public func write(path: String) throws(AssetError) {
        try PNGImage.write(pixels: pixels, width: width, height: height, path: path)
    }

    /// libpng's error text from `png_image.message`.
    private static func libpngMessage(_ image: UnsafeMutablePointer<png_image>) -> String {
        guard let c = CPNG_image_message(image) else { return "unknown libpng error" }
        let s = String(cString: c)
        return s.isEmpty ? "unknown libpng error" : s
    }
}
