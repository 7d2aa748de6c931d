internal import CXlib

/// Turning X events into lock facts and ``InputEvent``s.
extension X11Window {
    /// Handles one event the server sent: the input method's traffic first, then each family
    /// of events; what GameInput does not claim goes to RandR's watch or ``otherEventHandler``.
    func dispatch(_ event: inout XEvent, to handle: (InputEvent) -> Void) {
        if event.type == DestroyNotify, let method = textInput.openInputMethod,
            event.xdestroywindow.window == method.serverWindow
        {
            method.serverWindowDestroyed()
        }
        // The input method's own traffic (its client messages and properties) and what its
        // callbacks make of it.
        if let method = textInput.openInputMethod, event.type != GenericEvent, event.type != KeyPress,
            event.type != KeyRelease, method.filter(&event, window: 0)
        {
            return deliverTextEvents(to: handle)
        }
        defer { deliverTextEvents(to: handle) }
        switch event.type {
        case GenericEvent:
            dispatchGeneric(&event, to: handle)
        // Another client can send any event (`XSendEvent`, which sets `send_event`): a focus,
        // map or unmap it sends is not a fact about the window, and must not move the lock.
        case let type
        where event.xany.send_event != 0 && (type == FocusIn || type == FocusOut || type == MapNotify || type == UnmapNotify):
            return
        case FocusIn, FocusOut:
            handleFocus(event.xfocus, to: handle)
        case MapNotify, UnmapNotify, DestroyNotify, ConfigureNotify, Expose, ClientMessage:
            if !handleWindowEvent(&event, to: handle) { handleUnclaimed(&event, to: handle) }
        case PropertyNotify:
            handleProperty(&event, to: handle)
        case MotionNotify, EnterNotify, LeaveNotify, KeyPress, KeyRelease, ButtonPress, ButtonRelease:
            if !handleCoreInput(&event, to: handle) { handleUnclaimed(&event, to: handle) }
        case MappingNotify:
            // A new layout (setxkbmap, a layout switch): Xlib's keysym tables and our key
            // positions are read again.
            XRefreshKeyboardMapping(&event.xmapping)
            input.keyPositions.reload(display: connection.display)
            input.keyboardLayout.reload()
        case SelectionRequest, SelectionClear, SelectionNotify:
            _ = clipboard.handle(&event)
        case let type where desktopWatch.screenSaver?.isNotify(type) == true:
            if let active = desktopWatch.screenSaver?.activity(of: &event) { pointerLock.setScreenSaverActive(active) }
        default:
            handleUnclaimed(&event, to: handle)
        }
    }

    /// The window's own life: mapped, unmapped, destroyed (a host's window), configured,
    /// exposed, and the window manager's close request. False for another window's event, or
    /// one that asks nothing of the window.
    private func handleWindowEvent(_ event: inout XEvent, to handle: (InputEvent) -> Void) -> Bool {
        switch event.type {
        case MapNotify where event.xmap.window == windowID:
            desktopWatch.windowManagerRuns = readWindowManagerRuns()
            // A host's window gets its focus from its host.
            if !windowManagerRuns && host == nil { takeFocus() }
            facts.visibility.isMapped = true
        case UnmapNotify where event.xunmap.window == windowID:
            facts.visibility.isMapped = false
        case DestroyNotify where event.xdestroywindow.window == windowID && host != nil:
            hostWindowDestroyed(to: handle)
        case ConfigureNotify where event.xconfigure.window == windowID:
            let newWidth = Int(event.xconfigure.width), newHeight = Int(event.xconfigure.height)
            if newWidth != width || newHeight != height {
                ownState.width = newWidth
                ownState.height = newHeight
                grab?.windowResized(width: newWidth, height: newHeight)
                handle(.resized(width: newWidth, height: newHeight))
            }
            // Moved or resized (by the window manager's own word, `send_event`, or the
            // server's): the grab may have ended without a word while the window lay off screen.
            if grab?.isGrabbed == true, grab?.confirmHeld() == false { pointerLock.grabEndedBySystem() }
        case Expose where event.xexpose.count == 0:
            handle(.exposed)
        case ClientMessage
        where event.xclient.message_type == atoms.wmProtocols
            && UInt(bitPattern: event.xclient.data.l.0) == atoms.wmDeleteWindow:
            handle(.closeRequested)
        default:
            return false
        }
        return true
    }

    /// A property changed: the window manager's states of the window, the desktop's scale (on
    /// the root window), or a selection transfer (INCR chunks, on our window or a requestor's).
    private func handleProperty(_ event: inout XEvent, to handle: (InputEvent) -> Void) {
        let property = event.xproperty
        if property.window == windowID && property.atom == atoms.netWMState {
            let state = readNetWMState()
            // A host's window is the host's to mark (SDL does).
            if state.fullScreen != isFullScreen && host == nil { setBypassCompositor(state.fullScreen) }
            facts.visibility.isHidden = state.hidden
            pointerLock.setFullScreen(state.fullScreen)
        } else if property.window == windowID && property.atom == atoms.wmState {
            facts.visibility.isSetAsideByWindowManager = readSetAsideState()
        } else if property.window == connection.rootWindow {
            if desktopWatch.resources.handle(property) { handle(.scaleChanged(scale)) }
        } else {
            _ = clipboard.handle(&event)
        }
    }

    /// Core pointer and key events (see ``handleCoreKey(_:to:)`` and
    /// ``handleCoreButton(_:to:)`` for when they come). False for motion in another window.
    private func handleCoreInput(_ event: inout XEvent, to handle: (InputEvent) -> Void) -> Bool {
        switch event.type {
        case MotionNotify where event.xmotion.window == windowID:
            handleCoreMotion(event.xmotion, to: handle)
        case EnterNotify, LeaveNotify:
            handleCoreCrossing(event.xcrossing, to: handle)
        case KeyPress, KeyRelease:
            handleCoreKey(&event, to: handle)
        case ButtonPress, ButtonRelease:
            handleCoreButton(event.xbutton, to: handle)
        default:
            return false
        }
        return true
    }

    /// Core pointer motion in the window: the pointer is over it, and unless locked the game
    /// hears where.
    private func handleCoreMotion(_ motion: XMotionEvent, to handle: (InputEvent) -> Void) {
        noteCorePointer(at: WindowPoint(x: Double(motion.x), y: Double(motion.y)), state: motion.state)
        guard !pointerLock.isLocked else { return }
        handle(
            .pointer(
                PointerEvent(
                    phase: .moved, location: WindowPoint(x: Double(motion.x), y: Double(motion.y)),
                    buttonMask: Self.buttonMask(coreState: motion.state), modifierFlags: ModifierFlags(xkbMask: Int(motion.state)),
                    systemTimestamp: UInt32(truncatingIfNeeded: motion.time))))
    }

    /// An event GameInput does not claim: RandR's (the monitors changed, the screen with
    /// them), else the pixel presenter's or another's (``otherEventHandler``).
    private func handleUnclaimed(_ event: inout XEvent, to handle: (InputEvent) -> Void) {
        let randr = desktopWatch.monitors.handle(&event)
        if randr.changed { keepFullScreenOnAMonitor() }
        // After any change of the screen (not only of the list: the screen shrinks after
        // the output goes), the grab may have ended without a word.
        if randr.isRandR, grab?.confirmHeld() == false { pointerLock.grabEndedBySystem() }
        if randr.changed { handle(.monitorsChanged) }
        if !randr.isRandR { otherEventHandler?(&event) }
    }

    /// Focus changes made by keyboard grabs (`NotifyGrab`, `NotifyUngrab`) keep the focus
    /// where it is but say that another client holds the keyboard: a screen locker, a system
    /// overlay, a window manager's switcher, a global hotkey. Such a grab frees the pointer
    /// once it outlasts ``ForeignKeyboardGrab/grace`` and the lock returns when it ends.
    /// A `FocusIn` while grabbed (the focus comes back during a switcher's grab) also means
    /// the keyboard is held elsewhere. Only a real `FocusOut` is a focus loss; inferior
    /// details are ignored.
    ///
    /// `NotifyPointer` details mean the focus is the pointer root and the pointer is in the
    /// window: keys come to us because of where the pointer is. That is the focus on a server
    /// without a window manager; under one it is a passing state and is ignored.
    ///
    /// Whenever key events stop coming here (the focus left, or another client grabbed the
    /// keyboard), every key and button still held ends with a `.cancelled` press: its release
    /// would go elsewhere.
    private func handleFocus(_ focus: XFocusChangeEvent, to handle: (InputEvent) -> Void) {
        guard focus.window == windowID, focus.detail != NotifyPointer || !windowManagerRuns,
            focus.detail != NotifyInferior
        else { return }
        let now = ContinuousClock.now
        switch (focus.type, focus.mode) {
        case (FocusOut, NotifyGrab):
            cancelHeldPresses(to: handle)
            facts.foreignKeyboardGrab.began(at: now)
        case (FocusIn, NotifyUngrab):
            facts.foreignKeyboardGrab.ended()
        case (FocusIn, NotifyWhileGrabbed):
            facts.foreignKeyboardGrab.began(at: now)
            pointerLock.setFocused(true)
        case (FocusIn, NotifyNormal):
            facts.foreignKeyboardGrab.ended()
            pointerLock.setFocused(true)
        case (FocusOut, NotifyNormal), (FocusOut, NotifyWhileGrabbed):
            facts.foreignKeyboardGrab.ended()
            cancelHeldPresses(to: handle)
            pointerLock.setFocused(false)
        default:
            return
        }
        pointerLock.setKeyboardGrabbedElsewhere(facts.foreignKeyboardGrab.outranksLock(at: now))
        textInputFocusChanged(hasFocus: pointerLock.currentFacts.hasFocus)
        if connection.isXwayland { grab?.wantsRawMotionUnlocked = pointerLock.currentFacts.hasFocus }
    }

    /// An XInput 2 event, read from its cookie.
    private func dispatchGeneric(_ event: inout XEvent, to handle: (InputEvent) -> Void) {
        guard let xinput, event.xcookie.extension == xinput.opcode else { return }
        var cookie = event.xcookie
        guard XGetEventData(connection.display, &cookie) != 0, let data = cookie.data else { return }
        defer { XFreeEventData(connection.display, &cookie) }
        switch cookie.evtype {
        case XI_RawMotion:
            handleRawMotion(data, serial: cookie.serial, to: handle)
        case XI_KeyPress, XI_KeyRelease:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard device.event == windowID else { return }
            input.lastEventTime = device.time
            handleDeviceKey(device, isPress: cookie.evtype == XI_KeyPress, to: handle)
        case XI_ButtonPress, XI_ButtonRelease:
            handleDeviceButton(
                data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, isPress: cookie.evtype == XI_ButtonPress, to: handle)
        case XI_Motion:
            handleDeviceMotion(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee, to: handle)
        case XI_Enter, XI_Leave:
            handleDeviceCrossing(data.assumingMemoryBound(to: XIEnterEvent.self).pointee, entered: cookie.evtype == XI_Enter, to: handle)
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            guard pinch.event == windowID else { return }
            handle(input.translator.pinch(pinch))
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let swipe = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            guard swipe.event == windowID else { return }
            handle(input.translator.swipe(swipe))
        case XI_RawButtonPress, XI_RawButtonRelease:
            handleRawButton(data.assumingMemoryBound(to: XIRawEvent.self).pointee, isPress: cookie.evtype == XI_RawButtonPress, to: handle)
        case XI_HierarchyChanged:
            input.loadDevices(from: xinput)
        case XI_DeviceChanged:
            // A slave switch (the pointer moved by another physical device, e.g. XTest after a
            // mouse) comes with nearly every change of source and leaves every device's axes
            // as they were: reloading then cost a server round trip and allocations per switch.
            let change = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            if change.reason != XISlaveSwitch { input.loadDevices(from: xinput) }
        default:
            break
        }
    }

    /// Raw motion (`data` an `XIRawEvent` of request serial `serial`): the pointer moved, which
    /// the lock waits for under Xwayland, and while locked the game's relative motion.
    private func handleRawMotion(_ data: UnsafeMutableRawPointer, serial: UInt, to handle: (InputEvent) -> Void) {
        if !facts.pointerWhereabouts.pointerMoved { facts.pointerWhereabouts.pointerMoved = true }
        guard pointerLock.isLocked, serial >= input.staleBeforeSerial else { return }
        let raw = data.assumingMemoryBound(to: XIRawEvent.self).pointee
        guard let motion = input.decoder.motion(from: raw, time: queue.receivedAt) else { return }
        handle(.relativeMotion(motion))
    }

    /// An XInput 2 button press or release on the window: the buttons held, for the lock, and
    /// the game's button event.
    private func handleDeviceButton(_ device: XIDeviceEvent, isPress: Bool, to handle: (InputEvent) -> Void) {
        guard device.event == windowID else { return }
        input.lastEventTime = device.time
        // The server's button state before this event, with this event applied.
        let button = Int(device.detail)
        let before = Self.primaryButtons(device.buttons.bytes)
        let bit = (1...3).contains(button) ? UInt32(1) << UInt32(button) : 0
        facts.setHeldButtons(isPress ? before | bit : before & ~bit)
        guard input.pressIsTheGames(button, isPress: isPress) else { return }
        if let event = input.translator.button(device, isPress: isPress) { handle(event) }
    }

    /// XInput 2 pointer motion in the window: the buttons held, the pointer over the window,
    /// and (unlocked) where it is.
    private func handleDeviceMotion(_ device: XIDeviceEvent, to handle: (InputEvent) -> Void) {
        guard device.event == windowID else { return }
        facts.setHeldButtons(Self.primaryButtons(device.buttons.bytes))
        if !facts.pointerWhereabouts.isOverWindow { facts.pointerWhereabouts = PointerWhereabouts(inWindow: true, pointerMoved: true) }
        // While locked the hidden pointer's position means nothing; relative motion says it all.
        input.translator.motion(device, emitPointer: !pointerLock.isLocked, to: handle)
    }

    /// The pointer entered or left the window (an XInput 2 crossing).
    private func handleDeviceCrossing(_ crossing: XIEnterEvent, entered: Bool, to handle: (InputEvent) -> Void) {
        // Into or out of a child (the lock guardian's input-only window, mapped while it
        // runs): the pointer stays over the window. Crossings from outside come through
        // it as `XINotifyVirtual` and count.
        guard crossing.event == windowID, crossing.detail != XINotifyInferior else { return }
        facts.setHeldButtons(Self.primaryButtons(crossing.buttons.bytes))
        // Scrolled elsewhere, or under a grab: the valuators' totals moved meanwhile.
        if entered { input.translator.scroll.resetBaselines() }
        // Crossings made by grabs (ours included) do not move the pointer.
        if crossing.mode == XINotifyNormal || crossing.mode == XINotifyWhileGrabbed {
            facts.pointerWhereabouts =
                entered
                ? PointerWhereabouts(inWindow: true, pointerMoved: facts.pointerWhereabouts.pointerMoved)
                : PointerWhereabouts()
        }
        guard crossing.mode == XINotifyNormal else { return }
        handle(input.translator.crossing(crossing, entered: entered))
    }

    /// Buttons 1 to 3 held, from a button mask the server sent (bit n = button n).
    static func primaryButtons(_ mask: UnsafeBufferPointer<UInt8>) -> UInt32 {
        mask.isEmpty ? 0 : UInt32(mask[0]) & 0b1110
    }

    /// Ends every key and button press still held with a `.cancelled` phase (the focus or the
    /// keyboard went elsewhere, so their releases will not come here; a button's release that
    /// still does, through the implicit grab of its press, is dropped): ``HeldPresses``' rule.
    func cancelHeldPresses(to handle: (InputEvent) -> Void) {
        input.presses.cancelAll().reportCancelled(
            systemTimestamp: UInt32(truncatingIfNeeded: input.lastEventTime),
            naming: { (input.keyboardLayout.unmodifiedMeaning(of: $0).key, input.keyPositions.usage(keyCode: $0)) },
            to: { event in if !isClosed { handle(event) } })
        facts.setHeldButtons(0)
    }

    /// Core button events: where the server has no XInput 2, and during our own pointer grab
    /// (a core grab, which reports buttons as core events).
    private func handleCoreButton(_ event: XButtonEvent, to handle: (InputEvent) -> Void) {
        let button = Int(event.button)
        let isPress = event.type == ButtonPress
        let location = WindowPoint(x: Double(event.x), y: Double(event.y))
        let modifiers = ModifierFlags(xkbMask: Int(event.state))
        let time = UInt32(truncatingIfNeeded: event.time)
        if WheelButtons.isWheel(button) {
            if isPress, let delta = WheelButtons.discreteScroll(button: button, isPointerEmulated: false) {
                handle(
                    .scroll(
                        ScrollEvent(
                            type: .discrete, delta: delta, location: location,
                            buttonMask: Self.buttonMask(coreState: event.state), modifierFlags: modifiers, systemTimestamp: time)))
            }
            return
        }
        let before = (event.state >> 7) & 0b1110  // Button1Mask is bit 8: button n at bit n + 7
        let bit = (1...3).contains(button) ? UInt32(1) << UInt32(button) : 0
        facts.setHeldButtons(isPress ? before | bit : before & ~bit)
        guard input.pressIsTheGames(button, isPress: isPress), let mouseButton = MouseButton(xButton: button) else { return }
        handle(
            .button(
                ButtonEvent(
                    phase: isPress ? .down : .up, button: mouseButton, location: location,
                    buttonMask: Self.buttonMask(coreState: event.state).union(ButtonMask(mouseButton)),
                    modifierFlags: modifiers, systemTimestamp: time)))
    }

    /// Buttons held in a core event state (`Button1Mask` is bit 8, …).
    static func buttonMask(coreState: UInt32) -> ButtonMask {
        var mask: ButtonMask = []
        for button in 1...5 where coreState & (UInt32(1) << UInt32(7 + button)) != 0 {
            mask.formUnion(ButtonMask(xButton: button))
        }
        return mask
    }
}
