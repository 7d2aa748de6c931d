/// An axis-aligned box on the XZ (floor) plane that the player cannot walk into.
///
/// Height is ignored: colliders are infinitely tall walls for the first-person controller.
public struct Collider: Equatable, Sendable {
    /// Smallest x (metres).
    public var minX: Float
    /// Smallest z (metres).
    public var minZ: Float
    /// Largest x (metres).
    public var maxX: Float
    /// Largest z (metres).
    public var maxZ: Float

    /// A box spanning the two corners (given in any order).
    public init(minX: Float, minZ: Float, maxX: Float, maxZ: Float) {
        self.minX = min(minX, maxX)
        self.minZ = min(minZ, maxZ)
        self.maxX = max(minX, maxX)
        self.maxZ = max(minZ, maxZ)
    }
}
