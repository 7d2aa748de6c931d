import Glibc
import LockgameEngine

/// The benchmark's fixed work: the demo scene at a fixed camera pose into a 1280×720
/// framebuffer, plus the checks that prove a frame was really drawn.
struct DemoFrame {
    /// Frame size of every render figure.
    static let width = 1280, height = 720
    /// The fixed pose: the spawn point, looking slightly down across the room.
    static let pose = CameraPose(position: SIMD3(0, 1.6, 4.5), yaw: 0.2, pitch: -0.12)

    let scene: Scene

    /// Loads the demo scene from `assetsDirectory`.
    init(assetsDirectory: String) throws {
        scene = try SceneLoader.load(directory: assetsDirectory)
    }

    /// The package's `assets` folder, found from this file's path (lockbench runs from a
    /// build of this package) or the current directory.
    static func defaultAssetsDirectory() -> String {
        let path = "\(#filePath)"
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        let packageAssets = parts.joined(separator: "/") + "/assets"
        return access(packageAssets + "/" + SceneLoader.sceneFileName, R_OK) == 0 ? packageAssets : "assets"
    }

    /// The checksum of the demo frame as the renderer draws it today (the C reference draws
    /// the same pixels). A change means the picture changed: the benchmark then refuses to
    /// compare speeds, since it would be timing different work.
    static let pinnedChecksum: UInt64 = 0xb2c0_dff6_debc_49c4

    /// FNV-1a over the colour pixels.
    static func checksum(_ pixels: UnsafeMutableBufferPointer<UInt32>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for pixel in pixels {
            hash = (hash ^ UInt64(pixel)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Fraction of pixels where geometry was drawn (depth written).
    static func coverage(_ depth: UnsafeMutableBufferPointer<Float>) -> Double {
        var drawn = 0
        for d in depth where d > 0 { drawn += 1 }
        return Double(drawn) / Double(max(depth.count, 1))
    }

    /// Number of pixels that differ between two frames.
    static func differingPixels(_ a: UnsafeMutableBufferPointer<UInt32>, _ b: UnsafeMutableBufferPointer<UInt32>) -> Int {
        var count = 0
        for i in 0..<min(a.count, b.count) where a[i] != b[i] { count += 1 }
        return count + abs(a.count - b.count)
    }
}
