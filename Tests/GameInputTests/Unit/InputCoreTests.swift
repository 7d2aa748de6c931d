import Testing

@testable import GameInput

/// The input rules both backends share: which presses are the game's and how they end, what
/// types text, and the input state folded from the events.
@Suite struct InputCoreTests {
    // MARK: Held presses

    @Test func aSecondPressIsARepeatAndAReleaseEndsOnlyAPressTheGameSaw() {
        var presses = HeldPresses()
        let first = presses.keyPressed(38), again = presses.keyPressed(38)
        #expect(!first, "the first press")
        #expect(again, "held: a repeat")
        let released = presses.keyReleased(38), releasedAgain = presses.keyReleased(38), neverPressed = presses.keyReleased(40)
        #expect(released)
        #expect(!releasedAgain, "nothing left to end")
        #expect(!neverPressed, "pressed before the window had the keyboard")
        presses.buttonPressed(.primary)
        #expect(presses.buttons == 0b10)
        let up = presses.buttonReleased(.primary), unseen = presses.buttonReleased(.middle)
        #expect(up)
        #expect(!unseen, "a press the game never saw")
    }

    @Test func cancellingEndsEveryHeldPressOnceKeysFirstAndDropsTheLateReleases() {
        var presses = HeldPresses()
        _ = presses.keyPressed(200)
        _ = presses.keyPressed(9)
        presses.buttonPressed(.middle)
        presses.buttonPressed(.primary)
        presses.buttonPressed(.forward)
        var ended: [HeldPresses.Press] = []
        presses.cancelAll().forEach { ended.append($0) }
        #expect(ended == [.key(9), .key(200), .button(.primary), .button(.middle), .button(.forward)])
        #expect(presses == HeldPresses(), "nothing held")
        let lateButton = presses.buttonReleased(.primary), lateKey = presses.keyReleased(9)
        #expect(!lateButton, "the implicit grab's late release is not the game's")
        #expect(!lateKey)
        ended.removeAll()
        presses.cancelAll().forEach { ended.append($0) }
        #expect(ended.isEmpty, "each press ends once")
        presses.buttonPressed(.primary)
        let newPress = presses.buttonReleased(.primary)
        #expect(newPress, "a new press is the game's again")
    }

    /// The buttons held are the mask the events carry; only the primary, secondary and middle
    /// buttons hold the lock back.
    @Test func theHeldButtonsAreTheEventsMaskAndOnlyThreeHoldTheLockBack() throws {
        var presses = HeldPresses()
        presses.buttonPressed(.back)
        presses.buttonPressed(try #require(MouseButton(number: 30)))
        #expect(presses.buttonMask == [ButtonMask(.back), .button(30)])
        #expect(presses.buttons & HeldPresses.primaryButtons == 0)
        for button in [MouseButton.primary, .secondary, .middle] {
            var held = HeldPresses()
            held.buttonPressed(button)
            #expect(held.buttons & HeldPresses.primaryButtons != 0, "\(button)")
        }
    }

    @Test func theByteSetKeepsEveryValueAndNothingOutside() {
        var set = ByteSet()
        for value in [0, 63, 64, 127, 128, 255] { set.set(value, true) }
        set.set(256, true)
        set.set(-1, true)
        var seen: [Int] = []
        set.forEach { seen.append($0) }
        #expect(seen == [0, 63, 64, 127, 128, 255])
        #expect(set.count == 6 && !set.contains(256) && !set.contains(-1))
        let wasIn = set.set(63, false)
        #expect(wasIn && !set.contains(63))
        set.removeAll()
        #expect(set.isEmpty)
    }

    // MARK: Typed text

    @Test func commandModifiersAndControlCharactersTypeNothing() {
        let cases: [(ModifierFlags, String, String?)] = [
            ([], "a", "a"), (.shift, "A", "A"), (.capsLock, "A", "A"), (.control, "c", nil), (.alternate, "a", nil),
            (.command, "a", nil), ([.shift, .alternate], "A", nil), ([], "\r", nil), ([], "a\tb", "ab"),
        ]
        for (modifiers, characters, typed) in cases {
            #expect(TypedText.commit(characters, modifiers: modifiers) == typed, "\(modifiers) \(characters.debugDescription)")
        }
    }

    @Test func composedTextCommitsWhateverWasHeld() {
        #expect(TypedText.composed("é") == "é")
        #expect(TypedText.composed("\u{1B}") == nil)
    }

    // MARK: Input state

    private static func key(_ usage: KeyboardHIDUsage, _ key: KeySymbol, _ phase: PressPhase, modifiers: ModifierFlags = []) -> InputEvent {
        .key(KeyEvent(phase: phase, key: key, keyCode: usage, modifierFlags: modifiers, isRepeat: false, systemTimestamp: 0))
    }

    @Test func theStateFollowsTheEventsUntilTheirEndOrCancellation() {
        var state = InputState()
        state.apply(Self.key(.keyboardW, .w, .down))
        state.apply(Self.key(.keyboardLeftShift, .shiftLeft, .down, modifiers: []))
        state.apply(Self.key(.keyboardA, .a, .down, modifiers: .shift))
        #expect(state.isPressed(.keyboardW) && state.isPressed(key: .w) && state.isPressed(.keyboardA))
        #expect(state.pressedKeyCount == 3 && state.modifierFlags == .shift)
        state.apply(Self.key(.keyboardW, .w, .up))
        #expect(!state.isPressed(.keyboardW) && !state.isPressed(key: .w))
        state.apply(.button(ButtonEvent(phase: .down, button: .secondary, location: WindowPoint(x: 1, y: 1), systemTimestamp: 0)))
        #expect(state.buttons == .secondary)
        state.apply(Self.key(.keyboardA, .a, .cancelled))
        state.apply(.button(.cancelled(button: .secondary, systemTimestamp: 0)))
        #expect(!state.isPressed(.keyboardA) && state.buttons.isEmpty && state.modifierFlags.isEmpty, "a focus loss ends them")
        var pressed: [KeyboardHIDUsage] = []
        state.forEachPressedKey { pressed.append($0) }
        #expect(pressed == [.keyboardLeftShift])
        state.apply(.connectionLost)
        #expect(state.pressedKeyCount == 0, "the last event leaves nothing held")
    }

    @Test func aKeyWithoutAUsageIsNotKept() {
        var state = InputState()
        state.apply(Self.key(.keyboardErrorUndefined, .a, .down))
        #expect(state.pressedKeyCount == 0)
    }

    @Test func motionIsSummedExactlyUntilTaken() {
        var state = InputState()
        let start = EventTime.now
        state.apply(
            .relativeMotion(
                RelativeMotion(
                    unaccelerated: PointerDelta(dx: 0.25, dy: -1), accelerated: PointerDelta(dx: 0.5, dy: -2), sourceDeviceID: 2,
                    time: start, systemTimestamp: 1)))
        state.apply(
            .relativeMotion(
                RelativeMotion(
                    unaccelerated: PointerDelta(dx: 0.125, dy: 3), accelerated: PointerDelta(dx: 0.25, dy: 6), sourceDeviceID: 2,
                    time: start.advanced(by: .milliseconds(3)), systemTimestamp: 2)))
        let motion = state.takeMotion()
        let next = state.takeMotion()
        #expect(motion.unaccelerated == PointerDelta(dx: 0.375, dy: 2) && motion.accelerated == PointerDelta(dx: 0.75, dy: 4))
        #expect(motion.count == 2 && motion.firstTime == start && motion.lastTime == start.advanced(by: .milliseconds(3)))
        #expect(next == MotionTotal(), "taken: the next frame starts from zero")
    }
}
