import Foundation

/// Where the player looks, in degrees: yaw turns right, pitch looks up.
struct Camera: Equatable, Sendable {
    var yaw = 0.0
    var pitch = 0.0

    /// The matrix that takes world positions to Vulkan's clip space, for a picture of this aspect.
    func viewProjection(aspect: Float) -> Matrix4 {
        let radians = Float.pi / 180
        let view = Matrix4.rotationX(Float(-pitch) * radians) * Matrix4.rotationY(Float(yaw) * radians)
        return Matrix4.perspective(fieldOfViewY: 60 * radians, aspect: aspect, near: 0.1, far: 50) * view
    }
}

/// A 4×4 matrix as four columns, the layout of GLSL's `mat4`.
struct Matrix4 {
    var columns: [SIMD4<Float>]

    static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        Matrix4(columns: b.columns.map { a.columns[0] * $0.x + a.columns[1] * $0.y + a.columns[2] * $0.z + a.columns[3] * $0.w })
    }

    /// Turns the world about the x axis (looking up and down).
    static func rotationX(_ angle: Float) -> Matrix4 {
        Matrix4(columns: [[1, 0, 0, 0], [0, cos(angle), sin(angle), 0], [0, -sin(angle), cos(angle), 0], [0, 0, 0, 1]])
    }

    /// Turns the world about the y axis (looking left and right).
    static func rotationY(_ angle: Float) -> Matrix4 {
        Matrix4(columns: [[cos(angle), 0, -sin(angle), 0], [0, 1, 0, 0], [sin(angle), 0, cos(angle), 0], [0, 0, 0, 1]])
    }

    /// A perspective projection for a camera looking down -z. Unlike OpenGL's, Vulkan's clip space
    /// has y pointing down and depth running from 0 to 1.
    static func perspective(fieldOfViewY: Float, aspect: Float, near: Float, far: Float) -> Matrix4 {
        let f = 1 / tan(fieldOfViewY / 2)
        return Matrix4(columns: [
            [f / aspect, 0, 0, 0], [0, -f, 0, 0], [0, 0, far / (near - far), -1], [0, 0, near * far / (near - far), 0],
        ])
    }
}

/// One corner of a triangle, as the vertex shader reads it (locations 0 and 1).
struct Vertex {
    var position: SIMD3<Float>
    var color: SIMD3<Float>
}

/// The world, as a list of triangles around the camera at the origin: a ring of walls coloured round
/// the colour wheel (so that every direction looks different), a floor, and six cubes standing on it.
func sceneTriangles() -> [Vertex] {
    let (floor, top): (Float, Float) = (-1.6, 8)
    var vertices: [Vertex] = []
    for side in 0..<24 {
        let (a, b) = (Float(side) / 24, Float(side + 1) / 24)
        // A wall panel 12 away, brighter at the top, and the floor's slice in front of it.
        vertices += quad(
            Vertex(position: around(a, 12, floor), color: hue(a) * 0.4), Vertex(position: around(b, 12, floor), color: hue(b) * 0.4),
            Vertex(position: around(b, 12, top), color: hue(b)), Vertex(position: around(a, 12, top), color: hue(a)))
        vertices += [
            Vertex(position: [0, floor, 0], color: [0.15, 0.15, 0.15]),
            Vertex(position: around(a, 12, floor), color: hue(a) * 0.25), Vertex(position: around(b, 12, floor), color: hue(b) * 0.25),
        ]
    }
    for cube in 0..<6 {
        let turn = (Float(cube) + 0.5) / 6
        vertices += box(center: around(turn, 5, floor + 0.75), size: 1.5, color: hue(turn + 0.5))  // the wall's opposite colour
    }
    return vertices
}

/// The point `distance` from the camera, `turn` turns to the right of straight ahead (-z), at height `y`.
private func around(_ turn: Float, _ distance: Float, _ y: Float) -> SIMD3<Float> {
    SIMD3(distance * sin(turn * 2 * .pi), y, -distance * cos(turn * 2 * .pi))
}

/// A colour of the colour wheel: 0 is red, 1/3 green, 2/3 blue, 1 red again.
private func hue(_ turn: Float) -> SIMD3<Float> {
    let angle = turn * 2 * .pi
    return 0.5 + 0.5 * SIMD3(cos(angle), cos(angle - 2 * .pi / 3), cos(angle - 4 * .pi / 3))
}

/// Two triangles for the quadrilateral a b c d.
private func quad(_ a: Vertex, _ b: Vertex, _ c: Vertex, _ d: Vertex) -> [Vertex] { [a, b, c, a, c, d] }

/// A cube, each face shaded differently so its edges show.
private func box(center: SIMD3<Float>, size: Float, color: SIMD3<Float>) -> [Vertex] {
    var vertices: [Vertex] = []
    for axis in 0..<3 {
        for sign: Float in [-1, 1] {
            let shade = 0.5 + 0.15 * Float(axis) + (sign > 0 ? 0.2 : 0)
            func corner(_ u: Float, _ v: Float) -> Vertex {
                var offset = SIMD3<Float>.zero
                (offset[axis], offset[(axis + 1) % 3], offset[(axis + 2) % 3]) = (sign, u, v)
                return Vertex(position: center + offset * size / 2, color: color * shade)
            }
            vertices += quad(corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1))
        }
    }
    return vertices
}
