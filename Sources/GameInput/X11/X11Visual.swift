package import CXlib

/// The visual a ``GameWindow`` is created with, resolved on the server from a ``WindowVisual``,
/// and the window made with it.
package struct X11Visual {
    /// Xlib's `Visual *` for the visual.
    package let visual: UnsafeMutablePointer<Visual>
    /// The visual's ID.
    package let id: UInt
    /// The depth a window of this visual has.
    package let depth: Int32
    /// The colormap made for a visual other than the root's (freed with the window), or nil.
    let colormap: UInt?

    /// Finds `choice` on the connection's default screen.
    init(_ choice: WindowVisual, on connection: X11Connection) throws(GameWindowError) {
        let display = connection.display, screen = connection.screen
        var info = XVisualInfo()
        switch choice {
        case .default:
            let visual = XDefaultVisual(display, screen)!
            self.visual = visual
            id = XVisualIDFromVisual(visual)
            depth = XDefaultDepth(display, screen)
            colormap = nil
            return
        case .visualID(let id):
            var template = XVisualInfo()
            template.visualid = id
            template.screen = screen
            var count: Int32 = 0
            guard let list = XGetVisualInfo(display, Int(VisualIDMask | VisualScreenMask), &template, &count), count > 0
            else { throw .visualUnavailable(choice) }
            info = list.pointee
            XFree(list)
        case .transparent:
            guard XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0 else { throw .visualUnavailable(choice) }
        }
        visual = info.visual
        id = info.visualid
        depth = info.depth
        colormap =
            id == XVisualIDFromVisual(XDefaultVisual(display, screen))
            ? nil
            : XCreateColormap(display, connection.rootWindow, info.visual, AllocNone)
    }

    /// The visual of an existing window (a host's), which GameInput did not make: nothing to free.
    init(of attributes: XWindowAttributes) {
        visual = attributes.visual
        id = XVisualIDFromVisual(attributes.visual)
        depth = attributes.depth
        colormap = nil
    }

    /// Creates a top-level window of this visual, black (transparent for a 32-bit visual) until drawn.
    func createWindow(on connection: X11Connection, width: Int, height: Int) -> UInt {
        let display = connection.display
        guard let colormap else {
            return XCreateSimpleWindow(
                display, connection.rootWindow, 0, 0, UInt32(width), UInt32(height), 0,
                XBlackPixel(display, connection.screen), XBlackPixel(display, connection.screen))
        }
        // A visual other than the parent's needs its own colormap and a border pixel, or the
        // server answers BadMatch. Pixel 0 is black, and fully transparent at depth 32.
        var attributes = XSetWindowAttributes()
        attributes.colormap = colormap
        attributes.border_pixel = 0
        attributes.background_pixel = 0
        return XCreateWindow(
            display, connection.rootWindow, 0, 0, UInt32(width), UInt32(height), 0, depth, UInt32(InputOutput),
            visual, UInt(CWColormap | CWBorderPixel | CWBackPixel), &attributes)
    }

    /// Frees what ``init(_:on:)`` made; after the window is destroyed.
    func free(on connection: X11Connection) {
        if let colormap { XFreeColormap(connection.display, colormap) }
    }
}
