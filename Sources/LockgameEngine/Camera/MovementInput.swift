/// Which movement keys are held this frame (as a game's input state says: auto-repeat changes
/// nothing).
public struct MovementInput: Equatable, Sendable {
    /// Move along the view heading.
    public var forward: Bool
    /// Move against the view heading.
    public var back: Bool
    /// Strafe left.
    public var left: Bool
    /// Strafe right.
    public var right: Bool
    /// Run: speed × `FirstPersonController.runMultiplier`.
    public var run: Bool

    /// Input with the given keys held (all released by default).
    public init(
        forward: Bool = false, back: Bool = false, left: Bool = false,
        right: Bool = false, run: Bool = false
    ) {
        self.forward = forward
        self.back = back
        self.left = left
        self.right = right
        self.run = run
    }
}
