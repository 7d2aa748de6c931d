internal import CXlib

/// The MIT-SCREEN-SAVER extension (`XScreenSaverSelectInput`, `ScreenSaverNotify`): tells the
/// window when the screen saver turns on and off. Screen lockers built on it (xscreensaver,
/// xss-lock with a locker) lock while it is on, so the lock yields for that time.
final class X11ScreenSaver {
    private let eventBase: Int32
    /// Whether the screen saver was on when the window was created.
    let isActive: Bool

    /// Selects screen-saver events on the root window; nil where the server lacks the extension.
    init?(connection: X11Connection) {
        let display = connection.display
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XScreenSaverQueryExtension(display, &eventBase, &errorBase) != 0 else { return nil }
        self.eventBase = eventBase
        XScreenSaverSelectInput(display, connection.rootWindow, UInt(ScreenSaverNotifyMask))
        var active = false
        if let info = XScreenSaverAllocInfo() {
            if XScreenSaverQueryInfo(display, connection.rootWindow, info) != 0 {
                active = info.pointee.state == ScreenSaverOn
            }
            XFree(info)
        }
        isActive = active
    }

    /// Whether an event of `type` is a screen-saver notification.
    func isNotify(_ type: Int32) -> Bool { type == eventBase + ScreenSaverNotify }

    /// Whether the notification says the screen saver is now on (`ScreenSaverOn`, or cycling).
    func activity(of event: inout XEvent) -> Bool {
        withUnsafePointer(to: &event) { pointer in
            pointer.withMemoryRebound(to: XScreenSaverNotifyEvent.self, capacity: 1) { $0.pointee.state != ScreenSaverOff }
        }
    }
}
