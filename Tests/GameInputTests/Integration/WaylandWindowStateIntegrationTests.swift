import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The window's own state on a native Wayland window under sway, read back from sway's tree:
/// a UTF-8 title set after creation is the toplevel's, and a size asked for while sway lets
/// the window choose (floating) is the size sway shows, where a tiled window keeps sway's.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandWindowStateIntegrationTests {
    @Test func swayShowsTheTitleAndTheSizeAskedFor() throws {
        let harness = try SwayWindowHarness(title: "first")
        defer { harness.stop() }
        let sway = harness.sway, window = harness.window
        window.show()
        #expect(harness.pump { sway.windowRectangles()["first"] != nil }, "sway shows the window: \(sway.windowRectangles())")

        let title = "Chambre forte · 金庫 ✓"
        window.title = title
        #expect(harness.pump { sway.windowRectangles()[title] != nil }, "sway's tree names it: \(sway.windowRectangles().keys)")
        #expect(window.title == title)

        // Tiled, the only window: sway chose the output's size, and a request keeps it.
        let tiled = try #require(sway.windowRectangles()[title])
        try window.requestSize(width: 520, height: 330)
        #expect(!harness.pump { sway.windowRectangles()[title].map { $0.width == 520 } == true }, "tiled: sway's size stays")
        #expect(sway.windowRectangles()[title].map { $0.width == tiled.width && $0.height == tiled.height } == true)

        // Floating, the window chooses: the size asked for is the size sway shows.
        #expect(sway.swaymsg(["[title=\"金庫\"]", "floating", "enable"]))
        // Once the window has heard that sway no longer tiles it (its configure without the
        // tiled states, at the size the window had before).
        #expect(harness.pump { window.width == 400 && window.height == 300 }, "sway's floating configure: \(window.width)x\(window.height)")
        try window.requestSize(width: 520, height: 330)
        #expect(
            harness.pump { sway.windowRectangles()[title].map { $0.width == 520 && $0.height == 330 } == true },
            "floating at 520x330: \(String(describing: sway.windowRectangles()[title]))")
        #expect(window.width == 520 && window.height == 330)
    }
}
