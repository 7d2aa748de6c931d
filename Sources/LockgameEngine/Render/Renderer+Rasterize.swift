// Renderer+Rasterize: projection of clipped triangles and the pixel loop.

/// Per-frame raster state handed to the pixel loop by value: raw buffer pointers and the
/// constants of the current triangle, so the loop touches no class or array.
struct RasterTarget {
    var color: UnsafeMutablePointer<UInt32>
    var depth: UnsafeMutablePointer<Float>
    var width: Int
    var height: Int
    /// The rows this pass may write (a tile; `0..<height` for a whole frame).
    var band: Range<Int>
    var halfWidth: Float
    var halfHeight: Float
    var fogStart: Float
    var fogInvRange: Float
    var fogRB: UInt32
    var fogG: UInt32
    /// Texture of the current triangle.
    var texture: Renderer.TextureRef
    /// Light of the current triangle, 0...256.
    var light256: Float = 256
}

extension Renderer {
    /// Projects a clipped triangle to the screen and fills its pixels within `target.band`.
    /// Kept out of line: it is the hot raster function `make check-hot-paths` inspects.
    @inline(never)
    static func rasterize(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex,
                          target: inout RasterTarget, stats: inout RenderStatistics) {
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
              let rows = tri.rows(in: target.band) else {
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
              base.x.isFinite, base.y.isFinite, base.z.isFinite else { return }

        let width = target.width
        let color = target.color, depth = target.depth
        let texels = target.texture.texels
        let wMask = target.texture.width - 1, hMask = target.texture.height - 1
        let shift = target.texture.shift
        let fogStart = target.fogStart, fogInvRange = target.fogInvRange
        let fogRB = target.fogRB, fogG = target.fogG
        let light256 = target.light256
        let magic: Float = 12_582_912  // 1.5 · 2^23

        for y in rows {
            guard let span = tri.span(row: y, width: width) else { continue }
            let row = y &* width
            var attr = base + ddx * (Float(span.first) + 0.5) + ddy * (Float(y) + 0.5)
            var i = row &+ span.first
            let end = row &+ span.last
            while i <= end {
                let iw = attr.x
                if iw > depth[i] {
                    let w = 1 / iw
                    // Float → integer without trapping: adding 1.5·2^23 puts round(x) in the
                    // low mantissa bits (exact for |x| < 2^22); masking keeps any input,
                    // even NaN, inside the texture. Coordinates carry a −0.5 texel offset, so
                    // rounding gives floor; negative values wrap like the repeat they are.
                    let tu = Int((attr.y * w + magic).bitPattern) & wMask
                    let tv = Int((attr.z * w + magic).bitPattern) & hMask
                    let texel = texels[(tv &<< shift) | tu]
                    var f = (w - fogStart) * fogInvRange
                    f = f >= 0 ? f : 0
                    f = f <= 1 ? f : 1
                    let kf = (f * 256 + magic).bitPattern & 0x1FF
                    let ka = ((1 - f) * light256 + magic).bitPattern & 0x1FF
                    let rb = ((texel & 0xFF00FF) &* ka &+ fogRB &* kf) &>> 8 & 0xFF00FF
                    let g = ((texel & 0xFF00) &* ka &+ fogG &* kf) &>> 8 & 0xFF00
                    color[i] = 0xFF00_0000 | rb | g
                    depth[i] = iw
                }
                attr += ddx
                i &+= 1
            }
        }
    }
}
