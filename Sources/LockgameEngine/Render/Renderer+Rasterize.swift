// Renderer+Rasterize: projection of clipped triangles and their row spans.

internal import PixelSpan
internal import PixelSpanAVX2

/// Per-frame raster state handed to the pixel loop by value: raw buffer pointers, the loop to
/// use and the shading constants of the current triangle, so the loop touches no class or array.
struct RasterTarget {
    var color: UnsafeMutablePointer<UInt32>
    var depth: UnsafeMutablePointer<Float>
    var width: Int
    var height: Int
    /// The rows this pass may write (a tile; `0..<height` for a whole frame).
    var band: Range<Int>
    var halfWidth: Float
    var halfHeight: Float
    /// Which implementation shades the spans.
    var pixelLoop: Renderer.PixelLoop
    /// Texture, light and fog of the current triangle.
    var shading: SpanShading
}

extension Renderer {
    /// Projects a clipped triangle to the screen and fills its pixels within `target.band`.
    /// Kept out of line: it is the hot raster function `make check-hot-paths` inspects.
    @inline(never)
    static func rasterize(
        _ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex,
        target: inout RasterTarget, stats: inout RenderStatistics
    ) {
        // Screen position plus (1/w, u/w, v/w) per vertex.
        @inline(__always)
        func project(_ v: ClipVertex) -> (SIMD2<Float>, SIMD4<Float>) {
            let iw = 1 / v.w
            let sx = (v.x * iw + 1) * target.halfWidth
            let sy = (1 - v.y * iw) * target.halfHeight
            return (SIMD2(sx, sy), SIMD4(iw, v.u * iw, v.v * iw, 0))
        }
        let (sa, aa) = project(a)
        var (sb, ab) = project(b)
        var (sc, ac) = project(c)
        guard let tri = TriangleRaster(sa, sb, sc),
            let rows = tri.rows(in: target.band)
        else {
            stats.trianglesDegenerate += 1
            return
        }
        stats.trianglesRasterized += 1
        if tri.swapped {
            swap(&sb, &sc)
            swap(&ab, &ac)
        }
        // Attribute planes from the snapped positions: value(p) = base + dx·p.x + dy·p.y.
        let p0 = tri.vertex(0), p1 = tri.vertex(1), p2 = tri.vertex(2)
        let e1 = p1 - p0, e2 = p2 - p0
        let area = e1.x * e2.y - e1.y * e2.x
        guard area > 0, area.isFinite else { return }
        let invArea = 1 / area
        let d1 = ab - aa, d2 = ac - aa
        let ddx = (d1 * e2.y - d2 * e1.y) * invArea
        let ddy = (d2 * e1.x - d1 * e2.x) * invArea
        let base = aa - ddx * p0.x - ddy * p0.y
        guard ddx.x.isFinite, ddx.y.isFinite, ddx.z.isFinite,
            ddy.x.isFinite, ddy.y.isFinite, ddy.z.isFinite,
            base.x.isFinite, base.y.isFinite, base.z.isFinite
        else { return }

        let width = target.width
        let color = target.color, depth = target.depth
        let shading = target.shading
        let eightWide = target.pixelLoop == .eightWideAVX2

        for y in rows {
            guard let span = tri.span(row: y, width: width) else { continue }
            let start = base + ddx * (Float(span.first) + 0.5) + ddy * (Float(y) + 0.5)
            let i = y &* width &+ span.first
            let count = span.last &- span.first &+ 1
            if eightWide {
                shading.shadeEightWide(color: color + i, depth: depth + i, count: count, start: start, step: ddx)
            } else {
                shading.shade(color: color + i, depth: depth + i, count: count, start: start, step: ddx)
            }
        }
    }
}
