/// What a renderer needs to draw into a ``GameWindow`` with the platform's own API: Vulkan,
/// EGL, GLX or the server's image requests.
///
/// One property per windowing system; the one the window runs on is set, the others are nil:
/// ``x11`` on an X server (and Xwayland), ``wayland`` on a Wayland compositor. A renderer
/// checks both, or says which it needs (``GameWindow/backend`` says which runs, and why).
///
/// The handles are valid from the window's creation until ``GameWindow/close()``; after it,
/// ``GameWindow/nativeHandle`` has every property nil. See ``X11WindowHandle`` for what a
/// caller may do with the X connection.
public struct NativeWindowHandle: @unchecked Sendable {
    /// The window on an X server (or Xwayland), or nil when the window is not an X11 one.
    public let x11: X11WindowHandle?
    /// The window on a Wayland compositor, or nil when the window is not a native Wayland one.
    public let wayland: WaylandWindowHandle?

    init(x11: X11WindowHandle? = nil, wayland: WaylandWindowHandle? = nil) {
        self.x11 = x11
        self.wayland = wayland
    }
}

/// A native Wayland window: the connection and the surface as Vulkan
/// (`VK_KHR_wayland_surface`) and EGL (`EGL_PLATFORM_WAYLAND_KHR` with a `wl_egl_window` the
/// caller makes on the surface, `wl_egl_window_create`) take them.
///
/// The connection is GameInput's own. Vulkan's and EGL's drivers read it through event queues
/// of their own, which is how libwayland shares a connection; GameInput reads its events with
/// `wl_display_prepare_read`, so neither side loses the other's. A caller must not dispatch
/// the connection's default queue (`wl_display_dispatch`, `wl_display_roundtrip`), attach
/// buffers to the surface other than through its renderer, set a role on it, or destroy it or
/// the connection: ``GameWindow/close()`` does that.
///
/// Once the handle has been read, GameInput draws nothing into the surface itself (without a
/// renderer it shows a plain frame until the first picture): the caller's renderer does, from
/// ``GameWindow/show()`` on (which returns once the compositor has configured the window; a
/// buffer attached before that is a protocol error that ends the connection). Size
/// changes come as ``InputEvent/resized(width:height:)``: resize the `wl_egl_window`, or
/// recreate the Vulkan swapchain, there (a Wayland surface takes the size of its buffers).
public struct WaylandWindowHandle: @unchecked Sendable {
    /// libwayland's `wl_display *` for the connection.
    public let display: OpaquePointer
    /// The window's `wl_surface *`.
    public let surface: OpaquePointer
}

/// An X11 window: the connection and the window as Vulkan (`VK_KHR_xlib_surface`,
/// `VK_KHR_xcb_surface`), EGL (`EGL_PLATFORM_X11_KHR`), GLX and Xlib or XCB drawing take them.
///
/// The connection is GameInput's own, opened with `XInitThreads`, so Xlib may be called on it
/// from any thread. A caller may, from any thread:
/// - create and destroy surfaces, contexts and swapchains on the window (Vulkan, EGL, GLX),
///   and present with them, also from a render thread while the main thread calls
///   ``GameWindow/pollEvents(_:)`` and ``GameWindow/waitForEvents(until:)``;
/// - create its own resources on the connection (GCs, pixmaps, colormaps, MIT-SHM segments)
///   and draw with them, and query the server (`XGetWindowAttributes`, extensions).
///
/// GameInput keeps reading the connection's events. A thread whose call reads the socket
/// (a write that blocks, a reply it waits for) leaves the events it finds in XCB's queue, where
/// a `poll()` on the socket cannot see them. So once the handle has been read,
/// ``GameWindow/waitForEvents(until:)`` also looks at that queue every 4 ms while it sleeps,
/// and ``GameWindow/wakeDescriptor`` turns readable as often: an event a render thread read
/// waits at most that long. Such an idle loop wakes 250 times a second.
///
/// A caller must not:
/// - read or wait for events itself (`XNextEvent`, `XPeekEvent`, `XCheck…Event`,
///   `xcb_wait_for_event`, `xcb_poll_for_event`): events taken so never reach GameInput, and
///   the lock misses focus and map changes. Events of extensions GameInput does not handle
///   (MIT-SHM completions, say) arrive through its loop; special event queues that Vulkan and
///   EGL drivers register with XCB (the Present extension) are theirs and unaffected;
/// - change the window's event mask (`XSelectInput`, `XISelectEvents`), its `WM_PROTOCOLS`,
///   or its map state; grab the pointer or keyboard; close the connection or destroy the
///   window: ``GameWindow/close()`` does that;
/// - replace Xlib's error handlers without calling the previous one (GameInput chains to the
///   handler it found and expects the same).
///
/// Size changes come as ``InputEvent/resized(width:height:)`` from the
/// ``GameWindow/pollEvents(_:)`` that reads them, before that call returns: recreate a
/// swapchain or resize a framebuffer there (Vulkan may report `VK_ERROR_OUT_OF_DATE_KHR`
/// slightly earlier, on the render thread).
public struct X11WindowHandle: @unchecked Sendable {
    /// Xlib's `Display *` for the connection.
    public let display: OpaquePointer
    /// The same connection as XCB's `xcb_connection_t *` (`XGetXCBConnection`).
    public let xcbConnection: OpaquePointer
    /// The window's XID (Xlib's `Window`; an `xcb_window_t` holds it in 32 bits).
    public let window: UInt
    /// The number of the screen the window is on (its root window's screen).
    public let screen: Int32
    /// The ID of the window's visual (Xlib's `VisualID`), the one chosen with ``WindowVisual``.
    public let visualID: UInt
    /// The window's depth in bits: 24 for the default visual on most servers, 32 for
    /// ``WindowVisual/transparent``.
    public let depth: Int32
}
