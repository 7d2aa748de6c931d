internal import CXlib

/// The cursor's shape over the window, and moving the pointer from the game.
extension GameWindow {
    /// The cursor shown over the window while it is not hidden by the lock: a named cursor
    /// from the user's theme, a picture of the game's own, or ``CursorShape/hidden``.
    ///
    /// Kept across the lock: the lock's blank cursor is temporary, and this shape comes back
    /// when the lock ends (a shape set while locked shows from then on). Setting the shape
    /// already shown makes no request, so a game may set it every frame, for example from
    /// what is under the pointer. Until it is set, the window shows the cursor of the window
    /// beneath it (the desktop's, which a window manager sets to the theme's arrow); an
    /// attached window keeps its host's cursor until it is set. Reads back
    /// `.system(.default)` until then.
    public var cursor: CursorShape {
        get { windowCursor.shape ?? .system(.default) }
        set {
            guard isUsable else { return }
            windowCursor.choose(newValue)
        }
    }

    /// Moves the pointer to `point` in the window, as a game does to centre a menu's cursor;
    /// returns whether it moved.
    ///
    /// The warp makes no ``InputEvent/relativeMotion(_:)`` (X makes no raw motion for it) and
    /// no crossing of the window's edge: the game sees one pointer move to `point`, which hover
    /// regions follow. It does nothing and returns false while the pointer is locked (the lock
    /// holds the position; the cursor reappears where the lock began), while the window does
    /// not have the focus (the pointer is the user's, over another program), for a point
    /// outside the window, and after ``close()``. While confined to a rectangle the server keeps
    /// the pointer inside it, so a point outside lands on its nearest edge.
    ///
    /// Under Xwayland the warp moves the X server's pointer; whether the compositor's cursor
    /// follows is the compositor's choice (Wayland lets a client only hint a position).
    @discardableResult
    public func warpPointer(to point: WindowPoint) -> Bool {
        guard isUsable, !pointerLock.isLocked, pointerLock.currentFacts.hasFocus,
            point.x >= 0, point.y >= 0, point.x < Double(width), point.y < Double(height)
        else { return false }
        XWarpPointer(connection.display, 0, windowID, 0, 0, 0, 0, Int32(point.x), Int32(point.y))
        connection.flush()
        return true
    }
}
