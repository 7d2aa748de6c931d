import Glibc

/// Where the viewer looks, in degrees: yaw turns to the right, pitch up.
struct Camera {
    var yaw = 0.0
    var pitch = 0.0

    /// Turns by a relative motion in device counts: a tenth of a degree a count.
    mutating func turn(dx: Double, dy: Double) {
        yaw += dx * 0.1
        pitch = min(max(pitch - dy * 0.1, -89), 89)  // never straight up or down, where yaw means nothing
    }

    /// From the world into the eye, which stands at the origin 1.6 units above the floor: the
    /// inverse of turning by yaw about y, then by pitch about x.
    var view: Matrix4 {
        .rotationX(-pitch) * .rotationY(yaw) * .translation(0, -1.6, 0)
    }
}

/// A 4×4 matrix as OpenGL reads it: four columns.
struct Matrix4 {
    var columns: [SIMD4<Float>]

    /// The 16 numbers column after column, for `glUniformMatrix4fv`.
    var elements: [Float] { columns.flatMap { [$0.x, $0.y, $0.z, $0.w] } }

    /// Column j of the product is `a` applied to column j of `b`.
    static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        Matrix4(columns: b.columns.map { a.columns[0] * $0.x + a.columns[1] * $0.y + a.columns[2] * $0.z + a.columns[3] * $0.w })
    }

    static func translation(_ x: Float, _ y: Float, _ z: Float) -> Matrix4 {
        Matrix4(columns: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [x, y, z, 1]])
    }

    /// A right-handed rotation about x: a positive angle tips -z (ahead) up towards +y.
    static func rotationX(_ degrees: Double) -> Matrix4 {
        let (c, s) = (Float(cos(degrees * .pi / 180)), Float(sin(degrees * .pi / 180)))
        return Matrix4(columns: [[1, 0, 0, 0], [0, c, s, 0], [0, -s, c, 0], [0, 0, 0, 1]])
    }

    /// A right-handed rotation about y: a positive angle turns -z (ahead) towards -x (left).
    static func rotationY(_ degrees: Double) -> Matrix4 {
        let (c, s) = (Float(cos(degrees * .pi / 180)), Float(sin(degrees * .pi / 180)))
        return Matrix4(columns: [[c, 0, -s, 0], [0, 1, 0, 0], [s, 0, c, 0], [0, 0, 0, 1]])
    }

    /// The projection onto the screen, `fieldOfView` degrees high (as gluPerspective makes it).
    static func perspective(fieldOfView: Double, aspect: Float, near: Float, far: Float) -> Matrix4 {
        let f = Float(1 / tan(fieldOfView * .pi / 360))
        let depth = near - far
        return Matrix4(columns: [
            [f / aspect, 0, 0, 0], [0, f, 0, 0], [0, 0, (far + near) / depth, -1], [0, 0, 2 * far * near / depth, 0],
        ])
    }
}
