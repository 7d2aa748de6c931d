/// How a frame reached the screen, as the system said (Wayland's `wp_presentation_feedback`
/// flags; X's Present completion mode).
public struct PresentationFlags: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt32

    /// The flags with these bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shown in step with the display's refresh (no tearing).
    public static let vsync = PresentationFlags(rawValue: 1 << 0)
    /// The time comes from the display hardware's clock, not a software estimate.
    public static let hardwareClock = PresentationFlags(rawValue: 1 << 1)
    /// The hardware itself signalled that the frame was shown.
    public static let hardwareCompletion = PresentationFlags(rawValue: 1 << 2)
    /// The frame's own buffer was scanned out, with no copy.
    public static let zeroCopy = PresentationFlags(rawValue: 1 << 3)
}
