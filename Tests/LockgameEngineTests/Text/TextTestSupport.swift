import LockgameEngine

/// A 0xAARRGGBB target region of `width * height` pixels with guard bands of
/// sentinel pixels before and after it in the same allocation, so any write
/// outside the region the renderer was given can be detected.
struct GuardedCanvas {
    static let sentinel: UInt32 = 0xDEAD_BEEF
    let width: Int
    let height: Int
    let guardCount: Int
    private(set) var storage: [UInt32]

    init(width: Int, height: Int, background: UInt32 = 0xFF00_0000, guardCount: Int = 4096) {
        self.width = width
        self.height = height
        self.guardCount = guardCount
        storage = [UInt32](repeating: Self.sentinel, count: guardCount + width * height + guardCount)
        for index in guardCount..<(guardCount + width * height) { storage[index] = background }
    }

    /// Runs `body` with exactly the target region (stride == width).
    mutating func withTarget<R>(_ body: (UnsafeMutableBufferPointer<UInt32>, Int, Int) -> R) -> R {
        let (w, h, g) = (width, height, guardCount)
        return storage.withUnsafeMutableBufferPointer { all in
            body(UnsafeMutableBufferPointer(rebasing: all[g..<(g + w * h)]), w, h)
        }
    }

    mutating func draw(_ text: String, with renderer: TextRenderer, x: Int, baseline: Int, color: UInt32 = 0xFFFF_FFFF) {
        withTarget { pixels, w, h in
            renderer.draw(text, x: x, baseline: baseline, color: color, into: pixels, width: w, height: h)
        }
    }

    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: UInt32, with renderer: TextRenderer) {
        withTarget { pixels, w, h in
            renderer.fillRect(x: x, y: y, width: width, height: height, color: color, into: pixels, width: w, height: h)
        }
    }

    subscript(x: Int, y: Int) -> UInt32 {
        storage[guardCount + y * width + x]
    }

    var target: ArraySlice<UInt32> { storage[guardCount..<(guardCount + width * height)] }

    var guardsIntact: Bool {
        storage[..<guardCount].allSatisfy { $0 == Self.sentinel }
            && storage[(guardCount + width * height)...].allSatisfy { $0 == Self.sentinel }
    }

    /// Pixels that differ from `background`, as (x, y).
    func changedPixels(from background: UInt32) -> [(x: Int, y: Int)] {
        var changed: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width where self[x, y] != background {
                changed.append((x, y))
            }
        }
        return changed
    }

    /// Binary PPM (P6) bytes of the target region, for eyeballing renders.
    var ppm: [UInt8] {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        for pixel in target {
            bytes.append(UInt8((pixel >> 16) & 0xFF))
            bytes.append(UInt8((pixel >> 8) & 0xFF))
            bytes.append(UInt8(pixel & 0xFF))
        }
        return bytes
    }
}

enum TextFixtures {
    /// One atlas shared by all tests (it is immutable and Sendable).
    static let sharedAtlas: Result<GlyphAtlas, TextError> = Result { () throws(TextError) in try GlyphAtlas(pixelSize: 14) }

    static func renderer() throws -> TextRenderer {
        TextRenderer(atlas: try sharedAtlas.get())
    }
}
