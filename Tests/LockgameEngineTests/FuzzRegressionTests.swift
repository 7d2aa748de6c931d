import Glibc
import Testing

@testable import LockgameEngine

/// Inputs that `make fuzz` (Fuzz/Targets/scene.swift, png.swift) found breaking a loader's
/// contract, kept so the fixes stay: each now fails cleanly with an error naming the file.
@Suite struct FuzzRegressionTests {
    /// A scene folder holding the demo's cube and crate, and `text` as its `scene.txt`.
    static func sceneError(_ text: String) -> AssetError? {
        let dir = TestSupport.makeTemporaryDirectory()
        for name in ["cube.obj", "crate.png"] {
            TestSupport.write(TestSupport.read(TestSupport.assetsDirectory + "/" + name), to: dir + "/" + name)
        }
        TestSupport.write(text, to: dir + "/scene.txt")
        do {
            _ = try SceneLoader.load(directory: dir)
            return nil
        } catch {
            return error
        }
    }

    /// The fuzzer's find: a finite yaw of 2e38° became an infinite spawn yaw in radians, which
    /// the loader passed on as if it were a pose.
    @Test func aSpawnAngleTooLargeForRadiansIsABadNumber() {
        let error = Self.sceneError("spawn 0 1.6 0 2e38 -89\nobject cube.obj crate.png  scale 1e-30\n")
        #expect(error?.kind == .badNumber && error?.line == 1)
        #expect(error?.message == "angle 2e+38° out of range in \"spawn\"")
        #expect(Self.sceneError("spawn 0 1.6 0 0 -3e38")?.kind == .badNumber, "the pitch too")
    }

    /// The same overflow in `rotate` turned an object's transform into NaNs.
    @Test func aRotationTooLargeForRadiansIsABadNumber() {
        let error = Self.sceneError("object cube.obj crate.png\nobject cube.obj crate.png rotate -3e38 solid\n")
        #expect(error?.kind == .badNumber && error?.line == 2)
        #expect(Self.sceneError("object cube.obj crate.png rotate 1e38")?.kind == nil, "1e38° still fits")
    }

    /// The fuzzer's find (as the PNG target writes it, CRCs recomputed): 96 bytes whose second
    /// chunk header claims a 1,934,772,034-byte iTXt chunk. libpng allocated and zero-filled
    /// that much before finding the file too short: 1.9 GB of memory and 2 s for one texture.
    static let overlongTextChunk: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x02, 0x02, 0x00, 0x00, 0xC4, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x12, 0x88, 0x0F,
        0x7D, 0x73, 0x52, 0x47, 0x42, 0x69, 0x54, 0x58, 0x74, 0x00, 0x00, 0x49, 0x45, 0x00, 0x00, 0x00,
        0x16, 0x49, 0x44, 0x41, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xB6, 0x0D, 0x24, 0x00, 0x00,
        0x00, 0x16, 0x49, 0x44, 0x41, 0x54, 0x78, 0xF8, 0xC0, 0xF0, 0x1F, 0x08, 0x1B, 0x18, 0x40, 0x4E,
        0x54, 0x78, 0xF8, 0xC0, 0xF0, 0x1F, 0x08, 0x1B, 0x18, 0x3A, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    @Test func aPNGChunkLongerThanItsFileIsRefusedBeforeLibpngAllocatesIt() {
        let path = TestSupport.makeTemporaryDirectory() + "/overlong.png"
        TestSupport.write(Self.overlongTextChunk, to: path)
        let before = Self.peakMemoryMiB()
        let error = #expect(throws: AssetError.self) { _ = try PNGImage.read(path: path) }
        #expect(error?.kind == .corruptImage)
        #expect(error?.message == "not a readable PNG: chunk \"iTXt\" claims 1934772034 bytes, more than the file holds")
        #expect(Self.peakMemoryMiB() - before < 512, "reading it must not take the chunk's claimed 1.9 GB")
    }

    /// This process's peak resident memory (`getrusage`'s `ru_maxrss`), in MiB.
    static func peakMemoryMiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
}
