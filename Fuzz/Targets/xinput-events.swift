// libFuzzer: -max_len=4096
import CXlib
import FuzzSupport

@testable import GameInput

/// Fuzzes ``XInputEventTranslator`` and ``RawMotionDecoder/motion(from:time:)`` with
/// XInput 2 events as libXi hands them over: every field from the input, the doubles in the
/// shapes the wire can carry (`FP1616`, `FP3232`), the valuator array as long as its mask
/// says (libXi's promise), masks of any length.
///
/// Input layout (see ``FuzzInput``; short inputs read zeros):
/// - 1 byte: how many devices are set up (0…3); per device: id (0…127), a byte whose bit 0 makes it
///   a touchscreen and bit 1 a gesture device, a scroll-axis count (0…5) and per axis a
///   valuator, an orientation byte and an `FP3232` increment.
/// - Then events until the input ends: a kind byte (key, button, motion, crossing, pinch,
///   swipe, raw motion, lock transition; bit 3 picks press/enter/emit-pointer), `detail`,
///   `flags`, `sourceid` (−128…127), `time`, `mods.effective`, `event_x`, `event_y`, a
///   button-mask length (0…15) and bytes, a valuator-mask length (0…15) and bytes, one
///   `FP3232` per set mask bit (twice for raw motion), and for gestures scale, angle and the
///   two deltas as `FP1616`.
///
/// Contract checked: no crash; each call gives the kind of event its C event stands for (a
/// wheel button a discrete one-step scroll or nothing); button masks hold UIKit buttons 1…27
/// only; locations are the event's; scroll, pinch and swipe values and raw motion are finite,
/// raw motion within ``RawMotionDecoder/largestPlausibleDelta``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXInputEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, count: size)
    var translator = XInputEventTranslator(
        keyMeaning: { code, state in
            let keysym = UInt32(truncatingIfNeeded: code) &* 2_654_435_761 &+ state.effectiveModifiers &+ state.lockedGroup
            return KeyMeaning(key: KeySymbol(rawValue: keysym), characters: "", charactersIgnoringModifiers: "", keysym: keysym)
        },
        keyUsage: { KeyboardHIDUsage(rawValue: UInt16(truncatingIfNeeded: $0)) })
    var raw = RawMotionDecoder()
    for _ in 0..<input.int(in: 0...3) {
        let device = Int(input.byte() & 0x7F)  // ids the events' sourceid (−128…127) can name
        let traits = input.byte()
        translator.deviceKinds[device] = traits & 1 != 0 ? .directTouch : .indirectPointer
        if traits & 2 != 0 { translator.gestureDevices.insert(device) }
        let axes = (0..<input.int(in: 0...5)).map { _ in
            ScrollAxis(valuator: Int(input.byte()), orientation: input.bool() ? .vertical : .horizontal, increment: input.fp3232())
        }
        translator.scroll.setAxes(axes, forDevice: device)
    }
    while !input.isAtEnd {
        let kind = input.byte()
        let fields = EventFields(&input, rawValues: kind & 7 == 6)
        fields.withDeviceEvent { event in
            translate(event, kind: kind, fields: fields, translator: &translator, raw: &raw)
        }
    }
    return 0
}

/// Feeds one event to the call its kind byte picks and checks what comes back.
private func translate(
    _ event: XIDeviceEvent, kind: UInt8, fields: EventFields, translator: inout XInputEventTranslator, raw: inout RawMotionDecoder
) {
    let flag = kind & 8 != 0
    let location = WindowPoint(x: event.event_x, y: event.event_y)
    switch kind & 7 {
    case 0:
        let key = translator.key(event, isPress: flag)
        FuzzCheck.require(key.phase == (flag ? .down : .up) && key.xkbKeyCode == Int(event.detail), "key \(key) is not its event")
    case 1:
        let result = translator.button(event, isPress: flag)
        if WheelButtons.isWheel(Int(event.detail)) {
            guard let result else { return }
            guard case .scroll(let scroll) = result, scroll.type == .discrete,
                abs(scroll.delta.dx) + abs(scroll.delta.dy) == 1
            else { return failKind("one wheel step") }
            checkMask(scroll.buttonMask)
        } else if let expected = MouseButton(xButton: Int(event.detail)) {
            guard case .button(let button) = result else { return failKind("button") }
            FuzzCheck.require(button.button == expected && button.location == location, "button \(button) is not its event")
            checkMask(button.buttonMask)
        } else {
            FuzzCheck.require(result == nil, "X button \(event.detail) is no mouse button: \(String(describing: result))")
        }
    case 2:
        translator.motion(event, emitPointer: flag) { output in
            switch output {
            case .scroll(let scroll):
                FuzzCheck.require(scroll.type == .continuous, "a motion's scroll is continuous")
                FuzzCheck.require(FuzzCheck.allFinite(scroll.delta.dx, scroll.delta.dy), "scroll delta \(scroll.delta) is not finite")
                checkMask(scroll.buttonMask)
            case .pointer(let pointer):
                FuzzCheck.require(flag && pointer.phase == .moved && pointer.location == location, "pointer \(pointer) is not its event")
                checkMask(pointer.buttonMask)
            default:
                failKind("scroll or pointer")
            }
        }
    case 3:
        fields.withEnterEvent(event) { crossing in
            guard case .pointer(let pointer) = translator.crossing(crossing, entered: flag) else { return failKind("crossing") }
            FuzzCheck.require(pointer.phase == (flag ? .entered : .exited) && pointer.location == location, "crossing \(pointer)")
            checkMask(pointer.buttonMask)
        }
    case 4:
        guard case .transform(let pinch) = translator.pinch(fields.pinchEvent(event)) else { return failKind("pinch") }
        FuzzCheck.require(FuzzCheck.allFinite(pinch.scale, pinch.rotationDelta), "pinch \(pinch) is not finite")
    case 5:
        guard case .swipe(let swipe) = translator.swipe(fields.swipeEvent(event)) else { return failKind("swipe") }
        FuzzCheck.require(FuzzCheck.allFinite(swipe.delta.dx, swipe.delta.dy), "swipe \(swipe) is not finite")
    case 6:
        fields.withRawEvent(event) { rawEvent in
            guard let motion = raw.motion(from: rawEvent, time: .now) else { return }
            let limit = RawMotionDecoder.largestPlausibleDelta
            for value in [motion.unaccelerated.dx, motion.unaccelerated.dy, motion.accelerated.dx, motion.accelerated.dy] {
                FuzzCheck.require(value.isFinite && abs(value) <= limit, "raw motion let \(value) through")
            }
        }
    default:
        if flag { translator.notePointer(at: location) } else { translator.lockTransition() }
        raw.resetBaselines()
    }
}

/// Stops the run: the translator turned an event into the wrong kind.
private func failKind(_ expected: String) {
    FuzzCheck.require(false, "expected a \(expected) event")
}

/// The buttons a mask can hold: `MouseButton` 1…30 (X buttons 1…3 and 8…34), never the wheel.
private func checkMask(_ mask: ButtonMask) {
    FuzzCheck.require(mask.rawValue >= 0 && mask.rawValue < 1 << 30, "button mask \(mask.rawValue) holds no mouse button")
}

/// One event's fields read from the input, and the C events built from them (their arrays
/// kept alive by the `with…` calls).
private struct EventFields {
    var detail: Int32, flags: Int32, sourceID: Int32, time: UInt, modifiers: Int32
    var x: Double, y: Double
    var buttons: [UInt8], valuatorMask: [UInt8], values: [Double], rawValues: [Double]
    var scale: Double, angle: Double, deltaX: Double, deltaY: Double

    init(_ input: inout FuzzInput, rawValues hasRawValues: Bool) {
        detail = input.int32()
        flags = input.int32()
        sourceID = Int32(Int8(truncatingIfNeeded: input.byte()))
        time = UInt(input.bits(4))
        modifiers = input.int32()
        x = input.fp1616()
        y = input.fp1616()
        buttons = input.bytes(input.int(in: 0...15))
        valuatorMask = input.bytes(input.int(in: 0...15))
        let count = valuatorMask.reduce(0) { $0 + $1.nonzeroBitCount }
        values = (0..<count).map { _ in input.fp3232() }
        rawValues = hasRawValues ? (0..<count).map { _ in input.fp3232() } : values
        scale = input.fp1616()
        angle = input.fp1616()
        deltaX = input.fp1616()
        deltaY = input.fp1616()
    }

    /// An `XIDeviceEvent` with these fields, valid inside `body`.
    func withDeviceEvent(_ body: (XIDeviceEvent) -> Void) {
        var buttons = buttons, mask = valuatorMask, values = values
        buttons.withUnsafeMutableBufferPointer { buttons in
            mask.withUnsafeMutableBufferPointer { mask in
                values.withUnsafeMutableBufferPointer { values in
                    var event = XIDeviceEvent()
                    event.detail = detail
                    event.flags = flags
                    event.sourceid = sourceID
                    event.deviceid = 2
                    event.time = time
                    event.event_x = x
                    event.event_y = y
                    event.mods.effective = modifiers
                    event.buttons.mask_len = Int32(buttons.count)
                    event.buttons.mask = buttons.baseAddress
                    event.valuators.mask_len = Int32(mask.count)
                    event.valuators.mask = mask.baseAddress
                    event.valuators.values = values.baseAddress
                    body(event)
                }
            }
        }
    }

    /// The crossing event with `device`'s common fields and button mask.
    func withEnterEvent(_ device: XIDeviceEvent, _ body: (XIEnterEvent) -> Void) {
        var event = XIEnterEvent()
        event.detail = detail
        event.sourceid = sourceID
        event.time = time
        event.event_x = x
        event.event_y = y
        event.mods = device.mods
        event.buttons = device.buttons
        body(event)
    }

    /// The pinch event with these fields (`XI_GesturePinchBegin…End` from the kind's flags).
    func pinchEvent(_ device: XIDeviceEvent) -> XIGesturePinchEvent {
        var event = XIGesturePinchEvent()
        event.evtype = XI_GesturePinchBegin + Int32(UInt32(bitPattern: flags) % 3)
        event.detail = detail
        event.flags = flags
        event.sourceid = sourceID
        event.time = time
        event.event_x = x
        event.event_y = y
        event.delta_x = deltaX
        event.delta_y = deltaY
        event.scale = scale
        event.delta_angle = angle
        event.mods = device.mods
        return event
    }

    /// The swipe event with these fields.
    func swipeEvent(_ device: XIDeviceEvent) -> XIGestureSwipeEvent {
        var event = XIGestureSwipeEvent()
        event.evtype = XI_GestureSwipeBegin + Int32(UInt32(bitPattern: flags) % 3)
        event.detail = detail
        event.flags = flags
        event.sourceid = sourceID
        event.time = time
        event.event_x = x
        event.event_y = y
        event.delta_x = deltaX
        event.delta_y = deltaY
        event.mods = device.mods
        return event
    }

    /// The raw event with `device`'s valuators and these raw values, valid inside `body`.
    func withRawEvent(_ device: XIDeviceEvent, _ body: (XIRawEvent) -> Void) {
        var rawValues = rawValues
        rawValues.withUnsafeMutableBufferPointer { rawValues in
            var event = XIRawEvent()
            event.evtype = XI_RawMotion
            event.detail = detail
            event.flags = flags
            event.sourceid = sourceID
            event.time = time
            event.valuators = device.valuators
            event.raw_values = rawValues.baseAddress
            body(event)
        }
    }
}
