/// The cursor, the keyboard's layout, text input and the clipboard.
extension GameWindow {
    /// The cursor shown over the window while it is not hidden by the lock: a named cursor
    /// from the user's theme, a picture of the game's own, or ``CursorShape/hidden``.
    ///
    /// Kept across the lock: the lock's blank cursor is temporary, and this shape comes back
    /// when the lock ends (a shape set while locked shows from then on). Setting the shape
    /// already shown makes no request, so a game may set it every frame, for example from
    /// what is under the pointer. On X11, until it is set, the window shows the cursor of the
    /// window beneath it (the desktop's, which a window manager sets to the theme's arrow); an
    /// attached window keeps its host's cursor until it is set. On Wayland the window names its
    /// cursor to the compositor at each pointer enter: the theme's arrow (`XCURSOR_THEME`,
    /// `XCURSOR_SIZE`) until set, a shape the theme lacks shows as the arrow, and an animated
    /// one shows its first frame. Reads back `.system(.default)` until set.
    public var cursor: CursorShape {
        get { system.cursor }
        set { system.cursor = newValue }
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
    /// follows is the compositor's choice (Wayland lets a client only hint a position). On
    /// native Wayland it throws ``WindowStateError/unsupported(_:reason:)``
    /// (``WindowCapabilities/warp`` is missing from ``capabilities``).
    @discardableResult
    public func warpPointer(to point: WindowPoint) throws(WindowStateError) -> Bool { try system.warpPointer(to: point) }

    /// What the keyboard's layout types with the physical key `usage` at shift level 0 of the
    /// active group (as printed on the keycap: "Z" for ``KeyboardHIDUsage/keyboardW`` on
    /// AZERTY), for naming keys in help text; nil when the keyboard has no such key or it
    /// types nothing. On Wayland the layout is the one the compositor gave the keyboard focus
    /// last (the US layout until the window first had the focus).
    public func printedName(of usage: KeyboardHIDUsage) -> String? { system.printedName(of: usage) }

    /// Whether a text-input session is open (``startTextInput()``).
    public var isTextInputActive: Bool { system.isTextInputActive }

    /// Where a session's text comes from: the user's input method while one is open, else the
    /// compose table of the user's locale, else the keys themselves. On X11 the input method is
    /// looked for when a session starts; on Wayland it is the one the compositor relays
    /// (text-input-v3), from when the compositor says the window's text input may use it.
    public var textInputSource: TextInputSource { system.textInputSource }

    /// Opens a text-input session, for a chat line, a name field or a console: from now on
    /// ``InputEvent/text(_:)`` brings what the user types, with dead keys, Compose sequences
    /// and, on X11, the user's input method (`XMODIFIERS=@im=…`: ibus, fcitx5, uim) applied,
    /// and the input method's composition as ``TextInputEvent/preedit(_:)`` for the game to
    /// draw. On Wayland the input method is the one the compositor relays through
    /// `text-input-unstable-v3`, where it offers that.
    ///
    /// Keys keep coming as ``InputEvent/key(_:)``, except those the input method or a compose
    /// sequence consumes; a key that types text comes both ways, so the game ignores its own
    /// key commands while its text field is open. No input method, one that is stopped or
    /// gone, and a broken `XMODIFIERS` are no error: text then comes through the compose
    /// table. The first session loads the compose table and asks for the input method (a few
    /// round trips, and at most half a second for one that does not answer).
    public func startTextInput() { system.startTextInput() }

    /// Ends the text-input session: a composition under way is abandoned (an empty
    /// ``Preedit`` comes with the next ``pollEvents(_:)``) and keys are keys again.
    public func stopTextInput() { system.stopTextInput() }

    /// Tells the input method where the game draws its caret, in window pixels, so that its
    /// candidate window opens next to it (XIM's spot location: the rectangle's bottom-left
    /// corner; on Wayland text-input-v3's cursor rectangle). Kept across sessions.
    public func setTextInputCaret(_ rect: WindowRect) { system.setTextInputCaret(rect) }

    /// Offers `text` on the clipboard (X11: the `CLIPBOARD` selection; Wayland: the seat's
    /// selection, `wl_data_device`), what other programs paste with Ctrl+V. On Wayland the
    /// compositor takes it only from a window that has had input lately (the request carries
    /// the serial of the window's latest key, button or keyboard focus), so copy in answer to
    /// the player's input.
    public func copyToClipboard(_ text: String) { system.copyToClipboard(text) }

    /// Asks for the text on the clipboard (X11: the `CLIPBOARD` selection; Wayland: the
    /// selection the compositor last announced to the window, which it does while the window
    /// has the keyboard focus). The answer comes from the owning program through the event
    /// loop: `completion` runs exactly once, during a later ``pollEvents(_:)``, with nil when
    /// nothing (or no text) is offered or the owner stops sending; with nil when the window
    /// closes or loses its connection first; at once with nil on a closed window.
    public func requestClipboardText(_ completion: @escaping (String?) -> Void) {
        guard !system.isClosed else { return completion(nil) }
        system.requestClipboardText(clipboardReads.track(completion))
    }

    /// The text on the clipboard, as ``requestClipboardText(_:)`` reads it: nil when there is
    /// none, or when the window closes before the answer.
    ///
    /// The answer arrives through the event loop, so this suspends until a later
    /// ``pollEvents(_:)`` on the window's thread handles it: await it from a task beside the
    /// loop, never from the code that runs the loop (which would then never poll). It runs on
    /// the caller's actor, as the window must be used from one (the window is not `Sendable`):
    ///
    /// ```swift
    /// @MainActor func paste(into chat: ChatLine, from window: GameWindow) {
    ///     Task { @MainActor in chat.insert(await window.clipboardText() ?? "") }
    /// }
    /// ```
    public nonisolated(nonsending) func clipboardText() async -> String? {
        await withCheckedContinuation { continuation in
            requestClipboardText { continuation.resume(returning: $0) }
        }
    }
}
