/// The moment an event was read, on the one clock of every backend (``EventTime``).
extension InputEvent {
    /// When GameInput read the event off the connection, for the kinds that say so (keys,
    /// buttons, the pointer, motion, scrolling, gestures); nil for the others.
    public var time: EventTime? {
        switch self {
        case .relativeMotion(let event): event.time
        case .key(let event): event.time
        case .button(let event): event.time
        case .pointer(let event): event.time
        case .scroll(let event): event.time
        case .transform(let event): event.time
        case .swipe(let event): event.time
        default: nil
        }
    }

    /// The event with `time` as the moment it was read, where its kind carries one: the window
    /// stamps every event so, whichever backend made it.
    func stamped(_ time: EventTime) -> InputEvent {
        switch self {
        case .relativeMotion(var event):
            event.time = time
            return .relativeMotion(event)
        case .key(var event):
            event.time = time
            return .key(event)
        case .button(var event):
            event.time = time
            return .button(event)
        case .pointer(var event):
            event.time = time
            return .pointer(event)
        case .scroll(var event):
            event.time = time
            return .scroll(event)
        case .transform(var event):
            event.time = time
            return .transform(event)
        case .swipe(var event):
            event.time = time
            return .swipe(event)
        default:
            return self
        }
    }
}
