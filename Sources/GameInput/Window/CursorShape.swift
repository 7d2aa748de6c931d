/// What the cursor looks like while it is over a window and not hidden by the lock.
///
/// Set it with ``GameWindow/cursor``. The lock's blank cursor is temporary: the shape chosen
/// here comes back when the lock ends, and a shape chosen while locked shows from then on.
public enum CursorShape: Hashable, Sendable {
    /// One of the desktop's named cursors, drawn from the user's cursor theme.
    case system(SystemCursor)
    /// A picture of the game's own, with its hot spot.
    case image(CursorImage)
    /// No cursor at all, while the pointer still moves and reports positions.
    case hidden
}

/// The named cursors every cursor theme has, by their CSS names (as the freedesktop cursor
/// specification, GTK and Qt name them).
///
/// They come from the user's theme (`XCURSOR_THEME`, else the `Xcursor.theme` resource, else
/// the `default` theme) at the user's size (`XCURSOR_SIZE`, else `Xcursor.size`, else one
/// derived from `Xft.dpi`), found by the CSS name, then by the older X names a theme may use
/// instead; the X server's own cursor font is the last resort, so a shape is always shown.
public enum SystemCursor: CaseIterable, Hashable, Sendable {
    /// The ordinary arrow.
    case `default`
    /// A pointing hand: something under it can be clicked.
    case pointer
    /// An I-beam: text can be selected or typed.
    case text
    /// A cross for precise picking.
    case crosshair
    /// Four arrows: what is under it can be moved.
    case move
    /// An open hand: something can be grabbed.
    case grab
    /// A closed hand: something is being dragged.
    case grabbing
    /// A barred circle: the action is not allowed here.
    case notAllowed
    /// Busy: the program cannot take input now.
    case wait
    /// A horizontal double arrow: resize east–west.
    case ewResize
    /// A vertical double arrow: resize north–south.
    case nsResize
    /// A diagonal double arrow, top left to bottom right.
    case nwseResize
    /// A diagonal double arrow, top right to bottom left.
    case neswResize

    /// The CSS name: "default", "pointer", "not-allowed", "ew-resize".
    public var cssName: String {
        switch self {
        case .default: "default"
        case .pointer: "pointer"
        case .text: "text"
        case .crosshair: "crosshair"
        case .move: "move"
        case .grab: "grab"
        case .grabbing: "grabbing"
        case .notAllowed: "not-allowed"
        case .wait: "wait"
        case .ewResize: "ew-resize"
        case .nsResize: "ns-resize"
        case .nwseResize: "nwse-resize"
        case .neswResize: "nesw-resize"
        }
    }
}

/// A cursor picture: premultiplied ARGB pixels (alpha in the top byte, as Xcursor and XFixes
/// keep them), row by row from the top left, with the hot spot, the pixel that points.
public struct CursorImage: Hashable, Sendable {
    /// The picture's width and height in pixels, 1 to ``maximumSide``.
    public let width: Int, height: Int
    /// `width × height` premultiplied ARGB pixels, row by row.
    public let pixels: [UInt32]
    /// The hot spot, inside the picture: `x` pixels from the left, `y` from the top.
    public let hotSpotX: Int, hotSpotY: Int

    /// The largest side a cursor picture may have (what X cursor themes and servers handle).
    public static let maximumSide = 256

    /// Why a cursor picture was refused.
    public enum Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        /// A side is less than 1 or more than ``CursorImage/maximumSide``.
        case sizeOutOfRange(width: Int, height: Int)
        /// The number of pixels is not `width × height`.
        case pixelCountMismatch(expected: Int, got: Int)
        /// The hot spot lies outside the picture.
        case hotSpotOutside(x: Int, y: Int)
        /// A pixel's colour exceeds its alpha, so it is not premultiplied.
        case notPremultiplied(index: Int)

        /// The refusal in a sentence.
        public var description: String {
            switch self {
            case .sizeOutOfRange(let width, let height):
                "a cursor picture is 1 to \(CursorImage.maximumSide) pixels on each side, not \(width)x\(height)"
            case .pixelCountMismatch(let expected, let got): "the cursor picture needs \(expected) pixels, got \(got)"
            case .hotSpotOutside(let x, let y): "the hot spot (\(x), \(y)) is outside the cursor picture"
            case .notPremultiplied(let index): "pixel \(index) has a colour brighter than its alpha (not premultiplied)"
            }
        }
    }

    /// A picture `width` by `height` with its `pixels` (premultiplied ARGB, row by row) and the
    /// hot spot at (`hotSpotX`, `hotSpotY`); throws ``Invalid`` when any of them is wrong.
    public init(width: Int, height: Int, pixels: [UInt32], hotSpotX: Int, hotSpotY: Int) throws(Invalid) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw .sizeOutOfRange(width: width, height: height)
        }
        guard pixels.count == width * height else { throw .pixelCountMismatch(expected: width * height, got: pixels.count) }
        guard (0..<width).contains(hotSpotX), (0..<height).contains(hotSpotY) else {
            throw .hotSpotOutside(x: hotSpotX, y: hotSpotY)
        }
        for (index, pixel) in pixels.enumerated() {
            let alpha = pixel >> 24
            if (pixel >> 16) & 0xFF > alpha || (pixel >> 8) & 0xFF > alpha || pixel & 0xFF > alpha {
                throw .notPremultiplied(index: index)
            }
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.hotSpotX = hotSpotX
        self.hotSpotY = hotSpotY
    }
}
