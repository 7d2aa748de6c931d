import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// Xlib's error handlers are the whole process's: GameInput keeps its own expected errors
/// (traps) working when another library installs a handler after it, and sees a grab whose
/// request failed as refused. (That other connections' errors still reach the handler that
/// was there before GameInput is `ForeignLoopTests.theHostsOwnXErrorHandlerStillRuns`: it
/// needs a process of its own, where GameInput installs its handler after the host's.)
@Suite(.serialized, .tags(.integration)) final class XErrorHandlingTests {
    let server: XServerFixture

    init() throws {
        server = try XServerFixture(windowManager: nil)
    }

    /// A window that does not exist, for requests that must fail with `BadWindow`.
    static let missingWindow: UInt = 0x7FF_FFF0

    /// A library that installs its handler after GameInput (and drops every error) does not
    /// blind GameInput's expected-error checks, such as the MIT-SHM refusal check.
    @Test func aHandlerInstalledLaterDoesNotBlindGameInputsErrorChecks() throws {
        let window = try GameWindow(title: "errors", width: 100, height: 100, displayName: server.displayName)
        defer { window.close() }
        let before = XSetErrorHandler { _, _ in 0 }
        defer { XSetErrorHandler(before) }
        let caught = window.x11System!.connection.firstError { XMapWindow(window.x11System!.connection.display, Self.missingWindow) }
        #expect(caught == UInt8(BadWindow), "the trap saw BadWindow: \(String(describing: caught))")
    }

    /// libX11 reports a grab whose request failed (`BadWindow`: the confining window is gone)
    /// as `GrabSuccess`; GameInput's grab reports it as refused, and holds nothing.
    @Test func aGrabWhoseRequestFailsIsRefused() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        defer { harness.window.close() }
        harness.window.show()
        #expect(harness.pump { harness.window.isViewable })
        let grab = try #require(harness.window.x11System!.grab)
        #expect(grab.grab(.lock, within: Self.missingWindow) == .requestFailed)
        #expect(!server.probe.pointerIsGrabbed, "nothing is grabbed")
        #expect(grab.grab(.lock, within: harness.window.x11System!.windowID) == nil, "a real window grabs")
        #expect(server.probe.pointerIsGrabbed)
    }
}
