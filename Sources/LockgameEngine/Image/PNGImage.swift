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
    /// truncated file; with ours for a chunk, IDAT aside, that claims more bytes than the file
    /// holds) or `.imageTooLarge` (over `maximumDimension` on a side, or empty).
    public static func read(path: String) throws(AssetError) -> PNGImage {
        guard TextFile.exists(path) else { throw AssetError(.missingFile, file: path, "file not found") }
        if let overlong = overlongChunk(path: path) {
            throw AssetError(.corruptImage, file: path, "not a readable PNG: \(overlong)")
        }
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

    /// The first chunk before IEND, IDAT aside, that claims more bytes than the file holds,
    /// described; nil when there is none or the file is no PNG (libpng then says why).
    ///
    /// libpng allocates and zero-fills such a chunk's claimed length before it finds the file
    /// too short: a 96-byte file claiming a 1.9 GB iTXt chunk took 1.9 GB of memory and 2 s
    /// (found by `make fuzz`). IDAT data is read in pieces, so a cut-off image is left to
    /// libpng. Only the 8-byte chunk headers are read.
    private static func overlongChunk(path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 8)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard fread(&header, 1, 8, file) == 8, header == signature, fseeko(file, 0, SEEK_END) == 0 else { return nil }
        let size = ftello(file)
        var offset: off_t = 8
        while offset + 8 <= size, fseeko(file, offset, SEEK_SET) == 0, fread(&header, 1, 8, file) == 8 {
            let length = header[0..<4].reduce(off_t(0)) { $0 << 8 | off_t($1) }
            let type = Array(header[4..<8])
            if type == Array("IEND".utf8) { return nil }
            if offset + 12 + length > size {
                guard type != Array("IDAT".utf8) else { return nil }
                // Named as libpng names chunks: letters as they are, other bytes as [XX].
                let name = type.map { byte in
                    if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { return String(Unicode.Scalar(byte)) }
                    let hex = String(byte, radix: 16, uppercase: true)
                    return "[" + (hex.count < 2 ? "0" : "") + hex + "]"
                }
                return "chunk \"\(name.joined())\" claims \(length) bytes, more than the file holds"
            }
            offset += 12 + length
        }
        return nil
    }

    /// libpng's error text from `png_image.message`.
    private static func libpngMessage(_ image: UnsafeMutablePointer<png_image>) -> String {
        guard let c = CPNG_image_message(image) else { return "unknown libpng error" }
        let s = String(cString: c)
        return s.isEmpty ? "unknown libpng error" : s
    }
}
