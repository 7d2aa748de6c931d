public import Testing

// The layers a developer runs one at a time (`make test-unit`, `make test-integration`), and the
// suites scripts/run-tests keeps apart. The Makefile's scripts read these tags from the suites'
// declarations.
extension Tag {
    /// Starts real servers: an X server, a window manager, a compositor, an input method.
    @Tag public static var integration: Self
    /// Runs under a Wayland compositor (headless sway, mutter or KWin), natively or through
    /// Xwayland.
    @Tag public static var compositor: Self
    /// Measures time, CPU use or wake-ups, or bounds how fast the machine answers: runs in a
    /// process of its own after the others, with nothing else running.
    @Tag public static var timing: Self
}
