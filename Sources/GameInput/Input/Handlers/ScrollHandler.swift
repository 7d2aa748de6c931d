/// Reacts to scrolling of the allowed types, like a pan recognizer's `allowedScrollTypesMask`:
/// a handler for `.discrete` never sees a touchpad's continuous scroll, and the reverse.
open class ScrollHandler: InputHandler {
    /// The scroll types this handler accepts, like UIKit's
    /// `UIPanGestureRecognizer.allowedScrollTypesMask`.
    public var allowedScrollTypes: ScrollTypeMask
    private let action: (ScrollEvent) -> Void

    /// A handler that calls `action` for every scroll of an allowed type, by default both.
    public init(allowedScrollTypes: ScrollTypeMask = .all, action: @escaping (ScrollEvent) -> Void) {
        self.allowedScrollTypes = allowedScrollTypes
        self.action = action
    }

    /// Runs the action for a scroll that ``allowedScrollTypes`` admits, and consumes it;
    /// returns false for every other event.
    open override func handle(_ event: InputEvent) -> Bool {
        guard case .scroll(let scroll) = event, allowedScrollTypes.admits(scroll.type) else { return false }
        action(scroll)
        return true
    }
}

/// Reacts to touchpad pinch and rotation (``TransformEvent``).
open class TransformHandler: InputHandler {
    private let action: (TransformEvent) -> Void

    /// A handler that calls `action` for every pinch and rotation event.
    public init(action: @escaping (TransformEvent) -> Void) {
        self.action = action
    }

    /// Runs the action for an ``InputEvent/transform(_:)`` event and consumes it; returns false
    /// for every other event.
    open override func handle(_ event: InputEvent) -> Bool {
        guard case .transform(let transform) = event else { return false }
        action(transform)
        return true
    }
}
