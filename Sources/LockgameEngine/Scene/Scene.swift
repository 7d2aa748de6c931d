/// Everything the renderer draws and the controller collides with: world-space triangles with
/// their textures, XZ colliders and the spawn pose.
///
/// Built once (by `SceneLoader` or by hand); objects are flattened into world-space arrays at
/// init so a frame only reads plain arrays. Triangles with non-finite or coincident corners
/// are dropped here.
public struct Scene: Sendable {
    /// The objects as given.
    public let objects: [SceneObject]
    /// Walls for the first-person controller: the explicit ones plus one per solid object.
    public let colliders: [Collider]
    /// Where the player starts.
    public let spawn: CameraPose

    /// Distinct textures, indexed by `triangleTexture`.
    let textures: [Texture]
    /// World-space corners, three per triangle.
    let positions: [SIMD3<Float>]
    /// Texture coordinates (OBJ convention), three per triangle.
    let uvs: [SIMD2<Float>]
    /// Unit geometric normal per triangle (front side, counter-clockwise).
    let normals: [SIMD3<Float>]
    /// Texture index per triangle.
    let triangleTexture: [Int32]
    /// Each object's run of triangles and world-space bounds, so the renderer can draw
    /// objects nearest-first (fewer pixels shaded and then overdrawn).
    let batches: [DrawBatch]

    /// One object's triangles (`triangles` indexes `normals`) and their axis-aligned bounds.
    struct DrawBatch: Sendable {
        var triangles: Range<Int>
        var lower: SIMD3<Float>
        var upper: SIMD3<Float>
    }

    /// Number of drawable triangles after flattening.
    public var triangleCount: Int { normals.count }

    /// A scene from objects, extra colliders and a spawn pose.
    public init(objects: [SceneObject], colliders: [Collider] = [], spawn: CameraPose = CameraPose()) {
        self.objects = objects
        self.spawn = spawn
        var textures: [Texture] = []
        var positions: [SIMD3<Float>] = []
        var uvs: [SIMD2<Float>] = []
        var normals: [SIMD3<Float>] = []
        var triangleTexture: [Int32] = []
        var allColliders = colliders
        var batches: [DrawBatch] = []
        for object in objects {
            let firstTriangle = normals.count
            var lower = SIMD3<Float>(repeating: .infinity), upper = SIMD3<Float>(repeating: -.infinity)
            let textureIndex: Int
            if let found = textures.firstIndex(where: { $0 === object.texture }) {
                textureIndex = found
            } else {
                textureIndex = textures.count
                textures.append(object.texture)
            }
            var minX = Float.infinity, minZ = Float.infinity
            var maxX = -Float.infinity, maxZ = -Float.infinity
            let v = object.mesh.vertices
            var i = 0
            while i + 2 < v.count {
                let a = object.transform.transformPoint(v[i].position)
                let b = object.transform.transformPoint(v[i + 1].position)
                let c = object.transform.transformPoint(v[i + 2].position)
                let n = cross(b - a, c - a)
                let len = length(n)
                if a.isFinite && b.isFinite && c.isFinite && len.isFinite && len > 1e-12 {
                    positions += [a, b, c]
                    uvs += [v[i].uv, v[i + 1].uv, v[i + 2].uv]
                    normals.append(n / len)
                    triangleTexture.append(Int32(textureIndex))
                    for p in [a, b, c] {
                        minX = min(minX, p.x); maxX = max(maxX, p.x)
                        minZ = min(minZ, p.z); maxZ = max(maxZ, p.z)
                        lower = pointwiseMin(lower, p); upper = pointwiseMax(upper, p)
                    }
                }
                i += 3
            }
            if normals.count > firstTriangle {
                batches.append(DrawBatch(triangles: firstTriangle..<normals.count, lower: lower, upper: upper))
            }
            if object.isSolid && minX <= maxX && minZ <= maxZ {
                allColliders.append(Collider(minX: minX, minZ: minZ, maxX: maxX, maxZ: maxZ))
            }
        }
        self.colliders = allColliders
        self.textures = textures
        self.positions = positions
        self.uvs = uvs
        self.normals = normals
        self.triangleTexture = triangleTexture
        self.batches = batches
    }
}
