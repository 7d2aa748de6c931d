import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The window's own state after creation (title, icon, size, size limits, position) on Xvfb,
/// under openbox and with no window manager, read back by a second X client as a window
/// manager and a task bar read it.
///
/// What openbox does, measured here (openbox 3.6, its default theme): it honours a size
/// request inside the limits; it keeps a request inside them (a minimum, a maximum, and a 4:3
/// ratio by changing the height); it resizes a window the new limits exclude at once; it puts
/// the window's own top-left pixel where asked (`StaticGravity`), its frame one pixel left
/// and 20 above (a 1-pixel border and a 20-pixel title bar, `_NET_FRAME_EXTENTS` 1, 1, 20, 5);
/// and it keeps a window asked far below the screen's edge with its frame's top 32 pixels on
/// the screen. Without a window manager every request applies as asked.
@Suite(.serialized, .tags(.integration)) struct WindowStateIntegrationTests {
    /// Limits for a window of 320x240 to 800x600 at 4:3, and how `XGetWMNormalHints` reads them.
    static func fourByThree() throws -> WindowSizeLimits {
        try WindowSizeLimits(
            minimumSize: WindowSize(width: 320, height: 240), maximumSize: WindowSize(width: 800, height: 600),
            aspectRatio: WindowAspectRatio(width: 4, height: 3))
    }
    static let fourByThreeHints = XProbe.NormalHints(
        minimum: .init(320, 240), maximum: .init(800, 600), aspect: (.init(4, 3), .init(4, 3)), userPosition: false,
        programPosition: false, gravity: nil)

    /// A shown window on `server`, viewable, with its first events handled.
    func shownHarness(on server: XServerFixture) throws -> GameWindowHarness {
        let harness = try GameWindowHarness(displayName: server.displayName)
        harness.window.show()
        #expect(harness.pump { harness.window.isViewable })
        harness.pump(for: .milliseconds(100))
        harness.clearEvents()
        return harness
    }

    /// The `.resized` events the window reported.
    func resizes(_ harness: GameWindowHarness) -> [WindowSize] {
        harness.events.compactMap { if case .resized(let width, let height) = $0 { WindowSize(width: width, height: height) } else { nil } }
    }

    /// Asks for `width` x `height` and runs the loop until the window reports `expected`;
    /// returns the `.resized` events that came.
    func requestSize(_ width: Int, _ height: Int, of harness: GameWindowHarness, expecting expected: WindowSize) throws -> [WindowSize] {
        harness.clearEvents()
        try harness.window.requestSize(width: width, height: height)
        #expect(
            harness.pump { harness.window.width == expected.width && harness.window.height == expected.height },
            "asked \(width)x\(height), expected \(expected), the window is \(harness.window.width)x\(harness.window.height)")
        harness.pump(for: .milliseconds(50))
        return resizes(harness)
    }

    @Test func theTitleReadsBackInUTF8AndAsWMName() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try shownHarness(on: server)
        defer { harness.window.close() }
        let window = harness.window, id = window.x11System!.windowID
        #expect(window.title == "gameinput-test")
        #expect(probe.textProperty("WM_NAME", of: id) == XProbe.TextProperty(type: "STRING", bytes: Array("gameinput-test".utf8)))
        #expect(probe.findWindow(titled: "gameinput-test") == id, "an ASCII title reads back with XFetchName")

        let title = "Spiel – Größe 🎮"
        window.title = title
        #expect(window.title == title)
        let utf8 = XProbe.TextProperty(type: "UTF8_STRING", bytes: Array(title.utf8))
        #expect(BoundedWait.until(timeout: .seconds(2)) { probe.textProperty("_NET_WM_NAME", of: id) == utf8 })
        #expect(probe.stringProperty("_NET_WM_NAME", of: id) == [title])
        #expect(probe.textProperty("WM_NAME", of: id) == utf8, "not Latin-1: WM_NAME is UTF8_STRING too")

        window.title = "Größe"
        #expect(
            BoundedWait.until(timeout: .seconds(2)) {
                probe.textProperty("WM_NAME", of: id) == XProbe.TextProperty(type: "STRING", bytes: [0x47, 0x72, 0xF6, 0xDF, 0x65])
            }, "Latin-1 fits: a STRING in ISO 8859-1, as ICCCM has it")
        #expect(probe.textProperty("_NET_WM_NAME", of: id) == XProbe.TextProperty(type: "UTF8_STRING", bytes: Array("Größe".utf8)))
    }

    /// With no window manager a window without an icon has no `_NET_WM_ICON`; openbox writes
    /// its own 48x48 default there, and writes it again when the game removes its icon.
    @Test(arguments: [WindowManager.openbox, nil])
    func iconsReadBackExactlyAndAnEmptyListRemovesThem(windowManager: WindowManager?) throws {
        let server = try XServerFixture(windowManager: windowManager)
        defer { server.stop() }
        let probe = server.probe
        let harness = try shownHarness(on: server)
        defer { harness.window.close() }
        let window = harness.window, id = window.x11System!.windowID
        func icon() -> [UInt]? { probe.cardinalProperty("_NET_WM_ICON", of: id, maximumItems: 10_000) }
        let desktopsOwn = icon()
        if windowManager == nil {
            #expect(desktopsOwn == nil)
        } else {
            #expect(desktopsOwn?.prefix(2) == [48, 48] && desktopsOwn?.count == 2 + 48 * 48, "openbox's default icon")
        }

        func picture(_ width: Int, _ height: Int, seed: UInt32) throws -> WindowIcon {
            let pixels = (0..<UInt32(width * height)).map { (index: UInt32) -> UInt32 in
                // Alpha from opaque to clear, colours brighter than their alpha (not premultiplied).
                let alpha: UInt32 = (255 - index % 256) << 24
                let colour: UInt32 = (seed &* 0x9E37_79B9 &+ index &* 0x0101_0301) & 0x00FF_FFFF
                return alpha | colour
            }
            return try WindowIcon(width: width, height: height, pixels: pixels)
        }
        let icons = [try picture(16, 16, seed: 1), try picture(32, 24, seed: 2), try picture(48, 48, seed: 3)]
        try window.setIcon(icons)
        var expected: [UInt] = []
        for icon in icons { expected += [UInt(icon.width), UInt(icon.height)] + icon.pixels.map { UInt($0) } }
        #expect(expected.count == 6 + 256 + 768 + 2304)
        #expect(BoundedWait.until(timeout: .seconds(2)) { icon() == expected }, "three pictures, each width, height and pixels, in order")

        // Five 1024-pixel pictures (20 MiB) exceed Xvfb's largest request: refused, the icon stays.
        let huge = try WindowIcon(width: 1024, height: 1024, pixels: [UInt32](repeating: 0xFF33_6699, count: 1024 * 1024))
        let refusal = #expect(throws: WindowStateError.self) { try window.setIcon([WindowIcon](repeating: huge, count: 5)) }
        guard case .iconsTooLarge(let values, let maximum) = refusal else {
            Issue.record("expected iconsTooLarge, got \(String(describing: refusal))")
            return
        }
        #expect(values == 5 * (2 + 1024 * 1024))
        #expect(maximum == 4 * 1024 * 1024 - 1 - 7, "Xvfb takes 16 MiB less one 4-byte unit per request, 7 of them the header")
        harness.pump(for: .milliseconds(100))
        #expect(icon() == expected, "the refused icons changed nothing")

        try window.setIcon([])
        #expect(BoundedWait.until(timeout: .seconds(2)) { icon() == desktopsOwn }, "removed: the desktop's own again")
    }

    @Test func aSizeRequestIsHonouredUnderOpenbox() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try shownHarness(on: server)
        defer { harness.window.close() }
        let id = harness.window.x11System!.windowID
        #expect(probe.frame(of: id).width == 400 && probe.frame(of: id).height == 300)

        let resized = try requestSize(640, 480, of: harness, expecting: WindowSize(width: 640, height: 480))
        #expect(resized == [WindowSize(width: 640, height: 480)], "one .resized with the new size")
        let frame = probe.frame(of: id)
        #expect(frame.width == 640 && frame.height == 480, "the server has it: \(frame)")
        let outer = probe.outerFrame(of: id)
        #expect(outer.width == 642 && outer.height == 505, "openbox's frame grew with it: \(outer)")
    }

    @Test func sizeLimitsReadBackAndOpenboxKeepsRequestsInsideThem() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try shownHarness(on: server)
        defer { harness.window.close() }
        let window = harness.window, id = window.x11System!.windowID
        #expect(window.sizeLimits == .none)
        window.sizeLimits = try Self.fourByThree()
        #expect(window.sizeLimits == (try Self.fourByThree()))
        #expect(
            BoundedWait.until(timeout: .seconds(2)) { probe.normalHints(of: id) == Self.fourByThreeHints },
            "\(String(describing: probe.normalHints(of: id)))")
        harness.pump(for: .milliseconds(100))
        #expect(resizes(harness).isEmpty, "400x300 is inside the limits: openbox leaves it")

        #expect(
            try requestSize(100, 100, of: harness, expecting: WindowSize(width: 320, height: 240)) == [WindowSize(width: 320, height: 240)])
        #expect(
            try requestSize(1000, 1000, of: harness, expecting: WindowSize(width: 800, height: 600)) == [
                WindowSize(width: 800, height: 600)
            ])
        #expect(
            try requestSize(640, 360, of: harness, expecting: WindowSize(width: 640, height: 480)) == [WindowSize(width: 640, height: 480)],
            "16:9 asked, 4:3 kept by changing the height")
        #expect(
            try requestSize(500, 500, of: harness, expecting: WindowSize(width: 500, height: 375)) == [WindowSize(width: 500, height: 375)])
        let frame = probe.frame(of: id)
        #expect(frame.width == 500 && frame.height == 375, "the server agrees: \(frame)")

        // At the maximum, a larger request is refused outright: no .resized, the size stays.
        _ = try requestSize(800, 600, of: harness, expecting: WindowSize(width: 800, height: 600))
        harness.clearEvents()
        try window.requestSize(width: 1200, height: 900)
        harness.pump(for: .milliseconds(300))
        #expect(resizes(harness).isEmpty && window.width == 800 && window.height == 600, "\(resizes(harness))")

        // A minimum the window is below: openbox resizes it at once.
        harness.clearEvents()
        window.sizeLimits = try WindowSizeLimits(minimumSize: WindowSize(width: 900, height: 700))
        #expect(harness.pump { window.width == 900 && window.height == 700 }, "\(window.width)x\(window.height)")
        #expect(resizes(harness) == [WindowSize(width: 900, height: 700)])
        #expect(probe.normalHints(of: id)?.maximum == nil && probe.normalHints(of: id)?.aspect == nil, "the limits are replaced whole")
    }

    @Test func aPositionRequestPlacesTheWindowsOwnTopLeftPixel() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try GameWindowHarness(displayName: server.displayName)
        defer { harness.window.close() }
        let window = harness.window, id = window.x11System!.windowID
        try window.requestPosition(x: 200, y: 150)
        let hints = try #require(
            BoundedWait.until(timeout: .seconds(2)) { probe.normalHints(of: id) != nil } ? probe.normalHints(of: id) : nil)
        #expect(hints.userPosition && hints.programPosition, "the game placed it: \(hints)")
        #expect(hints.gravity == Int32(StaticGravity))
        #expect(hints.minimum == nil && hints.maximum == nil && hints.aspect == nil)

        window.show()
        #expect(harness.pump { window.isViewable })
        #expect(
            BoundedWait.until(timeout: .seconds(2)) { probe.frame(of: id).origin == XProbe.Point(x: 200, y: 150) },
            "asked before show: kept")
        #expect(window.positionOnScreen() == ScreenPoint(x: 200, y: 150))
        let outer = probe.outerFrame(of: id)
        #expect(outer.origin == XProbe.Point(x: 199, y: 130) && outer.width == 402 && outer.height == 325, "openbox's frame: \(outer)")
        #expect(probe.cardinalProperty("_NET_FRAME_EXTENTS", of: id) == [1, 1, 20, 5])

        try window.requestPosition(x: 300, y: 100)
        #expect(BoundedWait.until(timeout: .seconds(2)) { window.positionOnScreen() == ScreenPoint(x: 300, y: 100) })
        #expect(probe.frame(of: id).origin == XProbe.Point(x: 300, y: 100))
        #expect(probe.outerFrame(of: id).origin == XProbe.Point(x: 299, y: 80))

        // Far below the screen (1280x800): openbox keeps the frame's top 32 pixels on it.
        try window.requestPosition(x: -50, y: 2000)
        #expect(
            BoundedWait.until(timeout: .seconds(2)) { window.positionOnScreen() == ScreenPoint(x: -50, y: 788) },
            "\(String(describing: window.positionOnScreen()))")
        #expect(probe.outerFrame(of: id).origin == XProbe.Point(x: -51, y: 768))
        harness.pump(for: .milliseconds(50))
        #expect(resizes(harness).isEmpty, "moves are not resizes")
    }

    @Test func withoutAWindowManagerRequestsApplyAsAsked() throws {
        let server = try XServerFixture(windowManager: nil)
        defer { server.stop() }
        let probe = server.probe
        let harness = try shownHarness(on: server)
        defer { harness.window.close() }
        let window = harness.window, id = window.x11System!.windowID
        window.sizeLimits = try Self.fourByThree()
        #expect(BoundedWait.until(timeout: .seconds(2)) { probe.normalHints(of: id) == Self.fourByThreeHints })

        #expect(
            try requestSize(100, 100, of: harness, expecting: WindowSize(width: 100, height: 100)) == [WindowSize(width: 100, height: 100)])
        #expect(
            try requestSize(1000, 500, of: harness, expecting: WindowSize(width: 1000, height: 500)) == [
                WindowSize(width: 1000, height: 500)
            ])
        let frame = probe.frame(of: id)
        #expect(frame.width == 1000 && frame.height == 500, "nobody enforces the limits: \(frame)")

        harness.clearEvents()
        window.sizeLimits = try WindowSizeLimits(minimumSize: WindowSize(width: 1100, height: 600))
        harness.pump(for: .milliseconds(200))
        #expect(resizes(harness).isEmpty && window.width == 1000, "a new minimum resizes nothing")

        try window.requestPosition(x: -50, y: 2000)
        #expect(
            BoundedWait.until(timeout: .seconds(2)) { window.positionOnScreen() == ScreenPoint(x: -50, y: 2000) }, "even off the screen")
        #expect(probe.frame(of: id).origin == XProbe.Point(x: -50, y: 2000))
        #expect(probe.outerFrame(of: id).origin == XProbe.Point(x: -50, y: 2000), "no frame")
        #expect(probe.normalHints(of: id)?.userPosition == true)
    }

    @Test func badValuesThrowTypedErrorsAndChangeNothing() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let harness = try shownHarness(on: server)
        defer { harness.window.close() }
        let window = harness.window, id = window.x11System!.windowID
        let limits = try WindowSizeLimits(minimumSize: WindowSize(width: 200, height: 100))
        window.sizeLimits = limits
        try window.requestPosition(x: 120, y: 90)
        #expect(BoundedWait.until(timeout: .seconds(2)) { window.positionOnScreen() == ScreenPoint(x: 120, y: 90) })
        let hintsBefore = try #require(probe.normalHints(of: id))
        harness.pump(for: .milliseconds(100))
        harness.clearEvents()

        #expect(throws: WindowStateError.invalidSize(width: 0, height: 100)) { try window.requestSize(width: 0, height: 100) }
        #expect(throws: WindowStateError.invalidSize(width: 640, height: 16385)) { try window.requestSize(width: 640, height: 16385) }
        #expect(throws: WindowStateError.invalidSize(width: -640, height: -480)) { try window.requestSize(width: -640, height: -480) }
        #expect(throws: WindowStateError.invalidPosition(x: 40000, y: 0)) { try window.requestPosition(x: 40000, y: 0) }
        #expect(throws: WindowStateError.invalidPosition(x: 0, y: -32769)) { try window.requestPosition(x: 0, y: -32769) }
        let large = WindowSize(width: 800, height: 600), small = WindowSize(width: 640, height: 480)
        #expect(throws: WindowStateError.minimumExceedsMaximum(minimum: large, maximum: small)) {
            window.sizeLimits = try WindowSizeLimits(minimumSize: large, maximumSize: small)
        }
        #expect(throws: WindowStateError.invalidAspectRatio(width: 16, height: 0)) {
            window.sizeLimits = try WindowSizeLimits(aspectRatio: WindowAspectRatio(width: 16, height: 0))
        }

        harness.pump(for: .milliseconds(200))
        #expect(resizes(harness).isEmpty && window.width == 400 && window.height == 300)
        let frame = probe.frame(of: id)
        #expect(frame.origin == XProbe.Point(x: 120, y: 90) && frame.width == 400 && frame.height == 300, "\(frame)")
        #expect(probe.normalHints(of: id) == hintsBefore)
        #expect(window.sizeLimits == limits)
    }

    @Test func anAttachedWindowKeepsItsHostsStateAndAClosedWindowIgnoresChanges() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let host = try #require(HostClient(displayName: server.displayName))
        defer { host.close() }
        let harness = try GameWindowHarness(attachingTo: .x11(window: host.window, display: host.display))
        let window = harness.window
        #expect(harness.pump { window.isViewable })
        let hostFrame = probe.frame(of: host.window)
        let hostHints = probe.normalHints(of: host.window)
        let hostIcon = probe.cardinalProperty("_NET_WM_ICON", of: host.window, maximumItems: 10_000)
        #expect(hostIcon?.count == 2 + 48 * 48)
        #expect(window.title == "", "the title is the host's")
        #expect(window.positionOnScreen() == ScreenPoint(x: Int(hostFrame.origin.x), y: Int(hostFrame.origin.y)), "reading works")

        window.title = "taken"
        try window.requestSize(width: 640, height: 480)
        try window.requestPosition(x: 300, y: 200)
        window.sizeLimits = try WindowSizeLimits(minimumSize: WindowSize(width: 500, height: 400))
        try window.setIcon([try WindowIcon(width: 1, height: 1, pixels: [0xFFFF_0000])])
        harness.pump(for: .milliseconds(300))
        #expect(window.title == "" && window.sizeLimits == .none)
        #expect(probe.textProperty("WM_NAME", of: host.window) == XProbe.TextProperty(type: "STRING", bytes: Array("host-window".utf8)))
        #expect(probe.textProperty("_NET_WM_NAME", of: host.window) == nil)
        #expect(probe.cardinalProperty("_NET_WM_ICON", of: host.window, maximumItems: 10_000) == hostIcon, "openbox's default icon, still")
        #expect(probe.normalHints(of: host.window) == hostHints)
        let frame = probe.frame(of: host.window)
        #expect(frame.origin == hostFrame.origin && frame.width == 400 && frame.height == 300, "\(frame)")
        #expect(!harness.events.contains { if case .resized = $0 { true } else { false } })
        #expect(throws: WindowStateError.invalidSize(width: 0, height: 0), "a bad value is refused all the same") {
            try window.requestSize(width: 0, height: 0)
        }
        window.detach()
        #expect(window.positionOnScreen() == nil)

        let own = try GameWindowHarness(displayName: server.displayName, title: "closing").window
        own.close()
        own.title = "after close"
        try own.requestSize(width: 640, height: 480)
        try own.requestPosition(x: 10, y: 10)
        own.sizeLimits = try WindowSizeLimits(maximumSize: WindowSize(width: 500, height: 400))
        try own.setIcon([try WindowIcon(width: 1, height: 1, pixels: [0xFFFF_0000])])
        #expect(own.title == "closing" && own.sizeLimits == .none, "nothing changed")
        #expect(own.positionOnScreen() == nil)
        #expect(throws: WindowStateError.invalidPosition(x: 0, y: 32768)) { try own.requestPosition(x: 0, y: 32768) }
    }
}
