import GameInput

// ConfinementAndTheCursor.md: a strategy screen confines the cursor and shows a crosshair.

final class StrategyScreen: PointerLockPreferring {
    var prefersPointerLocked = false
    var prefersPointerConfined = true
}

func confine(_ window: GameWindow, screen: StrategyScreen) -> PointerLockObservation {
    window.pointerLock.rootPreferring = screen
    let observation = window.pointerLock.addConfinementObserver { state in
        if state == .confined {
            print("confine: confined")
        } else if state == .unconfined(.unfocused) {
            print("confine: unconfined while the window is not focused")
        } else {
            print("confine: \(state)")
        }
    }
    window.cursor = .system(.crosshair)
    return observation
}
