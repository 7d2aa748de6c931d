import Testing

@testable import LockgameEngine

/// Scene, OBJ and PNG loading, and the errors they report.
@Suite("Assets")
struct AssetTests {
    @Test func demoSceneLoadsCompletely() throws {
        let scene = try SceneLoader.load(directory: TestSupport.assetsDirectory)
        #expect(scene.objects.count == 15)
        #expect(scene.triangleCount > 100)
        #expect(scene.colliders.count == 4 + 1 + 4 + 5)
        #expect(scene.spawn.position == SIMD3(0, 1.6, 4.5))
        #expect(scene.textures.count == 8)
    }

    @Test func objQuadsAreFannedAndNegativeIndicesResolve() throws {
        let mesh = try OBJLoader.parse(
            text: """
                # a pentagon and a triangle
                v 0 0 0
                v 1 0 0
                v 1 1 0
                v 0.5 1.5 0   # inline comment
                v 0 1 0
                vt 0 0
                vt 1 1
                vn 0 0 1
                f 1/1/1 2/2/1 3 4 5
                f -3//-1 -2 -1
                """, file: "pentagon.obj")
        #expect(mesh.triangleCount == 4)
        #expect(mesh.vertices[0].uv == SIMD2(0, 0) && mesh.vertices[1].uv == SIMD2(1, 1))
        #expect(mesh.vertices[9].position == SIMD3(1, 1, 0))
        #expect(mesh.vertices[11].position == SIMD3(0, 1, 0))
    }

    @Test(arguments: [
        ("v 1 2 x", AssetError.Kind.badNumber, 1),
        ("v 1 2 3\nv 1 nan 3", .badNumber, 2),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4", .indexOutOfRange, 4),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0", .indexOutOfRange, 4),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -4 1 2", .indexOutOfRange, 4),
        ("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/3 2 3", .indexOutOfRange, 4),
        ("v 0 0 0\nv 1 0 0\nf 1 2", .degenerateFace, 3),
        ("v 0 0 0\nbogus 1 2", .unknownDirective, 2),
        ("v 0 0", .malformedLine, 1),
    ])
    func objParseErrorsNameTheFileAndLine(text: String, kind: AssetError.Kind, line: Int) {
        #expect {
            _ = try OBJLoader.parse(text: text, file: "broken.obj")
        } throws: { error in
            guard let e = error as? AssetError else { return false }
            return e.kind == kind && e.line == line && e.description.hasPrefix("broken.obj:\(line): ")
        }
    }

    @Test func objWithoutFacesIsAnEmptyMesh() {
        #expect(throws: AssetError(.emptyMesh, file: "empty.obj", "mesh has no faces")) {
            _ = try OBJLoader.parse(text: "# nothing\nv 1 2 3\n", file: "empty.obj")
        }
    }

    @Test func sceneFileErrorsNameTheLineAndNothingIsHalfLoaded() {
        let dir = TestSupport.makeTemporaryDirectory()
        for name in ["cube.obj", "crate.png"] {
            TestSupport.write(TestSupport.read(TestSupport.assetsDirectory + "/" + name), to: dir + "/" + name)
        }
        func loadError(_ text: String) -> AssetError? {
            TestSupport.write(text, to: dir + "/scene.txt")
            do { _ = try SceneLoader.load(directory: dir); return nil } catch { return error }
        }
        #expect(
            loadError("object cube.obj crate.png\nteleport 1 2 3\n")?.description
                == "\(dir)/scene.txt:2: unknown directive \"teleport\"")
        #expect(loadError("spawn 0 1 x 0 0")?.kind == .badNumber)
        #expect(loadError("collider 1 2 3")?.kind == .malformedLine)
        #expect(loadError("object cube.obj crate.png at 1 2")?.kind == .malformedLine)
        #expect(loadError("object cube.obj crate.png wobble")?.kind == .malformedLine)
        let missing = loadError("object cube.obj crate.png\nobject cube.obj nothere.png\n")
        #expect(missing?.kind == .missingFile)
        #expect(missing?.file == dir + "/nothere.png")
    }

    @Test func missingSceneDirectoryIsReported() {
        #expect {
            _ = try SceneLoader.load(directory: "/nonexistent/lockgame")
        } throws: { error in
            (error as? AssetError)?.kind == .missingFile
                && (error as? AssetError)?.description == "/nonexistent/lockgame/scene.txt: file not found"
        }
    }

    @Test func pngWriteThenReadRoundTrips() throws {
        let dir = TestSupport.makeTemporaryDirectory()
        var pixels: [UInt32] = []
        for i in 0..<(13 * 7) {
            let r = UInt32(i * 2) << 16, g = UInt32(255 - i) << 8, b = UInt32((i * 37) & 0xFF)
            pixels.append(0xFF00_0000 | r | g | b)
        }
        try PNGImage.write(pixels: pixels, width: 13, height: 7, path: dir + "/round.png")
        let image = try PNGImage.read(path: dir + "/round.png")
        #expect(image.width == 13 && image.height == 7)
        #expect(image.pixels == pixels)
    }

    @Test func truncatedOrCorruptPNGGivesLibpngsMessageNamingTheFile() throws {
        let dir = TestSupport.makeTemporaryDirectory()
        let good = dir + "/good.png"
        try PNGImage.write(pixels: [UInt32](repeating: 0xFF33_6699, count: 64 * 64), width: 64, height: 64, path: good)
        let bytes = TestSupport.read(good)
        let truncated = dir + "/truncated.png"
        TestSupport.write(Array(bytes.prefix(bytes.count / 2)), to: truncated)
        let notPNG = dir + "/text.png"
        TestSupport.write("hello, I am not a PNG", to: notPNG)
        for path in [truncated, notPNG] {
            do {
                _ = try PNGImage.read(path: path)
                Issue.record("\(path) should not decode")
            } catch {
                #expect(error.kind == .corruptImage)
                #expect(error.description.hasPrefix(path + ": "))
                #expect(!error.message.contains("unknown libpng error"))
            }
        }
    }

    @Test func missingAndOversizedPNGsAreRejected() throws {
        #expect(throws: AssetError(.missingFile, file: "/nonexistent.png", "file not found")) {
            _ = try PNGImage.read(path: "/nonexistent.png")
        }
        let dir = TestSupport.makeTemporaryDirectory()
        let wide = dir + "/wide.png"
        try PNGImage.write(pixels: [UInt32](repeating: 0xFFFF_FFFF, count: 4097), width: 4097, height: 1, path: wide)
        do {
            _ = try PNGImage.read(path: wide)
            Issue.record("a 4097-pixel-wide PNG should be rejected")
        } catch {
            #expect(error.kind == .imageTooLarge)
            #expect(error.description.contains("4097x1"))
        }
    }

    @Test func nonPowerOfTwoTexturesAreResampled() {
        let t = Texture(width: 3, height: 5, pixels: Array(0..<15).map { 0xFF00_0000 | UInt32($0) })
        #expect(t.width == 4 && t.height == 8)
        #expect(t.texel(x: 0, y: 0) == 0xFF00_0000)
        #expect(t.texel(x: 3, y: 7) == 0xFF00_0000 | 14)
        let bad = Texture(width: 2, height: 2, pixels: [1])
        #expect(bad.width == 1 && bad.texel(x: 0, y: 0) == 0xFFFF_00FF)
    }
}
