import Glibc

// Renderer+Sky: the background gradient, one colour per row.

extension Renderer {
    /// Fills each row of `band` with the sky colour for the elevation of the ray through its centre.
    func drawSky(
        color: UnsafeMutablePointer<UInt32>, width: Int, height: Int, band: Range<Int>,
        pitch: Float, tanHalf: Float
    ) {
        let sp = sinf(pitch), cp = cosf(pitch)
        let zenith = settings.skyZenithColor, horizon = settings.skyHorizonColor
        let ground = settings.groundHazeColor
        for y in band {
            let ndcY = (1 - 2 * (Float(y) + 0.5) / Float(height)) * tanHalf
            let elevation = (cp * ndcY + sp) / (1 + ndcY * ndcY).squareRoot()
            let rowColor: UInt32
            if elevation >= 0 {
                rowColor = Renderer.mix(horizon, zenith, elevation.squareRoot())
            } else {
                rowColor = Renderer.mix(horizon, ground, -elevation * 3)
            }
            MemoryFill.fill(color.advanced(by: y * width), with: rowColor, count: width)
        }
    }

    /// `a` blended towards `b` by `t` (clamped to 0...1, NaN → 0), opaque.
    static func mix(_ a: UInt32, _ b: UInt32, _ t: Float) -> UInt32 {
        let k = t >= 0 ? (t <= 1 ? t : 1) : 0
        let kb = UInt32(k * 256), ka = 256 - kb
        let rb = ((a & 0xFF00FF) &* ka &+ (b & 0xFF00FF) &* kb) >> 8 & 0xFF00FF
        let g = ((a & 0xFF00) &* ka &+ (b & 0xFF00) &* kb) >> 8 & 0xFF00
        return 0xFF00_0000 | rb | g
    }
}
