internal import CXlib
import Foundation

/// The desktop's X resources (`RESOURCE_MANAGER` on the root window, which desktops and `xrdb`
/// write) as far as a game cares: the scale `Xft.dpi` gives. Watched with `PropertyNotify` on
/// the root window, so a change of the desktop's scale reaches the game while it runs.
final class X11ResourceWatch {
    private let connection: X11Connection
    private let resourceManager: UInt
    /// The scale as last read.
    private(set) var scale: DesktopScale

    init(connection: X11Connection) {
        self.connection = connection
        resourceManager = UInt(XA_RESOURCE_MANAGER)
        XSelectInput(connection.display, connection.rootWindow, PropertyChangeMask)
        scale = DesktopScale(factor: 1, source: .none)
        scale = read()
    }

    /// Handles a root window's `PropertyNotify`; returns whether the scale changed.
    func handle(_ event: XPropertyEvent) -> Bool {
        guard event.window == connection.rootWindow, event.atom == resourceManager else { return false }
        let fresh = read()
        guard fresh != scale else { return false }
        scale = fresh
        return true
    }

    private func read() -> DesktopScale {
        DesktopScale.reading(resources: resourcesText(), environment: ProcessInfo.processInfo.environment)
    }

    /// The `RESOURCE_MANAGER` text now (one round trip), nil when it is not set.
    private func resourcesText() -> String? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                connection.display, connection.rootWindow, resourceManager, 0, 1 << 20, 0, UInt(XA_STRING), &type, &format,
                &count, &after, &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard format == 8 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
