import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// What the window tells the window manager and how it gets the focus, with and without a
/// window manager, checked by a second X client.
@Suite(.serialized, .tags(.integration)) struct DesktopIntegrationTests {
    func lockedHarness(on server: XServerFixture) throws -> GameWindowHarness {
        let harness = try GameWindowHarness(displayName: server.displayName, title: "desktop-test ✓")
        harness.window.pointerLock.rootPreferring = TestGame(prefers: true)
        harness.window.show()
        #expect(harness.pump { harness.state?.isLocked == true }, "state: \(String(describing: harness.state))")
        return harness
    }

    @Test func activateTakesTheFocusBackThroughTheWindowManager() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try lockedHarness(on: server)
        #expect(harness.window.windowManagerRuns)
        probe.showOtherWindow()
        _ = BoundedWait.until { probe.findWindow(titled: "other") != nil }
        probe.activate(probe.otherWindow)
        #expect(harness.pump { harness.state == .unlocked(.unfocused) })
        #expect(!probe.pointerIsGrabbed)

        harness.window.activate()
        #expect(harness.pump { harness.state?.isLocked == true }, "activate() brings the focus and the lock back")
        #expect(probe.pointerIsGrabbed)
        #expect(probe.focusedWindow == harness.window.x11System!.windowID)
    }

    @Test func withoutAWindowManagerTheWindowTakesTheFocusAndActivateTakesItBack() throws {
        let server = try XServerFixture(windowManager: nil)
        defer { server.stop() }
        let probe = server.probe
        let harness = try lockedHarness(on: server)
        #expect(!harness.window.windowManagerRuns)
        #expect(probe.focusedWindow == harness.window.x11System!.windowID, "the window took the focus when it mapped")
        #expect(probe.pointerIsGrabbed)

        probe.showOtherWindow()
        probe.focus(probe.otherWindow)
        #expect(harness.pump { harness.state == .unlocked(.unfocused) })
        #expect(!probe.pointerIsGrabbed)
        harness.window.activate()
        #expect(harness.pump { harness.state?.isLocked == true })
        #expect(probe.pointerIsGrabbed)
    }

    @Test func theWindowDescribesItselfToTheDesktop() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try lockedHarness(on: server)
        let window = harness.window.x11System!.windowID
        let program = ProcessInfo.processInfo.processName
        #expect(probe.stringProperty("WM_CLASS", of: window) == [program, program.prefix(1).uppercased() + program.dropFirst()])
        #expect(probe.stringProperty("_NET_WM_NAME", of: window) == ["desktop-test ✓"])
        #expect(probe.cardinalProperty("_NET_WM_PID", of: window) == [UInt(getpid())])
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostName = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(probe.stringProperty("WM_CLIENT_MACHINE", of: window) == [hostName])
        #expect(probe.cardinalProperty("_NET_WM_BYPASS_COMPOSITOR", of: window) == nil)

        harness.window.setFullScreen(true)
        #expect(harness.pump { harness.window.isFullScreen })
        #expect(probe.cardinalProperty("_NET_WM_BYPASS_COMPOSITOR", of: window) == [1], "full screen asks the compositor to step aside")
        harness.window.setFullScreen(false)
        #expect(harness.pump { !harness.window.isFullScreen })
        #expect(probe.cardinalProperty("_NET_WM_BYPASS_COMPOSITOR", of: window) == nil)
    }

    @Test func aMinimisedWindowIsNotViewableAndTheLockReturnsOnRestore() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try lockedHarness(on: server)
        probe.minimise(harness.window.x11System!.windowID)
        #expect(harness.pump { harness.state == .unlocked(.notViewable) })
        #expect(!harness.window.isViewable)
        #expect(!probe.pointerIsGrabbed)
        probe.activate(harness.window.x11System!.windowID)
        #expect(harness.pump { harness.state?.isLocked == true })
        #expect(probe.pointerIsGrabbed)
    }
}
