import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The cursor over the native demo under sway and KWin, as the compositor draws it (two
/// screenshots, one with the cursor on a spot and one with it moved away): the theme's arrow once L lets go, and the
/// theme's crosshair when the strategy camera (C) asks for it.
@Suite(.serialized, .tags(.integration, .compositor)) struct NativeCursorTests {
    @Test(arguments: [NativeWaylandCompositor.sway, .kwin])
    func theCompositorDrawsTheCursorTheGameNames(_ compositor: NativeWaylandCompositor) throws {
        let session = try compositor.start()
        defer { session.stop() }
        /// The output with the cursor drawn (sway's `grim` draws it; KWin's screenshot is asked to).
        func screenshot() -> (width: Int, height: Int, pixels: [UInt32])? {
            (session as? GnomeKDEFixture)?.screenshot(nativeResolution: false, includingCursor: true) ?? session.screenshot()
        }
        let spot = (x: 640, y: 360)
        session.moveTo(x: spot.x, y: spot.y)
        let game = try NativeGame(session: session)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        game.settleKeyboard()

        /// The pixels the compositor's cursor changes around `spot`, as offsets from it.
        func drawnCursor() -> Set<[Int]>? {
            Thread.sleep(forTimeInterval: 0.3)
            guard let drawn = screenshot() else { return nil }
            session.moveTo(x: spot.x + 150, y: spot.y + 150)
            Thread.sleep(forTimeInterval: 0.3)
            let plain = screenshot()
            session.moveTo(x: spot.x, y: spot.y)
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
        func lastCursorLine() -> String? { game.lines.last { $0.hasPrefix("cursor: ") && !$0.hasPrefix("cursor: not moved") } }

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
