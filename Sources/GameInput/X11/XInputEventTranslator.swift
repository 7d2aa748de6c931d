internal import CXlib

/// Turns XInput 2 device events for the game's window into ``InputEvent``s: keys with their
/// modifiers and repeat flag, buttons with masks, pointer crossing and motion, wheel and
/// smooth scrolling (dropping emulated duplicates), and touchpad gestures.
///
/// It works on the C event structures alone, so tests feed it constructed events.
struct XInputEventTranslator {
    /// The device table: which devices touch the screen directly, which scroll smoothly.
    var scroll = ScrollValuatorDecoder()
    var deviceKinds: [Int: InputDeviceKind] = [:]
    /// Devices with an XInput 2.4 gesture class (touchpads that report pinch and swipe).
    var gestureDevices: Set<Int> = []
    private var lastPointer: WindowPoint?
    /// What a key code means with an event's modifiers (from the server's keymap; a closure
    /// so tests need no server).
    let keyMeaning: (Int, KeyboardModifierState) -> KeyMeaning
    /// Looks up a key code's physical key (from the XKB key names).
    let keyUsage: (Int) -> KeyboardHIDUsage

    init(
        keyMeaning: @escaping (Int, KeyboardModifierState) -> KeyMeaning,
        keyUsage: @escaping (Int) -> KeyboardHIDUsage = { _ in .keyboardErrorUndefined }
    ) {
        self.keyMeaning = keyMeaning
        self.keyUsage = keyUsage
    }

    func deviceKind(_ sourceID: Int32) -> InputDeviceKind {
        deviceKinds[Int(sourceID)] ?? .indirectPointer
    }

    func key(_ event: XIDeviceEvent, isPress: Bool) -> KeyEvent {
        let keyCode = Int(event.detail)
        let meaning = keyMeaning(keyCode, KeyboardModifierState(event))
        return KeyEvent(
            phase: isPress ? .down : .up, key: meaning.key, keyCode: keyUsage(keyCode), scanCode: keyCode - 8,
            characters: meaning.characters, charactersIgnoringModifiers: meaning.charactersIgnoringModifiers,
            modifierFlags: ModifierFlags(xkbMask: Int(event.mods.effective)),
            isRepeat: event.flags & Int32(XIKeyRepeat) != 0, systemTimestamp: UInt32(truncatingIfNeeded: event.time))
    }

    /// A button press or release; wheel buttons become discrete scrolls (or nothing, when
    /// they emulate a smooth scroll).
    func button(_ event: XIDeviceEvent, isPress: Bool) -> InputEvent? {
        let button = Int(event.detail)
        let location = WindowPoint(x: event.event_x, y: event.event_y)
        let held = ButtonMask(xButtonState: event.buttons.bytes)
        let modifiers = ModifierFlags(xkbMask: Int(event.mods.effective))
        let time = UInt32(truncatingIfNeeded: event.time)
        if WheelButtons.isWheel(button) {
            guard isPress,
                let delta = WheelButtons.discreteScroll(
                    button: button, isPointerEmulated: event.flags & Int32(XIPointerEmulated) != 0)
            else { return nil }
            return .scroll(
                ScrollEvent(
                    type: .discrete, delta: delta, location: location, buttonMask: held,
                    modifierFlags: modifiers, deviceKind: deviceKind(event.sourceid), systemTimestamp: time))
        }
        guard let mouseButton = MouseButton(xButton: button) else { return nil }
        return .button(
            ButtonEvent(
                phase: isPress ? .down : .up, button: mouseButton, location: location,
                buttonMask: held.union(ButtonMask(mouseButton)), modifierFlags: modifiers,
                deviceKind: deviceKind(event.sourceid), systemTimestamp: time))
    }

    /// Motion over the window: a pointer event when the position changed, and a continuous
    /// scroll when scroll valuators moved.
    mutating func motion(_ event: XIDeviceEvent, emitPointer: Bool, to handle: (InputEvent) -> Void) {
        let location = WindowPoint(x: event.event_x, y: event.event_y)
        let held = ButtonMask(xButtonState: event.buttons.bytes)
        let modifiers = ModifierFlags(xkbMask: Int(event.mods.effective))
        let time = UInt32(truncatingIfNeeded: event.time)
        let kind = deviceKind(event.sourceid)
        let mask = event.valuators.maskBytes
        let values = UnsafeBufferPointer(start: event.valuators.values, count: PackedValuators.valueCount(mask: mask))
        if let delta = scroll.decode(sourceDeviceID: Int(event.sourceid), mask: mask, values: values) {
            handle(
                .scroll(
                    ScrollEvent(
                        type: .continuous, delta: delta, location: location, buttonMask: held,
                        modifierFlags: modifiers, deviceKind: kind, systemTimestamp: time)))
        }
        if emitPointer && location != lastPointer {
            lastPointer = location
            handle(
                .pointer(
                    PointerEvent(
                        phase: .moved, location: location, buttonMask: held, modifierFlags: modifiers,
                        deviceKind: kind, systemTimestamp: time)))
        }
    }

    /// The lock engaged or ended. A core grab hides `XI_Motion` while scroll valuators keep
    /// counting, so the totals are read as new baselines, and the pointer's last reported
    /// position no longer holds.
    mutating func lockTransition() {
        scroll.resetBaselines()
        lastPointer = nil
    }

    /// Records where the pointer is, as reported to the game by other means (after an unlock).
    mutating func notePointer(at location: WindowPoint) { lastPointer = location }

    /// The pointer entered or left the window. Entering resets smooth-scroll baselines.
    mutating func crossing(_ event: XIEnterEvent, entered: Bool) -> InputEvent {
        let location = WindowPoint(x: event.event_x, y: event.event_y)
        if entered { scroll.resetBaselines() }
        lastPointer = entered ? location : nil
        return .pointer(
            PointerEvent(
                phase: entered ? .entered : .exited, location: location,
                buttonMask: ButtonMask(xButtonState: event.buttons.bytes),
                modifierFlags: ModifierFlags(xkbMask: Int(event.mods.effective)),
                deviceKind: deviceKind(event.sourceid), systemTimestamp: UInt32(truncatingIfNeeded: event.time)))
    }

    func pinch(_ event: XIGesturePinchEvent) -> InputEvent {
        .transform(
            TransformEvent(
                phase: Self.phase(
                    event.evtype, begin: XI_GesturePinchBegin, end: XI_GesturePinchEnd,
                    cancelled: event.flags & Int32(XIGesturePinchEventCancelled) != 0),
                scale: event.scale.isFinite ? event.scale : 1,
                rotationDelta: event.delta_angle.isFinite ? event.delta_angle * .pi / 180 : 0,
                location: WindowPoint(x: event.event_x, y: event.event_y), fingerCount: Int(event.detail),
                modifierFlags: ModifierFlags(xkbMask: Int(event.mods.effective)),
                systemTimestamp: UInt32(truncatingIfNeeded: event.time)))
    }

    func swipe(_ event: XIGestureSwipeEvent) -> InputEvent {
        .swipe(
            SwipeEvent(
                phase: Self.phase(
                    event.evtype, begin: XI_GestureSwipeBegin, end: XI_GestureSwipeEnd,
                    cancelled: event.flags & Int32(XIGestureSwipeEventCancelled) != 0),
                delta: PointerDelta(dx: event.delta_x.isFinite ? event.delta_x : 0, dy: event.delta_y.isFinite ? event.delta_y : 0),
                location: WindowPoint(x: event.event_x, y: event.event_y), fingerCount: Int(event.detail),
                modifierFlags: ModifierFlags(xkbMask: Int(event.mods.effective)),
                systemTimestamp: UInt32(truncatingIfNeeded: event.time)))
    }

    private static func phase(_ evtype: Int32, begin: Int32, end: Int32, cancelled: Bool) -> InteractionPhase {
        switch evtype {
        case begin: .began
        case end: cancelled ? .cancelled : .ended
        default: .changed
        }
    }
}

extension KeyboardModifierState {
    /// The state an XInput 2 device event carries, its modifiers and its layout group.
    init(_ event: XIDeviceEvent) {
        self.init(
            baseModifiers: UInt32(bitPattern: event.mods.base), latchedModifiers: UInt32(bitPattern: event.mods.latched),
            lockedModifiers: UInt32(bitPattern: event.mods.locked), baseGroup: UInt32(bitPattern: event.group.base),
            latchedGroup: UInt32(bitPattern: event.group.latched), lockedGroup: UInt32(bitPattern: event.group.locked))
    }
}

extension XIButtonState {
    /// The state's mask bytes (bit n = X button n held), as Xlib left them.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: mask, count: Int(max(0, mask_len))) }
}

extension XIValuatorState {
    /// The valuator mask bytes (bit n = valuator n present in the packed `values`).
    var maskBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: mask, count: Int(max(0, mask_len))) }
}
