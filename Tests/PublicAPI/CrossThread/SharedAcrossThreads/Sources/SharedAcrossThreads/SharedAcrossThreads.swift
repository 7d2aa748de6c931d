import GameInput
import GamePixels

// A window, its lock controller and its presenter belong to the thread (or actor) that uses
// them; none is Sendable, so each share below is a compile-time error.

func shareTheWindow(_ window: GameWindow) -> any Sendable {
    window  // refused
}

func shareTheLock(_ window: GameWindow) -> any Sendable {
    window.pointerLock  // refused
}

func shareThePresenter(_ presenter: PixelPresenter) -> any Sendable {
    presenter  // refused
}
