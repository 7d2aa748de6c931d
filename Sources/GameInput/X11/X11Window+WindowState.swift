internal import CXlib

/// The window's own state after creation: its title, its size and size limits, its position on
/// the screen and its icon.
///
/// The title and the icon are the window's to set. Size and position are requests: the window
/// manager decides, and may refuse or adjust them (to its size limits, its screen edges, a
/// tiling layout, full-screen). What the window really is shows in what the server reports:
/// ``width`` and ``height`` (with an ``InputEvent/resized(width:height:)`` when they change)
/// and ``positionOnScreen()``; a refused size request brings no `.resized`, an adjusted one a
/// `.resized` with the size the window got. Without a window manager the server applies
/// requests as they are.
///
/// An attached window's title, size, limits, position and icon are its host's: every change
/// here does nothing for it, as ``show()`` does nothing for it. After ``close()`` every change
/// does nothing too. A value no window can have throws ``WindowStateError`` whatever the
/// window's state, before anything is sent, so a refused change changes nothing.
extension X11Window {
    /// The X11 side of `GameWindow.title`.
    var title: String {
        get { ownState.title }
        set {
            guard ownsWindowState else { return }
            ownState.title = newValue
            Self.writeTitle(newValue, window: windowID, connection: connection)
            connection.flush()
        }
    }

    /// Writes `title` as the window's `_NET_WM_NAME` and `WM_NAME` (see ``title``): at creation
    /// and whenever the title changes.
    static func writeTitle(_ title: String, window: UInt, connection: X11Connection) {
        let display = connection.display
        let utf8 = Array(title.utf8)
        let utf8String = connection.atom("UTF8_STRING")
        XChangeProperty(
            display, window, connection.atom("_NET_WM_NAME"), utf8String, 8, PropModeReplace, utf8, Int32(utf8.count))
        let latin1 = latin1Bytes(of: title), wmName = latin1 ?? utf8
        XChangeProperty(
            display, window, UInt(XA_WM_NAME), latin1 == nil ? utf8String : UInt(XA_STRING), 8, PropModeReplace, wmName,
            Int32(wmName.count))
    }

    /// `text` in ISO 8859-1 (the encoding of an X `STRING`), or nil when a character is not in it.
    static func latin1Bytes(of text: String) -> [UInt8]? {
        let scalars = text.unicodeScalars
        guard scalars.allSatisfy({ $0.value <= 0xFF }) else { return nil }
        return scalars.map { UInt8($0.value) }
    }

    /// The X11 side of `GameWindow.requestSize`.
    func requestSize(width: Int, height: Int) throws(WindowStateError) {
        guard WindowSize(width: width, height: height).fitsAWindow else { throw .invalidSize(width: width, height: height) }
        guard ownsWindowState else { return }
        XResizeWindow(connection.display, windowID, UInt32(width), UInt32(height))
        connection.flush()
    }

    /// The X11 side of `GameWindow.sizeLimits`.
    var sizeLimits: WindowSizeLimits {
        get { ownState.normalHints.limits }
        set {
            guard ownsWindowState else { return }
            ownState.normalHints.limits = newValue
            writeNormalHints()
        }
    }

    /// The X11 side of `GameWindow.requestPosition`.
    func requestPosition(x: Int, y: Int) throws(WindowStateError) {
        let coordinates = Int(Int16.min)...Int(Int16.max)
        guard coordinates.contains(x), coordinates.contains(y) else { throw .invalidPosition(x: x, y: y) }
        guard ownsWindowState else { return }
        ownState.normalHints.position = ScreenPoint(x: x, y: y)
        writeNormalHints()
        XMoveWindow(connection.display, windowID, Int32(x), Int32(y))
        connection.flush()
    }

    /// The X11 side of `GameWindow.positionOnScreen`.
    func positionOnScreen() -> ScreenPoint? {
        guard isUsable else { return nil }
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        guard XTranslateCoordinates(connection.display, windowID, connection.rootWindow, 0, 0, &x, &y, &child) != 0 else {
            return nil
        }
        return ScreenPoint(x: Int(x), y: Int(y))
    }

    /// The X11 side of `GameWindow.setIcon`.
    func setIcon(_ icons: [WindowIcon]) throws(WindowStateError) {
        guard ownsWindowState else { return }
        let display = connection.display
        let property = connection.atom("_NET_WM_ICON")
        guard !icons.isEmpty else {
            XDeleteProperty(display, windowID, property)
            connection.flush()
            return
        }
        let count = X11IconProperty.valueCount(of: icons), maximum = X11IconProperty.maximumValueCount(on: display)
        guard count <= maximum else { throw .iconsTooLarge(values: count, maximum: maximum) }
        let values = X11IconProperty.values(of: icons)
        values.withUnsafeBytes { bytes in
            _ = XChangeProperty(
                display, windowID, property, UInt(XA_CARDINAL), 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
        connection.flush()
    }

    /// Whether the window's own state is GameInput's to change: the window is GameInput's, not
    /// a host's, and not closed.
    private var ownsWindowState: Bool { isUsable && host == nil }

    /// Writes ``X11WindowState/normalHints`` as the window's `WM_NORMAL_HINTS`.
    private func writeNormalHints() {
        var hints = ownState.normalHints.sizeHints
        XSetWMNormalHints(connection.display, windowID, &hints)
        connection.flush()
    }
}
