import Foundation
import XServerTestSupport

@testable import GameInput

/// mutter or KWin headless with native clients, driven through their remote-input tools.
final class GnomeKDEParityTarget: InputParityTarget {
    let session: GnomeKDEFixture
    private let windows: InProcessWaylandWindows
    var window: GameWindow { windows.window }
    var events: [InputEvent] = []
    var route: (InputEvent) -> Void = { _ in }

    init(_ compositor: GnomeKDEFixture.Compositor, layout: String) throws {
        session = try GnomeKDEFixture(compositor, nativeClients: true, keyboardLayout: layout == "us" ? nil : layout)
        do {
            windows = try InProcessWaylandWindows(environment: session.waylandEnvironment)
        } catch {
            session.stop()
            throw error
        }
    }

    private var hasFocus: Bool { window.pointerLock.currentFacts.hasFocus }

    func showFocusedWithThePointerIn() -> Bool {
        // Both place a new window at the output's centre: the cursor waits there.
        session.moveTo(x: 640, y: 360)
        window.show()
        guard
            pump(until: { hasFocus }) || session.focusWindow(title: "parity", confirmed: { pump(timeout: .milliseconds(100)) { hasFocus } })
        else {
            return false
        }
        session.moveRelative(dx: 1, dy: 1)
        // The game's own code may close the window as soon as it locks.
        return pump { window.isClosed || events.contains { if case .pointer = $0 { true } else { false } } }
    }

    func key(_ evdevCode: Int, down: Bool) { session.key(evdevCode, down: down) }
    var systemHoldsLock: Bool { session.compositorHoldsLock }
    func loseConnection() { session.stop() }
    func button(_ evdevCode: Int, down: Bool) { session.button(evdevCode, down: down) }

    func focusElsewhere() {
        windows.showOther()
        if !pump(timeout: .seconds(2), until: { !hasFocus }) {
            session.focusWindow(title: "elsewhere") { pump(timeout: .milliseconds(100)) { !hasFocus } }
        }
    }

    func focusBack() {
        windows.closeOther()
        if !pump(timeout: .seconds(2), until: { hasFocus }) {
            session.focusWindow(title: "parity") { pump(timeout: .milliseconds(100)) { hasFocus } }
        }
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
        session.stop()
    }
}
