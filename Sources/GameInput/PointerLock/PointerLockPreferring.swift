/// An object that states whether it would like the pointer locked while it is on top: the
/// game's view-controller-like object, or an alert presented over it.
///
/// This is a *preference*, as with UIKit's `UIViewController.prefersPointerLocked`: the system
/// (``PointerLockController``) decides whether the lock really holds, and reports that in
/// ``PointerLockState``. After the answer changes, call
/// ``PointerLockController/setNeedsUpdateOfPrefersPointerLocked()``.
public protocol PointerLockPreferring: AnyObject {
    /// Whether this object would like the pointer locked while it is the topmost presented one.
    var prefersPointerLocked: Bool { get }
    /// Whether this object would like the pointer confined to the window, its cursor visible,
    /// while it is the topmost presented one (a strategy camera, an editor, a menu). A lock
    /// preferred at the same time wins.
    var prefersPointerConfined: Bool { get }
}

extension PointerLockPreferring {
    /// The default preference is not to lock the pointer.
    public var prefersPointerLocked: Bool { false }
    /// The default preference is not to confine the pointer.
    public var prefersPointerConfined: Bool { false }
}
