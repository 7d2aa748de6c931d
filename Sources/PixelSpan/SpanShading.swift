/// What the renderer's pixel loop needs to shade the pixels of one triangle: its texture
/// (nearest texel, repeat wrap), its flat light and the fog. One value per triangle, handed by
/// value to the loop of each covered row span, so the loop touches no class or array.
///
/// The pixel rule, shared by every loop that implements it (`shade` here, `shadeEightWide` in
/// PixelSpanAVX2, `rasterize` in the C reference): pixel `k` of a span has the attributes
/// `start + step · k` (1/w, u/w, v/w; one multiply and one add per attribute, never an
/// accumulated sum, so any lane order gives the same bits), passes the depth test when its
/// 1/w is greater than the stored one, and then gets the texel at (u, v) blended towards the
/// fog colour by view depth and scaled by the light.
public struct SpanShading {
    /// The texture's texels, row after row; width and height are powers of two.
    public var texels: UnsafePointer<UInt32>
    /// Texture width − 1 (a mask, for the repeat wrap).
    public var widthMask: Int
    /// Texture height − 1.
    public var heightMask: Int
    /// log2 of the texture width: the row shift of a texel index.
    public var rowShift: Int
    /// View depth where fog begins.
    public var fogStart: Float
    /// 1 ÷ (fog end − fog start); 0 for no fog.
    public var fogInverseRange: Float
    /// The fog colour's red and blue channels (0x00RR00BB).
    public var fogRedBlue: UInt32
    /// The fog colour's green channel (0x0000GG00).
    public var fogGreen: UInt32
    /// The triangle's light, 0...256 (256 is the texel's own colour).
    public var light256: Float

    /// Shading constants for one triangle.
    @inlinable
    public init(
        texels: UnsafePointer<UInt32>, widthMask: Int, heightMask: Int, rowShift: Int,
        fogStart: Float, fogInverseRange: Float, fogRedBlue: UInt32, fogGreen: UInt32, light256: Float
    ) {
        self.texels = texels
        self.widthMask = widthMask
        self.heightMask = heightMask
        self.rowShift = rowShift
        self.fogStart = fogStart
        self.fogInverseRange = fogInverseRange
        self.fogRedBlue = fogRedBlue
        self.fogGreen = fogGreen
        self.light256 = light256
    }

    /// 1.5 · 2^23: adding it to a float puts round(x) in the low mantissa bits (exact for
    /// |x| < 2^22), a float → integer conversion that cannot trap.
    public static let roundingMagic: Float = 12_582_912

    /// Shades the `count` pixels from `color[0]`/`depth[0]` on, one at a time: the portable
    /// pixel loop (SSE2 on x86-64), inlined into the rasterizer.
    ///
    /// `start` is (1/w, u/w, v/w, unused) at the first pixel's centre, `step` its change per
    /// pixel to the right; u and v are in texels and carry a −0.5 offset, so rounding gives
    /// the floor.
    @inlinable @inline(__always)
    public func shade(
        color: UnsafeMutablePointer<UInt32>, depth: UnsafeMutablePointer<Float>, count: Int,
        start: SIMD4<Float>, step: SIMD4<Float>
    ) {
        let magic = SpanShading.roundingMagic
        var k = 0
        var offset: Float = 0  // Float(k), counted: exact below 2^24 pixels
        while k < count {
            let iw = start.x + step.x * offset
            if iw > depth[k] {
                let w = 1 / iw
                let u = start.y + step.y * offset
                let v = start.z + step.z * offset
                // Masking keeps any input, even NaN, inside the texture; negative values wrap
                // like the repeat they are.
                let tu = Int((u * w + magic).bitPattern) & widthMask
                let tv = Int((v * w + magic).bitPattern) & heightMask
                let texel = texels[(tv &<< rowShift) | tu]
                var f = (w - fogStart) * fogInverseRange
                f = f >= 0 ? f : 0
                f = f <= 1 ? f : 1
                let kf = (f * 256 + magic).bitPattern & 0x1FF
                let ka = ((1 - f) * light256 + magic).bitPattern & 0x1FF
                let rb = ((texel & 0xFF00FF) &* ka &+ fogRedBlue &* kf) &>> 8 & 0xFF00FF
                let g = ((texel & 0xFF00) &* ka &+ fogGreen &* kf) &>> 8 & 0xFF00
                color[k] = 0xFF00_0000 | rb | g
                depth[k] = iw
            }
            k &+= 1
            offset += 1
        }
    }
}
