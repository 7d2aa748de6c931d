internal import CXlib

/// The cursor's shape over the window, and moving the pointer from the game.
extension X11Window {
    /// The X11 side of `GameWindow.cursor`.
    var cursor: CursorShape {
        get { windowCursor.shape ?? .system(.default) }
        set {
            guard isUsable else { return }
            windowCursor.choose(newValue)
        }
    }

    /// The X11 side of `GameWindow.warpPointer`.
    @discardableResult
    func warpPointer(to point: WindowPoint) throws(WindowStateError) -> Bool {
        guard isUsable, !pointerLock.isLocked, pointerLock.currentFacts.hasFocus,
            point.x >= 0, point.y >= 0, point.x < Double(width), point.y < Double(height)
        else { return false }
        XWarpPointer(connection.display, 0, windowID, 0, 0, 0, 0, Int32(point.x), Int32(point.y))
        connection.flush()
        return true
    }
}
