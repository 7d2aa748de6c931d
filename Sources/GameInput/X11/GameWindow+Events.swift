internal import CXlib

/// Turning X events into lock facts and ``InputEvent``s.
extension GameWindow {
    func dispatch(_ event: inout XEvent, to handle: (InputEvent) -> Void) {
        switch event.type {
        case GenericEvent:
            dispatchGeneric(&event, to: handle)
        case FocusIn, FocusOut:
            handleFocus(event.xfocus)
        case MapNotify where event.xmap.window == windowID:
            pointerLock.setViewable(true)
        case UnmapNotify where event.xunmap.window == windowID:
            pointerLock.setViewable(false)
        case ConfigureNotify where event.xconfigure.window == windowID:
            let newWidth = Int(event.xconfigure.width), newHeight = Int(event.xconfigure.height)
            if newWidth != width || newHeight != height {
                width = newWidth
                height = newHeight
                handle(.resized(width: newWidth, height: newHeight))
            }
        case Expose where event.xexpose.count == 0:
            handle(.exposed)
        case PropertyNotify where event.xproperty.atom == atoms.netWMState:
            pointerLock.setFullScreen(readFullScreenState())
        case ClientMessage where event.xclient.message_type == atoms.wmProtocols
            && UInt(bitPattern: event.xclient.data.l.0) == atoms.wmDeleteWindow:
            handle(.closeRequested)
        case KeyPress, KeyRelease:
            handleCoreKey(event.xkey, to: handle)
        case ButtonPress, ButtonRelease:
            let button = event.xbutton
            handleButton(phase: button.type == ButtonPress ? .down : .up, button: Int(button.button),
                         x: Double(button.x), y: Double(button.y), time: UInt32(truncatingIfNeeded: button.time),
                         to: handle)
        default:
            otherEventHandler?(&event)
        }
    }

    /// Focus changes caused by grabs (`NotifyGrab`, `NotifyUngrab`: a window manager's alt-tab
    /// grabbing the keyboard, or our own pointer grab) are not focus changes and are ignored,
    /// as are the pointer-root and inferior details. Only a real `FocusOut` releases the lock,
    /// and only a real `FocusIn` brings it back.
    private func handleFocus(_ focus: XFocusChangeEvent) {
        guard focus.window == windowID,
              focus.mode == NotifyNormal || focus.mode == NotifyWhileGrabbed,
              focus.detail != NotifyPointer, focus.detail != NotifyInferior else { return }
        if focus.type == FocusOut {
            heldButtons = 0
            pointerLock.setButtonsHeld(false)
        }
        pointerLock.setFocused(focus.type == FocusIn)
    }

    private func dispatchGeneric(_ event: inout XEvent, to handle: (InputEvent) -> Void) {
        guard let xinput, event.xcookie.extension == xinput.opcode else { return }
        var cookie = event.xcookie
        guard XGetEventData(connection.display, &cookie) != 0, let data = cookie.data else { return }
        defer { XFreeEventData(connection.display, &cookie) }
        switch cookie.evtype {
        case XI_RawMotion:
            guard pointerLock.isLocked, cookie.serial >= staleBeforeSerial else { return }
            let raw = data.assumingMemoryBound(to: XIRawEvent.self).pointee
            guard let motion = decoder.motion(from: raw, receivedAt: batchReceivedAt) else { return }
            handle(.relativeMotion(motion))
        case XI_KeyPress, XI_KeyRelease:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard device.event == windowID else { return }
            let keyCode = Int(device.detail)
            handle(.key(KeyEvent(
                phase: cookie.evtype == XI_KeyPress ? .down : .up,
                key: keySymbol(forKeyCode: keyCode), keyCode: keyCode,
                isRepeat: device.flags & Int32(XIKeyRepeat) != 0,
                serverTime: UInt32(truncatingIfNeeded: device.time))))
        case XI_ButtonPress, XI_ButtonRelease:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            guard device.event == windowID else { return }
            handleButton(phase: cookie.evtype == XI_ButtonPress ? .down : .up, button: Int(device.detail),
                         x: device.event_x, y: device.event_y, time: UInt32(truncatingIfNeeded: device.time),
                         to: handle)
        case XI_HierarchyChanged:
            xinput.loadPointerAxes(into: &decoder)
        case XI_DeviceChanged:
            // A slave switch (the pointer moved by another physical device, e.g. XTest after a
            // mouse) comes with nearly every change of source and leaves every device's axes
            // as they were: reloading then cost a server round trip and allocations per switch.
            let change = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            if change.reason != XISlaveSwitch { xinput.loadPointerAxes(into: &decoder) }
        default:
            break
        }
    }

    private func handleButton(phase: PressPhase, button: Int, x: Double, y: Double, time: UInt32,
                              to handle: (InputEvent) -> Void) {
        // Wheel "buttons" 4–7 press and release at once; they never hold the lock back.
        if (1...3).contains(button) {
            let bit = UInt32(1) << UInt32(button)
            if phase == .down { heldButtons |= bit } else { heldButtons &= ~bit }
        }
        handle(.button(ButtonEvent(phase: phase, button: button, x: x, y: y, serverTime: time)))
        pointerLock.setButtonsHeld(heldButtons != 0)
    }

    private func handleCoreKey(_ key: XKeyEvent, to handle: (InputEvent) -> Void) {
        let keyCode = Int(key.keycode)
        handle(.key(KeyEvent(
            phase: key.type == KeyPress ? .down : .up, key: keySymbol(forKeyCode: keyCode),
            keyCode: keyCode, isRepeat: false, serverTime: UInt32(truncatingIfNeeded: key.time))))
    }

    /// The keysym at group 0, shift level 0, from Xlib's client-side keymap (no round trip).
    private func keySymbol(forKeyCode keyCode: Int) -> KeySymbol {
        guard (8...255).contains(keyCode) else { return KeySymbol(rawValue: 0) }
        return KeySymbol(rawValue: UInt32(truncatingIfNeeded: XkbKeycodeToKeysym(connection.display, KeyCode(keyCode), 0, 0)))
    }

    /// Whether `_NET_WM_STATE` lists `_NET_WM_STATE_FULLSCREEN` (read when the property changes).
    private func readFullScreenState() -> Bool {
        var actualType: UInt = 0
        var actualFormat: Int32 = 0
        var itemCount: UInt = 0, bytesAfter: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(connection.display, windowID, atoms.netWMState, 0, 64, 0, UInt(XA_ATOM),
                                 &actualType, &actualFormat, &itemCount, &bytesAfter, &data) == Success,
              let data else { return false }
        defer { XFree(data) }
        guard actualFormat == 32 else { return false }
        let states = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(itemCount)).contains { states[$0] == atoms.netWMStateFullScreen }
    }
}
