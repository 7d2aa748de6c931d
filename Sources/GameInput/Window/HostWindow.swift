/// A window another library created (SDL, GLFW, an engine's own code), for GameInput to
/// attach to with ``GameWindow/init(attachingTo:stallTimeout:)``: the host keeps its window,
/// its drawing and its own events; GameInput adds the lock, relative motion and keys.
///
/// On X11 GameInput talks to the window's server on a connection of its own, so it never
/// reads the host's events or sends requests on the host's connection. On Wayland, where a
/// client can use only its own objects, it works on the host's connection, on an event queue
/// of its own (``wayland(display:surface:)``). Made for that purpose, this value names the
/// platform's window.
public struct HostWindow {
    /// How GameInput finds the window's X server.
    enum Server {
        /// By display name (nil: `$DISPLAY`).
        case named(String?)
        /// By the host's own connection: the server it was opened on (`XDisplayString`).
        case sameAs(OpaquePointer)
    }

    /// The window and the system it is on.
    enum Platform {
        /// An X11 window by its ID, on its server.
        case x11(window: UInt, server: Server)
        /// A Wayland surface on the host's connection.
        case wayland(display: OpaquePointer, surface: OpaquePointer)
    }

    let platform: Platform

    /// The X11 window `window` on the display named `displayName` (nil: `$DISPLAY`).
    public static func x11(window: UInt, displayName: String? = nil) -> HostWindow {
        HostWindow(platform: .x11(window: window, server: .named(displayName)))
    }

    /// The X11 window `window` on the server that the host's own `Display *` `display` is
    /// connected to (SDL's `SDL_SysWMinfo.info.x11.display`, GLFW's `glfwGetX11Display()`).
    /// GameInput reads only the display's name from it and opens its own connection there;
    /// it never uses the host's connection.
    public static func x11(window: UInt, display: OpaquePointer) -> HostWindow {
        HostWindow(platform: .x11(window: window, server: .sameAs(display)))
    }

    /// The native Wayland toplevel whose `wl_surface *` is `surface`, on the host's
    /// `wl_display *` `display` (SDL's `SDL_SysWMinfo.info.wl`, GLFW's `glfwGetWaylandDisplay()`
    /// and `glfwGetWaylandWindow()`).
    ///
    /// Wayland lets a client use only its own objects, so GameInput works on the host's
    /// connection, with an event queue of its own: its own seat devices, pointer constraint and
    /// cursor, whose events the host's dispatch never runs and which never take the host's
    /// events. The host must read the connection with libwayland's `prepare_read` and
    /// `read_events` (as `wl_display_dispatch` and SDL2 and GLFW 3.3 do) and keep the
    /// connection and the surface until ``GameWindow/detach()``. GameInput sends nothing that
    /// changes the surface and never commits it.
    public static func wayland(display: OpaquePointer, surface: OpaquePointer) -> HostWindow {
        HostWindow(platform: .wayland(display: display, surface: surface))
    }
}
