/// What became of one frame: shown (when, and how old its input was then), discarded, or
/// unknowable. One comes for every frame presented through GamePixels or announced with
/// ``GameWindow/willPresent(_:)``, as ``InputEvent/presentation(_:)``, in the order the
/// system answers (usually the frames' order), at the latest a second after the frame was sent
/// (then as ``PresentationUnavailable/noAnswer``).
public struct FramePresentation: Hashable, Sendable {
    /// What the system said about the frame.
    public enum Outcome: Hashable, Sendable {
        /// The frame turned into light.
        case presented(PresentedFrame)
        /// The frame was never shown: a later one replaced it first, or the window was hidden.
        case discarded
        /// The system says nothing about frames here, for the reason given.
        case unavailable(PresentationUnavailable)
    }

    /// The frame.
    public var frame: FrameID
    /// What became of it.
    public var outcome: Outcome
    /// When the newest input the game had been handed before the frame began was read off
    /// the connection (``InputEvent/time``); nil when no input had come yet.
    public var newestInput: EventTime?
    /// When the frame began (``GameWindow/beginFrame()``).
    public var began: EventTime
    /// When the frame was handed to the system (GamePixels' `present()`, or
    /// ``GameWindow/willPresent(_:)``).
    public var submitted: EventTime

    /// The frame as shown, nil unless ``outcome`` is `presented`.
    public var presented: PresentedFrame? {
        if case .presented(let frame) = outcome { frame } else { nil }
    }

    /// Input to photon: from when GameInput read the newest input the frame used to when the
    /// frame was shown, on one clock (``EventTime``). nil when the frame was not shown or no
    /// input had come.
    public var inputToPhoton: Duration? {
        guard let presented, let newestInput else { return nil }
        return presented.time - newestInput
    }

    /// From the frame's start to its presentation: sampling, rendering and the wait for the
    /// display. nil when the frame was not shown.
    public var beginToPhoton: Duration? { presented.map { $0.time - began } }

    /// The outcome `outcome` of `frame`, with the frame's books.
    public init(frame: FrameID, outcome: Outcome, newestInput: EventTime?, began: EventTime, submitted: EventTime) {
        self.frame = frame
        self.outcome = outcome
        self.newestInput = newestInput
        self.began = began
        self.submitted = submitted
    }
}

/// A frame the system showed.
public struct PresentedFrame: Hashable, Sendable {
    /// When it turned into light (the start of the display's scan-out of it), on
    /// ``EventTime``'s clock.
    public var time: EventTime
    /// The display's refresh interval, where the system knows it (nil for a display without a
    /// fixed refresh).
    public var refreshInterval: Duration?
    /// The display's refresh counter at the frame (Wayland's `seq`, X's MSC); nil where the
    /// system keeps none.
    public var sequence: UInt64?
    /// How it was shown.
    public var flags: PresentationFlags

    /// A frame shown at `time`.
    public init(time: EventTime, refreshInterval: Duration?, sequence: UInt64?, flags: PresentationFlags) {
        self.time = time
        self.refreshInterval = refreshInterval
        self.sequence = sequence
        self.flags = flags
    }
}
