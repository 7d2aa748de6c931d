internal import CWayland
import Foundation

/// The seat's pointer and keyboard: crossings, motion, buttons and scrolling, relative motion
/// while the compositor holds the lock, keys with the layout's characters and their repeat.
extension WaylandWindow {
    /// Keeps `event` for the game's handler; nothing once the window is closed.
    func emit(_ event: InputEvent) {
        guard !isClosed else { return }
        events.pending.append(event)
    }

    /// The seat's devices as its capabilities say: a pointer (and its relative pointer), a
    /// keyboard; a device that goes is released.
    func seatCapabilities(_ capabilities: UInt32) {
        guard let seat = globals.seat else { return }
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasKeyboard = capabilities & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        let data = Unmanaged.passUnretained(self).toOpaque()
        if hasPointer, input.pointer == nil, let made = wl_seat_get_pointer(seat) {
            input.pointer = made
            wl_pointer_add_listener(made, Self.pointerListener, data)
            if let manager = globals.relativePointerManager,
                let relative = zwp_relative_pointer_manager_v1_get_relative_pointer(manager, made)
            {
                input.relativePointer = relative
                zwp_relative_pointer_v1_add_listener(relative, Self.relativePointerListener, data)
            }
            globals.gestures?.pointerChanged(made)
        } else if !hasPointer, let old = input.pointer {
            globals.gestures?.pointerChanged(nil)
            if let relativePointer = input.relativePointer { zwp_relative_pointer_v1_destroy(relativePointer) }
            input.relativePointer = nil
            wl_pointer_release(old)
            input.pointer = nil
            pointerLeft()
        }
        if hasKeyboard, input.keyboard == nil, let made = wl_seat_get_keyboard(seat) {
            input.keyboard = made
            wl_keyboard_add_listener(made, Self.keyboardListener, data)
            // A keyboard that appears while the window is activated gets its enter in the
            // compositor's answer to get_keyboard: until a sync proves no enter came, the
            // window keeps the focus it had (no unlock and re-lock for a keyboard plugged in).
            input.hasKeyboardFocus = toplevelState.isActivated
            awaitKeyboardEnter()
        } else if !hasKeyboard, let old = input.keyboard {
            wl_keyboard_release(old)
            input.keyboard = nil
            keyboardLeft()
        }
        updateFocus()
    }

    /// A sync behind a new keyboard: at its answer the compositor has sent the keyboard's enter
    /// if the window has the keyboard focus; without one it does not.
    private func awaitKeyboardEnter() {
        if let keyboardEnterSync = input.keyboardEnterSync { wl_callback_destroy(keyboardEnterSync) }
        input.keyboardEnterSync = wl_display_sync(connection.displayProxy)
        if let keyboardEnterSync = input.keyboardEnterSync {
            wl_callback_add_listener(keyboardEnterSync, Self.keyboardEnterSyncListener, Unmanaged.passUnretained(self).toOpaque())
        }
        input.keyboardEntered = false
    }

    private func keyboardEnterSettled(_ callback: OpaquePointer?) {
        guard let keyboardEnterSync = input.keyboardEnterSync, keyboardEnterSync == callback else { return }
        wl_callback_destroy(keyboardEnterSync)
        input.keyboardEnterSync = nil
        if !input.keyboardEntered {
            input.hasKeyboardFocus = false
            updateFocus()
        }
    }

    // MARK: Pointer

    var modifierFlags: ModifierFlags { ModifierFlags(xkbMask: Int(input.keys.modifiers.effectiveModifiers)) }

    private func pointerEntered(serial: UInt32, at location: WindowPoint) {
        input.pointerSerial = serial
        if let pointer = input.pointer { lock.noteCursorTarget(pointer: pointer, serial: serial, image: cursorImage) }
        input.pointerLocation = location
        showCursor(!lock.hidesCursor)
        pointerLock.setPointerOverWindow(true)
        if !lock.isGranted {
            emit(.pointer(PointerEvent(phase: .entered, location: location, buttonMask: input.buttonMask, modifierFlags: modifierFlags)))
        }
    }

    func pointerLeft() {
        guard let location = input.pointerLocation else { return }
        input.pointerLocation = nil
        pointerLock.setPointerOverWindow(false)
        emit(.pointer(PointerEvent(phase: .exited, location: location, buttonMask: input.buttonMask, modifierFlags: modifierFlags)))
    }

    private func pointerMoved(to location: WindowPoint, time: UInt32) {
        // Nothing while the pointer is over the frame libdecor draws (its own surfaces).
        guard input.pointerLocation != nil, location != input.pointerLocation else { return }
        input.pointerLocation = location
        emit(
            .pointer(
                PointerEvent(
                    phase: .moved, location: location, buttonMask: input.buttonMask, modifierFlags: modifierFlags, systemTimestamp: time)))
    }

    private func pointerButton(_ code: UInt32, pressed: Bool, time: UInt32) {
        guard let button = MouseButton(evdev: code), input.pointerLocation != nil || !pressed else { return }
        let before = input.presses.buttons
        defer { buttonsChanged(from: before) }
        // A release of a press the game did not see, or saw cancelled, has nothing to end.
        if pressed { input.presses.buttonPressed(button) } else if !input.presses.buttonReleased(button) { return }
        emit(
            .button(
                ButtonEvent(
                    phase: pressed ? .down : .up, button: button, location: input.pointerLocation ?? WindowPoint(x: 0, y: 0),
                    buttonMask: input.buttonMask.union(ButtonMask(button)), modifierFlags: modifierFlags, systemTimestamp: time)))
    }

    /// The lock waits while the primary, middle or secondary button is held.
    private func buttonsChanged(from before: UInt32) {
        let primary = HeldPresses.primaryButtons
        let held = input.presses.buttons & primary != 0
        if (before & primary != 0) != held { pointerLock.setButtonsHeld(held) }
    }

    /// Scrolling, gathered until the pointer's frame: wheel steps from `axis_discrete` (a
    /// wheel), else continuous motion in wheel steps of 15 axis units, as libinput counts one
    /// notch.
    private func scrollAxis(_ axis: UInt32, value: Double, time: UInt32) {
        input.scroll(axis, value: value, time: time)
        if wl_pointer_get_version(input.pointer) < 5 { pointerFrame() }
    }

    private func pointerFrame() {
        let scroll = input.takeScroll()
        guard scroll.hasValue, let location = input.pointerLocation else { return }
        let isDiscrete = scroll.isWheel && (scroll.steps.dx != 0 || scroll.steps.dy != 0)
        emit(
            .scroll(
                ScrollEvent(
                    type: isDiscrete ? .discrete : .continuous, delta: isDiscrete ? scroll.steps : scroll.delta, location: location,
                    buttonMask: input.buttonMask, modifierFlags: modifierFlags, systemTimestamp: scroll.time)))
    }

    /// Relative motion, delivered while the compositor holds the lock (its `locked` event came
    /// and no `unlocked` since): both deltas, sub-pixel, with the compositor's microsecond time.
    private func relativeMotion(microseconds: UInt64, accelerated: PointerDelta, unaccelerated: PointerDelta) {
        guard lock.isGranted, !lock.isConfinement else { return }
        emit(
            .relativeMotion(
                RelativeMotion(
                    unaccelerated: unaccelerated, accelerated: accelerated, sourceDeviceID: 0,
                    time: events.receivedAt, systemTimestamp: UInt32(truncatingIfNeeded: microseconds / 1000))))
    }

    // MARK: Keyboard

    private func keyboardEnter() {
        input.hasKeyboardFocus = true
        input.keyboardEntered = true
        updateFocus()
    }

    func keyboardLeft() {
        guard input.hasKeyboardFocus else { return }
        input.hasKeyboardFocus = false
        cancelHeldPresses()
        input.keys.releaseAll()
        typing.focusLost()
        updateFocus()
    }

    private func keyChanged(_ evdevCode: UInt32, pressed: Bool, time: UInt32) {
        // A key for a host's other surface, which has the focus.
        guard input.hasKeyboardFocus else { return }
        let keyCode = Int(evdevCode) + 8
        if takenByCompose(keyCode, pressed: pressed) { return }
        if pressed { input.keys.pressed(keyCode, at: .now) } else { input.keys.released(keyCode) }
        // A release of a press the game did not see, or saw cancelled, has nothing to end.
        if pressed { _ = input.presses.keyPressed(keyCode) } else if !input.presses.keyReleased(keyCode) { return }
        deliverKey(keyCode, phase: pressed ? .down : .up, isRepeat: false, time: time)
    }

    /// Ends every key and button press still held with a `.cancelled` phase: the keyboard
    /// focus went, so their releases are not the window's (``HeldPresses``' rule).
    func cancelHeldPresses() {
        let before = input.presses.buttons
        let keys = input.keys
        input.presses.cancelAll().reportCancelled(
            systemTimestamp: 0, naming: { (keys.unmodifiedMeaning(of: $0).key, keys.usage(of: $0)) }, to: emit)
        buttonsChanged(from: before)
    }

    /// During a text-input session, feeds a press to the compose table; whether the sequence
    /// took it (and then its release too): such a key is no key event, and a sequence that ends
    /// commits its text. As on X11 without an input method.
    private func takenByCompose(_ keyCode: Int, pressed: Bool) -> Bool {
        let keys = input.keys
        switch typing.composition(of: keyCode, pressed: pressed, keysym: { keys.meaning(of: keyCode).keysym }) {
        case .key:
            return false
        case .taken:
            return true
        case .composed(let text):
            if let composed = TypedText.composed(text) { emit(.text(.commit(composed))) }
            return true
        }
    }

    /// A key event, and, while a text-input session is open, the text a press types.
    func deliverKey(_ keyCode: Int, phase: PressPhase, isRepeat: Bool, time: UInt32) {
        let event = keyEvent(keyCode, phase: phase, isRepeat: isRepeat, time: time)
        emit(.key(event))
        if typing.isActive, phase == .down, let typed = TypedText.commit(event.characters, modifiers: event.modifierFlags) {
            emit(.text(.commit(typed)))
        }
    }

    private func keyEvent(_ keyCode: Int, phase: PressPhase, isRepeat: Bool, time: UInt32) -> KeyEvent {
        let meaning = input.keys.meaning(of: keyCode)
        return KeyEvent(
            phase: phase, key: meaning.key, keyCode: input.keys.usage(of: keyCode), scanCode: keyCode - 8, characters: meaning.characters,
            charactersIgnoringModifiers: meaning.charactersIgnoringModifiers, modifierFlags: modifierFlags, isRepeat: isRepeat,
            systemTimestamp: time)
    }

    // MARK: Listeners

    nonisolated(unsafe) static let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_seat_listener(
                capabilities: { data, _, capabilities in window(data)?.seatCapabilities(capabilities) },
                name: { _, _, _ in }))
        return listener
    }()

    nonisolated(unsafe) static let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
        let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_pointer_listener(
                enter: { data, _, serial, surface, x, y in
                    // The window's own surface; libdecor's frame has surfaces of its own.
                    guard let window = window(data), surface == window.surface else { return }
                    window.pointerEntered(serial: serial, at: window.size.windowPoint(x, y))
                },
                leave: { data, _, _, surface in
                    guard let window = window(data), surface == nil || surface == window.surface else { return }
                    window.pointerLeft()
                },
                motion: { data, _, time, x, y in
                    guard let window = window(data) else { return }
                    window.pointerMoved(to: window.size.windowPoint(x, y), time: time)
                },
                button: { data, _, serial, time, button, state in
                    window(data)?.input.inputSerial = serial
                    window(data)?.pointerButton(button, pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue, time: time)
                },
                axis: { data, _, time, axis, value in window(data)?.scrollAxis(axis, value: wl_fixed_to_double(value), time: time) },
                frame: { data, _ in window(data)?.pointerFrame() },
                axis_source: { data, _, source in
                    window(data)?.input.pendingScroll.isWheel = source == WL_POINTER_AXIS_SOURCE_WHEEL.rawValue
                },
                axis_stop: { _, _, _, _ in },
                axis_discrete: { data, _, axis, steps in
                    window(data)?.input.scroll(axis, steps: steps)
                },
                axis_value120: nil))
        return listener
    }()

    private nonisolated(unsafe) static let keyboardEnterSyncListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(done: { data, callback, _ in window(data)?.keyboardEnterSettled(callback) }))
        return listener
    }()

    private nonisolated(unsafe) static let relativePointerListener: UnsafeMutablePointer<zwp_relative_pointer_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_relative_pointer_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zwp_relative_pointer_v1_listener(
                relative_motion: { data, _, high, low, dx, dy, rawX, rawY in
                    window(data)?.relativeMotion(
                        microseconds: UInt64(high) << 32 | UInt64(low),
                        accelerated: PointerDelta(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)),
                        unaccelerated: PointerDelta(dx: wl_fixed_to_double(rawX), dy: wl_fixed_to_double(rawY)))
                }))
        return listener
    }()

    private nonisolated(unsafe) static let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
        let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_keyboard_listener(
                keymap: { data, _, format, descriptor, size in
                    guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let window = window(data) else {
                        Posix.close(descriptor)
                        return
                    }
                    window.input.keys.loadKeymap(descriptor: descriptor, size: Int(size))
                },
                // The window's surface only: a host's other surfaces (its other windows) are
                // not the window.
                enter: { data, _, serial, surface, _ in
                    guard let window = window(data), surface == window.surface else { return }
                    window.input.inputSerial = serial
                    window.keyboardEnter()
                },
                leave: { data, _, _, surface in
                    guard let window = window(data), surface == nil || surface == window.surface else { return }
                    window.keyboardLeft()
                },
                key: { data, _, serial, time, key, state in
                    window(data)?.input.inputSerial = serial
                    window(data)?.keyChanged(key, pressed: state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, time: time)
                },
                modifiers: { data, _, _, depressed, latched, locked, group in
                    window(data)?.input.keys.modifiers = KeyboardModifierState(
                        baseModifiers: depressed, latchedModifiers: latched, lockedModifiers: locked, lockedGroup: group)
                },
                repeat_info: { data, _, rate, delay in window(data)?.input.keys.setRepeat(rate: rate, delay: delay) }))
        return listener
    }()
}
