import GameInput

// A window polled on another thread while this one goes on using it: Swift 6's region-based
// isolation refuses the hand-over, because the window is still used here afterwards. (A
// package of its own: type errors in the module, such as SharedAcrossThreads' refusals, stop
// the compiler before this check runs.)

func pollOnAnotherThreadToo(_ window: GameWindow) {
    Task.detached { window.pollEvents { _ in } }  // refused
    window.show()
}
