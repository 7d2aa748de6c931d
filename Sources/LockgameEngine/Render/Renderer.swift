import Glibc
internal import PixelSpan

/// The software rasterizer: draws a `Scene` seen from a `CameraPose` into a `Framebuffer`.
///
/// Per frame: sky gradient (one colour per row, following pitch), depth clear, then every
/// triangle is back-face culled, transformed, trivially rejected against the frustum,
/// clipped in clip space against the near plane (and a guard band far outside the screen so
/// fixed-point setup never overflows), and rasterized with the top-left rule. Pixels are
/// depth-tested on 1/w, textured perspective-correctly (u/w, v/w, 1/w interpolated; nearest
/// texel, repeat wrap), lit flat per triangle (ambient + Lambert from one directional light)
/// and blended towards the fog colour by view depth.
///
/// Deterministic: the same scene, settings, camera and size give the same pixels. Nothing is
/// allocated per frame or per triangle (scratch buffers are kept here). Non-finite or absurd
/// input never crashes or writes outside the buffer: such a camera gets just the sky, such
/// triangles are skipped.
///
/// Not thread-safe; use one renderer per thread.
public final class Renderer {
    /// Look of the frame (sky, fog, light, near plane).
    public var settings: RenderSettings
    /// Counters from the last `render` call.
    public private(set) var statistics = RenderStatistics()
    /// The pixel loop this renderer uses (the one asked for, or the scalar loop when this CPU
    /// cannot run it).
    public let pixelLoop: PixelLoop

    /// Clip-space vertex with texture coordinates in texel units.
    struct ClipVertex {
        var x: Float, y: Float, w: Float, u: Float, v: Float
    }

    /// What the pixel loop needs to sample one texture.
    struct TextureRef {
        var texels: UnsafeMutablePointer<UInt32>
        var width: Int
        var height: Int
        var shift: Int
    }

    /// Guard band: clip x and y to ±guardBand·w, i.e. a few screen widths off-screen.
    static let guardBand: Float = 8
    /// Maximum vertices a triangle can have after clipping against 5 planes.
    static let clipCapacity = 16

    let clipA: UnsafeMutablePointer<ClipVertex>
    let clipB: UnsafeMutablePointer<ClipVertex>
    private var textureRefs: UnsafeMutablePointer<TextureRef>
    private var textureRefCapacity: Int
    /// Draw order of the scene's batches (nearest first) and their sort keys, grown like
    /// `textureRefs`.
    private var batchOrder: UnsafeMutablePointer<Int>
    private var batchKeys: UnsafeMutablePointer<Float>
    private var batchCapacity: Int
    /// One magenta texel, the texture before any triangle has chosen one.
    private let fallbackTexel: UnsafeMutablePointer<UInt32>

    /// A renderer with the given look, drawing its pixels with `pixelLoop` (by default the
    /// fastest this CPU runs; the scalar loop when the CPU cannot run the one asked for).
    public init(settings: RenderSettings = RenderSettings(), pixelLoop: PixelLoop = .fastest) {
        self.settings = settings
        self.pixelLoop = pixelLoop.isAvailable ? pixelLoop : .scalar
        clipA = .allocate(capacity: Renderer.clipCapacity)
        clipB = .allocate(capacity: Renderer.clipCapacity)
        textureRefCapacity = 16
        textureRefs = .allocate(capacity: textureRefCapacity)
        batchCapacity = 64
        batchOrder = .allocate(capacity: batchCapacity)
        batchKeys = .allocate(capacity: batchCapacity)
        fallbackTexel = .allocate(capacity: 1)
        fallbackTexel.initialize(to: 0xFFFF_00FF)
    }

    deinit {
        clipA.deallocate()
        clipB.deallocate()
        textureRefs.deallocate()
        batchOrder.deallocate()
        batchKeys.deallocate()
        fallbackTexel.deallocate()
    }

    /// Renders one frame of `scene` from `camera` into every pixel of `framebuffer`.
    public func render(_ scene: Scene, camera: CameraPose, into framebuffer: Framebuffer) {
        render(scene, camera: camera, into: framebuffer, rows: 0..<framebuffer.height)
    }

    /// Renders only the pixel rows `band` (a tile) of the frame: the pixels are identical to
    /// those a whole-frame `render` gives in those rows, and no other row is touched, so
    /// renderers on different threads can draw disjoint bands of one framebuffer.
    public func render(_ scene: Scene, camera: CameraPose, into framebuffer: Framebuffer, rows band: Range<Int>) {
        statistics = RenderStatistics()
        let width = framebuffer.width, height = framebuffer.height
        let band = band.clamped(to: 0..<height)
        guard width > 0, height > 0, !band.isEmpty else { return }
        let color = framebuffer.pixels.baseAddress!
        let depth = framebuffer.depth.baseAddress!

        let usable = camera.isFinite
        var pose = usable ? camera : CameraPose()
        pose.verticalFieldOfView = min(max(pose.verticalFieldOfView, 0.01), 3.1)
        pose.pitch = min(max(pose.pitch, -.pi / 2), .pi / 2)
        let tanHalf = tanf(pose.verticalFieldOfView * 0.5)

        drawSky(color: color, width: width, height: height, band: band, pitch: pose.pitch, tanHalf: tanHalf)
        MemoryFill.zero(depth.advanced(by: band.lowerBound * width), count: band.count * width)
        guard usable, scene.triangleCount > 0 else { return }

        // Texture table for this scene (grown only when a scene has more textures than ever).
        let textureCount = scene.textures.count
        if textureCount > textureRefCapacity {
            textureRefs.deallocate()
            textureRefCapacity = textureCount
            textureRefs = .allocate(capacity: textureCount)
        }
        for (i, t) in scene.textures.enumerated() {
            textureRefs[i] = TextureRef(texels: t.texels, width: t.width, height: t.height, shift: t.widthShift)
        }

        // Camera basis (view space: x right, y up, looking down −z).
        let eye = pose.position
        let right = pose.right, up = pose.up, back = -pose.forward
        let focal = 1 / tanHalf
        let aspect = Float(width) / Float(height)
        let focalX = focal / aspect, focalY = focal

        let s = settings
        let near = s.nearPlane.isFinite ? min(max(s.nearPlane, 1e-4), 1e4) : 0.05
        let lightTowards = -normalize(s.lightDirection, fallback: SIMD3(0, -1, 0))
        let ambient = s.ambient.isFinite ? min(max(s.ambient, 0), 1) : 0.4
        let diffuse = s.diffuse.isFinite ? min(max(s.diffuse, 0), 1) : 0.6
        var target = RasterTarget(
            color: color, depth: depth, width: width, height: height, band: band,
            halfWidth: Float(width) * 0.5, halfHeight: Float(height) * 0.5,
            pixelLoop: pixelLoop,
            shading: SpanShading(
                texels: fallbackTexel, widthMask: 0, heightMask: 0, rowShift: 0,
                fogStart: s.fogStart.isFinite ? s.fogStart : 1e30,
                fogInverseRange: (s.fogEnd - s.fogStart).isFinite && s.fogEnd > s.fogStart
                    ? 1 / (s.fogEnd - s.fogStart) : 0,
                fogRedBlue: s.fogColor & 0x00FF_00FF, fogGreen: s.fogColor & 0x0000_FF00, light256: 256))
        var stats = RenderStatistics()
        let g = Renderer.guardBand

        let batchCount = orderBatches(scene.batches, eye: pose.position)

        // The five buffer closures and the batch loop stay flat: one level of indentation for
        // the triangle loop, not seven (the formatter leaves the next statement as written).
        // swift-format-ignore
        scene.positions.withUnsafeBufferPointer { positions in
        scene.uvs.withUnsafeBufferPointer { uvs in
        scene.normals.withUnsafeBufferPointer { normals in
        scene.triangleTexture.withUnsafeBufferPointer { triangleTexture in
        scene.batches.withUnsafeBufferPointer { batches in
            stats.trianglesSubmitted = normals.count
            for k in 0..<batchCount {
            for t in batches[batchOrder[k]].triangles {
                let p0 = positions[3 * t], p1 = positions[3 * t + 1], p2 = positions[3 * t + 2]
                let n = normals[t]
                // Back-face culling in world space: front faces have the eye on their normal side.
                if !(dot(n, eye - p0) > 0) {
                    stats.trianglesBackFacing += 1
                    continue
                }
                let c0 = Renderer.toClip(p0 - eye, right, up, back, focalX, focalY)
                let c1 = Renderer.toClip(p1 - eye, right, up, back, focalX, focalY)
                let c2 = Renderer.toClip(p2 - eye, right, up, back, focalX, focalY)
                if !(c0.isFinite && c1.isFinite && c2.isFinite) {
                    stats.trianglesDegenerate += 1
                    continue
                }
                let o0 = Renderer.outcode(c0, near: near, guardBand: g)
                let o1 = Renderer.outcode(c1, near: near, guardBand: g)
                let o2 = Renderer.outcode(c2, near: near, guardBand: g)
                if o0 & o1 & o2 & 0x1F != 0 {
                    stats.trianglesOutside += 1
                    continue
                }

                let texture = textureRefs[Int(triangleTexture[t])]
                target.shading.texels = UnsafePointer(texture.texels)
                target.shading.widthMask = texture.width - 1
                target.shading.heightMask = texture.height - 1
                target.shading.rowShift = texture.shift
                let lambert = max(dot(n, lightTowards), 0)
                target.shading.light256 = min(ambient + diffuse * lambert, 1) * 256

                // Texture coordinates in texels (v flipped: OBJ v is up, image rows go down),
                // shifted by whole texture periods so they start near zero.
                let tw = Float(texture.width), th = Float(texture.height)
                var u0 = uvs[3 * t].x * tw, u1 = uvs[3 * t + 1].x * tw, u2 = uvs[3 * t + 2].x * tw
                var v0 = (1 - uvs[3 * t].y) * th, v1 = (1 - uvs[3 * t + 1].y) * th, v2 = (1 - uvs[3 * t + 2].y) * th
                let uBase = Renderer.period(min(u0, u1, u2), tw)
                let vBase = Renderer.period(min(v0, v1, v2), th)
                // The −0.5 makes the pixel loop's round-to-nearest a floor.
                let uShift = uBase + 0.5, vShift = vBase + 0.5
                u0 -= uShift; u1 -= uShift; u2 -= uShift
                v0 -= vShift; v1 -= vShift; v2 -= vShift

                let a = ClipVertex(x: c0.x, y: c0.y, w: c0.z, u: u0, v: v0)
                let b = ClipVertex(x: c1.x, y: c1.y, w: c1.z, u: u1, v: v1)
                let c = ClipVertex(x: c2.x, y: c2.y, w: c2.z, u: u2, v: v2)
                if (o0 | o1 | o2) & 0x3E0 == 0 {
                    Renderer.rasterize(a, b, c, target: &target, stats: &stats)
                    continue
                }
                stats.trianglesClipped += 1
                let vertexCount = clip(a, b, c, near: near, guardBand: g)
                if vertexCount >= 3 {
                    for j in 1..<(vertexCount - 1) {
                        Renderer.rasterize(clipA[0], clipA[j], clipA[j + 1], target: &target, stats: &stats)
                    }
                }
            }
            }
        }}}}}
        statistics = stats
    }

    /// Sorts the scene's batches into `batchOrder`, nearest first by the distance from the eye
    /// to the farthest corner of each batch's bounds (so the room around the camera comes after
    /// the objects inside it); returns how many there are. Only the amount of overdraw
    /// depends on the order, not the picture (the depth test decides).
    private func orderBatches(_ batches: [Scene.DrawBatch], eye: SIMD3<Float>) -> Int {
        if batches.count > batchCapacity {
            batchOrder.deallocate()
            batchKeys.deallocate()
            batchCapacity = batches.count
            batchOrder = .allocate(capacity: batchCapacity)
            batchKeys = .allocate(capacity: batchCapacity)
        }
        for (i, batch) in batches.enumerated() {
            let toLower = eye - batch.lower, toUpper = eye - batch.upper
            let far = pointwiseMax(pointwiseMax(toLower, -toLower), pointwiseMax(toUpper, -toUpper))
            let key = (far * far).sum()
            // Insertion sort: a scene has a few dozen objects at most.
            var j = i
            while j > 0 && batchKeys[j - 1] > key {
                batchKeys[j] = batchKeys[j - 1]
                batchOrder[j] = batchOrder[j - 1]
                j -= 1
            }
            batchKeys[j] = key
            batchOrder[j] = i
        }
        return batches.count
    }
}
