/// What kind of device an event came from, like `UITouch.TouchType`: a mouse or touchpad
/// moving a cursor (`.indirectPointer`), or a touchscreen touched where it shows
/// (`.directTouch`, an XInput touch class with mode `XIDirectTouch`).
public enum InputDeviceKind: Hashable, Sendable {
    /// A mouse, touchpad or trackball that moves a cursor (UIKit's `UITouch.TouchType.indirectPointer`):
    /// every device without a direct touch class.
    case indirectPointer
    /// A touchscreen, touched where it shows: a device with an XInput 2 touch class of mode
    /// `XIDirectTouch` (UIKit's `UITouch.TouchType.direct`).
    case directTouch
}
