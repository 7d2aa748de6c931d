import Glibc

/// A 4×4 column-major `Float` matrix for view and projection transforms.
///
/// Columns are `SIMD4<Float>`; `m * v` transforms a column vector. Used by `CameraPose` to
/// describe its view and projection; the renderer reads the same numbers.
public struct Mat4: Equatable, Sendable {
    /// The four columns, left to right.
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// A matrix from four columns.
    public init(_ c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) {
        columns = (c0, c1, c2, c3)
    }

    /// A matrix from four rows (easier to read when writing transforms by hand).
    public init(rows r0: SIMD4<Float>, _ r1: SIMD4<Float>, _ r2: SIMD4<Float>, _ r3: SIMD4<Float>) {
        columns = (
            SIMD4(r0.x, r1.x, r2.x, r3.x),
            SIMD4(r0.y, r1.y, r2.y, r3.y),
            SIMD4(r0.z, r1.z, r2.z, r3.z),
            SIMD4(r0.w, r1.w, r2.w, r3.w)
        )
    }

    /// The identity matrix.
    public static let identity = Mat4(
        SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    /// Row `i` (0...3) as a vector.
    public func row(_ i: Int) -> SIMD4<Float> {
        SIMD4(columns.0[i], columns.1[i], columns.2[i], columns.3[i])
    }

    /// Matrix × column vector.
    @inline(__always)
    public static func * (m: Mat4, v: SIMD4<Float>) -> SIMD4<Float> {
        m.columns.0 * v.x + m.columns.1 * v.y + m.columns.2 * v.z + m.columns.3 * v.w
    }

    /// Matrix × matrix (`a * b` applies `b` first).
    public static func * (a: Mat4, b: Mat4) -> Mat4 {
        Mat4(a * b.columns.0, a * b.columns.1, a * b.columns.2, a * b.columns.3)
    }

    /// Applies the matrix to a point (w = 1) and drops w (affine transforms only).
    @inline(__always)
    public func transformPoint(_ p: SIMD3<Float>) -> SIMD3<Float> {
        let r = self * SIMD4(p.x, p.y, p.z, 1)
        return SIMD3(r.x, r.y, r.z)
    }

    /// Applies the matrix to a direction (w = 0).
    @inline(__always)
    public func transformDirection(_ d: SIMD3<Float>) -> SIMD3<Float> {
        let r = self * SIMD4(d.x, d.y, d.z, 0)
        return SIMD3(r.x, r.y, r.z)
    }

    /// Translation by `t`.
    public static func translation(_ t: SIMD3<Float>) -> Mat4 {
        Mat4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(t.x, t.y, t.z, 1))
    }

    /// Non-uniform scale by `s`.
    public static func scale(_ s: SIMD3<Float>) -> Mat4 {
        Mat4(SIMD4(s.x, 0, 0, 0), SIMD4(0, s.y, 0, 0), SIMD4(0, 0, s.z, 0), SIMD4(0, 0, 0, 1))
    }

    /// Rotation by `angle` radians about +Y, right-handed: +Z turns towards +X.
    public static func rotationY(_ angle: Float) -> Mat4 {
        let c = cosf(angle), s = sinf(angle)
        return Mat4(
            rows:
                SIMD4(c, 0, s, 0),
            SIMD4(0, 1, 0, 0),
            SIMD4(-s, 0, c, 0),
            SIMD4(0, 0, 0, 1))
    }

    public static func == (a: Mat4, b: Mat4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1
            && a.columns.2 == b.columns.2 && a.columns.3 == b.columns.3
    }
}
