/// Edge-function setup for one screen triangle in fixed point, answering "which pixels of row
/// y does it cover?" with the top-left fill rule.
///
/// Vertices are snapped to 1/16 pixel. A pixel (x, y) is covered when its centre
/// (x + 0.5, y + 0.5) is inside all three edges, or exactly on a top or left edge; so two
/// triangles sharing an edge cover each pixel along it exactly once. All arithmetic is
/// `Int64` on coordinates limited to ±2^20 pixels, so it cannot overflow.
struct TriangleRaster {
    /// Sub-pixel bits.
    static let subpixelBits: Int64 = 4
    /// Sub-pixel steps per pixel.
    static let subpixelScale: Int64 = 1 << subpixelBits
    /// Largest accepted |coordinate| in pixels (callers clip to a guard band well inside it).
    static let coordinateLimit: Float = 1_048_576

    /// Snapped vertices (sub-pixel units), counter-clockwise in y-down screen space.
    let x0: Int64, y0: Int64, x1: Int64, y1: Int64, x2: Int64, y2: Int64
    /// True when the input order was reversed to make the area positive.
    let swapped: Bool
    /// Twice the signed area in sub-pixel units squared (> 0).
    let doubleArea: Int64

    /// Sets up the triangle, or returns nil if it is degenerate or its coordinates are not
    /// finite or beyond `coordinateLimit`.
    init?(_ a: SIMD2<Float>, _ b: SIMD2<Float>, _ c: SIMD2<Float>) {
        guard let ax = TriangleRaster.snap(a.x), let ay = TriangleRaster.snap(a.y),
            var bx = TriangleRaster.snap(b.x), var by = TriangleRaster.snap(b.y),
            var cx = TriangleRaster.snap(c.x), var cy = TriangleRaster.snap(c.y)
        else { return nil }
        var area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        if area == 0 { return nil }
        var swapped = false
        if area < 0 {
            swap(&bx, &cx)
            swap(&by, &cy)
            area = -area
            swapped = true
        }
        x0 = ax; y0 = ay; x1 = bx; y1 = by; x2 = cx; y2 = cy
        self.swapped = swapped
        doubleArea = area
    }

    /// Snapped vertex `i` (0...2, after any swap) in pixels.
    func vertex(_ i: Int) -> SIMD2<Float> {
        let s = Float(TriangleRaster.subpixelScale)
        switch i {
        case 0: return SIMD2(Float(x0) / s, Float(y0) / s)
        case 1: return SIMD2(Float(x1) / s, Float(y1) / s)
        default: return SIMD2(Float(x2) / s, Float(y2) / s)
        }
    }

    /// The rows whose pixel centres lie within the triangle's vertical extent, clipped to
    /// `0..<height`; empty when none.
    @inline(__always)
    func rows(height: Int) -> ClosedRange<Int>? {
        rows(in: 0..<height)
    }

    /// The rows whose pixel centres lie within the triangle's vertical extent, clipped to
    /// `band` (a tile of rows); nil when none.
    @inline(__always)
    func rows(in band: Range<Int>) -> ClosedRange<Int>? {
        let half = TriangleRaster.subpixelScale / 2
        let top = TriangleRaster.ceilDiv(min(y0, y1, y2) - half, TriangleRaster.subpixelScale)
        let bottom = TriangleRaster.floorDiv(max(y0, y1, y2) - half, TriangleRaster.subpixelScale)
        let first = max(top, Int64(band.lowerBound)), last = min(bottom, Int64(band.upperBound) - 1)
        return first <= last ? Int(first)...Int(last) : nil
    }

    /// The covered pixels of row `y`, clipped to `0..<width`, or nil when none.
    @inline(__always)
    func span(row y: Int, width: Int) -> (first: Int, last: Int)? {
        let py = Int64(y) * TriangleRaster.subpixelScale + TriangleRaster.subpixelScale / 2
        var lo: Int64 = 0
        var hi = Int64(width) - 1
        if !TriangleRaster.clip(ax: x1, ay: y1, bx: x2, by: y2, py: py, lo: &lo, hi: &hi) { return nil }
        if !TriangleRaster.clip(ax: x2, ay: y2, bx: x0, by: y0, py: py, lo: &lo, hi: &hi) { return nil }
        if !TriangleRaster.clip(ax: x0, ay: y0, bx: x1, by: y1, py: py, lo: &lo, hi: &hi) { return nil }
        return lo <= hi ? (Int(lo), Int(hi)) : nil
    }

    /// Narrows [lo, hi] to the pixels of the row at `py` that are inside edge a→b.
    ///
    /// Edge function E(p) = (bx−ax)(py−ay) − (by−ay)(px−ax), positive inside. Pixels exactly on
    /// the edge count only for top edges (horizontal, interior below) and left edges.
    @inline(__always)
    private static func clip(
        ax: Int64, ay: Int64, bx: Int64, by: Int64, py: Int64,
        lo: inout Int64, hi: inout Int64
    ) -> Bool {
        let dx = bx - ax, dy = by - ay
        let isTopLeft = dy < 0 || (dy == 0 && dx > 0)
        let bias: Int64 = isTopLeft ? 0 : -1
        // E at pixel x (centre x*16 + 8) = k + s*x.
        let k = dx * (py - ay) - dy * (subpixelScale / 2 - ax) + bias
        let s = -dy * subpixelScale
        if s > 0 {
            lo = max(lo, ceilDiv(-k, s))
        } else if s < 0 {
            hi = min(hi, floorDiv(k, -s))
        } else if k < 0 {
            return false
        }
        return lo <= hi
    }

    @inline(__always)
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    @inline(__always)
    static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
        -floorDiv(-a, b)
    }

    @inline(__always)
    private static func snap(_ v: Float) -> Int64? {
        guard v.isFinite, abs(v) <= coordinateLimit else { return nil }
        return Int64((v * Float(subpixelScale)).rounded())
    }
}
