import CGLX
import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The native handle and the window's visual, checked against what a second client sees.
@Suite(.serialized, .tags(.integration)) final class NativeHandleTests {
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
        #expect(x11.window == window.x11System!.windowID)
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
        let seen = try #require(server.probe.visual(of: chosen.x11System!.windowID))
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
            server.probe.resize(window.x11System!.windowID, width: UInt32(width), height: UInt32(height))
            var sizes: [String] = []
            window.waitForEvents(until: .now + .seconds(2))
            window.pollEvents { event in
                if case .resized(let w, let h) = event { sizes.append("\(w)x\(h) \(window.width)x\(window.height)") }
            }
            #expect(sizes == ["\(width)x\(height) \(width)x\(height)"])
        }
    }

    /// GLX, as a game uses it: a framebuffer configuration chosen first (on a connection of
    /// its own), the window created with its visual, the configuration found again on the
    /// handle's connection, a context made current on the handle's XID, a clear and a swap. A
    /// second client reads the colour back.
    /// Keeps Mesa's DRI driver, which GLX loaded for this test, mapped until the process ends
    /// (`dlopen` with `RTLD_NODELETE`): unloaded at exit, it takes with it the only reference to
    /// 128 bytes it allocated (seen with Debian's Mesa 22.3.6-1+deb12u2), which LeakSanitizer then
    /// reports with no module to name. Mesa's, not ours.
    static func keepTheDRIDriverLoaded() {
        let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
        let drivers = Set(
            maps.split(separator: "\n").compactMap { line in line.split(separator: " ").last.map(String.init) }.filter {
                $0.hasSuffix("_dri.so")
            })
        for driver in drivers { _ = dlopen(driver, RTLD_NOW | RTLD_NODELETE | RTLD_NOLOAD) }
    }

    @Test func glxDrawsIntoAWindowOfTheVisualItChose() throws {
        let display = try #require(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        var attributes: [Int32] = [
            GLX_X_RENDERABLE, 1, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT, GLX_RENDER_TYPE, GLX_RGBA_BIT,
            GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_DOUBLEBUFFER, 1, 0,
        ]
        var count: Int32 = 0
        let configs = try #require(glXChooseFBConfig(display, XDefaultScreen(display), &attributes, &count), "GLX configs")
        defer { XFree(configs) }
        try #require(count > 0)
        let info = try #require(glXGetVisualFromFBConfig(display, configs[0]))
        let visualID = info.pointee.visualid
        XFree(info)

        let window = try GameWindow(
            title: "glx-test", width: 160, height: 120, visual: .visualID(visualID), displayName: server.displayName)
        defer { window.close() }
        let x11 = try #require(window.nativeHandle.x11)
        #expect(x11.visualID == visualID)
        window.show()
        let deadline = ContinuousClock.now + .seconds(5)
        while !window.isViewable && ContinuousClock.now < deadline {
            window.waitForEvents(until: .now + .milliseconds(5))
            window.pollEvents { _ in }
        }
        try #require(window.isViewable)

        // Configurations belong to a connection: find the chosen one again on the handle's,
        // by its visual, and make the context there.
        var total: Int32 = 0
        let own = try #require(glXGetFBConfigs(x11.display, x11.screen, &total))
        defer { XFree(own) }
        let mine = try #require(
            (0..<Int(total)).map { own[$0] }.first { candidate in
                var id: Int32 = 0
                return glXGetFBConfigAttrib(x11.display, candidate, GLX_VISUAL_ID, &id) == 0 && UInt(id) == visualID
            }, "the configuration of the window's visual")
        let context = try #require(glXCreateNewContext(x11.display, mine, GLX_RGBA_TYPE, nil, 1), "a GLX context")
        defer { glXDestroyContext(x11.display, context) }
        #expect(glXMakeContextCurrent(x11.display, x11.window, x11.window, context) != 0)
        glClearColor(0.25, 0.5, 0.75, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        glXSwapBuffers(x11.display, x11.window)
        glFinish()
        let renderer = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "?"
        glXMakeContextCurrent(x11.display, 0, 0, nil)
        XSync(x11.display, 0)
        Self.keepTheDRIDriverLoaded()
        print("GLX: visual 0x\(String(visualID, radix: 16)), \(renderer)")
        let picture = try #require(server.probe.capture(x11.window))
        let expected: UInt32 = 0x40_80_BF
        let matching = picture.pixels.count { pixel in
            let red = Int(pixel >> 16 & 0xFF), green = Int(pixel >> 8 & 0xFF), blue = Int(pixel & 0xFF)
            return abs(red - 0x40) <= 1 && abs(green - 0x80) <= 1 && abs(blue - 0xBF) <= 1
        }
        #expect(matching == picture.pixels.count, "GLX cleared the window to 0x\(String(expected, radix: 16))")
    }
}
