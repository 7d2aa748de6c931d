import CXlib
import Testing

@testable import GameInput

/// Decoding of XInput 2 device events, from constructed C events.
@Suite struct XInputEventTranslatorTests {
    static func translator() -> XInputEventTranslator {
        XInputEventTranslator { keyCode, state in
            let symbol: UInt32 = keyCode == 54 ? 0x63 : 0xFF0D
            let shifted = state.effectiveModifiers & UInt32(ShiftMask) != 0
            return KeyMeaning(
                key: KeySymbol(rawValue: symbol), characters: keyCode == 54 ? (shifted ? "C" : "c") : "",
                charactersIgnoringModifiers: keyCode == 54 ? "c" : "", keysym: symbol)
        }
    }

    /// Builds an `XIDeviceEvent`, with its button and valuator arrays kept alive by `body`.
    static func withDeviceEvent<R>(
        type: Int32, detail: Int32, flags: Int32 = 0, modifiers: Int32 = 0, heldButtons: [Int] = [],
        valuatorMask: [UInt8] = [], values: [Double] = [], sourceID: Int32 = 6,
        _ body: (XIDeviceEvent) -> R
    ) -> R {
        var buttonBytes = [UInt8](repeating: 0, count: 4)
        for button in heldButtons { buttonBytes[button / 8] |= UInt8(1 << (button % 8)) }
        var mask = valuatorMask
        var values = values
        return buttonBytes.withUnsafeMutableBufferPointer { buttons in
            mask.withUnsafeMutableBufferPointer { mask in
                values.withUnsafeMutableBufferPointer { values in
                    var event = XIDeviceEvent()
                    event.evtype = type
                    event.detail = detail
                    event.flags = flags
                    event.sourceid = sourceID
                    event.deviceid = 2
                    event.time = 1234
                    event.event_x = 10.5
                    event.event_y = 20.25
                    event.mods.base = modifiers
                    event.mods.effective = modifiers
                    event.buttons.mask_len = Int32(buttons.count)
                    event.buttons.mask = buttons.baseAddress
                    event.valuators.mask_len = Int32(mask.count)
                    event.valuators.mask = mask.baseAddress
                    event.valuators.values = values.baseAddress
                    return body(event)
                }
            }
        }
    }

    @Test func keysCarryModifiersRepeatAndCharacters() {
        let translator = Self.translator()
        let key = Self.withDeviceEvent(type: XI_KeyPress, detail: 54, flags: Int32(XIKeyRepeat), modifiers: 4 | 1) {
            translator.key($0, isPress: true)
        }
        #expect(key.key == .c && key.phase == .down && key.isRepeat)
        #expect(key.modifierFlags == [.control, .shift])
        // The layout is read with the event's own modifiers: Shift is held.
        #expect(key.characters == "C")
        #expect(key.charactersIgnoringModifiers == "c")
        #expect(key.systemTimestamp == 1234)
    }

    @Test func aControlPrimaryClickHasItsMaskAndModifiers() {
        let translator = Self.translator()
        let event = Self.withDeviceEvent(type: XI_ButtonPress, detail: 1, modifiers: 4) { translator.button($0, isPress: true) }
        guard case .button(let click)? = event else { Issue.record("a button event"); return }
        #expect(click.buttonMask == .primary && click.modifierFlags == .control)
        #expect(click.location == WindowPoint(x: 10.5, y: 20.25))
        let chord = Self.withDeviceEvent(type: XI_ButtonPress, detail: 3, heldButtons: [1]) { translator.button($0, isPress: true) }
        guard case .button(let second)? = chord else { Issue.record("a button event"); return }
        #expect(second.buttonMask == [.primary, .secondary], "buttons already held are in the mask")
        let middle = Self.withDeviceEvent(type: XI_ButtonPress, detail: 2) { translator.button($0, isPress: true) }
        guard case .button(let third)? = middle else { Issue.record("a button event"); return }
        #expect(third.buttonMask == .button(3))
    }

    @Test func wheelButtonsAreDiscreteScrollsAndEmulatedOnesAreDropped() {
        let translator = Self.translator()
        let expected: [Int32: PointerDelta] = [
            4: PointerDelta(dx: 0, dy: -1), 5: PointerDelta(dx: 0, dy: 1),
            6: PointerDelta(dx: -1, dy: 0), 7: PointerDelta(dx: 1, dy: 0),
        ]
        for (button, delta) in expected {
            let event = Self.withDeviceEvent(type: XI_ButtonPress, detail: button) { translator.button($0, isPress: true) }
            guard case .scroll(let scroll)? = event else { Issue.record("button \(button) must scroll"); continue }
            #expect(scroll.type == .discrete && scroll.delta == delta)
            let release = Self.withDeviceEvent(type: XI_ButtonRelease, detail: button) { translator.button($0, isPress: false) }
            #expect(release == nil, "the release of a wheel step is not a second step")
        }
        let emulated = Self.withDeviceEvent(type: XI_ButtonPress, detail: 5, flags: Int32(XIPointerEmulated)) {
            translator.button($0, isPress: true)
        }
        #expect(emulated == nil, "XI2's emulated wheel button duplicates a smooth scroll already reported")
    }

    @Test func smoothScrollValuatorsBecomeContinuousScrollsInSteps() {
        var translator = Self.translator()
        translator.scroll.setAxes(
            [
                ScrollAxis(valuator: 2, orientation: .vertical, increment: 15),
                ScrollAxis(valuator: 3, orientation: .horizontal, increment: -15),
            ], forDevice: 6)
        var events: [InputEvent] = []
        // Valuators 0, 1 (position) and 2, 3 (scroll totals) present.
        for values in [[10.0, 20.0, 100.0, 50.0], [10.0, 20.0, 107.5, 50.0], [10.0, 20.0, 107.5, 20.0]] {
            Self.withDeviceEvent(type: XI_Motion, detail: 0, valuatorMask: [0b1111], values: values) {
                translator.motion($0, emitPointer: false) { events.append($0) }
            }
        }
        #expect(
            events == [
                .scroll(
                    ScrollEvent(
                        type: .continuous, delta: PointerDelta(dx: 0, dy: 0.5), location: WindowPoint(x: 10.5, y: 20.25),
                        deviceKind: .indirectPointer, systemTimestamp: 1234)),
                .scroll(
                    ScrollEvent(
                        type: .continuous, delta: PointerDelta(dx: 2, dy: 0), location: WindowPoint(x: 10.5, y: 20.25),
                        deviceKind: .indirectPointer, systemTimestamp: 1234)),
            ], "the first value only sets the baseline; deltas are in wheel steps")
    }

    @Test func enteringTheWindowResetsScrollBaselines() {
        var translator = Self.translator()
        translator.scroll.setAxes([ScrollAxis(valuator: 2, orientation: .vertical, increment: 1)], forDevice: 6)
        var events: [InputEvent] = []
        Self.withDeviceEvent(type: XI_Motion, detail: 0, valuatorMask: [0b100], values: [5]) {
            translator.motion($0, emitPointer: false) { events.append($0) }
        }
        var enter = XIEnterEvent()
        enter.evtype = XI_Enter
        enter.sourceid = 6
        enter.event_x = 3
        enter.event_y = 4
        guard case .pointer(let entered) = translator.crossing(enter, entered: true) else { Issue.record("a pointer event"); return }
        #expect(entered.phase == .entered && entered.location == WindowPoint(x: 3, y: 4))
        Self.withDeviceEvent(type: XI_Motion, detail: 0, valuatorMask: [0b100], values: [500]) {
            translator.motion($0, emitPointer: false) { events.append($0) }
        }
        #expect(events.isEmpty, "after entering, a scroll total far away is a new baseline, not a jump")
    }

    @Test func aLockTransitionResetsScrollBaselines() {
        var translator = Self.translator()
        translator.scroll.setAxes([ScrollAxis(valuator: 2, orientation: .vertical, increment: 10)], forDevice: 6)
        var events: [InputEvent] = []
        func scroll(to total: Double) {
            Self.withDeviceEvent(type: XI_Motion, detail: 0, valuatorMask: [0b100], values: [total]) {
                translator.motion($0, emitPointer: false) { events.append($0) }
            }
        }
        scroll(to: 10)
        scroll(to: 20)
        #expect(events.count == 1, "one step before the lock")
        translator.lockTransition()  // locked: the valuators count on unseen
        translator.lockTransition()  // unlocked
        scroll(to: 900)
        #expect(events.count == 1, "the first total after the lock is a baseline, not 88 steps")
        scroll(to: 910)
        guard case .scroll(let last) = events.last else { Issue.record("a scroll"); return }
        #expect(events.count == 2 && last.delta == PointerDelta(dx: 0, dy: 1))
    }

    @Test func motionReportsThePointerOnlyWhenItMoved() {
        var translator = Self.translator()
        var events: [InputEvent] = []
        for _ in 0..<3 {
            Self.withDeviceEvent(type: XI_Motion, detail: 0, modifiers: 8, heldButtons: [3]) {
                translator.motion($0, emitPointer: true) { events.append($0) }
            }
        }
        #expect(
            events == [
                .pointer(
                    PointerEvent(
                        phase: .moved, location: WindowPoint(x: 10.5, y: 20.25), buttonMask: .secondary,
                        modifierFlags: .alternate, systemTimestamp: 1234))
            ])
    }

    @Test func directTouchDevicesAreReportedAsSuch() {
        var translator = Self.translator()
        translator.deviceKinds[9] = .directTouch
        let event = Self.withDeviceEvent(type: XI_ButtonPress, detail: 1, sourceID: 9) { translator.button($0, isPress: true) }
        guard case .button(let touch)? = event else { Issue.record("a button event"); return }
        #expect(touch.deviceKind == .directTouch)
        let mouse = Self.withDeviceEvent(type: XI_ButtonPress, detail: 1, sourceID: 6) { translator.button($0, isPress: true) }
        guard case .button(let click)? = mouse else { Issue.record("a button event"); return }
        #expect(click.deviceKind == .indirectPointer)
    }

    @Test func pinchGesturesBecomeTransformsWithTheirPhases() {
        let translator = Self.translator()
        var pinch = XIGesturePinchEvent()
        pinch.detail = 2
        pinch.event_x = 7
        pinch.event_y = 8
        var phases: [InteractionPhase] = []
        for (type, scale, angle) in [(XI_GesturePinchBegin, 1.0, 0.0), (XI_GesturePinchUpdate, 1.5, 90.0), (XI_GesturePinchEnd, 1.5, 0.0)] {
            pinch.evtype = type
            pinch.scale = scale
            pinch.delta_angle = angle
            guard case .transform(let transform) = translator.pinch(pinch) else { Issue.record("a transform"); return }
            phases.append(transform.phase)
            #expect(transform.scale == scale && transform.fingerCount == 2)
            #expect(abs(transform.rotationDelta - angle * .pi / 180) < 1e-12)
        }
        #expect(phases == [.began, .changed, .ended])
        pinch.flags = Int32(XIGesturePinchEventCancelled)
        pinch.scale = .nan
        guard case .transform(let cancelled) = translator.pinch(pinch) else { Issue.record("a transform"); return }
        #expect(cancelled.phase == .cancelled && cancelled.scale == 1, "a cancelled end, and no NaN scale")
    }

    @Test func swipesCarryTheirDeltaAndFingers() {
        let translator = Self.translator()
        var swipe = XIGestureSwipeEvent()
        swipe.evtype = XI_GestureSwipeUpdate
        swipe.detail = 3
        swipe.delta_x = 12
        swipe.delta_y = -4
        guard case .swipe(let event) = translator.swipe(swipe) else { Issue.record("a swipe"); return }
        #expect(event.phase == .changed && event.fingerCount == 3 && event.delta == PointerDelta(dx: 12, dy: -4))
    }

    @Test func modifierAndButtonMasksDecodeFromXStates() {
        #expect(ModifierFlags(xkbMask: 1 | 2 | 4 | 8 | 16 | 64) == [.shift, .capsLock, .control, .alternate, .command])
        #expect(ButtonMask(xButton: 4).isEmpty && ButtonMask(xButton: 8) == ButtonMask(.back))
        let keypad = KeyEvent(phase: .down, key: KeySymbol(rawValue: 0xFFB7), scanCode: 71, isRepeat: false, systemTimestamp: 0)
        #expect(keypad.modifierFlags == .numericPad && keypad.charactersIgnoringModifiers == "7")
    }

    @Test func xlibGrabStatusesAreTheirRefusals() {
        #expect(GrabRefusal(xlibStatus: AlreadyGrabbed) == .alreadyGrabbed)
        #expect(GrabRefusal(xlibStatus: GrabInvalidTime) == .invalidTime)
        #expect(GrabRefusal(xlibStatus: GrabNotViewable) == .notViewable)
        #expect(GrabRefusal(xlibStatus: GrabFrozen) == .frozen)
        #expect(GrabRefusal(xlibStatus: 77) == .requestFailed, "a status X does not define")
    }
}
