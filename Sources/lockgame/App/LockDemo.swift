import GameInput

/// The game's root screen: it prefers the pointer locked from the start, and the player's keys
/// change that preference.
final class GameScreen: PointerLockPreferring {
    var prefersPointerLocked = true
}

/// The simulated "network error" alert shown over the game with `N`. Like any alert it
/// prefers the pointer unlocked, so presenting it releases the lock.
final class NetworkErrorAlert: PointerLockPreferring {
    let title = "Network error"
    let message = "The connection to the server was lost. Press Return to dismiss."
}

/// What the demo shows and does, apart from the window: the lock preference and alert, the
/// accumulated look angles, and how keys and clicks change them.
final class LockDemo {
    let screen = GameScreen()
    private(set) var alert: NetworkErrorAlert?
    private(set) var yawCounts = 0.0
    private(set) var pitchCounts = 0.0
    private(set) var lastMotion: RelativeMotion?
    private(set) var wantsToQuit = false
    private let lock: PointerLockController
    private let log: (String) -> Void

    init(lock: PointerLockController, log: @escaping (String) -> Void) {
        self.lock = lock
        self.log = log
        lock.rootPreferring = screen
    }

    /// Applies one input event; returns whether what is shown changed.
    @discardableResult
    func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .relativeMotion(let motion):
            yawCounts += motion.unaccelerated.dx
            pitchCounts += motion.unaccelerated.dy
            lastMotion = motion
            return true
        case .key(let key) where key.phase == .down && !key.isRepeat:
            return handleKey(key.key)
        case .button(let button) where button.phase == .down && button.button == ButtonEvent.primary:
            guard alert == nil else { return false }
            setPreference(true, because: "click")
            return true
        case .closeRequested:
            wantsToQuit = true
            return false
        case .resized, .exposed:
            return true
        default:
            return false
        }
    }

    private func handleKey(_ key: KeySymbol) -> Bool {
        switch key {
        case .l:
            setPreference(!screen.prefersPointerLocked, because: "L")
        case .escape:
            setPreference(false, because: "Esc")
        case .n where alert == nil:
            let alert = NetworkErrorAlert()
            self.alert = alert
            lock.present(alert)
            log("alert: shown")
        case .return, .keypadEnter:
            guard alert != nil else { return false }
            alert = nil
            lock.dismissTopmost()
            log("alert: dismissed")
        case .q:
            wantsToQuit = true
        default:
            return false
        }
        return true
    }

    private func setPreference(_ prefers: Bool, because cause: String) {
        screen.prefersPointerLocked = prefers
        lock.setNeedsUpdateOfPrefersPointerLocked()
        log("preference: \(prefers ? "on" : "off") (\(cause))")
    }
}
