import GameInput
import Glibc

/// Prints a line at once, also into a pipe.
func say(_ line: String) { print(line); fflush(nil) }

/// The game: it prefers the pointer locked until Esc.
final class Game: PointerLockPreferring { var prefersPointerLocked = true }

let game = Game()
let window = try GameWindow(title: "minimal-lock", width: 640, height: 360)
window.pointerLock.rootPreferring = game
say("lock: \(window.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable")")
let observation = window.pointerLock.addObserver { say("lock: \($0)") }
TerminationSignals.install()
window.show()
var running = true
while running && TerminationSignals.pending == nil {
    window.waitForEvents(until: nil)
    window.pollEvents { event in
        switch event {
        case .relativeMotion(let motion): say("motion \(motion.unaccelerated.dx) \(motion.unaccelerated.dy)")
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
