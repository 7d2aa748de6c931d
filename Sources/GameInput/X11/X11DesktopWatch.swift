/// What the window knows of the desktop around it: its monitors and scale (kept current from
/// RandR's events and `RESOURCE_MANAGER`), its screen saver, and whether a window manager runs.
struct X11DesktopWatch {
    /// The desktop's monitors, kept current from RandR's events.
    let monitors: X11Monitors
    /// The desktop's scale, kept current from `RESOURCE_MANAGER`.
    let resources: X11ResourceWatch
    /// The MIT-SCREEN-SAVER extension's events, when the server has it.
    let screenSaver: X11ScreenSaver?
    /// The X11 side of `GameWindow.windowManagerRuns`, as last read when the window mapped.
    var windowManagerRuns = true
}
