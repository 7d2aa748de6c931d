internal import CRenderReference
import Glibc
public import LockgameEngine

/// Drives the C reference renderer (`CRenderReference`) with the same scene, pose and look
/// as the Swift `Renderer`. The per-frame constants are computed here the way `Renderer`
/// computes them, so both draw the same pixels.
///
/// Shared by lockbench (the Swift ÷ C figure) and the golden-image tests (an independent
/// implementation to check the goldens against).
public final class ReferenceRenderer {
    private let textures: UnsafeMutablePointer<crr_texture>
    private let textureCount: Int
    private let batches: UnsafeMutablePointer<crr_batch>
    private let batchCount: Int
    private let batchOrder: UnsafeMutablePointer<Int32>
    private let batchKeys: UnsafeMutablePointer<Float>
    private var sceneView = crr_scene()
    private var frame = crr_frame()
    private let keepAlive: Scene

    /// Prepares `scene` for the C renderer with `settings` and `camera`.
    public init(scene: Scene, camera: CameraPose, settings: RenderSettings = RenderSettings()) {
        keepAlive = scene
        let (data, batchData) = scene.withRasterData { ($0.textures, $0.batches) }
        batchCount = batchData.count
        batches = .allocate(capacity: max(batchCount, 1))
        batchOrder = .allocate(capacity: max(batchCount, 1))
        batchKeys = .allocate(capacity: max(batchCount, 1))
        for (i, b) in batchData.enumerated() {
            batches[i] = crr_batch(
                first: Int32(b.triangles.lowerBound), end: Int32(b.triangles.upperBound),
                lower: (b.lower.x, b.lower.y, b.lower.z), upper: (b.upper.x, b.upper.y, b.upper.z))
        }
        textureCount = max(data.count, 1)
        textures = .allocate(capacity: textureCount)
        for (i, t) in data.enumerated() {
            textures[i] = crr_texture(texels: t.texels, width: Int32(t.width), height: Int32(t.height), shift: Int32(t.shift))
        }
        frame = ReferenceRenderer.frameConstants(camera: camera, settings: settings)
    }

    deinit {
        textures.deallocate()
        batches.deallocate()
        batchOrder.deallocate()
        batchKeys.deallocate()
    }

    /// Draws the frame into `color`/`depth` (`width × height` each).
    public func render(color: UnsafeMutablePointer<UInt32>, depth: UnsafeMutablePointer<Float>, width: Int, height: Int) {
        keepAlive.withRasterData { data in
            data.positions.withMemoryRebound(to: Float.self) { positions in
                data.uvs.withMemoryRebound(to: Float.self) { uvs in
                    data.normals.withMemoryRebound(to: Float.self) { normals in
                        sceneView = crr_scene(
                            positions: positions.baseAddress, uvs: uvs.baseAddress,
                            normals: normals.baseAddress,
                            triangle_texture: data.triangleTexture.baseAddress,
                            triangle_count: Int32(data.normals.count), textures: textures,
                            batches: batches, batch_count: Int32(batchCount),
                            batch_order: batchOrder, batch_keys: batchKeys)
                        crr_render(&sceneView, &frame, color, depth, Int32(width), Int32(height))
                    }
                }
            }
        }
    }

    private static func frameConstants(camera: CameraPose, settings s: RenderSettings) -> crr_frame {
        var pose = camera
        pose.verticalFieldOfView = min(max(pose.verticalFieldOfView, 0.01), 3.1)
        pose.pitch = min(max(pose.pitch, -.pi / 2), .pi / 2)
        let back = -pose.forward
        let l = s.lightDirection
        let length = (l.x * l.x + l.y * l.y + l.z * l.z).squareRoot()
        let towards = length > 0 && length.isFinite ? -l / length : SIMD3<Float>(0, 1, 0)
        func triple(_ v: SIMD3<Float>) -> (Float, Float, Float) { (v.x, v.y, v.z) }
        return crr_frame(
            eye: triple(pose.position), right: triple(pose.right), up: triple(pose.up), back: triple(back),
            light_towards: triple(towards), pitch: pose.pitch, tan_half: tanf(pose.verticalFieldOfView * 0.5),
            near_plane: s.nearPlane.isFinite ? min(max(s.nearPlane, 1e-4), 1e4) : 0.05,
            ambient: s.ambient.isFinite ? min(max(s.ambient, 0), 1) : 0.4,
            diffuse: s.diffuse.isFinite ? min(max(s.diffuse, 0), 1) : 0.6,
            fog_start: s.fogStart, fog_end: s.fogEnd,
            sky_zenith: s.skyZenithColor, sky_horizon: s.skyHorizonColor,
            ground_haze: s.groundHazeColor, fog_color: s.fogColor)
    }
}
