import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The desktop's monitors and scale against a real Xvfb (1280x800, openbox) split into RandR
/// 1.5 monitors by a second client, as `xrandr --setmonitor` splits it: the list matches what
/// `xrandr --listmonitors` says, monitors added and removed while the game runs give one
/// change each and the lock holds, and `Xft.dpi` gives the scale.
@Suite(.serialized, .tags(.integration)) final class MonitorIntegrationTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    deinit { server.stop() }

    static let left = (name: "left", x: Int32(0), y: Int32(0), width: Int32(640), height: Int32(800))
    static let right = (name: "right", x: Int32(640), y: Int32(0), width: Int32(640), height: Int32(800))

    /// `xrandr --listmonitors` on the test's display: name and geometry of each, in order.
    func xrandrMonitors() throws -> [(name: String, frame: ScreenRect)] {
        let xrandr = try ChildProcess(
            executable: "/usr/bin/xrandr", arguments: ["--listmonitors"], environment: ["DISPLAY": server.displayName])
        #expect(xrandr.waitForExit(timeout: .seconds(5)) == 0)
        // " 0: +*left 640/169x800/212+0+0  screen"
        return xrandr.lines.dropFirst().compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3 else { return nil }
            let name = words[1].drop { $0 == "+" || $0 == "*" }
            let geometry = words[2].split(whereSeparator: { "x+".contains($0) }).map { $0.split(separator: "/")[0] }
            guard geometry.count == 4, let width = Int(geometry[0]), let height = Int(geometry[1]), let x = Int(geometry[2]),
                let y = Int(geometry[3])
            else { return nil }
            return (String(name), ScreenRect(x: x, y: y, width: width, height: height))
        }
    }

    @Test func theListIsXrandrsAndFollowsMonitorsAddedAndRemoved() throws {
        probe.setMonitors([Self.left, Self.right])
        let harness = try GameWindowHarness(displayName: server.displayName)
        defer { harness.window.close() }
        let game = TestGame(prefers: true)
        harness.window.pointerLock.rootPreferring = game
        harness.window.show()
        #expect(harness.pump { harness.window.pointerLock.isLocked })
        let window = harness.window
        let listed = try xrandrMonitors()
        #expect(listed.map(\.name) == ["left", "right"], "\(listed)")
        #expect(window.monitors.map(\.name) == listed.map(\.name))
        #expect(window.monitors.map(\.frame) == listed.map(\.frame))
        #expect(window.monitors.first?.widthMillimetres == 169, "the physical size as set: \(window.monitors)")
        #expect(window.monitors.allSatisfy { $0.refreshRate == nil }, "no output drives a monitor Xvfb was told about")
        let onMonitor = try #require(window.currentMonitor, "the window is on a monitor")
        #expect(window.monitors.contains(onMonitor))

        func changes() -> Int { harness.events.filter { if case .monitorsChanged = $0 { true } else { false } }.count }
        harness.clearEvents()
        probe.addMonitor((name: "third", x: 0, y: 400, width: 640, height: 400))
        #expect(harness.pump { changes() >= 1 })
        harness.pump(for: .milliseconds(200))
        #expect(changes() == 1, "one change for one monitor added: \(changes())")
        #expect(window.monitors.map(\.name) == ["left", "right", "third"])
        #expect(probe.pointerIsGrabbed, "the lock holds through the change")
        #expect(window.pointerLock.isLocked)
        harness.clearEvents()
        probe.removeMonitor(named: "third")
        #expect(harness.pump { changes() >= 1 })
        harness.pump(for: .milliseconds(200))
        #expect(changes() == 1, "one change for one monitor removed")
        #expect(window.monitors.map(\.name) == ["left", "right"])
        #expect(probe.pointerIsGrabbed)
    }

    @Test func xftDPIGivesTheScaleAndItsChangesArrive() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        defer { harness.window.close() }
        harness.window.show()
        #expect(harness.pump { harness.window.isViewable })
        #expect(harness.window.scale == DesktopScale(factor: 1, source: .none))
        probe.setResources("Xft.dpi:\t192\nXft.antialias:\t1\n")
        #expect(harness.pump { harness.window.scale.factor == 2 }, "\(harness.window.scale)")
        #expect(harness.window.scale.source == .xftDPI(192))
        let scales = harness.events.compactMap { if case .scaleChanged(let scale) = $0 { scale } else { nil } }
        #expect(scales == [DesktopScale(factor: 2, source: .xftDPI(192))], "one change: \(scales)")
        probe.setResources("Xft.dpi:\t144\n")
        #expect(harness.pump { harness.window.scale.factor == 1.5 })
        probe.setResources("Xft.antialias:\t1\n")
        #expect(harness.pump { harness.window.scale.factor == 1 }, "no Xft.dpi: 1")
    }
}
