import GameInput

/// The game's root screen: it prefers the pointer locked from the start, and the player's
/// keys change that preference. With the strategy camera (C) it prefers the pointer confined
/// instead, its cursor visible.
final class GameScreen: PointerLockPreferring {
    var prefersPointerLocked = true
    var prefersPointerConfined = false
    /// Whether the strategy camera is on: the cursor visible and confined, the view panning
    /// when it touches the window's edge.
    var isStrategyCamera = false

    /// The preference of the camera in use: the lock's for mouse-look, the confinement's for
    /// the strategy camera.
    var prefersGrab: Bool {
        get { isStrategyCamera ? prefersPointerConfined : prefersPointerLocked }
        set {
            if isStrategyCamera { prefersPointerConfined = newValue } else { prefersPointerLocked = newValue }
        }
    }
}

/// The simulated "network error" alert shown over the game with `N`. Like any alert it
/// prefers the pointer unlocked, so presenting it releases the lock.
final class NetworkErrorAlert: PointerLockPreferring {
    let title = "Network error"
    let message = "The connection to the server was lost."
}
