/// Why the system refused or withheld the lock (or the confinement): the same cases on every
/// backend, each saying which system gives it.
///
/// A refusal is a fact, not an error: the lock controller reports it in
/// ``PointerLockState/reason`` and retries from the event loop without blocking.
public enum GrabRefusal: Hashable, Sendable, CustomStringConvertible {
    /// Another client holds a grab on the pointer (X11: `XGrabPointer` answered `AlreadyGrabbed`).
    case alreadyGrabbed
    /// The request's time is earlier than the server's last grab time (X11: `GrabInvalidTime`).
    case invalidTime
    /// The window (or the confining region) is not viewable (X11: `GrabNotViewable`).
    case notViewable
    /// Another client's synchronous grab froze the pointer (X11: `GrabFrozen`).
    case frozen
    /// The request failed: on X11 a protocol error (`BadWindow`: the confining window vanished
    /// between choosing it and the grab), which libX11 reports as `GrabSuccess` and GameInput
    /// traps, or a status X does not define.
    case requestFailed
    /// The Wayland compositor has the game's request for the lock (or the confinement) and has
    /// not granted it, or took it away (its `unlocked` or `unconfined` event) while the window
    /// still has the focus. The request stands: the compositor grants it when it chooses, and
    /// the state says so then.
    case compositorWithheld

    /// What the refusal means in a few words ("already grabbed by another client", "window not
    /// viewable").
    public var description: String {
        switch self {
        case .alreadyGrabbed: "already grabbed by another client"
        case .invalidTime: "invalid grab time"
        case .notViewable: "window not viewable"
        case .frozen: "pointer frozen by another client"
        case .requestFailed: "grab request failed"
        case .compositorWithheld: "the compositor has not granted it"
        }
    }
}
