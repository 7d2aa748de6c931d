import Foundation
import XServerTestSupport

@testable import GameInput

/// Runs a real ``GameWindow`` in the test process and collects what it reports.
final class GameWindowHarness {
    let window: GameWindow
    private(set) var motions: [RelativeMotion] = []
    private(set) var loopIterations = 0
    /// Everything else the window reported, in order.
    var events: [InputEvent] = []
    /// Called with every event, for handlers under test.
    var route: (InputEvent) -> Void = { _ in }

    var keys: [KeyEvent] { events.compactMap { if case .key(let key) = $0 { key } else { nil } } }
    var buttons: [ButtonEvent] { events.compactMap { if case .button(let button) = $0 { button } else { nil } } }
    var scrolls: [ScrollEvent] { events.compactMap { if case .scroll(let scroll) = $0 { scroll } else { nil } } }
    var pointers: [PointerEvent] { events.compactMap { if case .pointer(let pointer) = $0 { pointer } else { nil } } }

    init(displayName: String, title: String = "gameinput-test") throws {
        window = try GameWindow(title: title, width: 400, height: 300, displayName: displayName)
    }

    /// GameInput attached to a host's window.
    init(attachingTo host: HostWindow) throws {
        window = try GameWindow(attachingTo: host)
    }

    var state: PointerLockState? { window.pointerLock.pointerLockState }

    /// Runs the event loop until `condition` holds, at most `timeout`; returns whether it held.
    @discardableResult
    func pump(timeout: Duration = .seconds(5), until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            step()
            if condition() { return true }
            if ContinuousClock.now >= deadline { return false }
        }
    }

    /// Runs the loop for `duration` whatever happens.
    func pump(for duration: Duration) {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline { step() }
    }

    /// One frame: wait at most 5 ms for input, then handle all of it.
    func step() {
        loopIterations += 1
        window.waitForEvents(until: .now + .milliseconds(5))
        window.pollEvents { event in
            route(event)
            switch event {
            case .relativeMotion(let motion): motions.append(motion)
            default: events.append(event)
            }
        }
    }

    func clearMotion() { motions.removeAll() }

    /// Handles what is queued without waiting, recording only relative motion.
    func drain() {
        window.pollEvents { event in
            if case .relativeMotion(let motion) = event { motions.append(motion) }
        }
    }

    func clearEvents() {
        events.removeAll()
        motions.removeAll()
    }
}

/// A game object whose preference the test sets.
final class TestGame: PointerLockPreferring {
    var prefersPointerLocked: Bool
    var prefersPointerConfined: Bool
    init(prefers: Bool, confined: Bool = false) {
        prefersPointerLocked = prefers
        prefersPointerConfined = confined
    }
}
