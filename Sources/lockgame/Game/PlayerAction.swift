import GameInput

/// One thing the player did, whether it came from X (live) or from a script (headless).
/// The game sees only these, never the platform.
enum PlayerAction: Equatable {
    /// Relative pointer motion while the pointer is locked, in device counts.
    case look(unaccelerated: PointerDelta, accelerated: PointerDelta, receivedAt: ContinuousClock.Instant?)
    /// A key went down or up.
    case key(KeySymbol, PressPhase, isRepeat: Bool)
    /// A pointer button went down or up at window coordinates.
    case button(Int, PressPhase, x: Double, y: Double)
    /// The visible pointer moved to window coordinates (used for drag-to-look).
    case pointerMoved(x: Double, y: Double)
    /// The window manager asked the window to close.
    case closeRequested
}
