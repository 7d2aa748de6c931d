/// A text-input session as the window's keys see it: whether one is open, and the locale's
/// compose table that turns dead keys and Compose sequences into text during it, as on X11
/// without an input method.
struct WaylandTextSession {
    /// What a press or release meant to the compose table.
    enum Composition: Equatable {
        /// Not the table's: a key event.
        case key
        /// The table took it (a sequence goes on or was cancelled, or its press was taken):
        /// no key event.
        case taken
        /// It ended a sequence, which types `text`: no key event.
        case composed(String)
    }

    /// Whether a text-input session is open: key presses that type characters come as text too.
    private(set) var isActive = false
    /// Dead keys and Compose sequences during a session, from the locale's compose table;
    /// loaded when the first session opens (nil: none found, or none opened yet).
    private(set) var compose: XKBCompose?
    private var composeLoaded = false
    /// Presses a compose sequence took: they and their releases are not reported as keys.
    private var keysTaken = Set<Int>()

    /// Opens a session, loading the compose table the first time.
    mutating func start() {
        if !composeLoaded {
            composeLoaded = true
            compose = XKBCompose()
        }
        isActive = true
    }

    /// Closes the session; a sequence under way ends.
    mutating func stop() {
        isActive = false
        compose?.reset()
    }

    /// The keyboard focus went: a sequence under way ends, and the releases of the presses it
    /// took are not the window's.
    mutating func focusLost() {
        compose?.reset()
        keysTaken.removeAll()
    }

    /// Feeds a press of `keyCode` (`keysym`: what it means in the layout) to the compose table
    /// during a session; the release of a press it took is taken too.
    mutating func composition(of keyCode: Int, pressed: Bool, keysym: () -> UInt32) -> Composition {
        guard pressed else { return keysTaken.remove(keyCode) != nil ? .taken : .key }
        guard isActive, let compose else { return .key }
        switch compose.feed(keysym()) {
        case .passThrough:
            return .key
        case .composing, .cancelled:
            keysTaken.insert(keyCode)
            return .taken
        case .composed(let text):
            keysTaken.insert(keyCode)
            return .composed(text)
        }
    }
}
