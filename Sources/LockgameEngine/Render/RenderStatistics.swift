/// Counters from the last `Renderer.render` call, for tests and a debug overlay.
public struct RenderStatistics: Equatable, Sendable {
    /// Scene triangles looked at.
    public var trianglesSubmitted = 0
    /// Triangles skipped because they face away from the camera.
    public var trianglesBackFacing = 0
    /// Triangles skipped because they lie entirely outside the view frustum.
    public var trianglesOutside = 0
    /// Triangles that had to be clipped (near plane or guard band).
    public var trianglesClipped = 0
    /// Screen triangles handed to the rasterizer (after clipping).
    public var trianglesRasterized = 0
    /// Screen triangles dropped because they have zero area, cover no pixel row, or have
    /// unusable (non-finite, absurd) coordinates.
    public var trianglesDegenerate = 0

    /// All counters zero.
    public init() {}
}
