/// Where a window's presentation feedback comes from, or why it has none
/// (``GameWindow/presentationFeedback``).
public enum PresentationFeedbackSource: Hashable, Sendable, CustomStringConvertible {
    /// The Wayland compositor's `wp_presentation` protocol: the time each frame turned into
    /// light, on the clock the compositor names (``EventTime``'s clock, `CLOCK_MONOTONIC`, on
    /// every compositor measured).
    case waylandPresentationTime
    /// None: every frame's result is ``FramePresentation/Outcome/unavailable(_:)`` for the
    /// reason given. GameInput never guesses a time.
    case unavailable(PresentationUnavailable)

    /// How the source reads in the game's log and `lockgame --doctor`.
    public var description: String {
        switch self {
        case .waylandPresentationTime: "the compositor's wp_presentation"
        case .unavailable(let reason): "none (\(reason))"
        }
    }
}

/// Why a window has no presentation feedback.
public enum PresentationUnavailable: Hashable, Sendable, CustomStringConvertible {
    /// The Wayland compositor does not offer `wp_presentation`.
    case compositorLacksPresentationTime
    /// The compositor's presentation clock is not ``EventTime``'s (`CLOCK_MONOTONIC`): its times
    /// could not be compared with input's.
    case compositorClockNotMonotonic(clockID: UInt32)
    /// On X11 frames reach the window by copying (`XShmPutImage`, `XPutImage`) or through the
    /// renderer's own connection, and neither makes a Present completion GameInput reads.
    case noPresentCompletions
    /// The window is closed, or attached to a host's (whose frames are the host's).
    case noWindow
    /// The system had not answered for the frame a second after it was sent (or 64 later frames
    /// were waiting for theirs): it was let go, and an answer after that is ignored. sway 1.7's
    /// headless outputs offer `wp_presentation` and never answer.
    case noAnswer

    /// How the reason reads in the game's log.
    public var description: String {
        switch self {
        case .compositorLacksPresentationTime: "the compositor does not offer wp_presentation"
        case .compositorClockNotMonotonic(let clock): "the compositor's presentation clock is \(clock), not CLOCK_MONOTONIC"
        case .noPresentCompletions: "no Present completions: frames are copied to the X window"
        case .noWindow: "no window of GameInput's own"
        case .noAnswer: "the system did not answer for the frame within a second"
        }
    }
}
