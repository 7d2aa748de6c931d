/// Why a change to a window's own state was refused: the value asked for is one no window can
/// have, or the window's system cannot make the change at all; nothing was sent to the window
/// manager and nothing changed.
public enum WindowStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A size with a side outside 1 to ``WindowSize/maximumSide`` pixels, asked of
    /// ``GameWindow/requestSize(width:height:)`` or given as a size limit.
    case invalidSize(width: Int, height: Int)
    /// A minimum size wider or taller than the maximum.
    case minimumExceedsMaximum(minimum: WindowSize, maximum: WindowSize)
    /// An aspect ratio with a side outside 1 to ``WindowSize/maximumSide``.
    case invalidAspectRatio(width: Int, height: Int)
    /// A position X cannot hold: window coordinates are 16-bit, −32768 to 32767.
    case invalidPosition(x: Int, y: Int)
    /// Icons whose `_NET_WM_ICON` data (`values` 32-bit values: each picture's width, height
    /// and pixels) exceed what the X server takes in one request (`maximum` values).
    case iconsTooLarge(values: Int, maximum: Int)
    /// The window's system cannot do this: the window lacks `capability`
    /// (``GameWindow/capabilities`` says so in advance), and `reason` says why.
    case unsupported(WindowCapabilities, reason: String)

    /// The refusal in a sentence: "invalid window size 0x10: each side must be 1…16384 pixels".
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "invalid window size \(width)x\(height): each side must be 1…\(WindowSize.maximumSide) pixels"
        case .minimumExceedsMaximum(let minimum, let maximum):
            "the minimum window size \(minimum) exceeds the maximum \(maximum)"
        case .invalidAspectRatio(let width, let height):
            "invalid aspect ratio \(width):\(height): each side must be 1…\(WindowSize.maximumSide)"
        case .invalidPosition(let x, let y):
            "invalid window position (\(x), \(y)): X coordinates are −32768…32767"
        case .iconsTooLarge(let values, let maximum):
            "the icons need \(values) 32-bit values, more than the X server takes in one request (\(maximum))"
        case .unsupported(let capability, let reason):
            "unsupported (\(capability)): \(reason)"
        }
    }
}
