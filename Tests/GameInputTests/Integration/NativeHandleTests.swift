import CXlib
import Foundation
import Testing
import XServerTestSupport

@testable import GameInput

/// The native handle and the window's visual, checked against what a second client sees.
@Suite(.serialized) final class NativeHandleTests {
    let server: XServerFixture

    init() throws {
        server = try XServerFixture(windowManager: nil)
    }

    deinit { server.stop() }

    /// The handle's connection is the window's own, on the display asked for, and its window,
    /// screen, visual and depth are the ones the server reports to another client.
    @Test func theHandleNamesTheWindowAnotherClientSees() throws {
        let window = try GameWindow(title: "handle-test", width: 320, height: 200, displayName: server.displayName)
        defer { window.close() }
        let x11 = try #require(window.nativeHandle.x11)
        #expect(String(cString: XDisplayString(x11.display)) == window.displayName)
        #expect(XGetXCBConnection(x11.display) == x11.xcbConnection)
        #expect(x11.screen == XDefaultScreen(x11.display))
        #expect(x11.window == window.windowID)
        let seen = try #require(server.probe.visual(of: x11.window), "another client sees the window")
        #expect(seen.id == x11.visualID && seen.depth == x11.depth)
        #expect(x11.visualID == XVisualIDFromVisual(XDefaultVisual(x11.display, x11.screen)))
        window.close()
        #expect(window.nativeHandle.x11 == nil, "no handle once closed")
    }

    /// `.transparent` makes a 32-bit window; `.visualID` makes one of exactly that visual
    /// (what GLX needs); an ID the screen lacks is a clear error, not a crash.
    @Test func theVisualIsTheOneAskedFor() throws {
        let transparent = try GameWindow(
            title: "argb", width: 64, height: 64, visual: .transparent, displayName: server.displayName)
        defer { transparent.close() }
        let argb = try #require(transparent.nativeHandle.x11)
        #expect(argb.depth == 32)
        #expect(server.probe.visual(of: argb.window).map { $0.depth } == 32)

        let chosen = try GameWindow(
            title: "chosen", width: 64, height: 64, visual: .visualID(argb.visualID), displayName: server.displayName)
        defer { chosen.close() }
        let seen = try #require(server.probe.visual(of: chosen.windowID))
        #expect(seen.id == argb.visualID && seen.depth == 32)
        chosen.show()
        let deadline = ContinuousClock.now + .seconds(5)
        while !chosen.isViewable && ContinuousClock.now < deadline {
            chosen.waitForEvents(until: .now + .milliseconds(5))
            chosen.pollEvents { _ in }
        }
        #expect(chosen.isViewable, "a window of a visual other than the root's maps (no BadMatch)")

        #expect(throws: GameWindowError.visualUnavailable(.visualID(0x7FFF_FFF0))) {
            try GameWindow(title: "missing", width: 64, height: 64, visual: .visualID(0x7FFF_FFF0), displayName: server.displayName)
        }
        #expect(GameWindowError.visualUnavailable(.visualID(0x7FFF_FFF0)).description == "the X screen has no visual with ID 0x7ffffff0")
    }

    /// Every size change the server makes reaches the game in the next turn of its loop, in
    /// order, with the window's size already updated: a swapchain recreated there is right for
    /// the next frame.
    @Test func everyResizeArrivesInTheNextLoopTurn() throws {
        let window = try GameWindow(title: "resize-test", width: 320, height: 200, displayName: server.displayName)
        defer { window.close() }
        window.show()
        let deadline = ContinuousClock.now + .seconds(5)
        while !window.isViewable && ContinuousClock.now < deadline {
            window.waitForEvents(until: .now + .milliseconds(5))
            window.pollEvents { _ in }
        }
        try #require(window.isViewable)
        for (width, height) in [(400, 300), (401, 300), (640, 480), (320, 200)] {
            server.probe.resize(window.windowID, width: UInt32(width), height: UInt32(height))
            var sizes: [String] = []
            window.waitForEvents(until: .now + .seconds(2))
            window.pollEvents { event in
                if case .resized(let w, let h) = event { sizes.append("\(w)x\(h) \(window.width)x\(window.height)") }
            }
            #expect(sizes == ["\(width)x\(height) \(width)x\(height)"])
        }
    }
}
