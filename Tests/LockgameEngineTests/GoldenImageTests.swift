import RenderReference
import Testing

@testable import LockgameEngine

/// Golden-image tests: the demo scene from three fixed poses at 320×180 must match the PNGs in
/// `Golden/`, and so must the C reference renderer's picture of the same pose (an independent
/// implementation of the algorithm: a golden the Swift renderer got wrong would not match it).
/// Tolerance: at most 0.5% of pixels may differ, and only pixels differing by more than 2 in
/// some channel count as different.
///
/// Goldens are made by running the tests once with `LOCKGAME_UPDATE_GOLDEN=1`, looking at
/// them, and committing them; without the variable a missing golden is a failure.
@Suite("Golden images")
struct GoldenImageTests {
    static let poses: [(name: String, pose: CameraPose)] = [
        ("spawn", CameraPose(position: SIMD3(0, 1.6, 4.5), yaw: 0, pitch: 0)),
        ("corner", CameraPose(position: SIMD3(5, 1.6, 5), yaw: -0.75, pitch: -0.15)),
        ("arch_up", CameraPose(position: SIMD3(1.5, 1.6, -2.5), yaw: -0.35, pitch: 0.45)),
    ]

    static let maximumChannelDifference = 2
    static let maximumDifferingFraction = 0.005

    @Test(arguments: poses.map(\.name))
    func demoSceneMatchesTheGoldenImage(name: String) throws {
        let pose = GoldenImageTests.poses.first { $0.name == name }!.pose
        let fb = Framebuffer(width: 320, height: 180)
        Renderer().render(TestSupport.demoScene, camera: pose, into: fb)
        let path = TestSupport.goldenDirectory + "/\(name).png"
        if TestSupport.flag("LOCKGAME_UPDATE_GOLDEN") {
            try PNGImage.write(pixels: fb.copyPixels(), width: 320, height: 180, path: path)
        }
        let golden: PNGImage
        do {
            golden = try PNGImage.read(path: path)
        } catch {
            Issue.record("golden image unavailable (\(error)); run with LOCKGAME_UPDATE_GOLDEN=1 to create it")
            return
        }
        try #require(golden.width == 320 && golden.height == 180)
        var reference = [UInt32](repeating: 0, count: 320 * 180)
        var referenceDepth = [Float](repeating: 0, count: 320 * 180)
        let renderer = ReferenceRenderer(scene: TestSupport.demoScene, camera: pose)
        reference.withUnsafeMutableBufferPointer { color in
            referenceDepth.withUnsafeMutableBufferPointer { depth in
                renderer.render(color: color.baseAddress!, depth: depth.baseAddress!, width: 320, height: 180)
            }
        }
        let referenceDiffering = zip(reference, golden.pixels).filter { GoldenImageTests.differs($0, $1) }.count
        #expect(
            Double(referenceDiffering) / Double(reference.count) <= GoldenImageTests.maximumDifferingFraction,
            "the C reference's picture differs from \(path) in \(referenceDiffering) pixels")
        let actual = fb.copyPixels()
        var differing = 0
        for i in 0..<actual.count where GoldenImageTests.differs(actual[i], golden.pixels[i]) {
            differing += 1
        }
        let fraction = Double(differing) / Double(actual.count)
        if fraction > GoldenImageTests.maximumDifferingFraction {
            let actualPath = "/tmp/lockgame-\(name).actual.png"
            try? PNGImage.write(pixels: actual, width: 320, height: 180, path: actualPath)
            Issue.record("\(differing) pixels (\(fraction * 100)%) differ from \(path); actual image written to \(actualPath)")
        }
    }

    static func differs(_ a: UInt32, _ b: UInt32) -> Bool {
        for shift in [0, 8, 16, 24] as [UInt32] {
            let ca = Int(a >> shift & 0xFF), cb = Int(b >> shift & 0xFF)
            if abs(ca - cb) > maximumChannelDifference { return true }
        }
        return false
    }
}
