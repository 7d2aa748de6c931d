/// What kind of device an event came from, like `UITouch.TouchType`: a mouse or touchpad
/// moving a cursor (`.indirectPointer`), or a touchscreen touched where it shows
/// (`.directTouch`, an XInput touch class with mode `XIDirectTouch`).
public enum InputDeviceKind: Hashable, Sendable {
    case indirectPointer
    case directTouch
}
