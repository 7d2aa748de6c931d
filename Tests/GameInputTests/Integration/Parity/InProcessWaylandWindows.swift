import Foundation

@testable import GameInput

/// A window of this process on a Wayland compositor's socket, with a second one that takes the
/// focus; the one type behind sway's, mutter's and KWin's targets.
final class InProcessWaylandWindows {
    let window: GameWindow
    private let environment: [String: String]
    private(set) var other: GameWindow?

    init(environment: [String: String]) throws {
        self.environment = environment
        window = GameWindow(system: try Self.system(title: "parity", environment: environment), backend: Self.choice)
    }

    private static let choice = WindowBackendChoice(kind: .wayland, reason: "test", isFallback: false)

    private static func system(title: String, environment: [String: String]) throws -> WaylandWindow {
        let socket = (environment["XDG_RUNTIME_DIR"] ?? "") + "/" + (environment["WAYLAND_DISPLAY"] ?? "")
        return try WaylandWindow(
            connection: try WaylandConnection(socketName: socket), title: title, width: title == "parity" ? 1200 : 200,
            height: title == "parity" ? 660 : 100, stallTimeout: nil)
    }

    /// Shows a second window titled "elsewhere", which a compositor focuses as it maps it.
    func showOther() {
        guard let system = try? Self.system(title: "elsewhere", environment: environment) else { return }
        other = GameWindow(system: system, backend: Self.choice)
        other?.show()
    }

    func closeOther() {
        other?.close()
        other = nil
    }

    /// Runs both windows' loops (the other one answers its compositor's pings), handing the game
    /// window's events to `handle`, until `condition` holds or `timeout` passes.
    func pump(timeout: Duration, handle: (InputEvent) -> Void, until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            window.waitForEvents(until: .now + .milliseconds(5))
            window.pollEvents(handle)
            other?.pollEvents { _ in }
            if condition() { return true }
        }
        return false
    }
}
