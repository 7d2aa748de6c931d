import Foundation
import GameInput

/// The game: it prefers the pointer locked, until L toggles that.
final class Game: PointerLockPreferring { var prefersPointerLocked = true }

let game = Game()
let window = try GameWindow(title: "vulkan-camera", width: 640, height: 360)
window.pointerLock.rootPreferring = game
say("lock: \(window.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable")")
let observation = window.pointerLock.addObserver { say("lock: \($0)") }
TerminationSignals.install()

// Shown first: on Wayland nothing may be presented before the compositor configured the window.
window.show()
// Vulkan lives on a thread of its own; wait until it has a device, a surface and a pipeline.
let handle = window.nativeHandle
let renderThread = RenderThread(window: handle, windowSize: (640, 360))
do {
    say("renderer: \(try renderThread.waitUntilReady())")
} catch {
    FileHandle.standardError.write(Data("vulkan-camera: \(error)\n".utf8))
    _ = renderThread.stop()
    window.close()
    exit(1)
}
if let x11 = handle.x11 {
    say("handle: window 0x\(String(x11.window, radix: 16)) visual 0x\(String(x11.visualID, radix: 16)) depth \(x11.depth)")
} else if handle.wayland != nil {
    say("handle: wayland surface on \(window.displayName)")
}

// The main thread reads input and moves the camera; the render thread draws what it last got.
var camera = Camera()
var running = true
while running && !renderThread.hasFailed && TerminationSignals.pending == nil {
    window.waitForEvents(until: .now + .milliseconds(16))
    window.pollEvents { event in
        switch event {
        case .relativeMotion(let motion):
            camera.yaw += motion.unaccelerated.dx * 0.1
            camera.pitch = min(max(camera.pitch - motion.unaccelerated.dy * 0.1, -89), 89)
        case .resized(let width, let height): renderThread.resize(width: width, height: height)
        case .key(let key) where key.phase == .down && key.key == .l:
            game.prefersPointerLocked.toggle()
            window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        case .key(let key) where key.phase == .down && key.key == .q: running = false
        case .closeRequested, .connectionLost: running = false
        default: break
        }
    }
    renderThread.update(camera)
}

// Vulkan first (the swapchain and surface live on the window), then the window.
let drewWithoutError = renderThread.stop()
observation.cancel()
window.close()
exit(drewWithoutError ? 0 : 1)
