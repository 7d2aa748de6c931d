internal import CXlib

/// The X11 side of pointer lock: `XGrabPointer` with `owner_events = False`, confined to the
/// game's window, showing a blank cursor; and the matching ungrab that puts the cursor back
/// where the lock found it.
///
/// The keyboard is never grabbed: a keyboard grab would stop the window manager's alt-tab.
/// `XWarpPointer`, used to restore the cursor, produces no raw motion, so unlocking adds no
/// delta.
final class X11PointerGrab: PointerLockPlatform {
    private let connection: X11Connection
    private let window: UInt
    private let blankCursor: UInt
    private var restorePosition: (x: Int32, y: Int32)?
    /// Guards a held grab against a stalled main loop, when enabled.
    var watchdog: StallWatchdog?
    /// Called after each successful grab and each ungrab with the serial number of the
    /// request that made the change: events the server generated before it are stale.
    var onTransition: (UInt) -> Void = { _ in }

    /// Pointer events the grab reports to our window (core masks, as `XGrabPointer` takes them).
    private static let grabEventMask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)

    init(connection: X11Connection, window: UInt) {
        self.connection = connection
        self.window = window
        self.blankCursor = Self.makeBlankCursor(connection: connection, window: window)
    }

    // Acquire and release mirror each other: grab + hide, then ungrab + show + restore.

    /// Grabs the pointer to the window and hides it; returns the server's refusal, if any.
    func acquireLock() -> GrabRefusal? {
        let display = connection.display
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, windowX: Int32 = 0, windowY: Int32 = 0
        var buttons: UInt32 = 0
        let knowsPosition = XQueryPointer(display, window, &root, &child, &rootX, &rootY, &windowX, &windowY, &buttons) != 0
        let serial = XNextRequest(display)
        let status = XGrabPointer(
            display, window, 0, Self.grabEventMask,
            GrabModeAsync, GrabModeAsync, window, blankCursor, UInt(CurrentTime))
        guard status == GrabSuccess else { return GrabRefusal(rawValue: status) }
        restorePosition = knowsPosition ? (rootX, rootY) : nil
        XDefineCursor(display, window, blankCursor)
        connection.flush()
        watchdog?.setArmed(true)
        onTransition(serial)
        return nil
    }

    /// Ungrabs the pointer, shows the cursor and puts it back where the lock began.
    func releaseLock() {
        let display = connection.display
        watchdog?.setArmed(false)
        let serial = XNextRequest(display)
        XUngrabPointer(display, UInt(CurrentTime))
        XUndefineCursor(display, window)
        if let restorePosition {
            XWarpPointer(display, 0, connection.rootWindow, 0, 0, 0, 0, restorePosition.x, restorePosition.y)
        }
        restorePosition = nil
        // A round trip, once per unlock: when this returns the server has let go, so the
        // state we report next is true for every other client too.
        XSync(display, 0)
        onTransition(serial)
    }

    /// The bare release the stall watchdog performs from its own thread: ungrab, show the
    /// cursor, flush. The cursor position is restored later by the main loop's release.
    func emergencyRelease() {
        let display = connection.display
        XUngrabPointer(display, UInt(CurrentTime))
        XUndefineCursor(display, window)
        XSync(display, 0)
    }

    /// A 1x1 cursor with an empty mask: invisible, and observable as the grab's cursor.
    private static func makeBlankCursor(connection: X11Connection, window: UInt) -> UInt {
        let display = connection.display
        var bits: CChar = 0
        let pixmap = XCreateBitmapFromData(display, window, &bits, 1, 1)
        var foreground = XColor(), background = XColor()
        let cursor = XCreatePixmapCursor(display, pixmap, pixmap, &foreground, &background, 0, 0)
        XFreePixmap(display, pixmap)
        return cursor
    }
}
