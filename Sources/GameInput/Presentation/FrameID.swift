/// One frame of the game's, from ``GameWindow/beginFrame()`` to its ``FramePresentation``:
/// numbered from 1 in the order the window's frames began.
public struct FrameID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The frame's number: 1 for the window's first frame, one more for each after it.
    public let number: UInt64

    /// The frame numbered `number`.
    public init(number: UInt64) { self.number = number }

    /// Whether `lhs` began before `rhs`.
    public static func < (lhs: FrameID, rhs: FrameID) -> Bool { lhs.number < rhs.number }

    /// "frame 42".
    public var description: String { "frame \(number)" }
}
