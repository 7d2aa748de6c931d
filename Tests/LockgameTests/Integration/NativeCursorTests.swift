import Foundation
import Testing
import XServerTestSupport

/// The cursor over the native demo under sway, as sway draws it (two screenshots, one with the
/// cursor on a spot and one with it moved away): the theme's arrow once L lets go, and the
/// theme's crosshair when the strategy camera (C) asks for it.
@Suite(.serialized) struct NativeCursorTests {
    @Test func swayDrawsTheCursorTheGameNames() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        let spot = (x: 640, y: 360)
        sway.moveTo(x: spot.x, y: spot.y)
        let game = try NativeGame(session: sway)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        game.settleKeyboard()

        /// The pixels sway's cursor changes around `spot`, as offsets from it.
        func drawnCursor() -> Set<[Int]>? {
            Thread.sleep(forTimeInterval: 0.3)
            guard let drawn = sway.screenshot() else { return nil }
            sway.moveTo(x: spot.x + 150, y: spot.y + 150)
            Thread.sleep(forTimeInterval: 0.3)
            let plain = sway.screenshot()
            sway.moveTo(x: spot.x, y: spot.y)
            guard let plain, plain.width == drawn.width, plain.height == drawn.height else { return nil }
            var changed = Set<[Int]>()
            for dy in -48...48 {
                for dx in -48...48 {
                    let index = (spot.y + dy) * plain.width + spot.x + dx
                    if plain.pixels[index] != drawn.pixels[index] { changed.insert([dx, dy]) }
                }
            }
            return changed
        }
        func lastCursorLine() -> String? { game.lines.last { $0.hasPrefix("cursor: ") && $0 != "cursor: not moved" } }

        game.press(NativeWaylandTests.Key.l, expecting: "lock: unlocked (preference off)")
        #expect(lastCursorLine() == nil, "the arrow, never changed: \(game.lines.suffix(4))")
        let arrow = try #require(drawnCursor())
        #expect(arrow.count > 20, "let go: the arrow (\(arrow.count) pixels)")
        // The arrow's hot spot is its tip: it is drawn below and right of the spot.
        #expect(arrow.allSatisfy { $0[0] >= -2 && $0[1] >= -2 }, "the arrow hangs from its tip")

        game.press(NativeWaylandTests.Key.l, expecting: "lock: locked")
        game.press(NativeWaylandTests.Key.c, expecting: "confine: confined")
        #expect(BoundedWait.until { lastCursorLine() == "cursor: crosshair" }, "\(game.lines.suffix(4))")
        let crosshair = try #require(drawnCursor())
        #expect(crosshair.count > 10 && crosshair != arrow, "C: the crosshair (\(crosshair.count) pixels), not the arrow")
        // The crosshair's hot spot is its middle: it reaches above and left of the spot.
        #expect(crosshair.contains { $0[0] < -2 } && crosshair.contains { $0[1] < -2 }, "the crosshair is centred on the spot")
    }
}
