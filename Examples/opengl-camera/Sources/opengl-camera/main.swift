import CEGL
import Foundation
import GameInput

/// Prints a line at once, also into a pipe.
func say(_ line: String) { print(line); fflush(nil) }

/// Says on stderr what failed and exits with status 1. The X server frees the window, and any
/// grab of the pointer, when the process ends.
func fail(_ error: any Error) -> Never {
    FileHandle.standardError.write(Data("opengl-camera: \(error)\n".utf8))
    exit(1)
}

/// The game: it prefers the pointer locked until L says otherwise.
final class Game: PointerLockPreferring { var prefersPointerLocked = true }

let window: GameWindow
let egl: EGLWindowContext
let scene: Scene
do {
    window = try GameWindow(title: "opengl-camera", width: 640, height: 360)
    let handle = window.nativeHandle
    if let x11 = handle.x11 {
        say("handle: window 0x\(String(x11.window, radix: 16)) visual 0x\(String(x11.visualID, radix: 16)) depth \(x11.depth)")
    } else if handle.wayland != nil {
        say("handle: wayland surface on \(window.displayName)")
    }
    egl = try EGLWindowContext(handle, width: 640, height: 360)
    scene = try Scene(width: 640, height: 360)
} catch {
    fail(error)
}
say("renderer: \(String(cString: glGetString(GLenum(GL_RENDERER))))")

let game = Game()
window.pointerLock.rootPreferring = game
say("lock: \(window.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable")")
let observation = window.pointerLock.addObserver { say("lock: \($0)") }
TerminationSignals.install()
window.show()

var camera = Camera()
var size = (width: 640, height: 360)
var presentedSize = (width: 0, height: 0)
var turned = false
var running = true
let frameInterval = Duration.seconds(1) / 60
var nextFrame = ContinuousClock.now
while running && TerminationSignals.pending == nil {
    window.waitForEvents(until: nextFrame)
    window.pollEvents { event in
        switch event {
        case .relativeMotion(let motion):
            camera.turn(dx: motion.unaccelerated.dx, dy: motion.unaccelerated.dy)
            turned = true
        case .resized(let width, let height):
            size = (width, height)
            scene.resize(width: width, height: height)
            egl.resize(width: width, height: height)  // on X11 the EGL surface follows by itself
        case .key(let key) where key.phase == .down && key.key == .l:
            game.prefersPointerLocked.toggle()
            window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        case .key(let key) where key.phase == .down && key.key == .q: running = false
        case .closeRequested, .connectionLost: running = false
        default: break
        }
    }
    guard running, ContinuousClock.now >= nextFrame else { continue }
    scene.draw(from: camera)
    do { try egl.present() } catch { fail(error) }
    if size != presentedSize {
        presentedSize = size
        say("frame \(size.width)x\(size.height)")
    }
    if turned {
        turned = false
        say(String(format: "camera yaw %.2f pitch %.2f", camera.yaw, camera.pitch))
    }
    // Due a frame interval after this frame was; at once if the loop fell behind.
    nextFrame = max(nextFrame + frameInterval, .now)
}

observation.cancel()
scene.close()
egl.close()  // before the window: the surface lives on it
window.close()
