import Foundation
import LockgameEngine

/// Rays into the room: which object a click lands on, and where the crosshair points, using
/// each object's world-space bounding box.
struct ScenePicking {
    /// An axis-aligned box in world space.
    struct Box: Equatable {
        var minimum: SIMD3<Float>
        var maximum: SIMD3<Float>

        /// The distance along the ray to the box's surface, or nil when the ray misses it.
        func intersection(origin: SIMD3<Float>, direction: SIMD3<Float>) -> Float? {
            var near: Float = 0, far = Float.greatestFiniteMagnitude
            for axis in 0..<3 {
                let d = direction[axis], o = origin[axis]
                if abs(d) < 1e-9 {
                    if o < minimum[axis] || o > maximum[axis] { return nil }
                    continue
                }
                var t0 = (minimum[axis] - o) / d, t1 = (maximum[axis] - o) / d
                if t0 > t1 { swap(&t0, &t1) }
                near = max(near, t0)
                far = min(far, t1)
                if near > far { return nil }
            }
            return near
        }
    }

    /// A hit: which object (its index in the scene) and where.
    struct Hit: Equatable {
        var objectIndex: Int
        var distance: Float
        var point: SIMD3<Float>
    }

    let boxes: [Box]
    /// Which objects can be selected (the solid ones: pillars, crates, the arch).
    let selectable: [Bool]

    init(scene: Scene) {
        boxes = scene.objects.map { object in
            var minimum = SIMD3<Float>(repeating: .greatestFiniteMagnitude)
            var maximum = SIMD3<Float>(repeating: -.greatestFiniteMagnitude)
            for vertex in object.mesh.vertices {
                let point = object.transform.transformPoint(vertex.position)
                minimum = pointwiseMin(minimum, point)
                maximum = pointwiseMax(maximum, point)
            }
            return Box(minimum: minimum, maximum: maximum)
        }
        selectable = scene.objects.map(\.isSolid)
    }

    /// The nearest object the ray meets.
    func firstHit(origin: SIMD3<Float>, direction: SIMD3<Float>) -> Hit? {
        var best: Hit?
        for (index, box) in boxes.enumerated() {
            guard let distance = box.intersection(origin: origin, direction: direction),
                distance < (best?.distance ?? .greatestFiniteMagnitude)
            else { continue }
            best = Hit(objectIndex: index, distance: distance, point: origin + direction * distance)
        }
        return best
    }

    /// The ray from the camera through window pixel (x, y) of a `width` x `height` view.
    static func ray(through x: Double, _ y: Double, width: Int, height: Int, camera: CameraPose)
        -> (origin: SIMD3<Float>, direction: SIMD3<Float>)
    {
        let aspect = Float(width) / Float(max(1, height))
        let tangent = tan(camera.verticalFieldOfView / 2)
        let ndcX = Float(2 * (x + 0.5) / Double(max(1, width)) - 1)
        let ndcY = Float(1 - 2 * (y + 0.5) / Double(max(1, height)))
        let direction = camera.forward + camera.right * (ndcX * tangent * aspect) + camera.up * (ndcY * tangent)
        return (camera.position, normalize(direction))
    }

    private static func normalize(_ v: SIMD3<Float>) -> SIMD3<Float> {
        let length = (v * v).sum().squareRoot()
        return length > 0 ? v / length : SIMD3(0, 0, -1)
    }
}
