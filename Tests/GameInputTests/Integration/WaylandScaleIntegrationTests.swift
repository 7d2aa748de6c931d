import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The compositor's scale on a native Wayland window under sway: on an output at scale 2 the
/// window says so, its size and the pointer's positions are in its frames' pixels (twice sway's
/// logical units), and a frame drawn at that size shows pixel for pixel in sway's screenshot (a
/// one-pixel line stays one pixel wide, where a frame at scale 1 is doubled); back at scale 1,
/// one change of each.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandScaleIntegrationTests {
    @Test func anOutputAtScaleTwoGetsFramesAtTwicePixelsAndBack() throws {
        let harness = try SwayWindowHarness(title: "scaled") { sway in
            #expect(sway.swaymsg(["output", "HEADLESS-1", "scale", "2"]))
        }
        defer { harness.stop() }
        let sway = harness.sway, system = harness.system, window = harness.window
        #expect(window.scale == DesktopScale(factor: 1, source: .none), "on no output yet")
        window.show()
        func pump(until condition: () -> Bool) -> Bool { harness.pump(until: condition) }
        var events: [InputEvent] {
            get { harness.events }
            set { harness.events = newValue }
        }
        #expect(pump { window.scale.factor == 2 }, "\(window.scale)")
        #expect(window.scale == DesktopScale(factor: 2, source: .outputScale(2)))
        #expect(window.scale.description.contains("output scale 2"), "\(window.scale.description)")
        let frame = try #require(sway.windowRectangles()["scaled"])
        #expect(frame.width == 640 && frame.height == 360, "tiled on the 1280x720 output at scale 2: \(frame)")
        #expect(pump { window.width == 1280 && window.height == 720 }, "\(window.width)x\(window.height)")
        #expect(events.contains(.scaleChanged(window.scale)))
        #expect(events.contains(.resized(width: 1280, height: 720)))

        // The pointer at logical (150, 100) is at pixel (300, 200) of the window's frames.
        events.removeAll()
        sway.moveAbsolute(x: 2 * (frame.x + 150), y: 2 * (frame.y + 100))
        let hovered = pump {
            events.contains {
                if case .pointer(let pointer) = $0 { return pointer.location == WindowPoint(x: 300, y: 200) }
                return false
            }
        }
        #expect(hovered, "a pointer event at (300, 200): \(events.suffix(3))")
        sway.moveAbsolute(x: 1200, y: 700)

        // A black frame with a white column one pixel wide at x = 301.
        system.hasPresenter = true
        let picture = try #require(WaylandShmBuffer(on: system, width: window.width, height: window.height))
        #expect(picture.scale == 2)
        picture.fill(0xFF00_0000)
        let pixels = picture.memory.assumingMemoryBound(to: UInt32.self)
        for y in 0..<window.height { pixels[y * window.width + 301] = 0xFFFF_FFFF }
        picture.show(on: system.surface)
        system.flush()
        _ = pump { false }
        let shot = try #require(sway.screenshot(), "grim takes screenshots")
        #expect(shot.width == 1280 && shot.height == 720, "grim at the output's scale: \(shot.width)x\(shot.height)")
        let row = (2 * frame.y + 400) * shot.width + 2 * frame.x
        let columns = (299...303).map { shot.pixels[row + $0] & 0xFF_FFFF }
        #expect(columns == [0, 0, 0xFF_FFFF, 0, 0], "pixel for pixel: \(columns.map { String($0, radix: 16) })")

        // Back to scale 1: one change, the logical size is the pixel size again.
        events.removeAll()
        #expect(sway.swaymsg(["output", "HEADLESS-1", "scale", "1"]))
        #expect(pump { window.scale.factor == 1 && window.width == 1280 && window.height == 720 }, "\(window.scale)")
        #expect(events.filter { if case .scaleChanged = $0 { true } else { false } } == [.scaleChanged(window.scale)])
        #expect(window.scale == DesktopScale(factor: 1, source: .outputScale(1)))
    }

    /// A renderer of the caller's draws at the compositor's logical size: once the native
    /// handle is read, the window's size and scale are the logical ones again.
    @Test func aRendererOfTheCallersGetsTheLogicalSize() throws {
        let harness = try SwayWindowHarness(title: "rendered") { sway in
            #expect(sway.swaymsg(["output", "HEADLESS-1", "scale", "2"]))
        }
        defer { harness.stop() }
        let window = harness.window
        window.show()
        #expect(harness.pump { window.scale.factor == 2 && window.width == 1280 }, "\(window.scale), \(window.width)")
        harness.events.removeAll()
        _ = window.nativeHandle
        #expect(harness.pump { window.width == 640 && window.height == 360 }, "\(window.width)x\(window.height)")
        #expect(window.scale == DesktopScale(factor: 1, source: .none))
        #expect(harness.events.contains(.scaleChanged(window.scale)) && harness.events.contains(.resized(width: 640, height: 360)))
    }
}
