import GameInput

// README.md: the short example.

final class Game: PointerLockPreferring {
    var prefersPointerLocked = true

    func handle(_ key: KeyEvent) { _ = (key.keyCode, key.key) }
}

func readmeLoop() throws {
    let window = try GameWindow(title: "my game", width: 1280, height: 720)
    let game = Game()
    var camera = Camera()
    window.pointerLock.rootPreferring = game
    let observation = window.pointerLock.addObserver { state in print(state) }
    window.show()
    var running = true
    while running {
        window.waitForEvents(until: .now + .milliseconds(16))
        window.pollEvents { event in
            switch event {
            case .relativeMotion(let motion):
                camera.turn(by: motion.unaccelerated)
            case .key(let key) where key.key == .escape && key.phase == .down:
                game.prefersPointerLocked = false
                window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
            case .closeRequested:
                running = false
            default:
                break
            }
        }
    }
    observation.cancel()
    window.close()
}
