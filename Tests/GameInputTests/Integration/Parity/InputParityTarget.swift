import CXlib
import Foundation
import XServerTestSupport

@testable import GameInput

/// A windowing system a parity scenario runs on: a real ``GameWindow`` in this process, the
/// system's own input devices to drive it, and a way to take its focus. Keys are named by
/// their evdev code (17 is W), buttons by theirs (272 is the left one), on every target.
protocol InputParityTarget: AnyObject {
    var window: GameWindow { get }
    /// What the window's loop handed over since the last reset, in order.
    var events: [InputEvent] { get set }
    /// Shows the window and waits until it has the focus and the pointer is over it.
    func showFocusedWithThePointerIn() -> Bool
    func key(_ evdevCode: Int, down: Bool)
    func button(_ evdevCode: Int, down: Bool)
    /// Gives the keyboard focus to another window; the pointer stays where it is.
    func focusElsewhere()
    /// Closes that other window and gives the focus back to the game's.
    func focusBack()
    /// Runs the window's loop until `condition` holds or `timeout` passes.
    @discardableResult func pump(timeout: Duration, until condition: () -> Bool) -> Bool
    func stop()
}

extension InputParityTarget {
    var keys: [KeyEvent] { events.compactMap { if case .key(let key) = $0 { key } else { nil } } }
    var buttons: [ButtonEvent] { events.compactMap { if case .button(let button) = $0 { button } else { nil } } }
    var committedText: [String] {
        events.compactMap { if case .text(.commit(let text)) = $0 { text } else { nil } }
    }

    @discardableResult func pump(until condition: () -> Bool) -> Bool { pump(timeout: .seconds(5), until: condition) }

    /// Runs the loop for `duration` whatever happens: long enough for events that should not
    /// come to have come.
    func settle(for duration: Duration = .milliseconds(300)) { _ = pump(timeout: duration) { false } }

    func pressKey(_ evdevCode: Int, with modifier: Int? = nil) {
        if let modifier { key(modifier, down: true) }
        key(evdevCode, down: true)
        key(evdevCode, down: false)
        if let modifier { key(modifier, down: false) }
    }
}

/// The systems the parity suite runs on.
enum ParitySystem: String, CaseIterable, CustomStringConvertible, Sendable {
    case x11 = "X11 (Xvfb + openbox)"
    case sway = "native Wayland (sway)"

    var description: String { rawValue }

    func start() throws -> any InputParityTarget {
        switch self {
        case .x11: try X11ParityTarget()
        case .sway: try SwayParityTarget()
        }
    }
}

/// Xvfb with openbox, driven through XTest.
final class X11ParityTarget: InputParityTarget {
    let server: XServerFixture
    let harness: GameWindowHarness
    var window: GameWindow { harness.window }
    var events: [InputEvent] {
        get { harness.events }
        set { harness.events = newValue }
    }

    init() throws {
        server = try XServerFixture()
        do {
            harness = try GameWindowHarness(displayName: server.displayName, title: "parity")
        } catch {
            server.stop()
            throw error
        }
    }

    func showFocusedWithThePointerIn() -> Bool {
        window.show()
        let probe = server.probe
        guard let id = window.x11?.windowID, harness.pump(until: { window.isViewable && probe.focusedWindow == id }) else { return false }
        let centre = probe.centre(of: id)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        harness.pump(for: .milliseconds(50))
        return true
    }

    func key(_ evdevCode: Int, down: Bool) { server.probe.sendKey(UInt32(evdevCode + 8), down: down) }

    func button(_ evdevCode: Int, down: Bool) {
        let number: UInt32 = evdevCode == 272 ? 1 : evdevCode == 273 ? 3 : 2
        XTestFakeButtonEvent(server.probe.display, number, down ? 1 : 0, 0)
        XSync(server.probe.display, 0)
    }

    func focusElsewhere() { server.probe.showOtherWindow() }

    func focusBack() {
        server.probe.closeOtherWindow()
        if let id = window.x11?.windowID { server.probe.activate(id) }
    }

    func pump(timeout: Duration, until condition: () -> Bool) -> Bool { harness.pump(timeout: timeout, until: condition) }

    func stop() {
        window.close()
        server.stop()
    }
}

/// A headless sway without Xwayland, driven through its virtual pointer and keyboard; the
/// focus goes to a second native window of this process.
final class SwayParityTarget: InputParityTarget {
    let harness: SwayWindowHarness
    private var other: GameWindow?
    var window: GameWindow { harness.window }
    var events: [InputEvent] {
        get { harness.events }
        set { harness.events = newValue }
    }

    init() throws { harness = try SwayWindowHarness(title: "parity") }

    func showFocusedWithThePointerIn() -> Bool {
        let sway = harness.sway
        window.show()
        guard harness.pump(until: { sway.windowStates()["parity"]?.focused == true }),
            let frame = sway.windowRectangles()["parity"], sway.moveAbsolute(x: frame.x + 200, y: frame.y + 150)
        else { return false }
        return harness.pump {
            window.inputState.modifierFlags.isEmpty && harness.events.contains { if case .pointer = $0 { true } else { false } }
        }
    }

    func key(_ evdevCode: Int, down: Bool) { harness.sway.key(evdevCode, down: down) }
    func button(_ evdevCode: Int, down: Bool) { harness.sway.button(evdevCode, down: down) }

    func focusElsewhere() {
        let sway = harness.sway
        let environment = sway.waylandEnvironment
        guard let runtime = environment["XDG_RUNTIME_DIR"], let display = environment["WAYLAND_DISPLAY"],
            let connection = try? WaylandConnection(socketName: runtime + "/" + display),
            let system = try? WaylandWindow(connection: connection, title: "elsewhere", width: 200, height: 100, stallTimeout: nil)
        else { return }
        let window = GameWindow(system: system, backend: WindowBackendChoice(kind: .wayland, reason: "test", isFallback: false))
        other = window
        window.show()
    }

    func focusBack() {
        other?.close()
        other = nil
        harness.sway.swaymsg(["[title=\"^parity$\"]", "focus"])
    }

    func pump(timeout: Duration, until condition: () -> Bool) -> Bool {
        harness.pump(timeout: timeout) {
            other?.pollEvents { _ in }
            return condition()
        }
    }

    func stop() {
        other?.close()
        harness.stop()
    }
}
