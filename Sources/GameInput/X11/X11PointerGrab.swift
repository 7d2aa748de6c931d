internal import CXlib

/// The X11 side of pointer lock: `XGrabPointer` with `owner_events = False`, confined to the
/// game's window, showing a blank cursor; and the matching ungrab.
///
/// Where the cursor goes on release: it is put back where the lock found it only when the game
/// itself let go (preference off, an alert, quitting) and only when that point was inside the
/// window and the window was the one under it. Every other release leaves the pointer where it
/// is. A warp makes crossing events, and a window manager that focuses the window under the
/// pointer (i3's default, any focus-follows-mouse setting) would answer a warp onto the game's
/// frame after a focus loss by handing the focus straight back.
///
/// The keyboard is never grabbed: a keyboard grab would stop the window manager's alt-tab.
/// `XWarpPointer` produces no raw motion, so unlocking adds no delta.
///
/// While the ``LockGuardian`` runs, the grab is confined to its window, so the pointer is
/// freed even when this process cannot run; without it (it could not start, or
/// `GAMEINPUT_NO_GUARDIAN=1`, or `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`, which asks to keep the
/// pointer at breakpoints) the grab is confined to the game's window and the in-process
/// ``StallWatchdog`` guards against stalls.
final class X11PointerGrab: PointerLockPlatform {
    private let connection: X11Connection
    private let window: UInt
    private let blankCursor: UInt
    private var restorePosition: (x: Int32, y: Int32)?
    /// Guards a held grab against a stalled main loop when the guardian does not.
    var watchdog: StallWatchdog?
    /// Whether the grab goes through a ``LockGuardian``, and its heartbeat timeout (nil: it
    /// watches only for a stopped or traced process).
    var usesGuardian = false
    var guardianStallTimeout: Duration?
    /// The lock guardian, started at the first lock.
    private(set) var guardian: LockGuardian?
    private var guardianFailed = false
    /// Called after each successful grab and each ungrab with the serial number of the
    /// request that made the change: events the server generated before it are stale.
    var onTransition: (UInt) -> Void = { _ in }

    /// Pointer events the grab reports to our window (core masks, as `XGrabPointer` takes them):
    /// buttons only. Movement reaches the game as raw motion alone while locked; the hidden
    /// pointer's position would fire hover regions under the lock.
    private static let grabEventMask = UInt32(ButtonPressMask | ButtonReleaseMask)

    init(connection: X11Connection, window: UInt) {
        self.connection = connection
        self.window = window
        self.blankCursor = Self.makeBlankCursor(connection: connection, window: window)
    }

    /// An attached debugger forbids the grab (unless `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`): a
    /// breakpoint would stop the process with the user's pointer grabbed. Read at each attempt.
    func suspensionBeforeGrab() -> LockSuspension? {
        LockSuspension.fromEnvironment()
    }

    // Acquire and release mirror each other: grab + hide, then ungrab + show + restore.

    /// Grabs the pointer to the window and hides it; returns the server's refusal, if any.
    func acquireLock() -> GrabRefusal? {
        let display = connection.display
        let position = pointerPositionOverWindow()
        let guarded = armGuardian()
        let serial = XNextRequest(display)
        let status = XGrabPointer(
            display, window, 0, Self.grabEventMask,
            GrabModeAsync, GrabModeAsync, guarded ? guardian?.confineWindow ?? window : window, blankCursor, UInt(CurrentTime))
        guard status == GrabSuccess else {
            guardian?.disarm()
            return GrabRefusal(rawValue: status)
        }
        restorePosition = position
        XDefineCursor(display, window, blankCursor)
        connection.flush()
        watchdog?.setArmed(!guarded)
        onTransition(serial)
        return nil
    }

    /// Starts the guardian at the first lock (again if it went away) and maps its window;
    /// false when the grab must go without it.
    private func armGuardian() -> Bool {
        guard usesGuardian, !guardianFailed else { return false }
        if guardian?.isGone == true { guardian = nil }
        if guardian == nil {
            guardian = LockGuardian(window: window, displayName: connection.name, stallTimeout: guardianStallTimeout)
            if guardian == nil {
                guardianFailed = true
                return false
            }
        }
        return guardian?.arm() == true
    }

    /// Ungrabs the pointer and shows the cursor; with `restoringPointer`, puts it back where
    /// the lock began if that was over the window.
    func releaseLock(restoringPointer: Bool) {
        let display = connection.display
        watchdog?.setArmed(false)
        // The warp comes first, while the grab holds: under Xwayland a warp after the ungrab
        // moves only the X server's copy of the pointer, while during the lock Xwayland hands
        // the X position to the compositor, which puts its cursor there when the lock ends.
        if restoringPointer, let restorePosition {
            XWarpPointer(display, 0, connection.rootWindow, 0, 0, 0, 0, restorePosition.x, restorePosition.y)
        }
        restorePosition = nil
        let serial = XNextRequest(display)
        XUngrabPointer(display, UInt(CurrentTime))
        XUndefineCursor(display, window)
        // A round trip, once per unlock: when this returns the server has let go, so the
        // state we report next is true for every other client too.
        XSync(display, 0)
        guardian?.disarm()
        onTransition(serial)
    }

    /// The bare release the stall watchdog performs from its own thread: ungrab, show the
    /// cursor, flush. The pointer stays where it is (the system took the lock away).
    func emergencyRelease() {
        let display = connection.display
        XUngrabPointer(display, UInt(CurrentTime))
        XUndefineCursor(display, window)
        XSync(display, 0)
    }

    /// Ends the guardian (at teardown, after the last release).
    func stopGuardian() {
        guardian?.stop()
        guardian = nil
    }

    /// The pointer's root position when our window is the deepest window under it (not covered,
    /// not on the frame's border); nil otherwise. A few round trips, once per lock.
    private func pointerPositionOverWindow() -> (x: Int32, y: Int32)? {
        let display = connection.display
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var buttons: UInt32 = 0
        var under = connection.rootWindow
        for _ in 0..<16 {
            guard XQueryPointer(display, under, &root, &child, &rootX, &rootY, &x, &y, &buttons) != 0 else { return nil }
            guard child != 0 else { break }
            under = child
        }
        return under == window ? (rootX, rootY) : nil
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
