/// One corner of a mesh triangle: position (object space, metres) and texture coordinate.
///
/// `uv` follows the OBJ convention: u right, v up, (0, 0) is the image's bottom-left corner,
/// and values outside 0...1 repeat the texture.
public struct MeshVertex: Equatable, Sendable {
    /// Position in object space.
    public var position: SIMD3<Float>
    /// Texture coordinate (OBJ convention: v up).
    public var uv: SIMD2<Float>

    /// A vertex at `position` with texture coordinate `uv`.
    public init(_ position: SIMD3<Float>, uv: SIMD2<Float> = .zero) {
        self.position = position
        self.uv = uv
    }
}

/// A triangle soup: every three consecutive vertices form one triangle, counter-clockwise
/// when seen from its front (the side that is drawn; back faces are culled).
public struct Mesh: Equatable, Sendable {
    /// Three vertices per triangle.
    public var vertices: [MeshVertex]

    /// A mesh from three vertices per triangle (a trailing partial triangle is dropped).
    public init(vertices: [MeshVertex]) {
        self.vertices = Array(vertices.prefix(vertices.count / 3 * 3))
    }

    /// Number of triangles.
    public var triangleCount: Int { vertices.count / 3 }

    /// A quad `a b c d` (counter-clockwise from the front) as two triangles with UVs 0...1
    /// scaled by `uvScale`.
    public static func quad(
        _ a: SIMD3<Float>, _ b: SIMD3<Float>, _ c: SIMD3<Float>, _ d: SIMD3<Float>,
        uvScale: SIMD2<Float> = SIMD2(1, 1)
    ) -> Mesh {
        let ua = SIMD2<Float>(0, 0), ub = SIMD2<Float>(uvScale.x, 0)
        let uc = uvScale, ud = SIMD2<Float>(0, uvScale.y)
        return Mesh(vertices: [
            MeshVertex(a, uv: ua), MeshVertex(b, uv: ub), MeshVertex(c, uv: uc),
            MeshVertex(a, uv: ua), MeshVertex(c, uv: uc), MeshVertex(d, uv: ud),
        ])
    }
}
