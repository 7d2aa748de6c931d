/// What the window's system lets a game do, known before it tries (``GameWindow/capabilities``):
/// where SDL answers `SDL_Unsupported()` and winit `NotSupportedError` only when called.
///
/// A call that needs a capability the window lacks says so: ``GameWindow/requestPosition(x:y:)``,
/// ``GameWindow/setIcon(_:)`` and ``GameWindow/warpPointer(to:)`` throw
/// ``WindowStateError/unsupported(_:reason:)``, and what is read is nil or empty.
public struct WindowCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The capabilities' bits, numbered in GameInput's own order (``position`` is bit 0).
    public let rawValue: Int
    /// The capabilities with the bits of `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The game can place its window (``GameWindow/requestPosition(x:y:)``) and read where it
    /// is (``GameWindow/positionOnScreen()``). X11: yes; Wayland lets no client place or find
    /// its window.
    public static let position = WindowCapabilities(rawValue: 1 << 0)
    /// The game can give its window an icon (``GameWindow/setIcon(_:)``). X11: `_NET_WM_ICON`;
    /// a Wayland desktop takes icons from the program's desktop file.
    public static let icon = WindowCapabilities(rawValue: 1 << 1)
    /// The game can move the pointer (``GameWindow/warpPointer(to:)``). X11: `XWarpPointer`;
    /// Wayland lets a client only hint where the cursor should be when a lock ends.
    public static let warp = WindowCapabilities(rawValue: 1 << 2)
    /// Pinch, rotate and swipe gestures can arrive (``GameWindow/supportsTransformGestures``).
    public static let transformGestures = WindowCapabilities(rawValue: 1 << 3)
    /// The desktop's scale can be fractional, such as 1.5 (``GameWindow/scale``). X11: from
    /// `Xft.dpi`; Wayland: where the compositor offers `wp_fractional_scale_v1` (KWin 5.27,
    /// not sway 1.7 or mutter 43, which scale by whole numbers).
    public static let fractionalScale = WindowCapabilities(rawValue: 1 << 4)
    /// ``GameWindow/activate()`` asks for the keyboard focus itself. X11: `_NET_ACTIVE_WINDOW`,
    /// which the window manager may refuse; on Wayland the window can only present an
    /// activation token, and the compositor decides (sway marks it urgent).
    public static let activationTakesFocus = WindowCapabilities(rawValue: 1 << 5)

    /// The capabilities by name, joined with "+" (as in "position+icon"); "none" when empty.
    public var description: String {
        let names: [(WindowCapabilities, String)] = [
            (.position, "position"), (.icon, "icon"), (.warp, "warp"), (.transformGestures, "transform gestures"),
            (.fractionalScale, "fractional scale"), (.activationTakesFocus, "activation takes the focus"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: "+")
    }
}
