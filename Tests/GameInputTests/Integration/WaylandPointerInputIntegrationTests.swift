import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The unlocked pointer on a native Wayland window under sway, driven by a virtual pointer:
/// hover at the compositor's position within the window, the buttons with X's numbers and the
/// mask held, a wheel's notches as `.discrete` steps and a touchpad's scroll as `.continuous`
/// fractions of a step (15 units each), as on X11.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandPointerInputIntegrationTests {
    @Test func hoverButtonsAndBothScrollTypes() throws {
        let harness = try SwayWindowHarness(title: "pointer")
        defer { harness.stop() }
        let sway = harness.sway, window = harness.window
        window.show()
        func pump(until condition: ([InputEvent]) -> Bool) -> Bool { harness.pump { condition(harness.events) } }
        var events: [InputEvent] {
            get { harness.events }
            set { harness.events = newValue }
        }
        #expect(pump { _ in sway.windowRectangles()["pointer"] != nil })
        let frame = try #require(sway.windowRectangles()["pointer"])
        // The window has drawn at its tile's size: sway applies its layout then, and a cursor
        // moved in before that stays outside the surface it then shows.
        #expect(pump { _ in window.width == frame.width && window.height == frame.height }, "the window fills its tile")

        // Hover: where sway puts the cursor, less the window's place.
        sway.moveAbsolute(x: frame.x + 300, y: frame.y + 200)
        let hovered = pump { events in
            events.contains {
                if case .pointer(let pointer) = $0 { return pointer.location == WindowPoint(x: 300, y: 200) }
                return false
            }
        }
        #expect(hovered, "a pointer event at (300, 200): \(events.suffix(4))")

        // The left button, then the right one while it is held.
        events.removeAll()
        sway.button(272, down: true)
        sway.button(273, down: true)
        sway.button(273, down: false)
        sway.button(272, down: false)
        #expect(pump { $0.filter { if case .button = $0 { true } else { false } }.count == 4 })
        let buttons = events.compactMap { event -> ButtonEvent? in if case .button(let button) = event { button } else { nil } }
        #expect(buttons.map(\.phase) == [.down, .down, .up, .up])
        #expect(buttons.map(\.button) == [.primary, .secondary, .secondary, .primary])
        #expect(buttons.map(\.buttonMask) == [.primary, [.primary, .secondary], [.primary, .secondary], .primary])
        #expect(buttons.allSatisfy { $0.location == WindowPoint(x: 300, y: 200) })

        // Two notches of a wheel, then a touchpad's scroll of half a notch up.
        events.removeAll()
        sway.wheel(steps: 2)
        sway.fingerScroll(dy: -7.5)
        #expect(pump { $0.filter { if case .scroll = $0 { true } else { false } }.count == 2 })
        let scrolls = events.compactMap { event -> ScrollEvent? in if case .scroll(let scroll) = event { scroll } else { nil } }
        #expect(scrolls.map(\.type) == [.discrete, .continuous], "\(scrolls)")
        #expect(scrolls.map(\.delta.dy) == [2, -0.5], "\(scrolls)")
        #expect(scrolls.map(\.delta.dx) == [0, 0])
    }
}
