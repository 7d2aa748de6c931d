import CXlib
import Foundation

extension XProbe {
    /// Presses a window manager's switch chord (keysyms, modifiers first) as a person does:
    /// the modifiers stay down until the switcher holds the keyboard, then come up, which is
    /// what ends the switch. Returns whether the switcher was seen holding it.
    ///
    /// The chord's key activates the window manager's passive grab, which ends with the key's
    /// release; its switcher then takes the keyboard with a grab of its own and waits for the
    /// modifiers' release. A window manager that takes it late (openbox under load) misses a
    /// release sent right after the key's: the release goes to the focused window, and the
    /// switcher waits for it, holding the keyboard, until the next chord moves its selection
    /// back. So the modifiers come up once the grab outlasts the key's release: the focused
    /// window hears `FocusOut` in `NotifyGrab` mode and no `FocusIn` in `NotifyUngrab` mode
    /// after it. Without a switcher (`holdsTheKeyboard` false) the chord is pressed and
    /// released at once, as ``press(_:with:)`` does.
    @discardableResult
    public func pressSwitchChord(_ chord: [UInt32], holdsTheKeyboard: Bool, timeout: Duration = .seconds(2)) -> Bool {
        let modifiers = chord.dropLast().map { UInt32(XKeysymToKeycode(display, KeySym($0))) }
        let key = UInt32(XKeysymToKeycode(display, KeySym(chord[chord.count - 1])))
        let focus = focusedWindow
        guard holdsTheKeyboard, focus > 1 else {
            press(chord[chord.count - 1], with: Array(chord.dropLast()))
            return false
        }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, focus, &attributes)
        let mask = attributes.your_event_mask
        XSelectInput(display, focus, mask | FocusChangeMask)
        XSync(display, 0)
        defer {
            XSelectInput(display, focus, mask)
            XSync(display, 0)
            var event = XEvent()
            while XCheckWindowEvent(display, focus, FocusChangeMask, &event) != 0 {}
        }

        for code in modifiers { sendKey(code, down: true) }
        sendKey(key, down: true)
        sendKey(key, down: false)
        var grabbed = false
        let held = BoundedWait.until(timeout: timeout) {
            var event = XEvent()
            while XCheckWindowEvent(self.display, focus, FocusChangeMask, &event) != 0 {
                let change = event.xfocus
                if change.type == FocusOut && change.mode == NotifyGrab { grabbed = true }
                if change.type == FocusIn && change.mode == NotifyUngrab { grabbed = false }
            }
            return grabbed
        }
        for code in modifiers.reversed() { sendKey(code, down: false) }
        return held
    }
}
