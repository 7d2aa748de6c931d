import LockgameEngine
import Testing

/// A draw position relative to a small target.
struct ClipCase: Sendable, CustomTestStringConvertible {
    let x: Int
    let baseline: Int
    var testDescription: String { "x: \(x), baseline: \(baseline)" }
}

@Suite("Clipping")
struct TextClippingTests {
    static let width = 48
    static let height = 30
    static let text = "Hg|_@W\nqjy Ok\n#$%&"

    /// Positions straddling every edge and corner of a 48×30 target.
    static let edgeCases: [ClipCase] = [
        ClipCase(x: -7, baseline: 14),  // left
        ClipCase(x: -30, baseline: 14),  // mostly left
        ClipCase(x: 40, baseline: 14),  // right
        ClipCase(x: 10, baseline: 4),  // top
        ClipCase(x: 10, baseline: -12),  // above, later lines visible
        ClipCase(x: 10, baseline: 27),  // bottom
        ClipCase(x: -5, baseline: 3),  // top-left corner
        ClipCase(x: 42, baseline: 3),  // top-right corner
        ClipCase(x: -5, baseline: 29),  // bottom-left corner
        ClipCase(x: 44, baseline: 31),  // bottom-right corner
        ClipCase(x: 0, baseline: 0),
        ClipCase(x: 47, baseline: 29),
    ]

    /// Clipped drawing must equal the same drawing into a 3× larger buffer, cropped:
    /// that proves nothing wraps around rows, and the guard bands prove nothing leaks out.
    @Test(arguments: edgeCases)
    func clippingAtAnEdgeMatchesACropOfAnUnclippedRender(_ clip: ClipCase) throws {
        let renderer = try TextFixtures.renderer()
        let (w, h) = (Self.width, Self.height)
        var small = GuardedCanvas(width: w, height: h)
        var large = GuardedCanvas(width: 3 * w, height: 3 * h)
        small.draw(Self.text, with: renderer, x: clip.x, baseline: clip.baseline, color: 0xFFFF_C040)
        large.draw(Self.text, with: renderer, x: clip.x + w, baseline: clip.baseline + h, color: 0xFFFF_C040)

        #expect(small.guardsIntact)
        #expect(large.guardsIntact)
        var mismatches = 0
        for y in 0..<h {
            for x in 0..<w where small[x, y] != large[x + w, y + h] {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        #expect(!large.changedPixels(from: 0xFF00_0000).isEmpty)
    }

    static let farCoordinates: [Int] = [
        -10_000, 10_000, Int.max / 2, Int.min / 2, Int.max, Int.min, Int.max - 3, Int.min + 3,
    ]

    @Test(arguments: farCoordinates)
    func farOutCoordinatesNeverCrashOrWriteAnything(_ far: Int) throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: Self.width, height: Self.height)
        let long = String(repeating: "W", count: 2_000) + "\n" + String(repeating: "\n", count: 50) + "Hello"
        for (x, baseline) in [(far, 15), (5, far), (far, far), (far / -3, far / 7)] {
            canvas.draw(long, with: renderer, x: x, baseline: baseline)
            canvas.draw(Self.text, with: renderer, x: x, baseline: baseline)
            canvas.fill(x: x, y: baseline, width: 10, height: 10, color: 0xFFFF_FFFF, with: renderer)
        }
        // Huge rectangles anchored far away, and a full-range one.
        canvas.fill(x: far, y: far, width: Int.max, height: Int.max, color: 0x80FF_FFFF, with: renderer)
        #expect(canvas.guardsIntact)

        var blank = GuardedCanvas(width: Self.width, height: Self.height)
        blank.fill(x: Int.min, y: Int.min, width: Int.max, height: Int.max, color: 0xFF00_0000, with: renderer)
        blank.fill(x: -10, y: -10, width: Int.max, height: Int.max, color: 0xFF11_2233, with: renderer)
        #expect(blank.target.allSatisfy { $0 == 0xFF11_2233 })
        #expect(blank.guardsIntact)
    }

    @Test func textFarOffScreenLeavesTheTargetUntouched() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: Self.width, height: Self.height)
        for (x, baseline) in [(-10_000, 15), (10_000, 15), (5, -10_000), (5, 10_000), (Int.max / 2, Int.min / 2)] {
            canvas.draw(Self.text, with: renderer, x: x, baseline: baseline)
        }
        #expect(canvas.changedPixels(from: 0xFF00_0000).isEmpty)
        #expect(canvas.guardsIntact)
    }

    @Test(arguments: [
        (-3, -3, 10, 10), (40, 25, 100, 100), (-100, 5, 120, 2), (47, 29, 1, 1), (48, 0, 5, 5), (0, 30, 5, 5),
    ])
    func rectanglesAreClippedToTheBuffer(x: Int, y: Int, width: Int, height: Int) throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: Self.width, height: Self.height)
        canvas.fill(x: x, y: y, width: width, height: height, color: 0xFFFF_FFFF, with: renderer)
        let expected = max(0, min(x + width, Self.width) - max(x, 0)) * max(0, min(y + height, Self.height) - max(y, 0))
        #expect(canvas.changedPixels(from: 0xFF00_0000).count == expected)
        #expect(canvas.guardsIntact)
    }

    @Test func degenerateTargetsAreIgnored() throws {
        let renderer = try TextFixtures.renderer()
        var canvas = GuardedCanvas(width: 4, height: 4)
        canvas.withTarget { pixels, _, _ in
            renderer.draw("Hello", x: 0, baseline: 3, color: 0xFFFF_FFFF, into: pixels, width: 0, height: 4)
            renderer.draw("Hello", x: 0, baseline: 3, color: 0xFFFF_FFFF, into: pixels, width: -4, height: 4)
            renderer.draw("Hello", x: 0, baseline: 3, color: 0xFFFF_FFFF, into: pixels, width: 4, height: -1)
            renderer.draw(
                "Hello", x: 0, baseline: 3, color: 0xFFFF_FFFF, into: UnsafeMutableBufferPointer(start: nil, count: 0), width: 4, height: 4)
            renderer.fillRect(x: 0, y: 0, width: 4, height: 4, color: 0xFFFF_FFFF, into: pixels, width: 0, height: 0)
        }
        #expect(canvas.changedPixels(from: 0xFF00_0000).isEmpty)
        #expect(canvas.guardsIntact)
    }
}
