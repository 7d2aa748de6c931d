import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// Monitors from real RandR outputs (Xorg's dummy driver: `DUMMY0` 1024x768 at 60 Hz and
/// `DUMMY1` 800x600 to its right, openbox): each monitor's refresh rate is its mode's, and an
/// output switched off and on again while the game is locked (`xrandr --output … --off`, what
/// unplugging a monitor does) gives one change each, with the lock held throughout.
@Suite(.serialized, .tags(.integration)) struct RealOutputIntegrationTests {
    func xrandr(_ arguments: [String], on server: XServerFixture) throws {
        let run = try ChildProcess(
            executable: XServerFixture.locate("xrandr"), arguments: arguments, environment: ["DISPLAY": server.displayName])
        #expect(run.waitForExit(timeout: .seconds(10)) == 0, "xrandr \(arguments): \(run.lines)")
    }

    @Test func anOutputSwitchedOffAndOnIsOneChangeEachAndTheLockHolds() throws {
        let server = try XServerFixture(outputs: ["1024x768@60", "800x600"])
        defer { server.stop() }
        let probe = server.probe
        probe.moveAbsolute(x: 300, y: 300)
        let harness = try GameWindowHarness(displayName: server.displayName)
        defer { harness.window.close() }
        let window = harness.window
        let game = TestGame(prefers: true)
        window.pointerLock.rootPreferring = game
        window.show()
        #expect(harness.pump { window.pointerLock.isLocked && probe.pointerIsGrabbed })
        #expect(window.monitors.map(\.name) == ["DUMMY0", "DUMMY1"], "\(window.monitors)")
        #expect(
            window.monitors.map(\.frame) == [
                ScreenRect(x: 0, y: 0, width: 1024, height: 768), ScreenRect(x: 1024, y: 0, width: 800, height: 600),
            ])
        let rate = try #require(window.monitors.first?.refreshRate, "DUMMY0's mode has a rate")
        #expect(abs(rate - 60) < 0.01, "1024x768 at 60 Hz: \(rate)")
        #expect(window.monitors.first?.isPrimary == true)
        #expect(window.currentMonitor?.name == "DUMMY0", "the window opened under the pointer")

        func changes() -> Int { harness.events.filter { if case .monitorsChanged = $0 { true } else { false } }.count }
        harness.clearEvents()
        try xrandr(["--output", "DUMMY1", "--off"], on: server)
        #expect(harness.pump { changes() >= 1 })
        harness.pump(for: .milliseconds(300))
        #expect(changes() == 1, "one change for the output switched off: \(changes())")
        #expect(window.monitors.map(\.name) == ["DUMMY0"])
        #expect(probe.pointerIsGrabbed && window.pointerLock.isLocked, "the lock holds through the change")

        harness.clearEvents()
        try xrandr(["--output", "DUMMY1", "--mode", "800x600", "--right-of", "DUMMY0"], on: server)
        #expect(harness.pump { changes() >= 1 })
        harness.pump(for: .milliseconds(300))
        #expect(changes() == 1, "one change for the output switched on: \(changes())")
        #expect(window.monitors.map(\.name) == ["DUMMY0", "DUMMY1"])
        #expect(probe.pointerIsGrabbed && window.pointerLock.isLocked)
    }
}
