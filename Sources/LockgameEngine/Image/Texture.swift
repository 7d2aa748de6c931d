/// An immutable texture the renderer samples with nearest filtering and repeat wrap.
///
/// The texels are stored in a power-of-two grid (the source is resampled, nearest, up to the
/// next power of two on each side) so wrapping is a bit mask in the pixel loop. Texels are
/// 0xAARRGGBB; alpha is ignored by the renderer.
public final class Texture: @unchecked Sendable {
    // @unchecked Sendable: the texel memory is written once in init and only read afterwards.

    /// Width of the source image in pixels.
    public let sourceWidth: Int
    /// Height of the source image in pixels.
    public let sourceHeight: Int
    /// Stored width (power of two).
    public let width: Int
    /// Stored height (power of two).
    public let height: Int
    /// log2(width): row shift for texel addressing.
    let widthShift: Int
    /// Texel memory, `width * height`, row-major, owned.
    let texels: UnsafeMutablePointer<UInt32>

    /// A texture from `width × height` 0xAARRGGBB pixels. Empty or mismatched input gives a
    /// 1×1 magenta texture (never a crash).
    public init(width sw: Int, height sh: Int, pixels: [UInt32]) {
        let valid = sw > 0 && sh > 0 && sw <= 1 << 14 && sh <= 1 << 14 && pixels.count == sw * sh
        let srcW = valid ? sw : 1, srcH = valid ? sh : 1
        let source = valid ? pixels : [0xFFFF_00FF]
        var w = 1, shift = 0
        while w < srcW { w <<= 1; shift += 1 }
        var h = 1
        while h < srcH { h <<= 1 }
        sourceWidth = srcW
        sourceHeight = srcH
        width = w
        height = h
        widthShift = shift
        texels = .allocate(capacity: w * h)
        for y in 0..<h {
            let sy = y * srcH / h
            for x in 0..<w {
                texels[y * w + x] = source[sy * srcW + x * srcW / w]
            }
        }
    }

    /// A texture from a decoded PNG.
    public convenience init(_ image: PNGImage) {
        self.init(width: image.width, height: image.height, pixels: image.pixels)
    }

    /// A 1×1 texture of one colour.
    public convenience init(solid color: UInt32) {
        self.init(width: 1, height: 1, pixels: [color])
    }

    deinit { texels.deallocate() }

    /// The stored texel at (x, y), wrapped.
    public func texel(x: Int, y: Int) -> UInt32 {
        texels[(y & (height - 1)) * width + (x & (width - 1))]
    }
}
