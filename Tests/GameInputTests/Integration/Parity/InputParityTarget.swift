import Foundation

@testable import GameInput

/// A windowing system a parity scenario runs on: a real ``GameWindow`` in this process, the
/// system's own input devices to drive it, and a way to take its focus. Keys are named by
/// their evdev code (17 is W), buttons by theirs (272 is the left one), on every target.
protocol InputParityTarget: AnyObject {
    var window: GameWindow { get }
    /// What the window's loop handed over since the last reset, in order.
    var events: [InputEvent] { get set }
    /// Called with every event before it is kept in ``events``: the game's own handler.
    var route: (InputEvent) -> Void { get set }
    /// Shows the window and waits until it has the focus and the pointer is over it.
    func showFocusedWithThePointerIn() -> Bool
    func key(_ evdevCode: Int, down: Bool)
    func button(_ evdevCode: Int, down: Bool)
    /// Gives the keyboard focus to another window; the pointer stays where it is.
    func focusElsewhere()
    /// Closes that other window and gives the focus back to the game's.
    func focusBack()
    /// Ends the system under the window: its server or compositor killed.
    func loseConnection()
    /// Whether the system itself holds a pointer lock, as seen from outside the game: a second
    /// X client's grab refused, the compositor's own log.
    var systemHoldsLock: Bool { get }
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
    case recording = "the recording fake"
    case x11 = "X11 (Xvfb + openbox)"
    case sway = "native Wayland (sway)"
    case mutter = "native Wayland (mutter)"
    case kwin = "native Wayland (KWin)"

    var description: String { rawValue }

    /// What each system lets a game do, as measured on the headless servers the tests start.
    var capabilities: WindowCapabilities {
        switch self {
        case .recording: .icon
        case .x11: [.position, .icon, .warp, .fractionalScale, .activationTakesFocus]
        case .sway, .mutter: .transformGestures
        case .kwin: [.transformGestures, .fractionalScale]
        }
    }

    /// Starts the system with the keyboard layout `layout` (XKB's name: `us`, `de`), as far as
    /// it takes one: mutter 43 keeps its own (``GnomeKDEFixture``).
    func start(layout: String = "us") throws -> any InputParityTarget {
        switch self {
        case .recording: RecordingParityTarget(german: layout == "de")
        case .x11: try X11ParityTarget(layout: layout)
        case .sway: try SwayParityTarget(layout: layout)
        case .mutter: try GnomeKDEParityTarget(.mutter, layout: layout)
        case .kwin: try GnomeKDEParityTarget(.kwin, layout: layout)
        }
    }
}

/// A system that could not be set up as a scenario asks.
enum ParityFailure: Error {
    case layout([String])
}
