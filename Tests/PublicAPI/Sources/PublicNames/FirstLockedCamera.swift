import GameInput

// YourFirstLockedCamera.md: the whole program, with termination signals.

func firstLockedCamera() throws {
    let game = Game()
    let window = try GameWindow(title: "minimal-lock", width: 640, height: 360)
    window.pointerLock.rootPreferring = game
    let observation = window.pointerLock.addObserver { print("lock: \($0)") }
    var camera = Camera()
    TerminationSignals.install()
    window.show()
    var running = true
    while running && TerminationSignals.pending == nil {
        window.waitForEvents(until: nil)
        window.pollEvents { event in
            switch event {
            case .relativeMotion(let motion): camera.turn(by: motion.unaccelerated)
            case .key(let key) where key.phase == .down && key.key == .escape:
                game.prefersPointerLocked = false
                window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
            case .key(let key) where key.phase == .down && key.key == .q: running = false
            case .closeRequested, .connectionLost: running = false
            default: break
            }
        }
    }
    observation.cancel()
    window.close()
}
