// Renderer+Clipping: per-vertex transform, frustum outcodes and Sutherland–Hodgman clipping
// in clip space (near plane + guard band).

extension Renderer {
    /// View-space transform and projection; returns clip (x, y, w).
    @inline(__always)
    static func toClip(
        _ d: SIMD3<Float>, _ r: SIMD3<Float>, _ u: SIMD3<Float>, _ b: SIMD3<Float>,
        _ fx: Float, _ fy: Float
    ) -> SIMD3<Float> {
        SIMD3(dot(d, r) * fx, dot(d, u) * fy, -dot(d, b))
    }

    /// Bits 0-4: outside the real frustum (near, ±x, ±y) — shared bits reject the triangle.
    /// Bits 5-9: outside a clip plane (near, guard band) — any set bit means clipping is needed.
    @inline(__always)
    static func outcode(_ c: SIMD3<Float>, near: Float, guardBand g: Float) -> Int {
        var code = 0
        if c.z < near { code |= 0x001 | 0x020 }
        if c.x > c.z { code |= 0x002 }
        if c.x < -c.z { code |= 0x004 }
        if c.y > c.z { code |= 0x008 }
        if c.y < -c.z { code |= 0x010 }
        if c.x > g * c.z { code |= 0x040 }
        if c.x < -g * c.z { code |= 0x080 }
        if c.y > g * c.z { code |= 0x100 }
        if c.y < -g * c.z { code |= 0x200 }
        return code
    }

    /// Largest whole multiple of `period` at or below `value` (0 for unusable input).
    @inline(__always)
    static func period(_ value: Float, _ period: Float) -> Float {
        guard value.isFinite, abs(value) < 1e7 else { return 0 }
        return (value / period).rounded(.down) * period
    }

    /// Signed distance of `v` to clip plane `plane` (inside ≥ 0).
    @inline(__always)
    static func distance(_ v: ClipVertex, plane: Int, near: Float, guardBand g: Float) -> Float {
        switch plane {
        case 0: return v.w - near
        case 1: return g * v.w - v.x
        case 2: return g * v.w + v.x
        case 3: return g * v.w - v.y
        default: return g * v.w + v.y
        }
    }

    /// Sutherland–Hodgman clipping of a triangle against the near plane and the guard band.
    /// The result (a convex polygon, 0 or 3+ vertices) is left in `clipA`; returns its size.
    /// Against the near plane alone a triangle becomes 0, 1 or 2 triangles.
    func clip(_ a: ClipVertex, _ b: ClipVertex, _ c: ClipVertex, near: Float, guardBand g: Float) -> Int {
        var input = clipA, output = clipB
        input[0] = a; input[1] = b; input[2] = c
        var count = 3
        for plane in 0..<5 {
            var outCount = 0
            var previous = input[count - 1]
            var dPrevious = Renderer.distance(previous, plane: plane, near: near, guardBand: g)
            for i in 0..<count {
                let current = input[i]
                let dCurrent = Renderer.distance(current, plane: plane, near: near, guardBand: g)
                if (dCurrent >= 0) != (dPrevious >= 0) {
                    let t = dPrevious / (dPrevious - dCurrent)
                    if t.isFinite && outCount < Renderer.clipCapacity {
                        output[outCount] = Renderer.lerp(previous, current, t)
                        outCount += 1
                    }
                }
                if dCurrent >= 0 && outCount < Renderer.clipCapacity {
                    output[outCount] = current
                    outCount += 1
                }
                previous = current
                dPrevious = dCurrent
            }
            count = outCount
            if count < 3 { return 0 }
            swap(&input, &output)
        }
        if input != clipA { clipA.update(from: input, count: count) }
        return count
    }

    @inline(__always)
    static func lerp(_ p: ClipVertex, _ q: ClipVertex, _ t: Float) -> ClipVertex {
        ClipVertex(
            x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t, w: p.w + (q.w - p.w) * t,
            u: p.u + (q.u - p.u) * t, v: p.v + (q.v - p.v) * t)
    }

}
