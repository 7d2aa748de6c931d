import CXTest
import Glibc

/// The bench's own X connection, apart from every library's: it moves the pointer through
/// XTest as a mouse would, and gives a window focus where no window manager does.
final class Injector {
    private let display: OpaquePointer

    /// Opens a connection to `$DISPLAY` that has XTest.
    init() throws(BenchFailure) {
        guard let display = XOpenDisplay(nil) else { throw BenchFailure("cannot open $DISPLAY") }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw BenchFailure("the X server has no XTest")
        }
        self.display = display
    }

    deinit { XCloseDisplay(display) }

    /// One relative motion of (+1, 0) (`XTestFakeRelativeMotionEvent` then `XFlush`); returns
    /// the time just before it was sent.
    @discardableResult
    func moveRight() -> ContinuousClock.Instant {
        let injectedAt = ContinuousClock.now
        XTestFakeRelativeMotionEvent(display, 1, 0, 0)
        XFlush(display)
        return injectedAt
    }

    /// Gives `window` the keyboard focus (`XSetInputFocus`), for a display without a window
    /// manager, and waits until the server has done it.
    func focus(_ window: UInt) {
        XSetInputFocus(display, Window(window), RevertToParent, Time(CurrentTime))
        XSync(display, 0)
    }

    /// Where a window manager has announced itself (`_NET_SUPPORTING_WM_CHECK`), waits until
    /// it manages windows: maps a small probe window until the manager reparents it. openbox
    /// announces itself before it redirects map requests, and a window mapped in between is
    /// never mapped at all; SDL 2.26 then waits for its `MapNotify` forever (`X11_ShowWindow`).
    /// With `expectingOne` false, returns true at once when no manager has announced itself;
    /// otherwise waits for the announcement too. Returns false when no manager took a window
    /// within `timeout`.
    func waitUntilWindowManagerManages(expectingOne: Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !windowManagerAnnounced {
            guard expectingOne, ContinuousClock.now < deadline else { return !expectingOne }
            usleep(20_000)
        }
        let root = XDefaultRootWindow(display)
        while ContinuousClock.now < deadline {
            let probe = XCreateSimpleWindow(display, root, 0, 0, 10, 10, 0, 0, 0)
            XMapWindow(display, probe)
            XSync(display, 0)
            var managed = false
            let probeDeadline = min(deadline, .now + .milliseconds(500))
            while !managed && ContinuousClock.now < probeDeadline {
                managed = parent(of: probe).map { $0 != root } ?? false
                if !managed { usleep(10_000) }
            }
            XDestroyWindow(display, probe)
            XSync(display, 0)
            if managed { return true }
        }
        return false
    }

    /// Whether the root window names a window manager's check window (`_NET_SUPPORTING_WM_CHECK`).
    private var windowManagerAnnounced: Bool {
        let atom = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        let xaWindow: Atom = 33  // XA_WINDOW, a cast macro Swift cannot import
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, XDefaultRootWindow(display), atom, 0, 1, 0, xaWindow, &type, &format, &count, &remaining, &data)
        if let data { XFree(data) }
        return status == Success && count == 1
    }

    /// The parent of `window` (`XQueryTree`).
    private func parent(of window: Window) -> Window? {
        var root: Window = 0, parent: Window = 0, children: UnsafeMutablePointer<Window>?, count: UInt32 = 0
        guard XQueryTree(display, window, &root, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        return parent
    }

    /// The X server's release and vendor, for the report ("The X.Org Foundation 12101007").
    var serverDescription: String {
        let vendor = XServerVendor(display).map { String(cString: $0) } ?? "?"
        return "\(vendor) \(XVendorRelease(display))"
    }
}

/// Why a subject or a contender could not be measured.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
