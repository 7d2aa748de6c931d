/// One picture of a window's icon, which task bars, window switchers and title bars show:
/// ARGB pixels, row by row from the top left, with alpha in the top byte and colours *not*
/// premultiplied by it (as the EWMH `_NET_WM_ICON` property wants; a ``CursorImage`` is
/// premultiplied).
///
/// A window takes several sizes at once (``GameWindow/setIcon(_:)``), and the desktop picks
/// the one that suits each place: 16, 32, 48 and 64 pixels square are common.
public struct WindowIcon: Hashable, Sendable {
    /// The picture's width and height in pixels, 1 to ``maximumSide``.
    public let width: Int, height: Int
    /// `width × height` ARGB pixels (0xAARRGGBB, not premultiplied), row by row.
    public let pixels: [UInt32]

    /// The largest side an icon picture may have.
    public static let maximumSide = 1024

    /// Why an icon picture was refused.
    public enum Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// A side is less than 1 or more than ``WindowIcon/maximumSide``.
        case sizeOutOfRange(width: Int, height: Int)
        /// The number of pixels is not `width × height`.
        case pixelCountMismatch(expected: Int, got: Int)

        /// The refusal in a sentence.
        public var description: String {
            switch self {
            case .sizeOutOfRange(let width, let height):
                "an icon picture is 1 to \(WindowIcon.maximumSide) pixels on each side, not \(width)x\(height)"
            case .pixelCountMismatch(let expected, let got): "the icon picture needs \(expected) pixels, got \(got)"
            }
        }
    }

    /// A picture `width` by `height` with its `pixels` (ARGB, not premultiplied, row by row);
    /// throws ``Invalid`` when the size or the number of pixels is wrong.
    public init(width: Int, height: Int, pixels: [UInt32]) throws(Invalid) {
        let sides = 1...Self.maximumSide
        guard sides.contains(width) && sides.contains(height) else { throw .sizeOutOfRange(width: width, height: height) }
        let area = width * height
        guard pixels.count == area else { throw .pixelCountMismatch(expected: area, got: pixels.count) }
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }
}
