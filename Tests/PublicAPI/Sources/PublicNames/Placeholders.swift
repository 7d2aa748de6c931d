import GameInput
import GamePixels

/// What the documentation's code blocks leave to the game: a camera, a frame to draw.
struct Camera {
    var yaw = 0.0
    mutating func turn(by delta: PointerDelta) { yaw += delta.dx }
}

func draw(into pixels: PixelRows) {
    for y in 0..<pixels.height { pixels.row(y).update(repeating: 0xFF20_2020) }
}
