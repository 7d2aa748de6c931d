import Foundation
import XServerTestSupport

@testable import GameInput

/// A headless sway without Xwayland, driven through its virtual pointer and keyboard; the
/// focus goes to a second native window of this process.
final class SwayParityTarget: InputParityTarget {
    let sway: SwayFixture
    private let windows: InProcessWaylandWindows
    var window: GameWindow { windows.window }
    var events: [InputEvent] = []
    var route: (InputEvent) -> Void = { _ in }

    init(layout: String) throws {
        sway = try SwayFixture(xwayland: false)
        do {
            if layout != "us", !sway.setLayout(layout) { throw ParityFailure.layout([layout]) }
            windows = try InProcessWaylandWindows(environment: sway.waylandEnvironment)
        } catch {
            sway.stop()
            throw error
        }
    }

    func showFocusedWithThePointerIn() -> Bool {
        window.show()
        guard pump(until: { sway.windowStates()["parity"]?.focused == true }),
            let frame = sway.windowRectangles()["parity"], sway.moveAbsolute(x: frame.x + 200, y: frame.y + 150)
        else { return false }
        // The game's own code may close the window as soon as it locks.
        return pump { window.isClosed || events.contains { if case .pointer = $0 { true } else { false } } }
    }

    func key(_ evdevCode: Int, down: Bool) { sway.key(evdevCode, down: down) }
    func button(_ evdevCode: Int, down: Bool) { sway.button(evdevCode, down: down) }
    func loseConnection() { sway.stop() }
    func focusElsewhere() { windows.showOther() }
    var systemHoldsLock: Bool { sway.compositorHoldsLock }

    func focusBack() {
        windows.closeOther()
        sway.swaymsg(["[title=\"^parity$\"]", "focus"])
    }

    func pump(timeout: Duration, until condition: () -> Bool) -> Bool {
        windows.pump(
            timeout: timeout,
            handle: { event in
                route(event)
                events.append(event)
            }, until: condition)
    }

    func stop() {
        windows.closeOther()
        window.close()
        sway.stop()
    }
}
