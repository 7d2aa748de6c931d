/// Why the system refused the grab: on X11 the Xlib status of an `XGrabPointer` request, as a
/// Swift value; on Wayland ``compositorWithheld``.
///
/// A refusal is a fact, not an error: the lock controller reports it in
/// ``PointerLockState/reason`` and retries from the event loop without blocking.
public struct GrabRefusal: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The Xlib status code returned by `XGrabPointer`.
    public let rawValue: Int32

    /// The refusal with Xlib status `rawValue`, as `XGrabPointer` returned it.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Another client holds a grab on the pointer. The corresponding Xlib value is `AlreadyGrabbed`.
    public static let alreadyGrabbed = GrabRefusal(rawValue: 1)
    /// The request's time is earlier than the last grab time. The Xlib value is `GrabInvalidTime`.
    public static let invalidTime = GrabRefusal(rawValue: 2)
    /// The window (or the confining window) is not viewable. The Xlib value is `GrabNotViewable`.
    public static let notViewable = GrabRefusal(rawValue: 3)
    /// The pointer is frozen by another client's synchronous grab. The Xlib value is `GrabFrozen`.
    public static let frozen = GrabRefusal(rawValue: 4)
    /// The request failed with a protocol error (`BadWindow`: the confining window vanished
    /// between choosing it and the grab). libX11 reports such a grab as `GrabSuccess`;
    /// GameInput traps the error and reports this instead. Not an Xlib status.
    public static let requestFailed = GrabRefusal(rawValue: -1)
    /// The Wayland compositor has the game's request for the lock (or the confinement) and has
    /// not granted it, or took it away (its `unlocked` or `unconfined` event) while the window
    /// still has the focus. The request stands: the compositor grants it when it chooses, and
    /// the state says so then. Not an Xlib status.
    public static let compositorWithheld = GrabRefusal(rawValue: -2)

    /// What the refusal means in a few words ("already grabbed by another client", "window not
    /// viewable"); "grab status" and the number for any other status.
    public var description: String {
        switch self {
        case .alreadyGrabbed: "already grabbed by another client"
        case .invalidTime: "invalid grab time"
        case .notViewable: "window not viewable"
        case .frozen: "pointer frozen by another client"
        case .requestFailed: "grab request failed"
        case .compositorWithheld: "the compositor has not granted it"
        default: "grab status \(rawValue)"
        }
    }
}
