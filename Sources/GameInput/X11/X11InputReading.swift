/// What turning the server's input events into ``InputEvent``s needs and keeps from one event
/// to the next: the keyboard's maps, the decoders of XInput 2's events, the presses the game
/// was told of, the last event's server time, and where the current lock transition begins.
///
/// A class: each part is its own access, so the game's handler, called while the translator
/// reports, may read the others (``X11Window/copyToClipboard(_:)`` reads the time).
final class X11InputReading {
    /// The physical key behind each key code.
    let keyPositions: X11KeyPositions
    /// What each key types in the layout, with an event's modifiers and group.
    let keyboardLayout: X11KeyboardLayout
    /// XInput 2's device events, turned into the game's.
    var translator: XInputEventTranslator
    /// Raw motion, turned into relative motion.
    var decoder = RawMotionDecoder()
    /// Raw motion the server generated before this request serial predates the current
    /// lock transition and is discarded.
    var staleBeforeSerial: UInt = 0
    /// Set at each lock transition: once unlocked, the game hears where the pointer really is.
    var pointerShowsAgain = false
    /// The presses the game was told of: ended when the focus goes, and core auto-repeat
    /// presses flagged (XI2 flags them itself).
    var presses = HeldPresses()
    /// The server time of the last input event, for selection requests (ICCCM wants a real time).
    var lastEventTime: UInt = 0

    /// The keyboard's maps as `display` has them now, and decoders that know no device yet.
    init(display: OpaquePointer) {
        let keyPositions = X11KeyPositions(display: display)
        self.keyPositions = keyPositions
        let keyboardLayout = X11KeyboardLayout(display: display) { keyCode in keyPositions.usage(keyCode: keyCode) }
        self.keyboardLayout = keyboardLayout
        translator = XInputEventTranslator(
            keyMeaning: { keyCode, modifiers in keyboardLayout.meaning(of: keyCode, with: modifiers) },
            keyUsage: { keyCode in keyPositions.usage(keyCode: keyCode) })
    }

    /// Reads the devices `xinput` lists again (at start, and when they change).
    func loadDevices(from xinput: X11XInput) {
        xinput.loadDevices(into: &decoder, translator: &translator)
    }

    /// A grab began, changed or ended with the request `serial`: motion from before it is
    /// stale, the decoders start afresh, and the pointer's place is reported once unlocked.
    func lockTransition(serial: UInt) {
        staleBeforeSerial = serial
        decoder.resetBaselines()
        translator.lockTransition()
        pointerShowsAgain = true
    }

    /// Books a button press or release the window is about to report; whether to report it (a
    /// release of a press the game did not see, or saw cancelled, is not; nor is a button
    /// number past ``MouseButton``'s range). Wheel steps are scrolling, not presses.
    func pressIsTheGames(_ xButton: Int, isPress: Bool) -> Bool {
        guard !WheelButtons.isWheel(xButton) else { return true }
        guard let button = MouseButton(xButton: xButton) else { return false }
        if isPress {
            presses.buttonPressed(button)
            return true
        }
        return presses.buttonReleased(button)
    }
}
