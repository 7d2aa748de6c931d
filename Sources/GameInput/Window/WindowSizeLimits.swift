/// A window's size in whole pixels.
public struct WindowSize: Hashable, Sendable, CustomStringConvertible {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// The largest side a window may have, in pixels; the smallest is 1.
    public static let maximumSide = 16384

    /// A size `width` by `height` pixels (checked where it is used: a window's, a request's, a limit's).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether a window may have this size: each side 1 to ``maximumSide`` pixels.
    var fitsAWindow: Bool { (1...Self.maximumSide).contains(width) && (1...Self.maximumSide).contains(height) }

    /// The size as "1280x720".
    public var description: String { "\(width)x\(height)" }
}

/// The shape a window keeps as it is resized, a ratio of whole numbers: 16:9 is
/// `WindowAspectRatio(width: 16, height: 9)`.
public struct WindowAspectRatio: Hashable, Sendable, CustomStringConvertible {
    /// The width's share, 1 to ``WindowSize/maximumSide``.
    public var width: Int
    /// The height's share, 1 to ``WindowSize/maximumSide``.
    public var height: Int

    /// The ratio `width`:`height` (checked when it becomes part of ``WindowSizeLimits``).
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The ratio as "16:9".
    public var description: String { "\(width):\(height)" }
}

/// What sizes the window manager may give a window when the user resizes it: a minimum, a
/// maximum and a fixed aspect ratio, each optional. Set them with ``GameWindow/sizeLimits``.
///
/// The limits are checked when they are made: a bad one throws ``WindowStateError`` and no
/// value exists to hand to a window, so a refused limit changes nothing.
public struct WindowSizeLimits: Hashable, Sendable {
    /// The smallest size, or nil for none.
    public let minimumSize: WindowSize?
    /// The largest size, or nil for none.
    public let maximumSize: WindowSize?
    /// The ratio of width to height the window keeps, or nil for any.
    public let aspectRatio: WindowAspectRatio?

    /// No limits: the window manager's own choice (what a window starts with).
    public static let none = WindowSizeLimits(checkedMinimum: nil, maximum: nil, aspectRatio: nil)

    /// Limits with an optional minimum, maximum and aspect ratio.
    ///
    /// Throws ``WindowStateError/invalidSize(width:height:)`` for a size with a side outside 1 to
    /// ``WindowSize/maximumSide``, ``WindowStateError/minimumExceedsMaximum(minimum:maximum:)``
    /// for a minimum wider or taller than the maximum, and
    /// ``WindowStateError/invalidAspectRatio(width:height:)`` for a ratio with a side outside
    /// 1 to ``WindowSize/maximumSide``. Whether some size meets all three at once is the
    /// window manager's to work out.
    public init(
        minimumSize: WindowSize? = nil, maximumSize: WindowSize? = nil, aspectRatio: WindowAspectRatio? = nil
    ) throws(WindowStateError) {
        for size in [minimumSize, maximumSize].compactMap(\.self) where !size.fitsAWindow {
            throw .invalidSize(width: size.width, height: size.height)
        }
        if let minimumSize, let maximumSize, minimumSize.width > maximumSize.width || minimumSize.height > maximumSize.height {
            throw .minimumExceedsMaximum(minimum: minimumSize, maximum: maximumSize)
        }
        if let aspectRatio, !WindowSize(width: aspectRatio.width, height: aspectRatio.height).fitsAWindow {
            throw .invalidAspectRatio(width: aspectRatio.width, height: aspectRatio.height)
        }
        self.init(checkedMinimum: minimumSize, maximum: maximumSize, aspectRatio: aspectRatio)
    }

    private init(checkedMinimum minimum: WindowSize?, maximum: WindowSize?, aspectRatio: WindowAspectRatio?) {
        minimumSize = minimum
        maximumSize = maximum
        self.aspectRatio = aspectRatio
    }
}
