internal import CXlib

/// Text input: the session the game opens and closes, and the keys' way through the input
/// method or the compose table while it is open.
///
/// During a session each key press goes first to the input method (`XFilterEvent` on a core
/// key event made from the XInput 2 one) or, without one, to the compose table. A key they
/// consume is not reported; one they pass is reported as a ``KeyEvent`` and, when it types
/// something, as a ``TextInputEvent/commit(_:)`` right after. The input method hands back
/// the keys it does not consume, and its committed text, as core key events (key code 0 for
/// text): in XInput 2 mode those are the only core key events the window gets, so none is
/// ever reported twice.
extension X11Window {
    /// The X11 side of `GameWindow.isTextInputActive`.
    var isTextInputActive: Bool { textInput.isActive }

    /// The X11 side of `GameWindow.textInputSource`.
    var textInputSource: TextInputSource {
        textInput.loadCompose()
        return textInput.source
    }

    /// The X11 side of `GameWindow.startTextInput`.
    func startTextInput() {
        guard isUsable, !textInput.isActive else { return }
        textInput.isActive = true
        textInput.loadCompose()
        textInput.compose?.reset()
        if textInput.openInputMethod == nil {
            textInput.inputMethod?.abandon()
            textInput.inputMethod = X11InputMethod.open(
                on: connection, window: windowID, requestor: host?.selectionWindow ?? windowID)
        }
        if let method = textInput.openInputMethod {
            method.setFocused(true)
            if let caret = textInput.caret { method.setSpot(x: Int(caret.x), y: Int(caret.y + caret.height)) }
        }
        connection.flush()
    }

    /// The X11 side of `GameWindow.stopTextInput`.
    func stopTextInput() {
        guard textInput.isActive else { return }
        textInput.isActive = false
        textInput.compose?.reset()
        guard isUsable, let method = textInput.openInputMethod else { return }
        method.reset()
        method.setFocused(false)
        textInput.pending += method.takePending()
        connection.flush()
    }

    /// The X11 side of `GameWindow.setTextInputCaret`.
    func setTextInputCaret(_ rect: WindowRect) {
        textInput.caret = rect
        guard isUsable, let method = textInput.openInputMethod else { return }
        method.setSpot(x: Int(rect.x), y: Int(rect.y + rect.height))
        connection.flush()
    }

    /// The window gained or lost the keyboard focus during a session: the input method's
    /// context follows it (its indicator and candidate window belong to the focused window),
    /// and a compose sequence under way is dropped.
    func textInputFocusChanged(hasFocus: Bool) {
        guard textInput.isActive else { return }
        if !hasFocus { textInput.compose?.reset() }
        textInput.openInputMethod?.setFocused(hasFocus)
    }

    /// Delivers the text events the input method's callbacks or ``stopTextInput()`` made.
    func deliverTextEvents(to handle: (InputEvent) -> Void) {
        guard textInput.hasPending else { return }
        for event in textInput.takePending() where !isClosed { handle(.text(event)) }
    }

    /// An XInput 2 key press or release on the window.
    func handleDeviceKey(_ device: XIDeviceEvent, isPress: Bool, to handle: (InputEvent) -> Void) {
        let keyCode = Int(device.detail) & 0xFF
        textInput.keysDown[keyCode] = isPress
        var typed: String?
        if textInput.isActive {
            if let method = textInput.openInputMethod {
                var event = Self.coreKeyEvent(from: device, display: connection.display)
                if method.filter(&event, window: windowID) { return }
                typed = isPress ? method.lookUp(&event.xkey) : nil
            } else if consumedByCompose(keyCode, modifiers: KeyboardModifierState(device), isPress: isPress, to: handle) {
                return
            }
        }
        // A release of a press that began elsewhere or was cancelled has nothing to end.
        if isPress { _ = input.presses.keyPressed(keyCode) } else if !input.presses.keyReleased(keyCode) { return }
        let key = input.translator.key(device, isPress: isPress)
        handle(.key(key))
        if textInput.isActive && isPress { commitTyped(typed ?? key.characters, modifiers: key.modifierFlags, to: handle) }
    }

    /// A core key press or release on the window: the keyboard itself where the window takes
    /// core keys (attached to a host's window, or on a server without XInput 2); otherwise a
    /// key the input method hands back, or its committed text.
    func handleCoreKey(_ event: inout XEvent, to handle: (InputEvent) -> Void) {
        let keyCode = Int(event.xkey.keycode) & 0xFF
        let isPress = event.type == KeyPress
        if host == nil && xinput != nil { return handleReturnedKey(&event, keyCode: keyCode, isPress: isPress, to: handle) }
        input.lastEventTime = event.xkey.time
        var typed: String?
        if textInput.isActive {
            if let method = textInput.openInputMethod {
                if method.filter(&event, window: windowID) { return }
                if keyCode == 0 { return commit(method.lookUp(&event.xkey), to: handle) }
                typed = isPress ? method.lookUp(&event.xkey) : nil
            } else if consumedByCompose(
                keyCode, modifiers: KeyboardModifierState(coreState: event.xkey.state), isPress: isPress, to: handle)
            {
                return
            }
        }
        guard keyCode != 0 else { return }
        let isRepeat = isPress ? input.presses.keyPressed(keyCode) : false
        if !isPress && !input.presses.keyReleased(keyCode) { return }
        let key = coreKey(event.xkey, phase: isPress ? .down : .up, isRepeat: isRepeat, time: event.xkey.time)
        handle(.key(key))
        if textInput.isActive && isPress { commitTyped(typed ?? key.characters, modifiers: key.modifierFlags, to: handle) }
    }

    /// A core key event in XInput 2 mode, which only the input method makes: text it commits
    /// (key code 0), or a key it did not consume. Keys it hands back outside a session, late,
    /// are dropped: the game has their XInput 2 events already.
    private func handleReturnedKey(_ event: inout XEvent, keyCode: Int, isPress: Bool, to handle: (InputEvent) -> Void) {
        guard textInput.isActive, let method = textInput.openInputMethod, event.xkey.window == windowID else { return }
        // Xlib marks what the server hands back as made by it, and the next key event given to
        // XFilterEvent clears that mark unfiltered: it must be this one, not the next key.
        if method.filter(&event, window: windowID) { return }
        if keyCode == 0 { return commit(method.lookUp(&event.xkey), to: handle) }
        // ibus hands keys back with time 0.
        let time = event.xkey.time == 0 ? input.lastEventTime : event.xkey.time
        guard isPress else {
            guard input.presses.keyReleased(keyCode) else { return }
            return handle(.key(coreKey(event.xkey, phase: .up, isRepeat: false, time: time)))
        }
        let typed = method.lookUp(&event.xkey)
        let isRepeat = input.presses.keyPressed(keyCode)
        let key = coreKey(event.xkey, phase: .down, isRepeat: isRepeat, time: time)
        handle(.key(key))
        commitTyped(typed, modifiers: key.modifierFlags, to: handle)
        // Handed back after the key came up (ibus does so with Return): its release is due.
        if !textInput.keysDown[keyCode] && input.presses.isKeyHeld(keyCode) && !isClosed {
            _ = input.presses.keyReleased(keyCode)
            handle(.key(coreKey(event.xkey, phase: .up, isRepeat: false, time: time)))
        }
    }

    /// Feeds a press to the compose table; whether the sequence consumed it (its release
    /// then goes unreported too). A sequence that ends commits its text.
    private func consumedByCompose(
        _ keyCode: Int, modifiers: KeyboardModifierState, isPress: Bool, to handle: (InputEvent) -> Void
    ) -> Bool {
        guard isPress else {
            guard textInput.consumedKeys[keyCode] else { return false }
            textInput.consumedKeys[keyCode] = false
            return true
        }
        guard let compose = textInput.compose else { return false }
        switch compose.feed(input.keyboardLayout.meaning(of: keyCode, with: modifiers).keysym) {
        case .passThrough:
            return false
        case .composing, .cancelled:
            textInput.consumedKeys[keyCode] = true
            return true
        case .composed(let text):
            textInput.consumedKeys[keyCode] = true
            commit(text, to: handle)
            return true
        }
    }

    /// Commits what a passed key types, by ``TypedText``'s rule.
    private func commitTyped(_ text: String, modifiers: ModifierFlags, to handle: (InputEvent) -> Void) {
        guard let typed = TypedText.commit(text, modifiers: modifiers), !isClosed else { return }
        handle(.text(.commit(typed)))
    }

    /// Commits what a compose sequence or the input method made.
    private func commit(_ text: String, to handle: (InputEvent) -> Void) {
        guard let composed = TypedText.composed(text), !isClosed else { return }
        handle(.text(.commit(composed)))
    }

    /// A key event from a core one, read in the layout group its state carries.
    func coreKey(_ key: XKeyEvent, phase: PressPhase, isRepeat: Bool, time: UInt) -> KeyEvent {
        let keyCode = Int(key.keycode) & 0xFF
        let meaning = input.keyboardLayout.meaning(of: keyCode, with: KeyboardModifierState(coreState: key.state))
        return KeyEvent(
            phase: phase, key: meaning.key, keyCode: input.keyPositions.usage(keyCode: keyCode), scanCode: keyCode - 8,
            characters: meaning.characters, charactersIgnoringModifiers: meaning.charactersIgnoringModifiers,
            modifierFlags: ModifierFlags(xkbMask: Int(key.state)), isRepeat: isRepeat,
            systemTimestamp: UInt32(truncatingIfNeeded: time))
    }

    /// The core key event an XInput 2 key event stands for, for the input method (which
    /// speaks core events): the effective modifiers, and the group in bits 13-14.
    static func coreKeyEvent(from device: XIDeviceEvent, display: OpaquePointer) -> XEvent {
        var event = XEvent()
        event.xkey.type = device.evtype == XI_KeyPress ? KeyPress : KeyRelease
        event.xkey.serial = device.serial
        event.xkey.send_event = device.send_event
        event.xkey.display = display
        event.xkey.window = device.event
        event.xkey.root = device.root
        event.xkey.subwindow = device.child
        event.xkey.time = device.time
        event.xkey.x = Int32(device.event_x)
        event.xkey.y = Int32(device.event_y)
        event.xkey.x_root = Int32(device.root_x)
        event.xkey.y_root = Int32(device.root_y)
        event.xkey.state = UInt32(bitPattern: device.mods.effective) & 0xFF | (UInt32(bitPattern: device.group.effective) & 0x3) << 13
        event.xkey.keycode = UInt32(device.detail)
        event.xkey.same_screen = 1
        return event
    }
}
