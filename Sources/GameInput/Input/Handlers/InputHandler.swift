/// Something that reacts to input events of some kind, like a UIKit gesture recognizer.
///
/// Before a handler sees an event, ``shouldReceive(_:)`` is asked (UIKit's
/// `gestureRecognizer(_:shouldReceive:)`): it reads the event's own button mask and modifier
/// flags, so it can accept a secondary click *or* a control+primary click and nothing else.
/// Handlers are classes to subclass; override `shouldReceive` to filter.
open class InputHandler {
    /// A handler that receives every event and handles none; subclasses override
    /// ``handle(_:)`` and, to filter, ``shouldReceive(_:)``.
    public init() {}

    /// Whether this handler wants to see `event`. Asked before ``handle(_:)``; the default
    /// accepts everything.
    open func shouldReceive(_ event: InputEvent) -> Bool { true }

    /// Handles `event`; returns whether it consumed it, which stops routing to later handlers.
    /// Called only for events this handler's kind deals with and ``shouldReceive(_:)`` accepted.
    open func handle(_ event: InputEvent) -> Bool { false }
}

/// Hands each event to registered handlers in order until one consumes it.
public final class InputRouter {
    /// The registered handlers, in the order they are offered events.
    public private(set) var handlers: [InputHandler] = []

    /// A router with no handlers.
    public init() {}

    /// Registers `handler` after those already registered: it is offered events last.
    public func add(_ handler: InputHandler) { handlers.append(handler) }

    /// Unregisters every registration of `handler` (compared by identity); does nothing when it
    /// is not registered.
    public func remove(_ handler: InputHandler) { handlers.removeAll { $0 === handler } }

    /// Routes `event`; returns whether a handler consumed it.
    @discardableResult
    public func route(_ event: InputEvent) -> Bool {
        for handler in handlers where handler.shouldReceive(event) {
            if handler.handle(event) { return true }
        }
        return false
    }
}
