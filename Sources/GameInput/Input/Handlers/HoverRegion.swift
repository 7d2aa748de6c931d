/// Follows the visible pointer over a rectangle, like `UIHoverGestureRecognizer`: `began` when
/// it comes over the rectangle, `changed` as it moves there, `ended` when it leaves it or the
/// window. It never consumes pointer events, so several regions can follow one pointer.
open class HoverRegion: InputHandler {
    /// The rectangle the region follows the pointer over, in window pixels; it may move or
    /// change size between events.
    public var frame: WindowRect
    /// Whether the pointer is over the region now.
    public private(set) var isHovered = false
    /// The last pointer event over the region (location, modifiers, buttons).
    public private(set) var lastEvent: PointerEvent?
    private let action: (InteractionPhase, PointerEvent) -> Void

    /// A region over `frame` that calls `action` with the hover's phase and the pointer event
    /// that caused it.
    public init(frame: WindowRect, action: @escaping (InteractionPhase, PointerEvent) -> Void) {
        self.frame = frame
        self.action = action
    }

    /// Follows a pointer event (other events are ignored) and calls the action when the hover
    /// begins, changes or ends. Returns false: the region never consumes an event.
    open override func handle(_ event: InputEvent) -> Bool {
        guard case .pointer(let pointer) = event else { return false }
        let inside = pointer.phase != .exited && frame.contains(pointer.location)
        switch (isHovered, inside) {
        case (false, true):
            isHovered = true
            lastEvent = pointer
            action(.began, pointer)
        case (true, true):
            lastEvent = pointer
            action(.changed, pointer)
        case (true, false):
            isHovered = false
            lastEvent = nil
            action(.ended, pointer)
        case (false, false):
            break
        }
        return false
    }

    /// Ends a hover the region can no longer track (for example the pointer was locked).
    public func cancel() {
        guard isHovered, let last = lastEvent else { return }
        isHovered = false
        lastEvent = nil
        action(.cancelled, last)
    }
}
