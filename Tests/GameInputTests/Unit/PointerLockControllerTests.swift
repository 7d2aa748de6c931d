import Foundation
import Testing

@testable import GameInput

/// A platform that records the commands it is given and refuses grabs on request.
final class RecordingPlatform: PointerLockPlatform {
    var commands: [String] = []
    var refusal: GrabRefusal?
    /// What the environment forbids, as the controller is told in these tests.
    var suspension: LockSuspension?

    /// Set, the next grab attempts are pending until this deadline.
    var pendingUntil: ContinuousClock.Instant?
    /// Set, the next grab attempts are withheld, as a Wayland compositor withholds a lock.
    var withholding = false

    func acquire(_ kind: PointerGrabKind) -> GrabOutcome {
        let name = kind == .lock ? "acquire" : "acquire confinement"
        if withholding {
            commands.append("\(name) withheld")
            return .withheld(.compositorWithheld)
        }
        if let pendingUntil {
            commands.append("\(name) pending")
            return .pending(until: pendingUntil)
        }
        commands.append(refusal.map { "\(name) refused: \($0)" } ?? name)
        return refusal.map { .refused($0) } ?? .granted
    }

    func change(to kind: PointerGrabKind) -> GrabOutcome {
        commands.append(refusal.map { "change to \(kind) refused: \($0)" } ?? "change to \(kind)")
        return refusal.map { .refused($0) } ?? .granted
    }

    var confinementRects: [WindowRect?] = []
    func setConfinementRect(_ rect: WindowRect?) { confinementRects.append(rect) }

    func releaseLock(restoringPointer: Bool) { commands.append(restoringPointer ? "release, restore" : "release") }

    func cancelAcquire() { commands.append("cancel") }
}

final class Preferring: PointerLockPreferring {
    var prefersPointerLocked: Bool
    var prefersPointerConfined: Bool
    init(_ prefers: Bool, confined: Bool = false) {
        prefersPointerLocked = prefers
        prefersPointerConfined = confined
    }
}

final class DefaultPreferring: PointerLockPreferring {}

/// States collected from notifications (delivered synchronously on the posting thread).
final class PostedStates: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [PointerLockState] = []
    var states: [PointerLockState] { lock.withLock { collected } }
    func append(_ state: PointerLockState) { lock.withLock { collected.append(state) } }
}

/// A clock the test moves by hand.
final class ManualClock {
    var now = ContinuousClock.now
}

@Suite struct PointerLockControllerTests {
    let platform = RecordingPlatform()
    let clock = ManualClock()

    func makeReadyController(root: any PointerLockPreferring) -> PointerLockController {
        let clock = self.clock
        let controller = PointerLockController(platform: platform, clock: { clock.now }, environment: { platform.suspension })
        controller.setViewable(true)
        controller.setFocused(true)
        controller.rootPreferring = root
        return controller
    }

    /// UIKit's change notification as a sequence: the state now, each real change once, in
    /// order, and the end when the window closes.
    @Test func theLockStatesComeAsAnAsyncSequenceThatEndsWithTheWindow() async {
        let controller = makeReadyController(root: Preferring(true))
        let updates = controller.stateUpdates()
        let stopped = controller.stateUpdates()
        controller.setFocused(false)
        controller.setFocused(false)
        controller.setFocused(true)
        controller.shutDown()
        var seen: [PointerLockState] = []
        for await state in updates { seen.append(state) }
        #expect(seen == [.locked, .unlocked(.unfocused), .locked])
        var first: PointerLockState?
        for await state in stopped {
            first = state
            break
        }
        #expect(first == .locked, "a reader may stop when it likes")
        var after: [PointerLockState] = []
        for await state in controller.stateUpdates() { after.append(state) }
        #expect(after.isEmpty, "a closed window's sequence is over at once")
    }

    @Test func thePreferenceDefaultsToUnlocked() {
        let controller = makeReadyController(root: DefaultPreferring())
        #expect(controller.pointerLockState == .unlocked(.preferenceOff))
        #expect(platform.commands.isEmpty)
    }

    @Test func stateIsNilWhereLockingIsUnavailable() {
        let controller = PointerLockController(platform: nil)
        controller.rootPreferring = Preferring(true)
        controller.setFocused(true)
        controller.setViewable(true)
        #expect(controller.pointerLockState == nil)
        #expect(!controller.isLocked)
    }

    @Test func preferenceChangesTakeEffectOnSetNeedsUpdate() {
        let game = Preferring(false)
        let controller = makeReadyController(root: game)
        game.prefersPointerLocked = true
        #expect(!controller.isLocked, "the preference is read only when asked to update")
        controller.setNeedsUpdateOfPrefersPointerLocked()
        #expect(controller.isLocked)
        #expect(platform.commands == ["acquire"])
    }

    @Test func anAlertAnswersThePreferenceWhileShown() {
        let controller = makeReadyController(root: Preferring(true))
        controller.present(Preferring(false))
        #expect(controller.pointerLockState == .unlocked(.alertPresented))
        controller.dismissTopmost()
        #expect(controller.isLocked)
        #expect(platform.commands == ["acquire", "release, restore", "acquire"])
    }

    @Test func aFocusLossReleasesWithoutMovingThePointer() {
        let controller = makeReadyController(root: Preferring(true))
        controller.setFocused(false)
        controller.setFocused(true)
        controller.setViewable(false)
        #expect(platform.commands == ["acquire", "release", "acquire", "release"])
    }

    @Test func observersHearEachRealChangeOnce() {
        let controller = makeReadyController(root: Preferring(true))
        var heard: [PointerLockState] = []
        let observation = controller.addObserver { heard.append($0) }
        controller.setFocused(false)
        controller.setFocused(false)
        controller.setViewable(true)
        controller.setNeedsUpdateOfPrefersPointerLocked()
        controller.setFocused(true)
        #expect(heard == [.unlocked(.unfocused), .locked])
        observation.cancel()
        controller.setFocused(false)
        #expect(heard.count == 2, "a cancelled observation hears nothing")
    }

    @Test func changesArePostedAsNotifications() {
        let controller = makeReadyController(root: Preferring(false))
        let posted = PostedStates()
        let token = NotificationCenter.default.addObserver(
            forName: PointerLockState.didChangeNotification, object: controller, queue: nil
        ) { note in
            if let state = note.userInfo?[PointerLockState.userInfoKey] as? PointerLockState { posted.append(state) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        controller.rootPreferring = Preferring(true)
        controller.rootPreferring = Preferring(true)
        #expect(posted.states == [.locked])
    }

    @Test func aRefusedGrabIsRetriedWhenDueAndTheStateFollows() {
        platform.refusal = .alreadyGrabbed
        let controller = makeReadyController(root: Preferring(true))
        #expect(controller.pointerLockState == .unlocked(.grabRefused(.alreadyGrabbed)))
        controller.retryIfDue()
        #expect(platform.commands.count == 1, "no retry before the deadline")
        platform.refusal = nil
        clock.now += .milliseconds(8)
        controller.retryIfDue()
        #expect(controller.isLocked)
        #expect(platform.commands == ["acquire refused: already grabbed by another client", "acquire"])
    }

    @Test func anObserverMayChangeThePreferenceWhileBeingToldOfAChange() {
        let game = Preferring(true)
        let controller = makeReadyController(root: game)
        var heard: [PointerLockState] = []
        let observation = controller.addObserver { state in
            heard.append(state)
            if state == .unlocked(.unfocused) {
                game.prefersPointerLocked = false
                controller.setNeedsUpdateOfPrefersPointerLocked()
            }
        }
        controller.setFocused(false)
        #expect(heard == [.unlocked(.unfocused), .unlocked(.preferenceOff)])
        controller.setFocused(true)
        #expect(!controller.isLocked)
        observation.cancel()
    }

    @Test func teardownReleasesAHeldGrab() {
        let controller = makeReadyController(root: Preferring(true))
        controller.shutDown()
        #expect(platform.commands == ["acquire", "release, restore"], "quitting is the game's decision: the pointer goes back")
    }

    /// An observer that shuts the controller down (a game closing its window when the lock
    /// engages) ends the evaluation: the platform hears nothing after the teardown release,
    /// whatever facts change next.
    @Test func aShutDownInsideAnObserverEndsEveryPlatformCall() {
        let game = Preferring(false)
        let controller = makeReadyController(root: game)
        var heard: [PointerLockState] = []
        let observation = controller.addObserver { state in
            heard.append(state)
            if state.isLocked { controller.shutDown() }
        }
        game.prefersPointerLocked = true
        controller.setNeedsUpdateOfPrefersPointerLocked()
        controller.setFocused(false)
        controller.setFocused(true)
        controller.setNeedsUpdateOfPrefersPointerLocked()
        #expect(platform.commands == ["acquire", "release, restore"], "\(platform.commands)")
        #expect(heard == [.locked])
        observation.cancel()
    }
}
