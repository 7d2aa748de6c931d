/// Reacts to scrolling of the allowed types, like a pan recognizer's `allowedScrollTypesMask`:
/// a handler for `.discrete` never sees a touchpad's continuous scroll, and the reverse.
open class ScrollHandler: InputHandler {
    public var allowedScrollTypes: ScrollTypeMask
    private let action: (ScrollEvent) -> Void

    public init(allowedScrollTypes: ScrollTypeMask = .all, action: @escaping (ScrollEvent) -> Void) {
        self.allowedScrollTypes = allowedScrollTypes
        self.action = action
    }

    open override func handle(_ event: InputEvent) -> Bool {
        guard case .scroll(let scroll) = event, allowedScrollTypes.admits(scroll.type) else { return false }
        action(scroll)
        return true
    }
}

/// Reacts to touchpad pinch and rotation (``TransformEvent``).
open class TransformHandler: InputHandler {
    private let action: (TransformEvent) -> Void

    public init(action: @escaping (TransformEvent) -> Void) {
        self.action = action
    }

    open override func handle(_ event: InputEvent) -> Bool {
        guard case .transform(let transform) = event else { return false }
        action(transform)
        return true
    }
}
