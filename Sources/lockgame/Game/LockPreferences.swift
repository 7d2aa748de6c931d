import GameInput

/// The game's root screen: it prefers the pointer locked from the start, and the player's
/// keys change that preference.
final class GameScreen: PointerLockPreferring {
    var prefersPointerLocked = true
}

/// The simulated "network error" alert shown over the game with `N`. Like any alert it
/// prefers the pointer unlocked, so presenting it releases the lock.
final class NetworkErrorAlert: PointerLockPreferring {
    let title = "Network error"
    let message = "The connection to the server was lost."
}
