import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// A native Wayland window in this process under mutter 43 and KWin 5.27, headless (sway has
/// its own suites): the unlocked pointer's buttons with X's numbers and the mask held, a hover
/// at the compositor's position, and, where the compositor tells (KWin's scripts), the title
/// set after creation, a size asked for, the size limits as the compositor took them, and what
/// `activate()` does.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandDesktopWindowTests {
    /// A window titled `title` on `session`'s socket, 400 by 300, shown, with a pump that runs
    /// its loop and keeps what it hands over.
    final class Harness {
        let system: WaylandWindow
        let window: GameWindow
        var events: [InputEvent] = []

        init(on session: any WaylandSession, title: String) throws {
            let environment = session.waylandEnvironment
            let socket = try #require(environment["XDG_RUNTIME_DIR"]) + "/" + (try #require(environment["WAYLAND_DISPLAY"]))
            system = try WaylandWindow(
                connection: try WaylandConnection(socketName: socket), title: title, width: 400, height: 300, stallTimeout: nil)
            window = GameWindow(system: system, backend: WindowBackendChoice(kind: .wayland, reason: "test", isFallback: false))
            window.show()
        }

        @discardableResult
        func pump(timeout: Duration = .seconds(5), until condition: () -> Bool = { false }) -> Bool {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                window.waitForEvents(until: .now + .milliseconds(5))
                window.pollEvents { events.append($0) }
                if condition() { return true }
            }
            return false
        }
    }

    @Test(arguments: [GnomeKDEFixture.Compositor.mutter, .kwin])
    func pointerButtonsAndWindowState(_ compositor: GnomeKDEFixture.Compositor) throws {
        let session = try GnomeKDEFixture(compositor, nativeClients: true)
        defer { session.stop() }
        let harness = try Harness(on: session, title: "desktop")
        defer { harness.window.close() }
        let window = harness.window
        #expect(harness.pump { window.isViewable }, "\(compositor): shown")

        // Hover: over the window (KWin places it, and says where: the pointer's position in
        // the window is the compositor's less the window's place).
        // mutter tells nobody where the window is: the pointer walks the output in 80-pixel
        // steps, row by row, until the window hears of it.
        let frame = session.windowFrame(title: "desktop")
        func hoveredHere() -> Bool {
            harness.pump(timeout: .milliseconds(frame == nil ? 40 : 3000)) {
                harness.events.contains {
                    guard case .pointer(let pointer) = $0 else { return false }
                    return frame == nil || pointer.location == WindowPoint(x: 300, y: 200)
                }
            }
        }
        var hovered = false
        if let frame {
            session.moveAbsolute(x: frame.x + 300, y: frame.y + 200)
            hovered = hoveredHere()
        } else {
            session.moveRelative(dx: -5000, dy: -5000)
            rows: for _ in 0..<9 {
                for _ in 0..<16 {
                    session.moveRelative(dx: 80, dy: 0)
                    if hoveredHere() {
                        hovered = true
                        break rows
                    }
                }
                session.moveRelative(dx: -1280, dy: 80)
            }
            session.moveRelative(dx: 40, dy: 40)  // into the window, off its edge
        }
        #expect(hovered, "\(compositor): a pointer event over the window: \(harness.events.suffix(4))")

        // The left button, then the right one while it is held.
        harness.events.removeAll()
        session.button(272, down: true)
        session.button(273, down: true)
        session.button(273, down: false)
        session.button(272, down: false)
        #expect(harness.pump { harness.events.filter { if case .button = $0 { true } else { false } }.count == 4 }, "\(compositor)")
        let buttons = harness.events.compactMap { event -> ButtonEvent? in if case .button(let button) = event { button } else { nil } }
        #expect(buttons.map(\.phase) == [.down, .down, .up, .up], "\(compositor)")
        #expect(buttons.map(\.button) == [.primary, .secondary, .secondary, .primary], "\(compositor)")
        #expect(buttons.map(\.buttonMask) == [.primary, [.primary, .secondary], [.primary, .secondary], .primary], "\(compositor)")

        guard compositor == .kwin else { return }
        // KWin's word on the title, the size and the size limits.
        window.title = "renamed ✓"
        #expect(harness.pump { session.windowFrame(title: "renamed ✓") != nil }, "KWin names the window anew")
        try window.requestSize(width: 500, height: 350)
        let resized = harness.pump(timeout: .seconds(5)) {
            guard let frame = session.windowFrame(title: "renamed ✓") else { return false }
            return frame.width == 500 && frame.height == 350
        }
        #expect(resized, "KWin's frame: \(String(describing: session.windowFrame(title: "renamed ✓")))")
        #expect(window.width == 500 && window.height == 350)
        window.sizeLimits = try WindowSizeLimits(
            minimumSize: WindowSize(width: 300, height: 200), maximumSize: WindowSize(width: 800, height: 600))
        let limited = harness.pump(timeout: .seconds(5)) {
            guard let limits = session.windowSizeLimits(title: "renamed ✓") else { return false }
            return limits.minimum == (300, 200) && limits.maximum == (800, 600)
        }
        #expect(limited, "KWin's limits: \(String(describing: session.windowSizeLimits(title: "renamed ✓")))")
    }

    /// `activate()` under KWin while another window has the focus: the window presents an
    /// `xdg-activation-v1` token (without a serial: it has no input of its own to name), and
    /// KWin marks it as demanding attention rather than taking the focus from the other,
    /// where without the call nothing is marked.
    @Test func kwinMarksTheWindowThatAsksAsDemandingAttention() throws {
        let kwin = try GnomeKDEFixture(.kwin, nativeClients: true)
        defer { kwin.stop() }
        let harness = try Harness(on: kwin, title: "asker")
        defer { harness.window.close() }
        #expect(
            harness.pump { kwin.windowStates()?["asker"]?.active == true },
            "the new window is active: \(String(describing: kwin.windowStates()))")
        let other = try kwin.startNativeWindow(title: "other")
        defer { other.close() }
        #expect(kwin.focus(other), "the other window takes the focus")
        #expect(harness.pump { kwin.windowStates()?["other"]?.active == true })
        #expect(
            !harness.pump(timeout: .seconds(1)) { kwin.windowStates()?["asker"].map { $0.active || $0.demandsAttention } == true },
            "nothing unasked")

        harness.window.activate()
        let states = { kwin.windowStates()?["asker"] }
        #expect(harness.pump { states()?.demandsAttention == true }, "KWin marks the window: \(String(describing: kwin.windowStates()))")
        #expect(kwin.windowStates()?["other"]?.active == true, "and leaves the focus where it is")
    }

    /// The caret's rectangle as KWin received it (its protocol log) at output scale 1.5: a
    /// text-input session sends the rectangle in the compositor's logical units, the window's
    /// pixels over the scale, and again when the caret moves.
    @Test func kwinReadsTheCaretRectangleInLogicalUnits() throws {
        let kwin = try GnomeKDEFixture(.kwin, nativeClients: true, scale: 1.5)
        defer { kwin.stop() }
        let harness = try Harness(on: kwin, title: "caret")
        defer { harness.window.close() }
        let window = harness.window
        #expect(
            harness.pump { window.scale.factor == 1.5 && window.textInputSource != .keys }, "\(window.scale), \(window.textInputSource)")
        func received(_ rectangle: String) -> Bool {
            harness.pump(timeout: .seconds(3)) {
                kwin.compositorLog.contains { $0.contains("zwp_text_input_v3@") && $0.contains("set_cursor_rectangle(\(rectangle))") }
            }
        }
        window.setTextInputCaret(WindowRect(x: 30, y: 60, width: 3, height: 18))
        window.startTextInput()
        #expect(
            received("20, 40, 2, 12"),
            "the caret at (30, 60) 3x18 pixels: \(kwin.compositorLog.filter { $0.contains("zwp_text_input_v3@") }.suffix(6))")
        window.setTextInputCaret(WindowRect(x: 300, y: 60, width: 3, height: 18))
        #expect(received("200, 40, 2, 12"), "the caret moved: \(kwin.compositorLog.filter { $0.contains("zwp_text_input_v3@") }.suffix(6))")
        window.stopTextInput()
    }
}
