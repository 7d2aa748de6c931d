import Glibc

@testable import LockgameEngine

/// Paths and small file helpers shared by the tests (no Foundation).
enum TestSupport {
    /// This folder (Tests/LockgameEngineTests), found from this file's path.
    static let testsDirectory: String = {
        let path = "\(#filePath)"
        return String(path[..<path.lastIndex(of: "/")!])
    }()

    /// Package root (two levels above the tests folder).
    static let packageDirectory: String = {
        var parts = testsDirectory.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/")
    }()

    /// The demo scene folder.
    static let assetsDirectory = packageDirectory + "/assets"
    /// Golden images.
    static let goldenDirectory = testsDirectory + "/Golden"

    /// The demo scene, loaded once.
    static let demoScene: Scene = {
        do { return try SceneLoader.load(directory: assetsDirectory) } catch {
            fatalError("demo scene failed to load: \(error)")
        }
    }()

    /// A fresh empty temporary directory.
    static func makeTemporaryDirectory() -> String {
        var template = Array("/tmp/lockgame-tests-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer -> String in
            precondition(mkdtemp(buffer.baseAddress!) != nil, "mkdtemp failed")
            return String(cString: buffer.baseAddress!)
        }
    }

    /// Writes `bytes` to `path`, replacing it.
    static func write(_ bytes: [UInt8], to path: String) {
        let f = fopen(path, "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        fclose(f)
    }

    /// Writes `text` to `path`, replacing it.
    static func write(_ text: String, to path: String) {
        write(Array(text.utf8), to: path)
    }

    /// Reads the bytes of `path`.
    static func read(_ path: String) -> [UInt8] {
        (try? TextFile.readBytes(path)) ?? []
    }

    /// True when the environment variable `name` is "1".
    static func flag(_ name: String) -> Bool {
        guard let value = getenv(name) else { return false }
        return String(cString: value) == "1"
    }

    /// A texture of one colour, shared.
    static func solid(_ color: UInt32) -> Texture { Texture(solid: color) }

    /// A square facing +Z (towards a camera at the origin looking down −Z) at depth `z`,
    /// spanning x, y in `-half...half`.
    static func square(z: Float, half: Float, texture: Texture) -> SceneObject {
        SceneObject(
            mesh: .quad(
                SIMD3(-half, -half, z), SIMD3(half, -half, z),
                SIMD3(half, half, z), SIMD3(-half, half, z)),
            texture: texture)
    }

    /// Renderer settings without fog and with full light, so colours are exact.
    static var flatSettings: RenderSettings {
        var s = RenderSettings()
        s.fogStart = 1e6
        s.fogEnd = 2e6
        s.ambient = 1
        s.diffuse = 0
        return s
    }
}
