/// How deep a window is in calls that run the game's code (``GameWindow/pollEvents(_:)`` and
/// the handlers and observers it calls, which may call it again), and the one rule for a
/// ``GameWindow/close()`` made inside them: the window stops at once (nothing more is
/// dispatched), and the connection goes when the outermost call returns, so no code still on
/// the stack uses a freed connection. Each backend enters and leaves it around its dispatch.
struct DispatchNesting: Hashable, Sendable {
    private(set) var depth = 0
    /// Whether ``GameWindow/close()`` was called inside a dispatch, or the window learned it
    /// must close there (its host destroyed it).
    private(set) var isCloseRequested = false

    /// What the window does when a dispatch returns.
    enum Exit: Hashable, Sendable {
        /// A dispatch further out goes on.
        case nested
        /// The outermost returned and the window lives: it arms its wake for what is due.
        case idle
        /// The outermost returned after a close: the connection goes now.
        case close
    }

    /// Whether the dispatch under way is the outermost one.
    var isOutermost: Bool { depth == 1 }

    mutating func enter() { depth += 1 }

    mutating func leave() -> Exit {
        depth -= 1
        guard depth == 0 else { return .nested }
        return isCloseRequested ? .close : .idle
    }

    /// The window is to close; whether the connection may go now (false inside a dispatch:
    /// it goes when the outermost returns).
    mutating func requestClose() -> Bool {
        isCloseRequested = true
        return depth == 0
    }
}
