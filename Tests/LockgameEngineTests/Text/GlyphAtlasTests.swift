import LockgameEngine
import Testing

@Suite("GlyphAtlas and FontFace")
struct GlyphAtlasTests {
    @Test func theAtlasHoldsEveryPrintableASCIIGlyphWithSaneMetrics() throws {
        let atlas = try TextFixtures.sharedAtlas.get()
        #expect(atlas.pixelSize == 14)
        #expect(atlas.familyName == "DejaVu Sans Mono")
        #expect(atlas.ascender > 0 && atlas.descender > 0)
        #expect(atlas.lineHeight >= atlas.ascender + atlas.descender)
        #expect(atlas.width > 0 && atlas.height > 0)

        let advance = atlas.metrics(for: UInt8(ascii: "M")).advance
        #expect(advance > 0)
        for byte in GlyphAtlas.printableASCII {
            let glyph = atlas.metrics(for: byte)
            #expect(glyph.advance == advance, "monospace advance for \(Character(UnicodeScalar(byte)))")
            if byte != UInt8(ascii: " ") {
                #expect(glyph.width > 0 && glyph.height > 0, "ink for \(Character(UnicodeScalar(byte)))")
            }
            #expect(glyph.atlasX >= 0 && glyph.atlasX + glyph.width <= atlas.width)
            #expect(glyph.atlasY >= 0 && glyph.atlasY + glyph.height <= atlas.height)
            #expect(glyph.bearingY <= atlas.ascender && glyph.height - glyph.bearingY <= atlas.descender)
        }
        #expect(atlas.metrics(for: UInt8(ascii: " ")).width == 0)
    }

    @Test func theAtlasCoverageIsAntiAliased() throws {
        let atlas = try TextFixtures.sharedAtlas.get()
        let values = atlas.withCoverage { Set($0) }
        #expect(values.contains(0))
        #expect(values.contains(255))
        #expect(values.count > 16, "expected grey levels, got \(values.count)")
    }

    @Test func charactersOutsidePrintableASCIIMapToTheReplacementGlyph() throws {
        let atlas = try TextFixtures.sharedAtlas.get()
        let question = atlas.metrics(for: UInt8(ascii: "?"))
        let replacement = atlas.replacementMetrics
        #expect(replacement.width == question.width && replacement.height == question.height)
        #expect(replacement.advance == question.advance && replacement.bearingX == question.bearingX)
        #expect(atlas.metrics(for: Character("é")) == replacement)
        #expect(atlas.metrics(for: 0x7F) == replacement)
        #expect(atlas.metrics(for: 0xE6) == replacement)
    }

    @Test func aMissingFontFileGivesAnErrorNamingThePath() {
        let path = "/tmp/lockgame-definitely-missing-font-\(Int.random(in: 0..<1_000_000)).ttf"
        do {
            _ = try FontFace(path: path, pixelSize: 14)
            Issue.record("expected TextError")
        } catch {
            guard case .fontLoadFailed(let failedPath, let code) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failedPath == path)
            #expect(code != 0)
            #expect(error.description.contains(path))
            #expect(error.description.contains("FreeType error"))
        }
        #expect(throws: TextError.self) { try GlyphAtlas(fontPath: path) }
    }

    @Test func aFileThatIsNotAFontGivesAnErrorWithTheFreeTypeCode() {
        let path = "/etc/hostname"
        do {
            _ = try FontFace(path: path, pixelSize: 14)
            Issue.record("expected TextError")
        } catch {
            guard case .fontLoadFailed(path, let code) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(code != 0)
            #expect(error.description.contains(path))
        }
    }

    @Test(arguments: [0, -3, 257, Int.max, Int.min])
    func anUnsupportedPixelSizeIsRejected(size: Int) throws {
        let path = try FontLocator().locate().path
        do {
            _ = try FontFace(path: path, pixelSize: size)
            Issue.record("expected TextError")
        } catch {
            #expect(error == .invalidPixelSize(path: path, pixelSize: size))
            #expect(error.description.contains(path))
        }
    }

    @Test(arguments: [1, 8, 14, 32, 96])
    func atlasesBuildAtSmallAndLargeSizes(size: Int) throws {
        let atlas = try GlyphAtlas(pixelSize: size)
        #expect(atlas.pixelSize == size)
        #expect(atlas.lineHeight >= 1)
        if size >= 8 {
            #expect(atlas.metrics(for: UInt8(ascii: "W")).width > 0)
        }
    }
}
