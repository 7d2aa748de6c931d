/// The window's own state after creation, and where it is on the desktop: title, size, size
/// limits, position, icon, full screen, activation, monitors and scale.
extension GameWindow {
    /// The window's title, for the window manager's title bar, task bars and window switchers.
    ///
    /// On X11, setting it writes `_NET_WM_NAME` (UTF-8, what EWMH desktops show) and `WM_NAME`
    /// (as ICCCM has it: a Latin-1 `STRING` when the title fits Latin-1, else `UTF8_STRING`,
    /// which Xlib's text-property functions read too). On Wayland it is the toplevel's title
    /// (`xdg_toplevel.set_title`). For an attached window it is empty and setting it does
    /// nothing: the title is the host's.
    public var title: String {
        get { system.title }
        set { system.title = newValue }
    }

    /// Asks for the window to be `width` by `height` pixels (X11: `XResizeWindow`).
    ///
    /// A request, not a change: the window manager may refuse it or adjust it to the
    /// ``sizeLimits`` and its own rules. ``width`` and ``height`` keep reporting what the
    /// system says, and change (with an ``InputEvent/resized(width:height:)``) only when the
    /// window gets a new size; a refused request brings none. Without a window manager the
    /// size applies as asked, also outside ``sizeLimits`` (nobody enforces them then). On
    /// Wayland the window takes the size at once where the compositor left it free (a
    /// floating window), and keeps the compositor's where it chose one (tiled, maximised,
    /// full-screen).
    ///
    /// Throws ``WindowStateError/invalidSize(width:height:)`` for a side outside 1 to
    /// ``WindowSize/maximumSide``, as the initializer refuses it. Does nothing after
    /// ``close()`` and for an attached window.
    public func requestSize(width: Int, height: Int) throws(WindowStateError) {
        try system.requestSize(width: width, height: height)
    }

    /// The sizes the window manager may give the window when the user resizes it: a minimum,
    /// a maximum and an aspect ratio (X11: `WM_NORMAL_HINTS`: `PMinSize`, `PMaxSize`,
    /// `PAspect`; Wayland: `xdg_toplevel.set_min_size` and `set_max_size`, and no aspect, which
    /// xdg-shell cannot say). ``WindowSizeLimits/none`` until set.
    ///
    /// Window managers apply them to the user's resizing and to ``requestSize(width:height:)``;
    /// a window manager may also resize a window the new limits exclude at once (openbox
    /// does). An invalid limit cannot be made (``WindowSizeLimits`` checks it), so setting one
    /// never fails. Setting it does nothing after ``close()`` and for an attached window.
    public var sizeLimits: WindowSizeLimits {
        get { system.sizeLimits }
        set { system.sizeLimits = newValue }
    }

    /// Asks for the window's top-left pixel (inside any frame the window manager draws) to be
    /// at `x`, `y` on the screen (X11: `XMoveWindow`, in root window coordinates).
    ///
    /// On X11 the window's `WM_NORMAL_HINTS` say that the game placed it (`USPosition`,
    /// `PPosition`), so window managers keep it there rather than placing it themselves, also
    /// when it is asked before ``show()``; and that the position is the window's own, not its
    /// frame's (`StaticGravity`), as ``positionOnScreen()`` reads it. Still a request: a window
    /// manager may keep the window on the screen, or tile it. Wayland lets no client place its
    /// window: there it throws ``WindowStateError/unsupported(_:reason:)``
    /// (``WindowCapabilities/position`` is missing from ``capabilities``).
    ///
    /// Throws ``WindowStateError/invalidPosition(x:y:)`` for a coordinate X cannot hold
    /// (−32768 to 32767). Does nothing after ``close()`` and for an attached window.
    public func requestPosition(x: Int, y: Int) throws(WindowStateError) { try system.requestPosition(x: x, y: y) }

    /// Where the window's top-left pixel (inside any frame) is on the screen now, as the X
    /// server says (`XTranslateCoordinates` to the root window); nil after ``close()``, when
    /// the server cannot tell (an attached window its host destroyed), and on Wayland, where a
    /// client never learns its place.
    ///
    /// One round trip to the server each call: read it when needed (to save a window's place,
    /// to put a dialog beside it), not every frame. Works for an attached window too.
    public func positionOnScreen() -> ScreenPoint? { system.positionOnScreen() }

    /// Gives the window its icon in one or more sizes (X11: `_NET_WM_ICON`), for task bars,
    /// window switchers and title bars; an empty list removes the icon (the desktop shows its
    /// own). On Wayland the desktop takes icons from the program's desktop file: nothing is
    /// sent, and it throws ``WindowStateError/unsupported(_:reason:)``
    /// (``WindowCapabilities/icon`` is missing from ``capabilities``).
    ///
    /// On X11 the pictures go to the server in one request, which the server limits in size
    /// (16 MiB on Xorg and Xvfb, about four 1024-pixel pictures): larger icons throw
    /// ``WindowStateError/iconsTooLarge(values:maximum:)`` and the icon stays as it was. Does
    /// nothing after ``close()`` and for an attached window (nothing is checked then).
    public func setIcon(_ icons: [WindowIcon]) throws(WindowStateError) { try system.setIcon(icons) }

    /// Asks for the window to be full-screen or not, on the monitor the window manager chooses
    /// (the one the window is on); ``setFullScreen(on:)`` chooses the monitor. X11:
    /// `_NET_WM_STATE_FULLSCREEN`; Wayland: `xdg_toplevel.set_fullscreen`. Leaving full screen
    /// made by ``setFullScreen(on:)`` puts the window back where it was before.
    public func setFullScreen(_ fullScreen: Bool) { system.setFullScreen(fullScreen) }

    /// Raises the window and gives it the keyboard focus, as SDL's `SDL_RaiseWindow` and GLFW's
    /// `glfwFocusWindow` do.
    ///
    /// Under an EWMH window manager this sends `_NET_ACTIVE_WINDOW` with source indication
    /// "application" and the last input event's time: the window manager decides, and may
    /// refuse to steal the focus from what the user is doing (focus-stealing prevention).
    /// Without a window manager it calls `XRaiseWindow` and `XSetInputFocus` itself. The lock
    /// engages when the focus arrives, as after any focus change. On Wayland a client cannot
    /// take the focus: the window presents an `xdg-activation-v1` token of its own, and the
    /// compositor decides (sway marks a window without the focus urgent, measured); a
    /// compositor without the protocol is not asked.
    public func activate() { system.activate() }

    /// The desktop's monitors, in the order `xrandr --listmonitors` lists the active ones
    /// (see ``Monitor``); on Wayland the compositor's outputs, in the order it announced them,
    /// at xdg-output's logical position and size, none primary. Kept current:
    /// ``InputEvent/monitorsChanged`` says when it changes.
    public var monitors: [Monitor] { system.monitors }

    /// The desktop's scale (``DesktopScale``): on X11 `Xft.dpi` over 96, natively on Wayland
    /// the integer scale of the outputs the window is on, kept current
    /// (``InputEvent/scaleChanged(_:)``). Draw the HUD and text that much larger; relative
    /// motion is not scaled.
    public var scale: DesktopScale { system.scale }

    /// The monitor the window is on: the one its area overlaps most (on Wayland, the first of
    /// the outputs the compositor says the surface entered); nil when it is on none (off
    /// screen, or not mapped yet) and after ``close()``. One round trip on X11.
    public var currentMonitor: Monitor? { system.currentMonitor }

    /// Makes the window full-screen on `monitor`, one of ``monitors``; ``setFullScreen(_:)``
    /// with `false` leaves full screen and puts the window back where it was.
    ///
    /// Under an X11 window manager the window moves onto the monitor first (as SDL does), then
    /// asks for `_NET_WM_STATE_FULLSCREEN`, and the window manager fills the monitor the window
    /// is on. Where the window manager supports `_NET_WM_FULLSCREEN_MONITORS` (KWin, mutter) the
    /// window also names the monitor by its Xinerama number, as GLFW does; it is left out for
    /// a monitor that is not one output's rectangle (one a client defined, which KWin and
    /// mutter do not count). A window manager that places windows itself and gives each
    /// monitor desktops of its own (i3 tiles windows on per-output workspaces) gets the window
    /// sent to a desktop on the monitor and activated there. Without a window manager the
    /// window itself covers the monitor. The lock and the confinement keep the pointer in the
    /// window, so on that monitor. On Wayland the toplevel asks for full screen on that output
    /// (`xdg_toplevel.set_fullscreen`, or libdecor's).
    ///
    /// Returns false (and does nothing) for a monitor not in ``monitors``, on an attached
    /// window and after ``close()``.
    @discardableResult
    public func setFullScreen(on monitor: Monitor) -> Bool { system.setFullScreen(on: monitor) }
}
