import Foundation
import Synchronization

/// Decides whether the pointer is locked to the game's window, or confined to it with its
/// cursor visible, UIKit style: the game states a preference, the controller grants the grab
/// only while every requirement holds, and reports the actual ``PointerLockState`` and
/// ``PointerConfinementState``.
///
/// The topmost presented object answers the preferences: the ``rootPreferring`` object (the
/// game) unless something was ``present(_:)``ed over it, such as an alert. When an answer
/// changes, call ``setNeedsUpdateOfPrefersPointerLocked()``. Focus, visibility and held
/// buttons are reported by the window; the grab yields when they fail and comes back by
/// itself when they return. When both are preferred the lock wins and the confinement reports
/// ``UnlockedReason/lockPreferred``; switching between them keeps the pointer grabbed
/// throughout. Observers (``addObserver(_:)``, ``addConfinementObserver(_:)`` and the
/// states' `didChangeNotification`s) hear every real change, once.
///
/// Use it from the thread that runs the event loop.
public final class PointerLockController {
    /// The object whose preference counts when nothing is presented over it.
    public var rootPreferring: (any PointerLockPreferring)? {
        didSet { setNeedsUpdateOfPrefersPointerLocked() }
    }

    /// Objects presented over the root, bottom first; the last one answers the preference.
    public private(set) var presented: [any PointerLockPreferring] = []

    /// Whether the lock is granted only while the window is full-screen. Default false.
    public var requiresFullScreen = false {
        didSet { facts.requiresFullScreen = requiresFullScreen; evaluate() }
    }

    /// The actual lock state, or `nil` where pointer lock is unavailable (the X server has
    /// no XInput 2, so no relative motion could be delivered).
    public private(set) var pointerLockState: PointerLockState?

    /// Whether the pointer is locked right now (`pointerLockState?.isLocked == true`).
    public var isLocked: Bool { pointerLockState?.isLocked == true }

    /// The actual confinement state, or `nil` where grabbing is unavailable (as for the lock).
    public private(set) var pointerConfinementState: PointerConfinementState?

    /// Whether the pointer is confined right now (`pointerConfinementState?.isConfined == true`).
    public var isConfined: Bool { pointerConfinementState?.isConfined == true }

    /// The part of the window the confinement keeps the pointer in, in window pixels; `nil`
    /// (the default) for the whole window. It is clipped to the window as the window resizes;
    /// a rectangle that misses the window confines to the whole window. The lock always keeps
    /// the pointer in the whole window.
    public var confinementRect: WindowRect? {
        didSet {
            guard confinementRect != oldValue, !isShutDown else { return }
            platform?.setConfinementRect(confinementRect)
        }
    }

    private let platform: (any PointerLockPlatform)?
    private let clock: () -> ContinuousClock.Instant
    private var arbiter = PointerLockArbiter()
    private var facts = PointerLockFacts()
    private var observers: [Int: (PointerLockState) -> Void] = [:]
    private var confinementObservers: [Int: (PointerConfinementState) -> Void] = [:]
    private var nextObserverID = 0
    /// Ends each sequence of ``stateUpdates()``, when the window closes or the controller goes.
    private var sequenceEnds: [Int: () -> Void] = [:]
    private var isEvaluating = false
    private var needsAnotherEvaluation = false
    /// Set by ``shutDown()``: the window is closing and the platform must not be used again.
    private var isShutDown = false
    /// While an attached debugger suspends the lock, when the environment is read again.
    private var environmentCheck: ContinuousClock.Instant?
    /// What the process environment forbids (``LockSuspension/fromEnvironment(_:status:)``),
    /// read before each grab and while a debugger suspends the lock, the same on every backend:
    /// an attached debugger forbids the grab (unless `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`), as a
    /// breakpoint would stop the process with the user's pointer grabbed.
    private let environment: () -> LockSuspension?

    /// How often the environment is read again while a debugger suspends the lock, so that the
    /// lock returns by itself soon after the debugger detaches.
    static let environmentCheckInterval: Duration = .milliseconds(250)

    /// Creates a controller that drives `platform`, or one that reports `nil` state when
    /// `platform` is `nil` (locking unavailable). `environment` says what the process's
    /// environment forbids; tests give their own.
    init(
        platform: (any PointerLockPlatform)?, clock: @escaping () -> ContinuousClock.Instant = { .now },
        environment: @escaping () -> LockSuspension? = { LockSuspension.fromEnvironment() }
    ) {
        self.platform = platform
        self.clock = clock
        self.environment = environment
        if platform != nil {
            pointerLockState = arbiter.state
            pointerConfinementState = arbiter.confinementState
        }
    }

    /// Re-reads the topmost object's preferences (``PointerLockPreferring/prefersPointerLocked``
    /// and ``PointerLockPreferring/prefersPointerConfined``) and updates the grab to match.
    public func setNeedsUpdateOfPrefersPointerLocked() {
        let top = presented.last ?? rootPreferring
        let prefersLocked = top?.prefersPointerLocked ?? false
        let prefersConfined = top?.prefersPointerConfined ?? false
        facts.prefersPointerLocked = prefersLocked
        facts.prefersPointerConfined = prefersConfined
        facts.alertPresented = !presented.isEmpty && !prefersLocked && !prefersConfined
        evaluate()
    }

    /// Presents `object` over everything presented so far; its preference now counts.
    public func present(_ object: any PointerLockPreferring) {
        presented.append(object)
        setNeedsUpdateOfPrefersPointerLocked()
    }

    /// Dismisses the topmost presented object, if any; the one below answers again.
    public func dismissTopmost() {
        guard !presented.isEmpty else { return }
        presented.removeLast()
        setNeedsUpdateOfPrefersPointerLocked()
    }

    /// Calls `handler` with the new state after every real change, until the returned
    /// observation is cancelled or released.
    public func addObserver(_ handler: @escaping (PointerLockState) -> Void) -> PointerLockObservation {
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = handler
        return PointerLockObservation { [weak self] in self?.observers[id] = nil }
    }

    /// Calls `handler` with the new confinement state after every real change, until the
    /// returned observation is cancelled or released. Within one change of facts the lock's
    /// observers hear first.
    public func addConfinementObserver(_ handler: @escaping (PointerConfinementState) -> Void) -> PointerLockObservation {
        let id = nextObserverID
        nextObserverID += 1
        confinementObservers[id] = handler
        return PointerLockObservation { [weak self] in self?.confinementObservers[id] = nil }
    }

    /// When a refused or pending grab is next tried, or the environment read again; the event
    /// loop wakes up for it and calls ``retryIfDue()``.
    var retryDeadline: ContinuousClock.Instant? {
        guard let environmentCheck else { return arbiter.retryDeadline }
        return min(environmentCheck, arbiter.retryDeadline ?? environmentCheck)
    }

    /// The facts as last reported.
    var currentFacts: PointerLockFacts { facts }

    func setFocused(_ focused: Bool) { facts.hasFocus = focused; evaluate() }
    func setViewable(_ viewable: Bool) { facts.isViewable = viewable; evaluate() }
    func setFullScreen(_ fullScreen: Bool) { facts.isFullScreen = fullScreen; evaluate() }
    func setButtonsHeld(_ held: Bool) { facts.buttonsHeld = held; evaluate() }
    func setPointerOverWindow(_ over: Bool) { facts.pointerIsOverWindow = over; evaluate() }
    func setRequiresPointerOverWindow(_ required: Bool) { facts.requiresPointerOverWindow = required; evaluate() }
    /// Reads the environment's word: grabbing disabled, or a debugger attached, which is read
    /// again until it detaches.
    func readEnvironment() {
        facts.suspension = environment()
        scheduleEnvironmentCheck()
        evaluate()
    }
    func setScreenSaverActive(_ active: Bool) { facts.screenSaverActive = active; evaluate() }
    func setKeyboardGrabbedElsewhere(_ grabbed: Bool) {
        guard grabbed != facts.keyboardGrabbedElsewhere else { return }
        facts.keyboardGrabbedElsewhere = grabbed
        evaluate()
    }

    /// Why the pointer was freed from outside the loop (the stall watchdog, the lock
    /// guardian) while the game could not run. Set, it is reported as `suspended(…)` and no
    /// lock is taken; the window clears it once the loop has handled what queued up
    /// meanwhile, so the next decision rests on current facts.
    func setInterruption(_ interruption: LockSuspension?) {
        if interruption != nil {
            // The grab is already gone: the arbiter must not release it again.
            arbiter.grabLost()
        }
        facts.interruption = interruption
        evaluate()
    }

    /// The platform found its grab gone without a release (the server ended it): the lock is
    /// taken again as soon as the facts allow, and reported unlocked until then.
    func grabEndedBySystem() {
        arbiter.grabLost()
        evaluate()
    }

    /// The platform is ready for a pending grab, or has news of a withheld one: it is tried now.
    func pendingGrabMayProceed() {
        arbiter.pendingGrabMayProceed(now: clock())
        evaluate()
    }

    /// Retries a refused grab when its deadline has passed, and reads the environment again
    /// when its check is due.
    func retryIfDue() {
        if let environmentCheck, clock() >= environmentCheck, platform != nil, !isShutDown {
            return readEnvironment()
        }
        guard arbiter.retryDeadline != nil else { return }
        evaluate()
    }

    private func scheduleEnvironmentCheck() {
        environmentCheck = facts.suspension == .debuggerAttached ? clock() + Self.environmentCheckInterval : nil
    }

    /// Releases a held grab for good (teardown: the game quits, so the cursor goes back where
    /// the lock found it) and makes no platform call after it, even when this runs inside an
    /// evaluation (an observer that closes the window); the state stays as it is reported.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        endSequences()
        guard let platform, let held = arbiter.heldGrab else { return }
        platform.releaseLock(restoringPointer: held == .lock)
    }

    deinit { endSequences() }

    /// The lock's state as an asynchronous sequence, UIKit's change notification made for
    /// `for await`: the state now (none where locking is unavailable), then each real change in
    /// order, as the observers hear it (during the window's `pollEvents`). It ends when the
    /// window closes; a task that stops iterating ends its own. Up to `bufferingNewest` changes
    /// wait for a slow reader, the oldest dropped first.
    public func stateUpdates(bufferingNewest limit: Int = 64) -> AsyncStream<PointerLockState> {
        let (updates, continuation) = AsyncStream.makeStream(of: PointerLockState.self, bufferingPolicy: .bufferingNewest(limit))
        guard !isShutDown else {
            continuation.finish()
            return updates
        }
        if let pointerLockState { continuation.yield(pointerLockState) }
        let reading = SequenceReading()
        continuation.onTermination = { _ in reading.stop() }
        let id = nextObserverID
        nextObserverID += 1
        // The reader may stop on any thread: its observer goes at the next change, on this one.
        observers[id] = { [weak self] state in
            guard reading.goesOn else {
                self?.observers[id] = nil
                self?.sequenceEnds[id] = nil
                return
            }
            continuation.yield(state)
        }
        sequenceEnds[id] = { continuation.finish() }
        return updates
    }

    private func endSequences() {
        let ends = sequenceEnds
        sequenceEnds.removeAll()
        for end in ends.values { end() }
    }

    private func evaluate() {
        guard let platform, !isShutDown else { return }
        if isEvaluating {
            needsAnotherEvaluation = true
            return
        }
        isEvaluating = true
        defer { isEvaluating = false }
        repeat {
            needsAnotherEvaluation = false
            let now = clock()
            if let command = arbiter.update(facts, now: now) {
                perform(command, on: platform, now: now)
            }
            // Facts changed during the command (an attempt found a debugger attached): the
            // state in between is no state of the system's (it read "grab refused"), so only
            // the state decided on the new facts is published.
            if !needsAnotherEvaluation { publishIfChanged() }
        } while needsAnotherEvaluation && !isShutDown
    }

    private func perform(_ command: PointerLockArbiter.Command, on platform: any PointerLockPlatform, now: ContinuousClock.Instant) {
        switch command {
        case .acquire(let kind):
            if let suspension = environment() {
                // Checked at each attempt: a debugger attached since the last one.
                arbiter.grabLost()
                facts.suspension = suspension
                scheduleEnvironmentCheck()
                needsAnotherEvaluation = true
            } else {
                record(platform.acquire(kind), now: now)
            }
        case .change(let kind):
            record(platform.change(to: kind), now: now)
        case .release(let restoresPointer):
            platform.releaseLock(restoringPointer: restoresPointer)
        case .cancelAcquire:
            platform.cancelAcquire()
        }
    }

    private func record(_ outcome: GrabOutcome, now: ContinuousClock.Instant) {
        switch outcome {
        case .granted: arbiter.grabSucceeded()
        case .refused(let refusal): arbiter.grabRefused(refusal, at: now)
        case .pending(let deadline): arbiter.grabPending(until: deadline)
        case .withheld(let refusal): arbiter.grabWithheld(refusal)
        }
    }

    private func publishIfChanged() {
        let state = arbiter.state
        let confinement = arbiter.confinementState
        if state != pointerLockState {
            pointerLockState = state
            for id in observers.keys.sorted() {
                observers[id]?(state)
            }
            NotificationCenter.default.post(
                name: PointerLockState.didChangeNotification,
                object: self,
                userInfo: [PointerLockState.userInfoKey: state]
            )
        }
        // An observer of the lock may have closed the window.
        guard confinement != pointerConfinementState, !isShutDown else { return }
        pointerConfinementState = confinement
        for id in confinementObservers.keys.sorted() {
            confinementObservers[id]?(confinement)
        }
        NotificationCenter.default.post(
            name: PointerConfinementState.didChangeNotification,
            object: self,
            userInfo: [PointerConfinementState.userInfoKey: confinement]
        )
    }
}

/// A registration made with ``PointerLockController/addObserver(_:)``; the handler is removed
/// when this is cancelled or released.
public final class PointerLockObservation {
    private var onCancel: (() -> Void)?

    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }

    /// Stops calling the handler.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    deinit { cancel() }
}

/// Whether the task reading a ``PointerLockController/stateUpdates(bufferingNewest:)`` sequence
/// still reads it; set from the task's thread when it stops.
private final class SequenceReading: Sendable {
    private let stopped = Atomic<Bool>(false)
    var goesOn: Bool { !stopped.load(ordering: .acquiring) }
    func stop() { stopped.store(true, ordering: .releasing) }
}

/// The controller belongs to its window's thread or actor: Swift refuses to share it.
@available(*, unavailable, message: "a PointerLockController belongs to its window's thread or actor")
extension PointerLockController: Sendable {}
