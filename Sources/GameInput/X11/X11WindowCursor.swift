internal import CXlib
import Synchronization

/// The cursor a window shows: the shape the game chose (``CursorShape``), or the lock's blank
/// cursor while a lock holds.
///
/// Named cursors are loaded once each from the user's theme through libXcursor (which reads
/// `XCURSOR_THEME`, `XCURSOR_SIZE` and the `Xcursor.*` resources itself), by CSS name, then by
/// the older X names, then from the server's cursor font; each is named with its CSS name
/// (`XFixesSetCursorName`) so other clients can tell which it is. A custom picture becomes an
/// ARGB cursor. Choosing the shape already shown makes no request, so a game may set it every
/// frame.
///
/// On a host's window the cursor is the host's until the game chooses one: the lock then hides
/// the pointer with the grab's own cursor alone, and nothing is defined on the window.
final class X11WindowCursor {
    private let connection: X11Connection
    private let window: UInt
    /// A 1x1 cursor with an empty mask: invisible, and observable as the grab's cursor.
    let blank: UInt
    /// The shape the game chose; nil until it chooses one (the window then shows its parent's
    /// cursor, or on a host's window the host's).
    private(set) var shape: CursorShape?
    private var loaded: [SystemCursor: UInt] = [:]
    private var pictureCursor: UInt = 0
    /// The cursor the chosen shape shows (0: none defined, the parent's shows). Read by the
    /// stall watchdog's thread when it frees the pointer.
    let shownCursor = Atomic<UInt>(0)
    /// Whether the window's cursor attribute is ours to set: on our own window always, on a
    /// host's once the game chose a shape. Read by the watchdog's thread too.
    private let definesWindowCursor: Atomic<Bool>

    /// Whether the lock hides the cursor now.
    var isHiddenByLock = false {
        didSet { if isHiddenByLock != oldValue { apply() } }
    }

    /// The cursor of `window`; `ownsWindowCursor` is false for a host's window.
    init(connection: X11Connection, window: UInt, ownsWindowCursor: Bool) {
        self.connection = connection
        self.window = window
        definesWindowCursor = Atomic(ownsWindowCursor)
        blank = Self.makeBlankCursor(connection: connection)
    }

    /// Shows `shape` (at once, or when the lock ends).
    func choose(_ shape: CursorShape) {
        guard shape != self.shape, !connection.isLost else { return }
        let display = connection.display
        let previousPicture = pictureCursor
        pictureCursor = 0
        let cursor: UInt
        switch shape {
        case .hidden:
            cursor = blank
        case .system(let name):
            cursor = loaded[name] ?? load(name)
        case .image(let image):
            pictureCursor = Self.makeCursor(from: image, display: display)
            cursor = pictureCursor
        }
        self.shape = shape
        shownCursor.store(cursor, ordering: .relaxed)
        definesWindowCursor.store(true, ordering: .relaxed)
        apply()
        // Freed once the window shows another: a cursor in use is the server's until replaced.
        if previousPicture != 0 { XFreeCursor(display, previousPicture) }
    }

    /// Defines the cursor on the window: blank while locked, else the chosen one.
    private func apply() {
        guard !connection.isLost, definesWindowCursor.load(ordering: .relaxed) else { return }
        let display = connection.display
        let cursor = isHiddenByLock ? blank : shownCursor.load(ordering: .relaxed)
        if cursor == 0 { XUndefineCursor(display, window) } else { XDefineCursor(display, window, cursor) }
        connection.flush()
    }

    /// The window's cursor as it is without the lock, for the stall watchdog's release (from
    /// its own thread: only Xlib calls, on a display opened for threads).
    func showUnlocked(display: OpaquePointer) {
        guard definesWindowCursor.load(ordering: .relaxed) else { return }
        let cursor = shownCursor.load(ordering: .relaxed)
        if cursor == 0 { XUndefineCursor(display, window) } else { XDefineCursor(display, window, cursor) }
    }

    private func load(_ name: SystemCursor) -> UInt {
        let display = connection.display
        var cursor: UInt = 0
        for candidate in name.themeNames where cursor == 0 {
            cursor = XcursorLibraryLoadCursor(display, candidate)
        }
        if cursor == 0 { cursor = XCreateFontCursor(display, name.fontGlyph) }
        XFixesSetCursorName(display, cursor, name.cssName)
        loaded[name] = cursor
        return cursor
    }

    private static func makeCursor(from image: CursorImage, display: OpaquePointer) -> UInt {
        guard let picture = XcursorImageCreate(Int32(image.width), Int32(image.height)) else { return 0 }
        defer { XcursorImageDestroy(picture) }
        picture.pointee.xhot = UInt32(image.hotSpotX)
        picture.pointee.yhot = UInt32(image.hotSpotY)
        for (index, pixel) in image.pixels.enumerated() { picture.pointee.pixels[index] = pixel }
        return XcursorImageLoadCursor(display, picture)
    }

    private static func makeBlankCursor(connection: X11Connection) -> UInt {
        let display = connection.display
        var bits: CChar = 0
        let pixmap = XCreateBitmapFromData(display, connection.rootWindow, &bits, 1, 1)
        var foreground = XColor(), background = XColor()
        let cursor = XCreatePixmapCursor(display, pixmap, pixmap, &foreground, &background, 0, 0)
        XFreePixmap(display, pixmap)
        return cursor
    }
}

extension SystemCursor {
    /// The glyph in the server's cursor font, which every X server has.
    fileprivate var fontGlyph: UInt32 {
        let glyph: Int32 =
            switch self {
            case .default: XC_left_ptr
            case .pointer: XC_hand2
            case .text: XC_xterm
            case .crosshair: XC_crosshair
            case .move, .grabbing: XC_fleur
            case .grab: XC_hand1
            case .notAllowed: XC_X_cursor
            case .wait: XC_watch
            case .ewResize: XC_sb_h_double_arrow
            case .nsResize: XC_sb_v_double_arrow
            case .nwseResize: XC_bottom_right_corner
            case .neswResize: XC_bottom_left_corner
            }
        return UInt32(glyph)
    }
}
