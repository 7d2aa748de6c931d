import Foundation
import Testing
import XServerTestSupport

/// Starting the real `lockgame` on a test display, and waiting for what it says.
struct LockgameLaunch {
    static var executable: String { HeadlessTests.lockgamePath }

    static func start(
        on server: XServerFixture, arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws -> ChildProcess {
        var environment = environment
        environment["DISPLAY"] = environment["DISPLAY"] ?? server.displayName
        return try ChildProcess(
            executable: executable, arguments: ["--assets", HeadlessTests.assets] + arguments,
            environment: environment)
    }

    /// Starts the game and checks that it reports the lock and that X holds it (a second
    /// client's grab is refused).
    static func startLocked(on server: XServerFixture, environment: [String: String] = [:]) throws -> ChildProcess {
        let game = try start(on: server, environment: environment)
        #expect(game.waitForLine { $0 == "lock: locked" } != nil, "\(game.lines)")
        #expect(server.probe.pointerIsGrabbed)
        return game
    }

    /// Waits until `line` appears among the lines printed after the first `seen`.
    static func waitForNewLine(
        _ line: String, in game: ChildProcess, after seen: Int,
        timeout: Duration = .seconds(5)
    ) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if game.lines.dropFirst(seen).contains(line) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Polls `condition` every 10 ms until it holds or `timeout` passes.
    static func waitUntil(timeout: Duration = .seconds(2), _ condition: () -> Bool) -> Bool {
        BoundedWait.until(timeout: timeout, condition)
    }
}
