import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The compositor's fractional scale on a native Wayland window, in this process, under KWin
/// 5.27 with its output at scale 1.5 (`wp_fractional_scale_v1` and `wp_viewporter`): the window
/// says `preferred scale 1.5`, its size and the pointer's positions are in its frames' pixels
/// (1.5 times KWin's logical units), and a frame drawn at that size shows pixel for pixel in
/// KWin's screenshot: a one-pixel white line stays one white pixel wide, with no grey beside it
/// (a frame KWin scaled would be blurred or doubled).
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandFractionalScaleIntegrationTests {
    @Test func kwinAtOneAndAHalfGetsFramesPixelForPixel() throws {
        let kwin = try GnomeKDEFixture(.kwin, nativeClients: true, scale: 1.5)
        defer { kwin.stop() }
        let environment = kwin.waylandEnvironment
        let socket = try #require(environment["XDG_RUNTIME_DIR"]) + "/" + (try #require(environment["WAYLAND_DISPLAY"]))
        let system = try WaylandWindow(
            connection: try WaylandConnection(socketName: socket), title: "fractional", width: 400, height: 300, stallTimeout: nil)
        let window = GameWindow(system: system, backend: WindowBackendChoice(kind: .wayland, reason: "test", isFallback: false))
        defer { window.close() }
        var events: [InputEvent] = []
        func pump(timeout: Duration = .seconds(5), until condition: () -> Bool) -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                window.waitForEvents(until: .now + .milliseconds(5))
                window.pollEvents { events.append($0) }
                if condition() { return true }
            }
            return false
        }
        window.show()
        #expect(pump { window.scale.factor == 1.5 }, "\(window.scale)")
        #expect(window.scale == DesktopScale(factor: 1.5, source: .preferredScale(1.5)))
        #expect(window.scale.description.contains("preferred scale 1.5"), "\(window.scale.description)")
        let frame = try #require(kwin.windowFrame(title: "fractional"), "KWin lists the window")
        #expect(pump { window.width == 600 && window.height == 450 }, "\(window.width)x\(window.height)")
        #expect(events.contains(.scaleChanged(window.scale)))
        #expect(events.contains(.resized(width: 600, height: 450)))

        // The pointer at logical (150, 100) in the window is at pixel (225, 150) of its frames.
        events.removeAll()
        kwin.moveAbsolute(x: frame.x + 150, y: frame.y + 100)
        let hovered = pump {
            events.contains {
                if case .pointer(let pointer) = $0 { return pointer.location == WindowPoint(x: 225, y: 150) }
                return false
            }
        }
        #expect(hovered, "a pointer event at (225, 150): \(events.suffix(3))")
        kwin.moveAbsolute(x: 1200, y: 700)

        // A black frame with a white column one pixel wide at x = 301.
        system.hasPresenter = true
        let picture = try #require(WaylandShmBuffer(on: system, width: window.width, height: window.height))
        #expect(picture.scale == 1.5)
        picture.fill(0xFF00_0000)
        let pixels = picture.memory.assumingMemoryBound(to: UInt32.self)
        for y in 0..<window.height { pixels[y * window.width + 301] = 0xFFFF_FFFF }
        picture.show(on: system.surface)
        system.flush()
        _ = pump(timeout: .milliseconds(500)) { false }
        let shot = try #require(kwin.screenshot(nativeResolution: true), "KWin takes screenshots")
        #expect(shot.width == 1920 && shot.height == 1080, "the output's own pixels: \(shot.width)x\(shot.height)")
        // Across the middle row of the window: one white pixel, where the frame's x = 301 is.
        let y = Int((Double(frame.y) + Double(frame.height) / 2) * 1.5)
        let lit = (0..<shot.width).compactMap { x -> [Int]? in
            let pixel = shot.pixels[y * shot.width + x] & 0xFF_FFFF
            return pixel == 0 ? nil : [x, Int(pixel)]
        }
        #expect(lit == [[Int(Double(frame.x) * 1.5) + 301, 0xFF_FFFF]], "pixel for pixel: \(lit.prefix(8))")
    }
}
