import Foundation
import Testing
import XServerTestSupport

@testable import GameInput

/// A native Wayland ``GameWindow`` in this process, on a sway of its own without Xwayland, for
/// the in-process Wayland tests: the window, its backend, sway, and a pump that runs the
/// window's loop the way a game does.
final class SwayWindowHarness {
    let sway: SwayFixture
    let system: WaylandWindow
    let window: GameWindow
    /// What the window's loop handed over, in order, since the last ``events`` reset.
    var events: [InputEvent] = []

    /// Starts sway (running `setUp` on it first, before any window), then makes the window
    /// titled `title`, 400 by 300, not yet shown.
    init(title: String, setUp: (SwayFixture) -> Void = { _ in }) throws {
        sway = try SwayFixture(xwayland: false)
        setUp(sway)
        do {
            let environment = sway.waylandEnvironment
            let socket = try #require(environment["XDG_RUNTIME_DIR"]) + "/" + (try #require(environment["WAYLAND_DISPLAY"]))
            system = try WaylandWindow(
                connection: try WaylandConnection(socketName: socket), title: title, width: 400, height: 300, stallTimeout: nil)
        } catch {
            sway.stop()
            throw error
        }
        window = GameWindow(system: system, backend: WindowBackendChoice(kind: .wayland, reason: "test", isFallback: false))
    }

    /// Runs the window's loop until `condition` holds (true) or `timeout` passes (false).
    @discardableResult
    func pump(timeout: Duration = .seconds(3), until condition: () -> Bool = { false }) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            window.waitForEvents(until: .now + .milliseconds(5))
            window.pollEvents { events.append($0) }
            if condition() { return true }
        }
        return false
    }

    /// Closes the window and stops sway.
    func stop() {
        window.close()
        sway.stop()
    }
}
