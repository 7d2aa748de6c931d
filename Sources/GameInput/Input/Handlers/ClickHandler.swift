/// Reacts to a button press, like a `UITapGestureRecognizer` with `buttonMaskRequired`.
open class ClickHandler: InputHandler {
    /// The exact buttons that must be involved, or nil for any (then filter in
    /// ``InputHandler/shouldReceive(_:)``). Default: the primary button.
    public var buttonMaskRequired: ButtonMask?
    /// Where the press must land, in window pixels; nil for anywhere.
    public var frame: WindowRect?
    private let action: (ButtonEvent) -> Void

    /// A handler that calls `action` for each press of exactly the buttons `buttonMaskRequired`
    /// (any buttons when nil) inside `frame` (anywhere when nil).
    public init(
        buttonMaskRequired: ButtonMask? = .primary, frame: WindowRect? = nil,
        action: @escaping (ButtonEvent) -> Void
    ) {
        self.buttonMaskRequired = buttonMaskRequired
        self.frame = frame
        self.action = action
    }

    /// Runs the action for a press (``PressPhase/down``) whose button mask equals
    /// ``buttonMaskRequired`` and that lands in ``frame``, and consumes it; returns false for
    /// every other event, releases included.
    open override func handle(_ event: InputEvent) -> Bool {
        guard case .button(let click) = event, click.phase == .down else { return false }
        if let buttonMaskRequired, click.buttonMask != buttonMaskRequired { return false }
        if let frame, !frame.contains(click.location) { return false }
        action(click)
        return true
    }
}

/// A rectangle in window pixels.
public struct WindowRect: Hashable, Sendable {
    /// The rectangle's top-left corner (`x` pixels right of the window's left edge, `y`
    /// below its top edge) and its size (`width`, `height`), in window pixels.
    public var x: Double, y: Double, width: Double, height: Double

    /// The rectangle with its top-left corner at (`x`, `y`), `width` pixels wide and `height`
    /// pixels high.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether `point` lies in the rectangle: its left and top edges are inside, its right and
    /// bottom edges outside.
    public func contains(_ point: WindowPoint) -> Bool {
        point.x >= x && point.x < x + width && point.y >= y && point.y < y + height
    }
}
