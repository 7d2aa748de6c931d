internal import CPixelSpanAVX2
public import PixelSpan

// This module is compiled for AVX2 (`-mavx2`, see Package.swift): Swift's SIMD8 types become
// single YMM registers. Call into it only after the CPU check (`Renderer.PixelLoop`).

extension SpanShading {
    /// Shades the `count` pixels from `color[0]`/`depth[0]` on, eight at a time with AVX2:
    /// one `vdivps` for eight 1/w, one `vpgatherdd` for eight texels, the light and fog blend
    /// in 16-bit lanes. Gives exactly the pixels of `shade(color:depth:count:start:step:)`
    /// (same operations per pixel, in the same order); the last group of a span uses masked
    /// loads and stores, so nothing outside the span is read or written.
    ///
    /// Runs only on a CPU with AVX2; kept out of line so it stays in this module's AVX2 code
    /// (`make check-hot-paths` checks it contains AVX2 instructions and no runtime calls).
    @inline(never)
    public func shadeEightWide(
        color: UnsafeMutablePointer<UInt32>, depth: UnsafeMutablePointer<Float>, count: Int,
        start: SIMD4<Float>, step: SIMD4<Float>
    ) {
        let laneOffset = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
        let laneNumber = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
        let allLanes = SIMD8<Int32>(repeating: -1)
        let startW = SIMD8<Float>(repeating: start.x), stepW = SIMD8<Float>(repeating: step.x)
        let startU = SIMD8<Float>(repeating: start.y), stepU = SIMD8<Float>(repeating: step.y)
        let startV = SIMD8<Float>(repeating: start.z), stepV = SIMD8<Float>(repeating: step.z)
        let magic = SIMD8<Float>(repeating: SpanShading.roundingMagic)
        let widthMask = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: self.widthMask))
        let heightMask = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: self.heightMask))
        let rowShift = SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: self.rowShift))
        let fogStart = SIMD8<Float>(repeating: self.fogStart)
        let fogInverseRange = SIMD8<Float>(repeating: self.fogInverseRange)
        let light = SIMD8<Float>(repeating: light256)
        let zero = SIMD8<Float>(repeating: 0), one = SIMD8<Float>(repeating: 1)
        let nineBits = SIMD8<UInt32>(repeating: 0x1FF)
        let lowBytes = SIMD8<UInt32>(repeating: 0x00FF_00FF)
        // The fog's channels in 16-bit lanes: (blue, red) and (green, 0).
        let fogRedBlue16 = unsafeBitCast(SIMD8<UInt32>(repeating: fogRedBlue), to: SIMD16<UInt16>.self)
        let fogGreen16 = unsafeBitCast(SIMD8<UInt32>(repeating: fogGreen &>> 8), to: SIMD16<UInt16>.self)

        var k = 0
        while k < count {
            let whole = count &- k >= 8
            let inSpan =
                whole
                ? allLanes
                : unsafeBitCast(
                    laneNumber .< SIMD8<Int32>(repeating: Int32(truncatingIfNeeded: count &- k)),
                    to: SIMD8<Int32>.self)
            let offset = SIMD8<Float>(repeating: Float(k)) + laneOffset
            let iw = startW + stepW * offset
            let stored =
                whole
                ? UnsafeRawPointer(depth + k).loadUnaligned(as: SIMD8<Float>.self)
                : cpsa_masked_load(depth + k, inSpan)
            let pass = unsafeBitCast(iw .> stored, to: SIMD8<Int32>.self) & inSpan
            if cpsa_lane_bits(pass) != 0 {
                let w = one / iw
                let u = startU + stepU * offset
                let v = startV + stepV * offset
                let tu = unsafeBitCast(u * w + magic, to: SIMD8<Int32>.self) & widthMask
                let tv = unsafeBitCast(v * w + magic, to: SIMD8<Int32>.self) & heightMask
                let texel = unsafeBitCast(cpsa_gather(texels, (tv &<< rowShift) | tu), to: SIMD8<UInt32>.self)
                var f = (w - fogStart) * fogInverseRange
                f.replace(with: zero, where: .!(f .>= zero))
                f.replace(with: one, where: .!(f .<= one))
                let kf = unsafeBitCast(f * 256 + magic, to: SIMD8<UInt32>.self) & nineBits
                let ka = unsafeBitCast((one - f) * light + magic, to: SIMD8<UInt32>.self) & nineBits
                // Each channel times its weight fits 16 bits (255 · 257 at most), so the blend
                // runs in sixteen 16-bit lanes: (blue, red) and (green, alpha) pairs.
                let ka16 = unsafeBitCast(ka | ka &<< 16, to: SIMD16<UInt16>.self)
                let kf16 = unsafeBitCast(kf | kf &<< 16, to: SIMD16<UInt16>.self)
                let blueRed = unsafeBitCast(texel & lowBytes, to: SIMD16<UInt16>.self)
                let greenAlpha = unsafeBitCast(texel &>> 8 & lowBytes, to: SIMD16<UInt16>.self)
                let rb = unsafeBitCast((blueRed &* ka16 &+ fogRedBlue16 &* kf16) &>> 8, to: SIMD8<UInt32>.self)
                let g =
                    unsafeBitCast(greenAlpha &* ka16 &+ fogGreen16 &* kf16, to: SIMD8<UInt32>.self)
                    & SIMD8<UInt32>(repeating: 0xFF00)
                let shaded = unsafeBitCast(SIMD8<UInt32>(repeating: 0xFF00_0000) | rb | g, to: SIMD8<Int32>.self)
                let passes = unsafeBitCast(pass, to: SIMDMask<SIMD8<Int32>>.self)
                if whole {
                    let colorAddress = UnsafeMutableRawPointer(color + k)
                    var colors = colorAddress.loadUnaligned(as: SIMD8<Int32>.self)
                    colors.replace(with: shaded, where: passes)
                    colorAddress.storeBytes(of: colors, as: SIMD8<Int32>.self)
                    var depths = stored
                    depths.replace(with: iw, where: passes)
                    UnsafeMutableRawPointer(depth + k).storeBytes(of: depths, as: SIMD8<Float>.self)
                } else {
                    cpsa_masked_store_int(color + k, pass, shaded)
                    cpsa_masked_store_float(depth + k, pass, iw)
                }
            }
            k &+= 8
        }
    }
}
