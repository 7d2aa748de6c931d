/// Draws text from a `GlyphAtlas` into a 32-bit 0xAARRGGBB framebuffer.
///
/// The target is row-major with stride == width and is treated as opaque:
/// every written pixel gets alpha 0xFF. All drawing is clipped to the buffer;
/// nothing is ever written outside `pixels`, whatever the coordinates.
/// Drawing does not allocate: it walks `text.utf8` and reads the atlas
/// through pointers fetched once per call.
public struct TextRenderer: Sendable {
    /// The glyph source.
    public let atlas: GlyphAtlas

    public init(atlas: GlyphAtlas) {
        self.atlas = atlas
    }

    /// Locate the font with fontconfig (DejaVu Sans Mono, then DejaVu Sans) and rasterize it at `pixelSize`.
    public init(pixelSize: Int = 14, families: [String] = FontLocator.defaultFamilies) throws(TextError) {
        self.atlas = try GlyphAtlas(pixelSize: pixelSize, families: families)
    }

    /// Baseline-to-baseline distance; `\n` moves the baseline down by this much.
    public var lineHeight: Int { atlas.lineHeight }
    /// Distance from the top of a line to its baseline.
    public var ascender: Int { atlas.ascender }
    /// Distance from the baseline to the bottom of a line.
    public var descender: Int { atlas.descender }

    // MARK: - Measuring

    /// Size of the box that contains the text's pen advances and ink:
    /// drawn at (x, baseline) it spans x ..< x + width and
    /// baseline - ascender ..< baseline - ascender + height.
    /// `height` is `lineHeight` per line; `""` measures (0, 0).
    public func measure(_ text: String) -> (width: Int, height: Int) {
        measureUTF8(text.utf8)
    }

    /// Substring overload of `measure(_:)`.
    public func measure(_ text: Substring) -> (width: Int, height: Int) {
        measureUTF8(text.utf8)
    }

    @inline(__always)
    private func measureUTF8<Bytes: Sequence<UInt8>>(_ utf8: Bytes) -> (width: Int, height: Int) {
        let table = UnsafePointer(atlas.table.baseAddress!)
        var lines = 0
        var widest = 0
        var pen = 0
        var lineRight = 0
        for byte in utf8 {
            if lines == 0 { lines = 1 }
            if byte == 0x0A {
                widest = max(widest, lineRight)
                pen = 0
                lineRight = 0
                lines += 1
                continue
            }
            if byte & 0xC0 == 0x80 { continue }  // UTF-8 continuation byte
            let glyph = table[Int(byte)]
            if glyph.width > 0 {
                lineRight = max(lineRight, pen + glyph.bearingX + glyph.width)
            }
            pen += glyph.advance
            lineRight = max(lineRight, pen)
        }
        widest = max(widest, lineRight)
        return (widest, lines * atlas.lineHeight)
    }

    // MARK: - Drawing text

    /// Draw `text` with its first baseline at `baseline` and pen starting at `x`.
    ///
    /// - Parameters:
    ///   - color: 0xAARRGGBB; glyph coverage × A is alpha-blended over the destination.
    ///   - pixels: row-major target, stride == `width`, at least `width * height` pixels
    ///     (rows beyond `pixels.count / width` are treated as outside the buffer).
    /// `\n` starts a new line `lineHeight` lower; characters outside printable
    /// ASCII draw the replacement glyph ('?'); `\t` advances four spaces.
    public func draw(
        _ text: String, x: Int, baseline: Int, color: UInt32,
        into pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int
    ) {
        drawUTF8(text.utf8, x: x, baseline: baseline, color: color, into: pixels, width: width, height: height)
    }

    /// Substring overload of `draw(_:x:baseline:color:into:width:height:)`.
    public func draw(
        _ text: Substring, x: Int, baseline: Int, color: UInt32,
        into pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int
    ) {
        drawUTF8(text.utf8, x: x, baseline: baseline, color: color, into: pixels, width: width, height: height)
    }

    @inline(__always)
    private func drawUTF8<Bytes: Sequence<UInt8>>(
        _ utf8: Bytes, x: Int, baseline: Int, color: UInt32,
        into pixels: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int
    ) {
        let alpha = Int(color >> 24)
        guard alpha > 0, width > 0, height > 0, let destination = pixels.baseAddress else { return }
        let rows = min(height, pixels.count / width)
        guard rows > 0 else { return }

        let coverage = UnsafePointer(atlas.coverage.baseAddress!)
        let table = UnsafePointer(atlas.table.baseAddress!)
        let atlasStride = atlas.width
        let ascender = atlas.ascender
        let descender = atlas.descender
        let lineHeight = atlas.lineHeight
        // Ink may start up to `overhang` px left of the pen, so a pen this far right draws nothing.
        let stopX = width + atlas.maxLeftOverhang
        let red = (color >> 16) & 0xFF
        let green = (color >> 8) & 0xFF
        let blue = color & 0xFF

        // Anything beyond ±2^40 px is off-screen for any realistic text; clamping keeps
        // every later sum far away from Int overflow (x = Int.max, baseline = Int.min, ...).
        let startX = PixelBlend.clampCoordinate(x)
        var lineBaseline = PixelBlend.clampCoordinate(baseline)
        var penX = startX
        var lineVisible = lineBaseline + descender > 0 && lineBaseline - ascender < rows

        for byte in utf8 {
            if byte == 0x0A {
                lineBaseline += lineHeight
                if lineBaseline - ascender >= rows { return }  // this and all later lines are below the buffer
                lineVisible = lineBaseline + descender > 0
                penX = startX
                continue
            }
            if !lineVisible || penX >= stopX || byte & 0xC0 == 0x80 { continue }

            let glyph = table[Int(byte)]
            defer { penX += glyph.advance }
            guard glyph.width > 0 else { continue }

            let left = penX + glyph.bearingX
            let top = lineBaseline - glyph.bearingY
            let x0 = max(left, 0)
            let x1 = min(left + glyph.width, width)
            let y0 = max(top, 0)
            let y1 = min(top + glyph.height, rows)
            guard x0 < x1, y0 < y1 else { continue }

            for y in y0..<y1 {
                // Row pointers are offset so that both can be indexed by the destination x.
                let source = coverage + (glyph.atlasY + y - top) * atlasStride + (glyph.atlasX - left)
                let target = destination + y * width
                for column in x0..<x1 {
                    let c = Int(source[column])
                    if c == 0 { continue }
                    let a = UInt32(PixelBlend.div255(c * alpha))
                    target[column] = PixelBlend.blend(target[column], red: red, green: green, blue: blue, alpha: a)
                }
            }
        }
    }

    // MARK: - Rectangles

    /// Alpha-blend a solid rectangle (e.g. a HUD panel) of `color` (0xAARRGGBB) over the target,
    /// clipped to the buffer. Non-positive sizes draw nothing.
    public func fillRect(
        x: Int, y: Int, width: Int, height: Int, color: UInt32,
        into pixels: UnsafeMutableBufferPointer<UInt32>, width bufferWidth: Int, height bufferHeight: Int
    ) {
        let alpha = color >> 24
        guard alpha > 0, width > 0, height > 0, bufferWidth > 0, bufferHeight > 0,
            let destination = pixels.baseAddress
        else { return }
        let rows = min(bufferHeight, pixels.count / bufferWidth)
        let left = PixelBlend.clampCoordinate(x)
        let top = PixelBlend.clampCoordinate(y)
        let x0 = max(left, 0)
        let x1 = min(left + min(width, PixelBlend.coordinateLimit), bufferWidth)
        let y0 = max(top, 0)
        let y1 = min(top + min(height, PixelBlend.coordinateLimit), rows)
        guard x0 < x1, y0 < y1 else { return }

        let red = (color >> 16) & 0xFF
        let green = (color >> 8) & 0xFF
        let blue = color & 0xFF
        let opaque = 0xFF00_0000 | color
        for row in y0..<y1 {
            let target = destination + row * bufferWidth
            if alpha == 0xFF {
                for column in x0..<x1 { target[column] = opaque }
            } else {
                for column in x0..<x1 {
                    target[column] = PixelBlend.blend(target[column], red: red, green: green, blue: blue, alpha: alpha)
                }
            }
        }
    }
}

/// Integer blending helpers shared by the text and rectangle paths.
enum PixelBlend {
    /// Coordinates are clamped to ±coordinateLimit before any arithmetic.
    static let coordinateLimit = 1 << 40

    @inline(__always)
    static func clampCoordinate(_ value: Int) -> Int {
        min(max(value, -coordinateLimit), coordinateLimit)
    }

    /// round(value / 255) for value in 0...255*255.
    @inline(__always)
    static func div255(_ value: Int) -> Int {
        let t = value + 128
        return (t + (t >> 8)) >> 8
    }

    /// `source * alpha + destination * (255 - alpha)` per channel; the result is opaque.
    @inline(__always)
    static func blend(_ destination: UInt32, red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) -> UInt32 {
        let inverse = 255 - alpha
        let r = div255(Int(red * alpha + ((destination >> 16) & 0xFF) * inverse))
        let g = div255(Int(green * alpha + ((destination >> 8) & 0xFF) * inverse))
        let b = div255(Int(blue * alpha + (destination & 0xFF) * inverse))
        return 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}
