/// A point on the screen in whole pixels, from the screen's top-left corner (X's root window
/// coordinates).
public struct ScreenPoint: Hashable, Sendable, CustomStringConvertible {
    /// Pixels right of the screen's left edge.
    public var x: Int
    /// Pixels below the screen's top edge.
    public var y: Int

    /// The point `x` pixels right of and `y` pixels below the screen's top-left corner.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The point as "(x, y)".
    public var description: String { "(\(x), \(y))" }
}
