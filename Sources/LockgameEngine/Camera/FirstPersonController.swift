import Glibc

/// First-person mouse look and walking with collision, as pure logic (no OS, no clock).
///
/// Look: `applyLook(dx:dy:)` turns raw mouse counts into yaw and pitch at
/// `sensitivity` degrees per count. Moving the mouse right (dx > 0) turns right; moving it
/// down (dy > 0) looks down unless `invertY`. Pitch is clamped to ±89°, yaw wraps to (−π, π].
/// Deltas that are non-finite or larger than `maximumDelta` are rejected whole and counted in
/// `rejectedDeltaCount`.
///
/// Walking: `step(dt:input:)` moves horizontally along the heading (pitch is ignored) at
/// `walkSpeed` (× `runMultiplier` when running), diagonal moves normalised. The player is a
/// square of half-size `radius` on the XZ plane; it slides along colliders and never passes
/// through one (movement is split into sub-steps shorter than the radius and resolved one
/// axis at a time). The eye height (`position.y`) never changes.
///
/// Angles and position are kept in `Double`; `pose` is the `Float` view of them for rendering.
public struct FirstPersonController: Sendable {
    /// Mouse counts larger than this (in absolute value) are treated as garbage.
    public static let maximumDelta: Double = 1e6
    /// Pitch limit: ±89° in radians.
    public static let pitchLimit: Double = 89 * .pi / 180

    /// Degrees of turn per mouse count.
    public var sensitivity: Double = 0.1
    /// When true, moving the mouse down looks up.
    public var invertY = false
    /// Walking speed in metres per second.
    public var walkSpeed: Double = 3
    /// Speed factor while running.
    public var runMultiplier: Double = 2
    /// Half-size of the player's square footprint in metres.
    public var radius: Double = 0.3
    /// Walls the player cannot enter.
    public var colliders: [Collider]

    /// Heading in radians, in (−π, π]; positive is to the right of −Z.
    public private(set) var yaw: Double
    /// Elevation in radians, in [−89°, 89°]; positive looks up.
    public private(set) var pitch: Double
    /// Eye position in metres.
    public private(set) var position: SIMD3<Double>
    /// Vertical field of view passed through to `pose`.
    public var verticalFieldOfView: Float

    /// How many look deltas were rejected as non-finite or absurd.
    public private(set) var rejectedDeltaCount = 0

    /// A controller starting at `pose`, colliding with `colliders`.
    public init(pose: CameraPose, colliders: [Collider] = []) {
        self.colliders = colliders
        position =
            pose.position.isFinite
            ? SIMD3(Double(pose.position.x), Double(pose.position.y), Double(pose.position.z)) : .zero
        yaw = pose.yaw.isFinite ? FirstPersonController.wrapYaw(Double(pose.yaw)) : 0
        pitch =
            pose.pitch.isFinite
            ? min(max(Double(pose.pitch), -FirstPersonController.pitchLimit), FirstPersonController.pitchLimit) : 0
        verticalFieldOfView =
            pose.verticalFieldOfView.isFinite
            ? pose.verticalFieldOfView : CameraPose.defaultVerticalFieldOfView
    }

    /// A controller at the scene's spawn point, colliding with the scene's colliders.
    public init(scene: Scene) {
        self.init(pose: scene.spawn, colliders: scene.colliders)
    }

    /// The current camera pose.
    public var pose: CameraPose {
        CameraPose(
            position: SIMD3(Float(position.x), Float(position.y), Float(position.z)),
            yaw: Float(yaw), pitch: Float(pitch), verticalFieldOfView: verticalFieldOfView)
    }

    /// Applies one relative mouse motion in counts. Returns false (and counts it) when the
    /// delta was rejected.
    @discardableResult
    public mutating func applyLook(dx: Double, dy: Double) -> Bool {
        guard dx.isFinite, dy.isFinite,
            abs(dx) <= FirstPersonController.maximumDelta,
            abs(dy) <= FirstPersonController.maximumDelta,
            sensitivity.isFinite
        else {
            rejectedDeltaCount += 1
            return false
        }
        let radiansPerCount = sensitivity * .pi / 180
        yaw = FirstPersonController.wrapYaw(yaw + dx * radiansPerCount)
        let pitchDelta = dy * radiansPerCount
        pitch += invertY ? pitchDelta : -pitchDelta
        pitch = min(max(pitch, -FirstPersonController.pitchLimit), FirstPersonController.pitchLimit)
        return true
    }

    /// Places the player (e.g. respawn); colliders are not consulted.
    public mutating func teleport(to pose: CameraPose) {
        let placed = FirstPersonController(pose: pose)
        position = placed.position
        yaw = placed.yaw
        pitch = placed.pitch
        verticalFieldOfView = placed.verticalFieldOfView
    }

    /// Advances movement by `dt` seconds with the held keys in `input`. Non-finite or
    /// negative `dt` does nothing; `dt` above 0.25 s is clamped (a hitch must not teleport).
    public mutating func step(dt: Double, input: MovementInput) {
        guard dt.isFinite, dt > 0 else { return }
        let dt = min(dt, 0.25)
        var forwardAmount = 0.0, rightAmount = 0.0
        if input.forward { forwardAmount += 1 }
        if input.back { forwardAmount -= 1 }
        if input.right { rightAmount += 1 }
        if input.left { rightAmount -= 1 }
        guard forwardAmount != 0 || rightAmount != 0 else { return }
        // Heading vectors on the floor: forward = (sin yaw, −cos yaw), right = (cos yaw, sin yaw).
        let fx = sin(yaw), fz = -cos(yaw)
        var mx = fx * forwardAmount + cos(yaw) * rightAmount
        var mz = fz * forwardAmount + sin(yaw) * rightAmount
        let len = (mx * mx + mz * mz).squareRoot()
        guard len > 0 else { return }
        let speed = walkSpeed * (input.run ? runMultiplier : 1)
        guard speed.isFinite, speed > 0 else { return }
        mx = mx / len * speed * dt
        mz = mz / len * speed * dt
        move(dx: mx, dz: mz)
    }

    /// Moves by (dx, dz) metres with collision, in sub-steps shorter than the radius.
    private mutating func move(dx: Double, dz: Double) {
        let distance = (dx * dx + dz * dz).squareRoot()
        let maxStep = max(min(radius * 0.5, 0.1), 0.01)
        let steps = min(Int((distance / maxStep).rounded(.up)), 10_000)
        guard steps > 0 else { return }
        let sx = dx / Double(steps), sz = dz / Double(steps)
        for _ in 0..<steps {
            position.x = resolve(axisX: true, from: position.x, to: position.x + sx)
            position.z = resolve(axisX: false, from: position.z, to: position.z + sz)
        }
    }

    /// The coordinate reached when moving along one axis from `from` to `to`: stops at the
    /// first collider face in the way. A collider the player already overlaps does not block
    /// (so a bad spawn can walk out).
    private func resolve(axisX: Bool, from: Double, to: Double) -> Double {
        guard to != from else { return to }
        let r = radius
        var result = to
        let other = axisX ? position.z : position.x
        for box in colliders {
            let lo = Double(axisX ? box.minX : box.minZ) - r
            let hi = Double(axisX ? box.maxX : box.maxZ) + r
            let otherLo = Double(axisX ? box.minZ : box.minX) - r
            let otherHi = Double(axisX ? box.maxZ : box.maxX) + r
            guard other > otherLo, other < otherHi else { continue }
            let wasInside = from > lo && from < hi
            if wasInside { continue }
            if to > from, from <= lo, result > lo {
                result = lo
            } else if to < from, from >= hi, result < hi {
                result = hi
            }
        }
        return result
    }

    /// Yaw wrapped into (−π, π].
    static func wrapYaw(_ angle: Double) -> Double {
        var a = angle.remainder(dividingBy: 2 * .pi)
        if a <= -.pi { a += 2 * .pi }
        return a
    }
}
