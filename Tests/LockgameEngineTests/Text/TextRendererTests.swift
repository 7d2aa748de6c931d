import LockgameEngine
import Testing

@Suite("TextRenderer")
struct TextRendererTests {
    static let black: UInt32 = 0xFF00_0000

    @Test func drawingTextChangesOnlyPixelsInsideItsMeasuredBounds() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: 120, height: 40)
        let (x, baseline) = (10, 25)
        canvas.draw("Hello", with: renderer, x: x, baseline: baseline)

        let size = renderer.measure("Hello")
        #expect(size.width == 5 * renderer.atlas.metrics(for: UInt8(ascii: "H")).advance)
        #expect(size.height == renderer.lineHeight)
        let changed = canvas.changedPixels(from: Self.black)
        #expect(changed.count > 20)
        let top = baseline - renderer.ascender
        for pixel in changed {
            #expect(
                pixel.x >= x && pixel.x < x + size.width && pixel.y >= top && pixel.y < top + size.height,
                "pixel \(pixel) outside measured bounds")
        }
        #expect(canvas.guardsIntact)
    }

    @Test func whiteTextOnBlackReachesNearlyFullCoverageAndStaysGrey() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: 80, height: 24)
        canvas.draw("Hello", with: renderer, x: 2, baseline: 16)
        var brightest: UInt32 = 0
        for pixel in canvas.target {
            let (r, g, b) = ((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
            #expect(r == g && g == b)
            #expect(pixel >> 24 == 0xFF)
            brightest = max(brightest, r)
        }
        #expect(brightest >= 250)
    }

    @Test func textIsPlacedOnItsBaseline() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: 40, height: 40)
        canvas.draw("H", with: renderer, x: 5, baseline: 30)
        let rows = Set(canvas.changedPixels(from: Self.black).map(\.y))
        let glyph = renderer.atlas.metrics(for: UInt8(ascii: "H"))
        #expect(rows.max() == 29, "'H' sits on the baseline, so its last ink row is just above it")
        #expect(rows.min() == 30 - glyph.bearingY)
    }

    @Test func halfTransparentFillBlendsToTheExpectedMix() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: 8, height: 8, background: 0xFF00_00FF)
        canvas.fill(x: 2, y: 2, width: 3, height: 3, color: 0x80FF_0000, with: renderer)
        let mixed = canvas[3, 3]
        let expectedRed = 255.0 * 128.0 / 255.0
        let expectedBlue = 255.0 * 127.0 / 255.0
        #expect(abs(Double((mixed >> 16) & 0xFF) - expectedRed) <= 1)
        #expect(abs(Double(mixed & 0xFF) - expectedBlue) <= 1)
        #expect((mixed >> 8) & 0xFF == 0)
        #expect(mixed >> 24 == 0xFF)
        #expect(canvas[1, 1] == 0xFF00_00FF && canvas[5, 5] == 0xFF00_00FF)
        #expect(canvas.changedPixels(from: 0xFF00_00FF).count == 9)
        #expect(canvas.guardsIntact)
    }

    @Test func opaqueAndFullyTransparentFillsAreExact() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: 8, height: 8, background: 0xFF12_3456)
        canvas.fill(x: 0, y: 0, width: 8, height: 8, color: 0x00FF_FFFF, with: renderer)
        #expect(canvas.changedPixels(from: 0xFF12_3456).isEmpty)
        canvas.fill(x: 0, y: 0, width: 8, height: 8, color: 0xFFAB_CDEF, with: renderer)
        #expect(canvas.target.allSatisfy { $0 == 0xFFAB_CDEF })
    }

    @Test func halfTransparentTextBlendsHalfAsStrongly() throws {
        let renderer = try TextFixtures.renderer()
        var opaque = GuardedCanvas(width: 60, height: 24)
        var half = GuardedCanvas(width: 60, height: 24)
        opaque.draw("Hello", with: renderer, x: 2, baseline: 16, color: 0xFFFF_FFFF)
        half.draw("Hello", with: renderer, x: 2, baseline: 16, color: 0x80FF_FFFF)
        for (full, blended) in zip(opaque.target, half.target) {
            let expected = Double(full & 0xFF) * 128.0 / 255.0
            #expect(abs(Double(blended & 0xFF) - expected) <= 1)
        }
    }

    @Test func nonASCIIRendersTheReplacementGlyph() throws {
        let renderer = try TextFixtures.renderer()
        var accented = GuardedCanvas(width: 60, height: 24)
        var questions = GuardedCanvas(width: 60, height: 24)
        accented.draw("é日🙂", with: renderer, x: 3, baseline: 16)
        questions.draw("???", with: renderer, x: 3, baseline: 16)
        #expect(accented.target == questions.target)
        #expect(!accented.changedPixels(from: Self.black).isEmpty)
        #expect(renderer.measure("é日🙂") == renderer.measure("???"))
    }

    @Test func measuringTheEmptyStringGivesZeroWidth() throws {
        let renderer = try TextFixtures.renderer()
        #expect(renderer.measure("").width == 0)
        #expect(renderer.measure("").height == 0)
        var canvas = GuardedCanvas(width: 16, height: 16)
        canvas.draw("", with: renderer, x: 0, baseline: 10)
        #expect(canvas.changedPixels(from: Self.black).isEmpty)
    }

    @Test func newlinesStartANewLineOneLineHeightLower() throws {
        let renderer = try TextFixtures.renderer()
        var multiLine = GuardedCanvas(width: 80, height: 60)
        var separate = GuardedCanvas(width: 80, height: 60)
        multiLine.draw("Ab\nlonger", with: renderer, x: 4, baseline: 14)
        separate.draw("Ab", with: renderer, x: 4, baseline: 14)
        separate.draw("longer", with: renderer, x: 4, baseline: 14 + renderer.lineHeight)
        #expect(multiLine.target == separate.target)

        let size = renderer.measure("Ab\nlonger")
        #expect(size.width == renderer.measure("longer").width)
        #expect(size.height == 2 * renderer.lineHeight)
        #expect(renderer.measure("x\n").height == 2 * renderer.lineHeight)
    }

    @Test func substringsDrawLikeStrings() throws {
        let renderer = try TextFixtures.renderer()
        let line = "score: 1234 | fps: 60"
        let part = line[line.firstIndex(of: "1")!...]
        var fromSubstring = GuardedCanvas(width: 200, height: 24)
        var fromString = GuardedCanvas(width: 200, height: 24)
        fromSubstring.withTarget { pixels, w, h in
            renderer.draw(part, x: 1, baseline: 15, color: 0xFF00_FF00, into: pixels, width: w, height: h)
        }
        fromString.draw(String(part), with: renderer, x: 1, baseline: 15, color: 0xFF00_FF00)
        #expect(fromSubstring.target == fromString.target)
        #expect(renderer.measure(part) == renderer.measure(String(part)))
    }

    @Test func aTargetSmallerThanWidthTimesHeightIsNeverOverrun() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: 30, height: 10)
        canvas.withTarget { pixels, w, _ in
            // Claim a height of 1000 rows although only 10 exist.
            renderer.draw("Hello\nWorld\ngjpqy", x: 0, baseline: 8, color: 0xFFFF_FFFF, into: pixels, width: w, height: 1000)
            renderer.fillRect(x: -5, y: -5, width: 100, height: 5000, color: 0x80FF_0000, into: pixels, width: w, height: 1000)
        }
        #expect(canvas.guardsIntact)
    }
}
