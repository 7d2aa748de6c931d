import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The cursor shapes a game sets on a native Wayland window, as sway draws them: a picture of
/// the game's own, with its hot spot on the cursor's position, pixel for pixel; nothing for
/// ``CursorShape/hidden``; the theme's arrow again after it. What sway draws is read from two
/// screenshots, one with the cursor on the spot and one with it moved away.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandCursorIntegrationTests {
    @Test func aPictureShowsAtItsHotSpotAndHiddenShowsNothing() throws {
        let harness = try SwayWindowHarness(title: "cursor")
        defer { harness.stop() }
        let sway = harness.sway, window = harness.window
        window.show()
        func pump(for duration: Duration) { harness.pump(timeout: duration) }
        let spot = (x: 640, y: 360)
        pump(for: .milliseconds(300))
        sway.moveTo(x: spot.x, y: spot.y)
        pump(for: .milliseconds(200))

        /// The pixels sway's cursor covers around `spot` (offsets from it), with their colours.
        func drawnCursor() -> [[Int]: UInt32]? {
            pump(for: .milliseconds(300))
            guard let drawn = sway.screenshot() else { return nil }
            sway.moveTo(x: spot.x + 150, y: spot.y + 150)
            pump(for: .milliseconds(300))
            let plain = sway.screenshot()
            sway.moveTo(x: spot.x, y: spot.y)
            guard let plain, plain.width == drawn.width else { return nil }
            var changed: [[Int]: UInt32] = [:]
            for dy in -48...48 {
                for dx in -48...48 {
                    let index = (spot.y + dy) * plain.width + spot.x + dx
                    if plain.pixels[index] != drawn.pixels[index] { changed[[dx, dy]] = drawn.pixels[index] & 0xFF_FFFF }
                }
            }
            return changed
        }

        // A 12 by 10 picture: opaque red, but a transparent column at x = 5; hot spot (3, 4).
        var pixels: [UInt32] = []
        for _ in 0..<10 { for x in 0..<12 { pixels.append(x == 5 ? 0 : 0xFFFF_0000) } }
        window.cursor = .image(try CursorImage(width: 12, height: 10, pixels: pixels, hotSpotX: 3, hotSpotY: 4))
        #expect(window.cursor == .image(try CursorImage(width: 12, height: 10, pixels: pixels, hotSpotX: 3, hotSpotY: 4)))
        let picture = try #require(drawnCursor(), "grim takes screenshots")
        var expected: [[Int]: UInt32] = [:]
        for y in 0..<10 { for x in 0..<12 where x != 5 { expected[[x - 3, y - 4]] = 0xFF_0000 } }
        #expect(picture == expected, "the picture, its hot spot on the cursor: \(picture.count) pixels drawn, \(expected.count) expected")

        window.cursor = .hidden
        let hidden = try #require(drawnCursor())
        #expect(hidden.isEmpty, "hidden: nothing drawn (\(hidden.count) pixels)")

        window.cursor = .system(.default)
        let arrow = try #require(drawnCursor())
        #expect(arrow.count > 20 && arrow.keys.allSatisfy { $0[0] >= -2 && $0[1] >= -2 }, "the arrow again, from its tip: \(arrow.count)")
    }
}
