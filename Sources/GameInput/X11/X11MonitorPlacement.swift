internal import CXlib

/// What an EWMH window manager offers, beyond a moved window, for putting a full-screen window
/// on a chosen monitor, read from the root's properties when full screen is asked for (a few
/// round trips, never in the per-event path):
/// - `_NET_WM_FULLSCREEN_MONITORS`, where the window manager lists it in `_NET_SUPPORTED`
///   (KWin and mutter do, openbox and i3 do not). It counts monitors as Xinerama numbers its
///   screens, so it is sent only for a monitor that is exactly one of Xinerama's screens and
///   one CRTC's rectangle.
/// - The desktop on the monitor, where the window manager gives each monitor desktops of its
///   own (their `_NET_DESKTOP_VIEWPORT`s differ: i3 gives each workspace its output's top-left
///   corner). A tiling window manager places a window itself and does not move it on request;
///   sent to a desktop on the monitor, the window is full-screen there.
struct X11MonitorPlacement {
    let connection: X11Connection
    let window: UInt

    /// Whether the window manager lists the atom `name` in the root's `_NET_SUPPORTED`.
    func windowManagerSupports(_ name: String) -> Bool {
        let wanted = connection.atom(name)
        return cardinals("_NET_SUPPORTED", type: UInt(XA_ATOM), of: connection.rootWindow)?.contains(wanted) ?? false
    }

    /// The number `_NET_WM_FULLSCREEN_MONITORS` gives the monitor at `frame`: the Xinerama
    /// screen of exactly that rectangle, when one CRTC shows exactly that rectangle too (window
    /// managers that support the hint build their monitors from CRTCs: a monitor a client
    /// defined over part of one is not theirs, and measured, KWin 5.27 then did not go full
    /// screen at all). Nil otherwise.
    func fullScreenMonitorsIndex(of frame: ScreenRect) -> Int? {
        guard crtcShows(frame) else { return nil }
        return xineramaIndex(of: frame)
    }

    /// Whether an active CRTC scans out exactly `frame`.
    private func crtcShows(_ frame: ScreenRect) -> Bool {
        let display = connection.display
        guard let resources = XRRGetScreenResourcesCurrent(display, connection.rootWindow) else { return false }
        defer { XRRFreeScreenResources(resources) }
        return UnsafeBufferPointer(start: resources.pointee.crtcs, count: Int(resources.pointee.ncrtc)).contains { crtc in
            guard let info = XRRGetCrtcInfo(display, resources, crtc) else { return false }
            defer { XRRFreeCrtcInfo(info) }
            return info.pointee.mode != 0
                && ScreenRect(
                    x: Int(info.pointee.x), y: Int(info.pointee.y), width: Int(info.pointee.width), height: Int(info.pointee.height))
                    == frame
        }
    }

    /// The number of the Xinerama screen whose rectangle is `frame`, or nil (Xinerama off, or
    /// no screen is exactly that rectangle).
    private func xineramaIndex(of frame: ScreenRect) -> Int? {
        let display = connection.display
        guard XineramaIsActive(display) != 0 else { return nil }
        var count: Int32 = 0
        guard let screens = XineramaQueryScreens(display, &count) else { return nil }
        defer { XFree(screens) }
        return UnsafeBufferPointer(start: screens, count: Int(count)).firstIndex { screen in
            ScreenRect(x: Int(screen.x_org), y: Int(screen.y_org), width: Int(screen.width), height: Int(screen.height)) == frame
        }
    }

    /// The desktop the window is on (`_NET_WM_DESKTOP`), or nil when the window manager does not
    /// say.
    var windowDesktop: Int? {
        cardinals("_NET_WM_DESKTOP", type: UInt(XA_CARDINAL), of: window)?.first.map { Int(truncatingIfNeeded: $0) }
    }

    /// The desktop to send the window to so that it shows on `frame`: nil when desktops do not
    /// belong to monitors (every viewport the same, as on a stacking window manager), when the
    /// window's own desktop is already on `frame`, or when no desktop is. The current desktop
    /// wins when it is on `frame`, else the first that is.
    func desktop(showingOn frame: ScreenRect) -> Int? {
        let root = connection.rootWindow
        guard let flat = cardinals("_NET_DESKTOP_VIEWPORT", type: UInt(XA_CARDINAL), of: root), flat.count >= 4 else { return nil }
        let corners = stride(from: 0, to: flat.count - 1, by: 2).map {
            (x: Int(truncatingIfNeeded: flat[$0]), y: Int(truncatingIfNeeded: flat[$0 + 1]))
        }
        guard Set(corners.map { [$0.x, $0.y] }).count > 1 else { return nil }
        func isOnFrame(_ desktop: Int) -> Bool {
            guard corners.indices.contains(desktop) else { return false }
            let corner = corners[desktop]
            return corner.x >= frame.x && corner.x < frame.x + frame.width && corner.y >= frame.y && corner.y < frame.y + frame.height
        }
        if let own = windowDesktop, isOnFrame(own) { return nil }
        if let current = cardinals("_NET_CURRENT_DESKTOP", type: UInt(XA_CARDINAL), of: root)?.first.map({ Int(truncatingIfNeeded: $0) }),
            isOnFrame(current)
        {
            return current
        }
        return corners.indices.first(where: isOnFrame)
    }

    /// A 32-bit list property of `window` (up to 1,024 items), or nil when it is not set.
    private func cardinals(_ name: String, type: UInt, of window: UInt) -> [UInt]? {
        var actualType: UInt = 0
        var actualFormat: Int32 = 0
        var itemCount: UInt = 0, bytesAfter: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                connection.display, window, connection.atom(name), 0, 1024, 0, type,
                &actualType, &actualFormat, &itemCount, &bytesAfter, &data) == Success,
            let data
        else { return nil }
        defer { XFree(data) }
        guard actualFormat == 32, actualType == type else { return nil }
        let items = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(itemCount)).map { items[$0] }
    }
}
