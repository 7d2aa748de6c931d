import CLlvmpipeFrame
import Glibc
import LockgameEngine

/// The demo scene and camera in the form `CLlvmpipeFrame` draws (`llf_scene`, `llf_view`),
/// with what lockgame's `Renderer` computes per triangle and per frame computed the same way
/// here: the flat light (ambient + diffuse·max(dot(n, −lightDirection), 0), clamped to 1), the
/// camera basis, focal lengths and near plane, fog and sky constants (for a camera inside the
/// limits `Renderer` clamps to, as `DemoFrame.pose` is, and the default light). Objects are laid out
/// nearest first, the order `Renderer` draws them in, so llvmpipe's early depth test can skip
/// as much shading as ours does.
struct LlvmpipeScene {
    /// Why a scene cannot be drawn this way.
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    /// Three vertices per triangle, `llf_floats_per_vertex` floats each.
    let vertices: [Float]
    /// Every texture's texels, one layer after another.
    let texels: [UInt32]
    let textureWidth: Int
    let textureHeight: Int
    let textureCount: Int
    /// Camera and look.
    let view: llf_view

    /// Lays out `scene` seen from `camera` with `settings` in a frame of `aspect` (width ÷ height).
    /// Throws when there are no textures or they differ in size (llvmpipe gets them as one
    /// texture array).
    init(scene: Scene, camera: CameraPose, aspect: Float, settings: RenderSettings = RenderSettings()) throws(Unsupported) {
        let ambient = min(max(settings.ambient, 0), 1), diffuse = min(max(settings.diffuse, 0), 1)
        let lightTowards = -settings.lightDirection / (settings.lightDirection * settings.lightDirection).sum().squareRoot()
        let eye = camera.position
        var vertices: [Float] = []
        var texels: [UInt32] = []
        let sizes = scene.withRasterData { data in
            for texture in data.textures {
                texels += UnsafeBufferPointer(start: texture.texels, count: texture.width * texture.height)
            }
            let batches = data.batches.sorted {
                LlvmpipeScene.farthestCorner($0, from: eye) < LlvmpipeScene.farthestCorner($1, from: eye)
            }
            vertices.reserveCapacity(data.normals.count * 3 * Int(llf_floats_per_vertex))
            for batch in batches {
                for triangle in batch.triangles {
                    let normal = data.normals[triangle]
                    let light = min(ambient + diffuse * max((normal * lightTowards).sum(), 0), 1)
                    let layer = Float(data.triangleTexture[triangle])
                    for corner in 3 * triangle..<3 * triangle + 3 {
                        let p = data.positions[corner], uv = data.uvs[corner]
                        vertices += [p.x, p.y, p.z, uv.x, 1 - uv.y, layer, light]
                    }
                }
            }
            return data.textures.map { SIMD2($0.width, $0.height) }
        }
        guard let size = sizes.first, sizes.allSatisfy({ $0 == size }) else {
            throw Unsupported(
                description: "the scene's textures are missing or differ in size "
                    + "(llvmpipe gets them as one texture array): \(sizes.map { "\($0.x)x\($0.y)" })")
        }
        self.vertices = vertices
        self.texels = texels
        textureWidth = size.x
        textureHeight = size.y
        textureCount = sizes.count

        let tanHalf = tanf(camera.verticalFieldOfView * 0.5)
        let back = -camera.forward
        func triple(_ v: SIMD3<Float>) -> (Float, Float, Float) { (v.x, v.y, v.z) }
        view = llf_view(
            eye: triple(eye), right: triple(camera.right), up: triple(camera.up), back: triple(back),
            focal_x: 1 / tanHalf / aspect, focal_y: 1 / tanHalf, near_plane: min(max(settings.nearPlane, 1e-4), 1e4),
            pitch: camera.pitch, tan_half: tanHalf, fog_start: settings.fogStart, fog_end: settings.fogEnd,
            fog_color: settings.fogColor, sky_zenith: settings.skyZenithColor, sky_horizon: settings.skyHorizonColor,
            ground_haze: settings.groundHazeColor)
    }

    /// `Renderer`'s sort key for an object: the squared distance from the eye to the farthest
    /// corner of its bounds.
    private static func farthestCorner(
        _ batch: (triangles: Range<Int>, lower: SIMD3<Float>, upper: SIMD3<Float>),
        from eye: SIMD3<Float>
    ) -> Float {
        let toLower = eye - batch.lower, toUpper = eye - batch.upper
        let far = pointwiseMax(pointwiseMax(toLower, -toLower), pointwiseMax(toUpper, -toUpper))
        return (far * far).sum()
    }
}
