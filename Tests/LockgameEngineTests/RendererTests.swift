import Glibc
import Testing

@testable import LockgameEngine

/// Rasterizer behaviour: determinism, depth, clipping, fill rule, culling, texturing, robustness.
@Suite("Renderer")
struct RendererTests {
    let red: UInt32 = 0xFFFF_0000
    let green: UInt32 = 0xFF00_FF00

    @Test func renderingTwiceGivesIdenticalPixels() {
        let renderer = Renderer()
        let a = Framebuffer(width: 160, height: 90), b = Framebuffer(width: 160, height: 90)
        let scene = TestSupport.demoScene
        renderer.render(scene, camera: scene.spawn, into: a)
        Renderer().render(scene, camera: scene.spawn, into: b)
        #expect(a.copyPixels() == b.copyPixels())
        renderer.render(scene, camera: scene.spawn, into: b)
        #expect(a.copyPixels() == b.copyPixels())
        #expect(Array(a.depth) == Array(b.depth))
    }

    @Test func nearQuadOccludesFarQuadRegardlessOfDrawOrder() {
        let near = TestSupport.square(z: -2, half: 0.5, texture: TestSupport.solid(red))
        let far = TestSupport.square(z: -5, half: 6, texture: TestSupport.solid(green))
        let renderer = Renderer(settings: TestSupport.flatSettings)
        for objects in [[near, far], [far, near]] {
            let fb = Framebuffer(width: 64, height: 64)
            renderer.render(Scene(objects: objects), camera: CameraPose(), into: fb)
            #expect(fb[32, 32] == red)
            #expect(fb[2, 32] == green)
        }
    }

    @Test func nearPlaneCrossingTriangleIsClippedAndCoversTheFloorAhead() {
        // A floor triangle 1 m below the eye that starts behind the camera.
        let mesh = Mesh(vertices: [
            MeshVertex(SIMD3(-1, -1, 1)), MeshVertex(SIMD3(1, -1, 1)), MeshVertex(SIMD3(0, -1, -10)),
        ])
        let scene = Scene(objects: [SceneObject(mesh: mesh, texture: TestSupport.solid(red))])
        let renderer = Renderer(settings: TestSupport.flatSettings)
        let fb = Framebuffer(width: 100, height: 60)
        renderer.render(scene, camera: CameraPose(), into: fb)
        #expect(renderer.statistics.trianglesClipped == 1)
        #expect(renderer.statistics.trianglesRasterized >= 1)
        #expect(fb.depth.allSatisfy { $0.isFinite && $0 >= 0 })
        // The bottom-centre ray hits the floor 1.43 m ahead, inside the triangle.
        #expect(fb[50, 59] == red)
        #expect(fb.depth[59 * 100 + 50] > 0)
        // Nothing above the horizon, nothing at the far left and right of the bottom row.
        for y in 0..<30 { #expect(fb.depth[y * 100 + 50] == 0) }
        #expect(fb[0, 59] != red)
        #expect(fb[99, 59] != red)
    }

    @Test func clippingAgainstTheNearPlaneYieldsZeroOneOrTwoTriangles() {
        let renderer = Renderer()
        func v(_ w: Float) -> Renderer.ClipVertex { .init(x: 0.1, y: 0.1 * w, w: w, u: 0, v: 0) }
        let near: Float = 0.05
        // All in front: unchanged triangle.
        #expect(renderer.clip(v(1), v(2), v(3), near: near, guardBand: 8) == 3)
        // One behind: a quad, i.e. two triangles.
        #expect(renderer.clip(v(-1), v(2), v(3), near: near, guardBand: 8) == 4)
        // Two behind: one smaller triangle.
        #expect(renderer.clip(v(-1), v(-2), v(3), near: near, guardBand: 8) == 3)
        // All behind: nothing.
        #expect(renderer.clip(v(-1), v(-2), v(-3), near: near, guardBand: 8) == 0)
    }

    @Test func sharedEdgePixelsAreCoveredExactlyOnce() {
        // A quad with sub-pixel corners split along its diagonal, plus a fan around a centre.
        let w = 40, h = 40
        func coverage(_ tris: [(SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)]) -> [Int] {
            var counts = [Int](repeating: 0, count: w * h)
            for (a, b, c) in tris {
                guard let t = TriangleRaster(a, b, c), let rows = t.rows(height: h) else { continue }
                for y in rows {
                    if let s = t.span(row: y, width: w) { for x in s.first...s.last { counts[y * w + x] += 1 } }
                }
            }
            return counts
        }
        let p0 = SIMD2<Float>(3.3, 4.1), p1 = SIMD2<Float>(35.7, 2.9)
        let p2 = SIMD2<Float>(33.2, 36.6), p3 = SIMD2<Float>(5.5, 31.25)
        let quad = coverage([(p0, p1, p2), (p0, p2, p3)])
        #expect(quad.allSatisfy { $0 <= 1 })
        #expect(quad.reduce(0, +) > 800)
        // Edges through pixel centres: left and top edges own them, right and bottom do not.
        let c0 = SIMD2<Float>(4.5, 4.5), c1 = SIMD2<Float>(30.5, 4.5)
        let c2 = SIMD2<Float>(30.5, 30.5), c3 = SIMD2<Float>(4.5, 30.5)
        let aligned = coverage([(c0, c1, c2), (c0, c2, c3)])
        #expect(aligned.reduce(0, +) == 26 * 26)
        for y in 4..<30 { for x in 4..<30 { #expect(aligned[y * w + x] == 1) } }
        let centre = SIMD2<Float>(20, 20)
        let ring: [SIMD2<Float>] = [
            SIMD2(2, 2), SIMD2(20, 1), SIMD2(38, 2), SIMD2(38, 20),
            SIMD2(38, 38), SIMD2(20, 38), SIMD2(2, 38), SIMD2(2, 20),
        ]
        var fan: [(SIMD2<Float>, SIMD2<Float>, SIMD2<Float>)] = []
        for i in 0..<ring.count { fan.append((centre, ring[i], ring[(i + 1) % ring.count])) }
        let fanCoverage = coverage(fan)
        #expect(fanCoverage.allSatisfy { $0 <= 1 })
        // Pixels strictly inside the ring's square are all covered (no gaps on shared edges).
        for y in 3..<37 { for x in 3..<37 { #expect(fanCoverage[y * w + x] == 1) } }
    }

    @Test func backFacingTrianglesAreCulled() {
        let front = TestSupport.square(z: -3, half: 1, texture: TestSupport.solid(red))
        var back = front
        back.mesh.vertices.reverse()
        let renderer = Renderer(settings: TestSupport.flatSettings)
        let fb = Framebuffer(width: 32, height: 32)
        renderer.render(Scene(objects: [back]), camera: CameraPose(), into: fb)
        #expect(renderer.statistics.trianglesBackFacing == 2)
        #expect(fb[16, 16] != red)
        renderer.render(Scene(objects: [front]), camera: CameraPose(), into: fb)
        #expect(renderer.statistics.trianglesBackFacing == 0)
        #expect(fb[16, 16] == red)
    }

    @Test func floorTextureRepeatsEveryMetreAtAnyDepth() {
        // A floor stretching away, with a 2x1 black/white texture repeating every 1 m across x.
        let tex = Texture(width: 2, height: 1, pixels: [0xFF00_0000, 0xFFFF_FFFF])
        let mesh = Mesh.quad(
            SIMD3(-4, -1, 0), SIMD3(4, -1, 0), SIMD3(4, -1, -40), SIMD3(-4, -1, -40),
            uvScale: SIMD2(8, 40))
        let renderer = Renderer(settings: TestSupport.flatSettings)
        let fb = Framebuffer(width: 200, height: 100)
        renderer.render(Scene(objects: [SceneObject(mesh: mesh, texture: tex)]), camera: CameraPose(), into: fb)
        // Just right of centre is x in 0...0.5 m: u in 4.0...4.5, texel 0 (black).
        #expect(fb[101, 90] == 0xFF00_0000)
        #expect(fb[101, 60] == 0xFF00_0000)
        // Just left of centre is u in 3.5...4.0: texel 1 (white).
        #expect(fb[98, 90] == 0xFFFF_FFFF)
        #expect(fb[98, 60] == 0xFFFF_FFFF)
    }

    @Test func texturesAreInterpolatedPerspectiveCorrectly() {
        // Stripes every 0.5 m along the depth of a 40 m floor made of one pair of triangles:
        // affine interpolation would put them far from where the exact depth says.
        let tex = Texture(width: 1, height: 2, pixels: [0xFF00_0000, 0xFFFF_FFFF])
        let mesh = Mesh.quad(
            SIMD3(-4, -1, 0), SIMD3(4, -1, 0), SIMD3(4, -1, -40), SIMD3(-4, -1, -40),
            uvScale: SIMD2(8, 40))
        let renderer = Renderer(settings: TestSupport.flatSettings)
        let fb = Framebuffer(width: 200, height: 100)
        let camera = CameraPose()
        renderer.render(Scene(objects: [SceneObject(mesh: mesh, texture: tex)]), camera: camera, into: fb)
        let tanHalf = Double(tanf(camera.verticalFieldOfView / 2))
        var checked = 0
        for y in 52..<100 {
            let ndcY = 1 - 2 * (Double(y) + 0.5) / 100
            let depth = 1 / (-ndcY * tanHalf)  // eye 1 m above the floor
            let texelRow = (1 - depth) * 2  // v = depth (OBJ v up), 2 texels per unit
            let fraction = texelRow - texelRow.rounded(.down)
            guard depth < 10, fraction > 0.15, fraction < 0.85 else { continue }
            let expected: UInt32 = Int(texelRow.rounded(.down)) & 1 == 0 ? 0xFF00_0000 : 0xFFFF_FFFF
            #expect(fb[100, y] == expected, "row \(y), depth \(depth)")
            checked += 1
        }
        #expect(checked > 20)
    }

    @Test func cameraInsideAWallOrPillarDoesNotCrash() {
        let renderer = Renderer()
        let fb = Framebuffer(width: 64, height: 36)
        let poses = [
            CameraPose(position: SIMD3(0, 1.6, -6), yaw: 0),  // in the north wall's plane
            CameraPose(position: SIMD3(0, 1.6, -6.01), yaw: .pi),  // just behind it, looking in
            CameraPose(position: SIMD3(-3, 1.6, -1.5), yaw: 0.3),  // inside a pillar
            CameraPose(position: SIMD3(0, 0, 0), pitch: -.pi / 2),  // eye on the floor looking down
        ]
        for pose in poses {
            renderer.render(TestSupport.demoScene, camera: pose, into: fb)
            #expect(fb.depth.allSatisfy { $0.isFinite && $0 >= 0 })
            #expect(fb.pixels.allSatisfy { $0 >> 24 == 0xFF })
        }
    }

    @Test func extremeCamerasAndCoordinatesNeverCrashOrWriteNaNDepth() {
        let renderer = Renderer()
        let fb = Framebuffer(width: 64, height: 36)
        let huge: Float = 3e38
        let poses = [
            CameraPose(position: SIMD3(.nan, 1, 1)),
            CameraPose(position: SIMD3(0, 1.6, 0), yaw: .infinity),
            CameraPose(position: SIMD3(0, 1.6, 0), pitch: .nan),
            CameraPose(position: SIMD3(0, 1.6, 0), pitch: 1e30),
            CameraPose(position: SIMD3(0, 1.6, 0), verticalFieldOfView: 0),
            CameraPose(position: SIMD3(0, 1.6, 0), verticalFieldOfView: -1),
            CameraPose(position: SIMD3(0, 1.6, 0), verticalFieldOfView: 1e9),
            CameraPose(position: SIMD3(1e30, 1e30, -1e30)),
            CameraPose(position: SIMD3(huge, -huge, huge), yaw: 1e20, pitch: -1e20),
            CameraPose(position: SIMD3(0, 1.6, 0), yaw: 12345.678, pitch: 1.5707963),
        ]
        for pose in poses {
            renderer.render(TestSupport.demoScene, camera: pose, into: fb)
            #expect(fb.depth.allSatisfy { $0.isFinite && $0 >= 0 })
            #expect(fb.pixels.allSatisfy { $0 >> 24 == 0xFF })
        }
        // Geometry with absurd coordinates and texture coordinates.
        let tex = TestSupport.solid(red)
        let wild = Mesh(vertices: [
            MeshVertex(SIMD3(-1e30, -1, -1e30), uv: SIMD2(1e30, -1e30)),
            MeshVertex(SIMD3(1e30, -1, -1e30), uv: SIMD2(.infinity, 0)),
            MeshVertex(SIMD3(0, -1, 1e30), uv: SIMD2(.nan, 3)),
            MeshVertex(SIMD3(-huge, huge, -5)), MeshVertex(SIMD3(huge, huge, -5)), MeshVertex(SIMD3(0, -huge, -5)),
            MeshVertex(SIMD3(-1, -1, -0.0001)), MeshVertex(SIMD3(1, -1, -0.0001)), MeshVertex(SIMD3(0, 1, -0.0001)),
            MeshVertex(SIMD3(.nan, 0, 0)), MeshVertex(SIMD3(1, 0, 0)), MeshVertex(SIMD3(0, 1, 0)),
            MeshVertex(SIMD3(0, 0, -1)), MeshVertex(SIMD3(0, 0, -1)), MeshVertex(SIMD3(0, 0, -1)),
        ])
        let scene = Scene(objects: [SceneObject(mesh: wild, texture: tex)])
        for pose in [CameraPose(), CameraPose(position: SIMD3(0, 0, 5)), CameraPose(pitch: -1.4)] {
            renderer.render(scene, camera: pose, into: fb)
            #expect(fb.depth.allSatisfy { $0.isFinite && $0 >= 0 })
        }
    }

    @Test func framebufferRendersIntoCallerMemoryAndResizes() {
        let count = 48 * 27
        let memory = UnsafeMutablePointer<UInt32>.allocate(capacity: count + 1)
        defer { memory.deallocate() }
        memory.initialize(repeating: 0x1234_5678, count: count + 1)
        let fb = Framebuffer(wrapping: memory, width: 48, height: 27)
        #expect(!fb.ownsColorMemory)
        #expect(fb.pixels.baseAddress == memory)
        Renderer().render(TestSupport.demoScene, camera: TestSupport.demoScene.spawn, into: fb)
        #expect((0..<count).allSatisfy { memory[$0] >> 24 == 0xFF })
        #expect(memory[count] == 0x1234_5678)  // nothing written past the end
        fb.resize(width: 20, height: 10)
        #expect(fb.ownsColorMemory && fb.pixels.count == 200 && fb.depth.count == 200)
        #expect(fb.pixels.baseAddress != memory)
        fb.resize(wrapping: memory, width: 8, height: 4)
        #expect(fb.pixels.baseAddress == memory && fb.width == 8 && fb.height == 4)
        let empty = Framebuffer(width: 0, height: 0)
        Renderer().render(TestSupport.demoScene, camera: CameraPose(), into: empty)
        #expect(empty.pixels.isEmpty)
    }

    @Test func theSkyIsBrighterAtTheHorizonThanAtTheZenith() {
        let fb = Framebuffer(width: 8, height: 64)
        Renderer().render(Scene(objects: []), camera: CameraPose(pitch: 0.3), into: fb)
        let top = fb[4, 0], horizon = fb[4, 40]
        func brightness(_ c: UInt32) -> UInt32 { (c >> 16 & 0xFF) + (c >> 8 & 0xFF) + (c & 0xFF) }
        #expect(brightness(horizon) > brightness(top))
    }
}
