/// Small internal vector helpers on `SIMD3<Float>` used by the camera, scene and renderer.
///
/// Internal (not part of the public API, so they cannot clash with a client's own helpers);
/// kept as free functions so the renderer's hot loops stay plain arithmetic with no dispatch.
@inline(__always)
func dot(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> Float {
    (a * b).sum()
}

/// Right-handed cross product `a × b`.
@inline(__always)
func cross(_ a: SIMD3<Float>, _ b: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

/// Euclidean length of `v`.
@inline(__always)
func length(_ v: SIMD3<Float>) -> Float {
    dot(v, v).squareRoot()
}

/// `v` scaled to unit length, or `fallback` when `v` is zero, tiny or not finite.
@inline(__always)
func normalize(_ v: SIMD3<Float>, fallback: SIMD3<Float> = SIMD3(0, 1, 0)) -> SIMD3<Float> {
    let len = length(v)
    guard len.isFinite, len > 1e-20 else { return fallback }
    return v / len
}

extension SIMD3 where Scalar == Float {
    /// True when every component is finite (not NaN, not ±infinity).
    @inline(__always)
    var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
