/// One placed mesh: geometry, its texture, and where it sits in the world.
public struct SceneObject: Sendable {
    /// Geometry in object space.
    public var mesh: Mesh
    /// Texture sampled by every triangle of the mesh.
    public var texture: Texture
    /// Object → world transform (scale, then rotate about Y, then translate, when built by
    /// `SceneLoader`).
    public var transform: Mat4
    /// When true, the object's world-space XZ bounding box becomes a `Collider`.
    public var isSolid: Bool

    /// An object drawing `mesh` with `texture`, placed by `transform`.
    public init(mesh: Mesh, texture: Texture, transform: Mat4 = .identity, isSolid: Bool = false) {
        self.mesh = mesh
        self.texture = texture
        self.transform = transform
        self.isSolid = isSolid
    }
}
