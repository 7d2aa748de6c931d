import Foundation

@testable import GameInput

/// The recording fake as a third backend of the same core: a seat that books presses in
/// ``HeldPresses``, ends them with its cancelled events when the focus leaves, types through
/// ``TypedText``, and reports its facts to the window's ``PointerLockController``, which reads
/// the process's real environment (`TracerPid`). What the parity suite checks here is the core
/// alone; on the other targets, each backend's use of it. The system's lock is the platform's
/// last command.
final class RecordingParityTarget: InputParityTarget {
    let backend = RecordingBackend(environment: { LockSuspension.fromEnvironment() })
    let window: GameWindow
    var events: [InputEvent] = []
    var route: (InputEvent) -> Void = { _ in }
    private var presses = HeldPresses()
    private var modifiers: ModifierFlags = []
    private var hasFocus = false

    func showFocusedWithThePointerIn() -> Bool {
        window.show()
        let lock = backend.pointerLock
        lock.readEnvironment()
        lock.setViewable(true)
        lock.setPointerOverWindow(true)
        hasFocus = true
        lock.setFocused(true)
        return true
    }

    /// What one key of the fake's layout is: its key and usage, what it types without and with
    /// Shift and with AltGr (its third level), and the modifier it is.
    private struct Meaning {
        var key: KeySymbol
        var usage: KeyboardHIDUsage
        var plain = "", shifted = "", thirdLevel = ""
        var modifier: ModifierFlags = []
    }

    /// The few keys the scenarios press, by evdev code, as a US layout has them; a German one
    /// swaps Y and Z and gives Q an "@" at AltGr. AltGr (right Alt on a German layout) is no
    /// modifier flag: the third level is not Alt.
    private let layout: [Int: Meaning]

    init(german: Bool) {
        window = GameWindow(system: backend, backend: WindowBackendChoice(kind: .wayland, reason: "the recording fake", isFallback: false))
        let y = german ? "z" : "y"
        layout = [
            16: Meaning(key: .q, usage: .keyboardQ, plain: "q", shifted: "Q", thirdLevel: german ? "@" : "q"),
            17: Meaning(key: .w, usage: .keyboardW, plain: "w", shifted: "W", thirdLevel: "w"),
            21: Meaning(key: KeySymbol(character: Character(y)), usage: .keyboardY, plain: y, shifted: y.uppercased(), thirdLevel: y),
            30: Meaning(key: .a, usage: .keyboardA, plain: "a", shifted: "A", thirdLevel: "a"),
            42: Meaning(key: .shiftLeft, usage: .keyboardLeftShift, modifier: .shift),
            29: Meaning(key: KeySymbol(rawValue: 0xFFE3), usage: .keyboardLeftControl, modifier: .control),
            56: Meaning(key: KeySymbol(rawValue: 0xFFE9), usage: .keyboardLeftAlt, modifier: .alternate),
            100: Meaning(key: KeySymbol(rawValue: german ? 0xFE03 : 0xFFEA), usage: .keyboardRightAlt, modifier: german ? [] : .alternate),
            125: Meaning(key: KeySymbol(rawValue: 0xFFEB), usage: .keyboardLeftGUI, modifier: .command),
        ]
    }

    /// Whether AltGr is held: right Alt on a German layout.
    private var thirdLevel = false

    /// A key code's key and usage, for a cancelled press.
    private func name(_ keyCode: Int) -> (key: KeySymbol, usage: KeyboardHIDUsage) {
        let meaning = layout[keyCode - 8]
        return (meaning?.key ?? KeySymbol(rawValue: 0), meaning?.usage ?? .keyboardErrorUndefined)
    }

    func key(_ evdevCode: Int, down: Bool) {
        // Keys go to the window with the keyboard focus: another one's, while it is away.
        guard hasFocus, let meaning = layout[evdevCode] else { return }
        let keyCode = evdevCode + 8
        let held = modifiers, level3 = thirdLevel
        if down { modifiers.formUnion(meaning.modifier) } else { modifiers.subtract(meaning.modifier) }
        if meaning.key.rawValue == 0xFE03 { thirdLevel = down }  // ISO_Level3_Shift
        let isRepeat: Bool
        if down {
            isRepeat = presses.keyPressed(keyCode)
        } else {
            guard presses.keyReleased(keyCode) else { return }
            isRepeat = false
        }
        let characters = level3 ? meaning.thirdLevel : held.contains(.shift) ? meaning.shifted : meaning.plain
        backend.scripted.append(
            .key(
                KeyEvent(
                    phase: down ? .down : .up, key: meaning.key, keyCode: meaning.usage, scanCode: keyCode - 8, characters: characters,
                    charactersIgnoringModifiers: meaning.plain, modifierFlags: held, isRepeat: isRepeat, systemTimestamp: 0)))
        if down, backend.isTextInputActive, let typed = TypedText.commit(characters, modifiers: held) {
            backend.scripted.append(.text(.commit(typed)))
        }
    }

    func button(_ evdevCode: Int, down: Bool) {
        // Buttons go to the window under the pointer, which stays over the game.
        guard let button = MouseButton(evdev: UInt32(evdevCode)) else { return }
        if down {
            presses.buttonPressed(button)
        } else if !presses.buttonReleased(button) {
            return
        }
        backend.pointerLock.setButtonsHeld(presses.buttons & HeldPresses.primaryButtons != 0)
        backend.scripted.append(
            .button(ButtonEvent(phase: down ? .down : .up, button: button, location: WindowPoint(x: 320, y: 180), systemTimestamp: 0)))
    }

    func focusElsewhere() {
        hasFocus = false
        modifiers = []
        thirdLevel = false
        let backend = backend
        presses.cancelAll().reportCancelled(systemTimestamp: 0, naming: name, to: { backend.scripted.append($0) })
        backend.pointerLock.setButtonsHeld(false)
        backend.pointerLock.setFocused(false)
    }

    func loseConnection() { backend.loseConnection() }

    func focusBack() {
        hasFocus = true
        backend.pointerLock.setFocused(true)
    }

    /// Whether the platform's last grab or release was a grab that held.
    var systemHoldsLock: Bool {
        let last = backend.platform.commands.last { $0.hasPrefix("acquire") || $0.hasPrefix("release") || $0 == "cancel" }
        return last == "acquire"
    }

    /// Delivers what the seat made, and between deliveries sleeps until the lock's next timed
    /// decision (the environment's re-check), as a backend's loop wakes for it.
    func pump(timeout: Duration, until condition: () -> Bool) -> Bool {
        let end = ContinuousClock.now + timeout
        while true {
            backend.pointerLock.retryIfDue()
            window.pollEvents { event in
                route(event)
                events.append(event)
            }
            if condition() { return true }
            let now = ContinuousClock.now
            guard now < end else { return false }
            let wake = min(backend.pointerLock.retryDeadline ?? end, end)
            if wake > now { Thread.sleep(forTimeInterval: Double((wake - now) / .microseconds(1)) / 1_000_000) }
        }
    }

    func stop() { window.close() }
}
