/// The look of a frame: sky gradient, fog, the directional light and the near plane.
///
/// Colours are 0xAARRGGBB (alpha ignored). Distances in metres along the view axis.
public struct RenderSettings: Equatable, Sendable {
    /// Sky colour straight up.
    public var skyZenithColor: UInt32 = 0xFF2F_62A8
    /// Sky colour at the horizon (also the default fog colour, so fog melts into the sky).
    public var skyHorizonColor: UInt32 = 0xFFC4_D9EC
    /// Colour below the horizon where no geometry is drawn.
    public var groundHazeColor: UInt32 = 0xFF6A_7480
    /// Colour that distant surfaces fade to.
    public var fogColor: UInt32 = 0xFFC4_D9EC
    /// View depth where fog starts.
    public var fogStart: Float = 7
    /// View depth where fog is total.
    public var fogEnd: Float = 45
    /// Direction the light travels (from the light towards the scene); need not be unit length.
    public var lightDirection: SIMD3<Float> = SIMD3(-0.45, -1.0, -0.6)
    /// Light on every surface regardless of orientation (0...1).
    public var ambient: Float = 0.42
    /// Strength of the Lambert term (ambient + diffuse is clamped to 1).
    public var diffuse: Float = 0.58
    /// Distance of the near clipping plane; geometry closer than this is clipped away.
    public var nearPlane: Float = 0.05

    /// The default look.
    public init() {}
}
