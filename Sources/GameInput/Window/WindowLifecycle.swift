/// A window's life as one state, the same on every backend, and the one rule for a
/// ``GameWindow/close()`` made inside the game's code: the window stops at once (nothing more
/// is dispatched, the lock ends), and its connection goes when the outermost dispatch returns,
/// so no code still on the stack uses a freed connection.
///
/// A dispatch is a call that runs the game's code (``GameWindow/pollEvents(_:)`` and the
/// handlers and observers it calls, which may call it again); each backend enters and leaves
/// it around its own. A lost connection shuts the window down as well, but keeps the
/// connection (whatever else holds it stays valid) until ``GameWindow/close()``.
struct WindowLifecycle: Hashable, Sendable {
    /// Where the window is in its life; each stage only ever follows the one before.
    enum Stage: Hashable, Sendable {
        /// Events flow and the lock is decided.
        case open
        /// Shut down as far as the game sees (no events, no lock): the connection stays until
        /// ``GameWindow/close()``, as after a lost connection.
        case shutDown
        /// Closed inside a dispatch: the connection goes when the outermost returns.
        case closing
        /// The connection is let go.
        case released
    }

    private(set) var stage = Stage.open
    /// How many dispatches are under way, one inside the other.
    private(set) var depth = 0

    /// What the window does when a dispatch returns.
    enum Exit: Hashable, Sendable {
        /// A dispatch further out goes on.
        case nested
        /// The outermost returned and the connection stays: the window arms its wake for what
        /// is due (nothing, once shut down).
        case idle
        /// The outermost returned after a close: the connection goes now.
        case release
    }

    /// Whether the game can no longer get events or a lock from the window.
    var isClosed: Bool { stage != .open }
    /// Whether the connection has been let go.
    var isReleased: Bool { stage == .released }
    /// Whether the dispatch under way is the outermost one.
    var isOutermost: Bool { depth == 1 }

    mutating func enter() { depth += 1 }

    mutating func leave() -> Exit {
        depth -= 1
        guard depth == 0 else { return .nested }
        guard stage == .closing else { return .idle }
        stage = .released
        return .release
    }

    /// Ends the window's life as far as the game sees; whether it was open (the caller then
    /// ends the lock and what watches it, once).
    mutating func shutDown() -> Bool {
        guard stage == .open else { return false }
        stage = .shutDown
        return true
    }

    /// The window is to close (after ``shutDown()``); whether the connection goes now: not
    /// inside a dispatch, where it goes when the outermost returns, nor a second time.
    mutating func close() -> Bool {
        guard stage != .released, stage != .closing else { return false }
        guard depth == 0 else {
            stage = .closing
            return false
        }
        stage = .released
        return true
    }
}
