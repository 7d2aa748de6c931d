/// A window another library created (SDL, GLFW, an engine's own code), for GameInput to
/// attach to with ``GameWindow/init(attachingTo:stallTimeout:)``: the host keeps its window,
/// its drawing and its own events; GameInput adds the lock, relative motion and keys.
///
/// GameInput talks to the window's server on a connection of its own, so it never reads the
/// host's events or sends requests on the host's connection. Made for that purpose, this
/// value names the platform's window.
public struct HostWindow {
    /// How GameInput finds the window's X server.
    enum Server {
        /// By display name (nil: `$DISPLAY`).
        case named(String?)
        /// By the host's own connection: the server it was opened on (`XDisplayString`).
        case sameAs(OpaquePointer)
    }

    /// The window's X ID.
    let window: UInt
    /// Its server.
    let server: Server

    /// The X11 window `window` on the display named `displayName` (nil: `$DISPLAY`).
    public static func x11(window: UInt, displayName: String? = nil) -> HostWindow {
        HostWindow(window: window, server: .named(displayName))
    }

    /// The X11 window `window` on the server that the host's own `Display *` `display` is
    /// connected to (SDL's `SDL_SysWMinfo.info.x11.display`, GLFW's `glfwGetX11Display()`).
    /// GameInput reads only the display's name from it and opens its own connection there;
    /// it never uses the host's connection.
    public static func x11(window: UInt, display: OpaquePointer) -> HostWindow {
        HostWindow(window: window, server: .sameAs(display))
    }
}
