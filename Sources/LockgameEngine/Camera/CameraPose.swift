import Glibc

/// Where the eye is and where it looks: position, yaw, pitch and vertical field of view.
///
/// Conventions (right-handed, Y up, metres and radians):
/// - At `yaw == 0, pitch == 0` the camera looks along −Z; +X is to its right.
/// - Positive `yaw` turns the view to the right (−Z towards +X), so a mouse moving right
///   (dx > 0) adds to yaw.
/// - Positive `pitch` looks up.
/// - View space is the usual OpenGL one: x right, y up, the camera looks down −z.
public struct CameraPose: Equatable, Sendable {
    /// Eye position in world space (metres).
    public var position: SIMD3<Float>
    /// Heading in radians; positive turns right.
    public var yaw: Float
    /// Elevation in radians; positive looks up.
    public var pitch: Float
    /// Vertical field of view in radians.
    public var verticalFieldOfView: Float

    /// The default vertical field of view: 70°.
    public static let defaultVerticalFieldOfView: Float = 70 * .pi / 180

    /// A pose at `position` looking along the direction given by `yaw` and `pitch`.
    public init(
        position: SIMD3<Float> = .zero, yaw: Float = 0, pitch: Float = 0,
        verticalFieldOfView: Float = CameraPose.defaultVerticalFieldOfView
    ) {
        self.position = position
        self.yaw = yaw
        self.pitch = pitch
        self.verticalFieldOfView = verticalFieldOfView
    }

    /// True when position, angles and field of view are all finite.
    public var isFinite: Bool {
        position.isFinite && yaw.isFinite && pitch.isFinite && verticalFieldOfView.isFinite
    }

    /// Unit view direction in world space.
    public var forward: SIMD3<Float> {
        let cp = cosf(pitch)
        return SIMD3(sinf(yaw) * cp, sinf(pitch), -cosf(yaw) * cp)
    }

    /// Unit right vector in world space (always horizontal).
    public var right: SIMD3<Float> {
        SIMD3(cosf(yaw), 0, sinf(yaw))
    }

    /// Unit up vector in world space, perpendicular to `forward` and `right`.
    public var up: SIMD3<Float> {
        cross(right, forward)
    }

    /// World → view transform (view space: x right, y up, looking down −z).
    public var viewMatrix: Mat4 {
        let r = right, u = up, b = -forward
        let p = position
        return Mat4(
            rows:
                SIMD4(r.x, r.y, r.z, -dot(r, p)),
            SIMD4(u.x, u.y, u.z, -dot(u, p)),
            SIMD4(b.x, b.y, b.z, -dot(b, p)),
            SIMD4(0, 0, 0, 1))
    }

    /// View → clip transform, OpenGL-style with an infinite far plane: `w_clip = −z_view` and
    /// the near plane maps to `z_clip = −w_clip`. The renderer uses only x, y and w from it
    /// (it clips against `w ≥ near` and stores 1/w as depth).
    public func projectionMatrix(aspect: Float, near: Float) -> Mat4 {
        let f = 1 / tanf(verticalFieldOfView * 0.5)
        let a = aspect > 0 && aspect.isFinite ? aspect : 1
        return Mat4(
            rows:
                SIMD4(f / a, 0, 0, 0),
            SIMD4(0, f, 0, 0),
            SIMD4(0, 0, -1, -2 * near),
            SIMD4(0, 0, -1, 0))
    }
}
