import PixelSpan
import PixelSpanAVX2
import RenderReference
import Testing

@testable import LockgameEngine

/// The renderer's pixel loops: the scalar loop and the eight-wide AVX2 loop must give the same
/// pixels, bit for bit, on whole frames and on single spans of any length, and both must give
/// exactly the C reference's pixels (the same pixel rule written once more).
@Suite("Pixel loops")
struct PixelLoopTests {
    /// Poses around the demo scene, the golden ones included, at sizes whose rows end in every
    /// position of a group of eight.
    static let poses: [CameraPose] =
        GoldenImageTests.poses.map(\.pose) + [
            CameraPose(position: SIMD3(0, 1.6, 0), yaw: 1.3, pitch: -0.6),
            CameraPose(position: SIMD3(-4, 0.3, 2), yaw: 2.4, pitch: 0.2),
            CameraPose(position: SIMD3(0.5, 1.6, 2), yaw: 3.1, pitch: 0, verticalFieldOfView: 1.6),
        ]
    static let sizes: [(Int, Int)] = [(320, 180), (203, 97), (57, 41), (1, 9)]

    @Test func theAVX2LoopIsChosenOnThisCPUAndTheScalarLoopElsewhere() {
        let asked = Renderer(pixelLoop: .eightWideAVX2)
        if Renderer.PixelLoop.eightWideAVX2.isAvailable {
            #expect(asked.pixelLoop == .eightWideAVX2)
            #expect(Renderer().pixelLoop == .eightWideAVX2, "the default is the fastest loop")
        } else {
            #expect(asked.pixelLoop == .scalar, "a CPU without AVX2 must get the scalar loop")
        }
        #expect(Renderer(pixelLoop: .scalar).pixelLoop == .scalar)
    }

    @Test func bothLoopsDrawTheCReferencesPixelsExactly() throws {
        try #require(Renderer.PixelLoop.eightWideAVX2.isAvailable, "this CPU has no AVX2: the eight-wide loop is untested")
        let scalar = Renderer(pixelLoop: .scalar), eightWide = Renderer(pixelLoop: .eightWideAVX2)
        for pose in PixelLoopTests.poses {
            for (width, height) in PixelLoopTests.sizes {
                let a = Framebuffer(width: width, height: height), b = Framebuffer(width: width, height: height)
                scalar.render(TestSupport.demoScene, camera: pose, into: a)
                eightWide.render(TestSupport.demoScene, camera: pose, into: b)
                var referenceColor = [UInt32](repeating: 0, count: width * height)
                var referenceDepth = [Float](repeating: 0, count: width * height)
                let reference = ReferenceRenderer(scene: TestSupport.demoScene, camera: pose)
                referenceColor.withUnsafeMutableBufferPointer { color in
                    referenceDepth.withUnsafeMutableBufferPointer { depth in
                        reference.render(color: color.baseAddress!, depth: depth.baseAddress!, width: width, height: height)
                    }
                }
                let colorDiffers = (0..<width * height).filter { a.pixels[$0] != b.pixels[$0] }.count
                let depthDiffers = (0..<width * height).filter { a.depth[$0].bitPattern != b.depth[$0].bitPattern }.count
                let referenceDiffers = (0..<width * height).filter { a.pixels[$0] != referenceColor[$0] }.count
                #expect(
                    colorDiffers == 0 && depthDiffers == 0,
                    "AVX2 differs from scalar at \(width)x\(height), \(pose): \(colorDiffers) colours, \(depthDiffers) depths")
                #expect(referenceDiffers == 0, "scalar differs from the C reference in \(referenceDiffers) pixels")
                #expect(a.depth.contains { $0 > 0 } || width * height < 64, "nothing drawn at \(width)x\(height), \(pose)")
            }
        }
    }

    @Test func bothLoopsShadeRandomSpansIdenticallyAndOnlyInsideTheSpan() throws {
        try #require(Renderer.PixelLoop.eightWideAVX2.isAvailable, "this CPU has no AVX2: the eight-wide loop is untested")
        var random = SplitMix(seed: 0x5EED_1234)
        let texels = UnsafeMutablePointer<UInt32>.allocate(capacity: 64 * 32)
        defer { texels.deallocate() }
        for i in 0..<64 * 32 { texels[i] = UInt32(truncatingIfNeeded: random.next()) }
        // A span sits between guard pixels that must not change.
        let guardCount = 16, capacity = 40 + 2 * guardCount
        let colorA = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let colorB = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let depthA = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        let depthB = UnsafeMutablePointer<Float>.allocate(capacity: capacity)
        defer { colorA.deallocate(); colorB.deallocate(); depthA.deallocate(); depthB.deallocate() }
        let odd: [Float] = [.nan, .infinity, -.infinity, 0, -0.0, 1e-30, 3e38, -3e38]
        var spansShaded = 0
        for trial in 0..<4000 {
            let count = trial % 41
            func value(_ scale: Float) -> Float {
                random.next() % 50 == 0 ? odd[Int(random.next() % 8)] : (random.unitFloat() * 2 - 1) * scale
            }
            let start = SIMD4<Float>(abs(value(2)), value(500), value(500), 0)
            let step = SIMD4<Float>(value(0.05), value(20), value(20), 0)
            let shading = SpanShading(
                texels: texels, widthMask: 63, heightMask: 31, rowShift: 6,
                fogStart: random.unitFloat() * 20, fogInverseRange: random.next() % 5 == 0 ? 0 : random.unitFloat(),
                fogRedBlue: UInt32(truncatingIfNeeded: random.next()) & 0x00FF_00FF,
                fogGreen: UInt32(truncatingIfNeeded: random.next()) & 0x0000_FF00,
                light256: random.unitFloat() * 256)
            for i in 0..<capacity {
                colorA[i] = UInt32(truncatingIfNeeded: random.next())
                depthA[i] = random.next() % 3 == 0 ? 0 : random.unitFloat() * 2
                colorB[i] = colorA[i]
                depthB[i] = depthA[i]
            }
            shading.shade(color: colorA + guardCount, depth: depthA + guardCount, count: count, start: start, step: step)
            shading.shadeEightWide(
                color: colorB + guardCount, depth: depthB + guardCount, count: count,
                start: start, step: step)
            for i in 0..<capacity {
                if colorA[i] != colorB[i] || depthA[i].bitPattern != depthB[i].bitPattern {
                    let scalar = "\(colorA[i]) \(depthA[i])", eightWide = "\(colorB[i]) \(depthB[i])"
                    Issue.record(
                        "trial \(trial): pixel \(i - guardCount) of a \(count)-pixel span differs: scalar \(scalar), AVX2 \(eightWide)")
                    return
                }
            }
            spansShaded += 1
        }
        #expect(spansShaded == 4000)
    }

    @Test func spansChangeNothingOutsideThemselves() throws {
        try #require(Renderer.PixelLoop.eightWideAVX2.isAvailable, "this CPU has no AVX2: the eight-wide loop is untested")
        let texel = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        texel.initialize(to: 0xFF12_3456)
        defer { texel.deallocate() }
        let shading = SpanShading(
            texels: texel, widthMask: 0, heightMask: 0, rowShift: 0, fogStart: 100,
            fogInverseRange: 0, fogRedBlue: 0, fogGreen: 0, light256: 256)
        for count in 0...20 {
            for loop in Renderer.PixelLoop.allCases {
                var color = [UInt32](repeating: 7, count: 40), depth = [Float](repeating: 0, count: 40)
                color.withUnsafeMutableBufferPointer { c in
                    depth.withUnsafeMutableBufferPointer { d in
                        let start = SIMD4<Float>(1, 0, 0, 0), step = SIMD4<Float>(0, 0, 0, 0)
                        if loop == .scalar {
                            shading.shade(
                                color: c.baseAddress! + 10, depth: d.baseAddress! + 10, count: count,
                                start: start, step: step)
                        } else {
                            shading.shadeEightWide(
                                color: c.baseAddress! + 10, depth: d.baseAddress! + 10, count: count,
                                start: start, step: step)
                        }
                    }
                }
                let shaded = (0..<40).filter { color[$0] == 0xFF12_3456 && depth[$0] == 1 }
                #expect(shaded == Array(10..<10 + count), "\(loop), \(count) pixels: shaded \(shaded)")
                #expect((0..<40).allSatisfy { shaded.contains($0) || (color[$0] == 7 && depth[$0] == 0) })
            }
        }
    }
}

/// A small deterministic random number generator (SplitMix64) for reproducible trials.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A float in 0..<1.
    mutating func unitFloat() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
