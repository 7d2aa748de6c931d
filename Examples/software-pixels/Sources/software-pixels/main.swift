// A picture drawn on the CPU that scrolls as the locked mouse turns the camera.
// `software-pixels --transparent` makes a 32-bit ARGB window, half see-through.
import Foundation
import GameInput
import GamePixels

/// Prints a line at once, also into a pipe.
func say(_ line: String) { print(line); fflush(nil) }

final class Game: PointerLockPreferring { var prefersPointerLocked = true }

let transparent = CommandLine.arguments.contains("--transparent")
let game = Game()
let window = try GameWindow(
    title: "software-pixels", width: 640, height: 360, visual: transparent ? .transparent : .default)
let presenter = try PixelPresenter(window: window)
window.pointerLock.rootPreferring = game
say("lock: \(window.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable")")
let observation = window.pointerLock.addObserver { say("lock: \($0)") }
if let x11 = window.nativeHandle.x11 {
    say("renderer: cpu")
    say("handle: window 0x\(String(x11.window, radix: 16)) visual 0x\(String(x11.visualID, radix: 16)) depth \(x11.depth)")
}
TerminationSignals.install()
window.show()

var yaw = 0.0, pitch = 0.0, turned = false, running = true
var drawnSize = (0, 0)
while running && TerminationSignals.pending == nil {
    window.waitForEvents(until: .now + .milliseconds(16))
    window.pollEvents { event in
        switch event {
        case .relativeMotion(let motion):
            yaw += motion.unaccelerated.dx * 0.1
            pitch = min(89, max(-89, pitch - motion.unaccelerated.dy * 0.1))
            turned = true
        case .resized(let width, let height): presenter.resize(width: width, height: height)
        case .key(let key) where key.phase == .down && key.key == .l:
            game.prefersPointerLocked.toggle()
            window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        case .key(let key) where key.phase == .down && key.key == .q: running = false
        case .closeRequested, .connectionLost: running = false
        default: break
        }
    }
    _ = presenter.updatePath(now: .now)
    guard window.isViewable, !presenter.isBusy else { continue }
    draw(into: presenter.pixels, yaw: yaw, pitch: pitch)
    presenter.present()
    if drawnSize != (presenter.pixels.width, presenter.pixels.height) {
        drawnSize = (presenter.pixels.width, presenter.pixels.height)
        say("frame \(drawnSize.0)x\(drawnSize.1)")
    }
    if turned { say(String(format: "camera yaw %.2f pitch %.2f", yaw, pitch)) }
    turned = false
}
observation.cancel()
presenter.close()
window.close()

/// Coloured tiles, 64 pixels to 10 degrees of turn: the picture scrolls with the camera.
func draw(into pixels: PixelRows, yaw: Double, pitch: Double) {
    let scrollX = Int((yaw * 6.4).rounded()), scrollY = Int((pitch * 6.4).rounded())
    let alpha: UInt32 = transparent ? 0x80 : 0xFF
    for y in 0..<pixels.height {
        let row = pixels.row(y), v = (y - scrollY) & 0xFFFF
        for x in 0..<pixels.width {
            let u = (x + scrollX) & 0xFFFF
            let tile = UInt32((u >> 6) * 7 + (v >> 6) * 13)
            let red = (tile * 53) & 0xFF, green = UInt32(u & 63) * 4, blue = UInt32(v & 63) * 4
            // Premultiplied: on a transparent window each channel is scaled by the alpha.
            row[x] = alpha << 24 | (red * alpha / 255) << 16 | (green * alpha / 255) << 8 | blue * alpha / 255
        }
    }
}
