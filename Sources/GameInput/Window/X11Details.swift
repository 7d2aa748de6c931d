/// What only an X11 window has, read through ``GameWindow/x11`` (nil on native Wayland).
public struct X11Details: Hashable, Sendable {
    /// The XInput version the X server agreed to, or nil when XInput 2.2+ is missing (then
    /// ``PointerLockController/pointerLockState`` is nil and no relative motion arrives).
    public var xinputVersion: XInputVersion?
    /// Whether the X server is Xwayland, inside a Wayland session. There the compositor owns
    /// the pointer: the grab becomes its pointer lock (`zwp_locked_pointer_v1`), raw motion
    /// comes from Xwayland's relative-pointer device, and the lock engages only while the
    /// pointer is over the window (``UnlockedReason/pointerOutsideWindow``).
    public var isXwayland: Bool

    /// A version of XInput, such as 2.4.
    public struct XInputVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The major version: 2.
        public var major: Int
        /// The minor version: 2 to 4 where GameInput reads XInput 2.
        public var minor: Int

        /// The version `major`.`minor`.
        public init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        /// Orders versions by major, then minor number.
        public static func < (lhs: XInputVersion, rhs: XInputVersion) -> Bool { (lhs.major, lhs.minor) < (rhs.major, rhs.minor) }

        /// "2.4".
        public var description: String { "\(major).\(minor)" }
    }
}
