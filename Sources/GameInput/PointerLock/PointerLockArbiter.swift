/// The pure decision at the heart of pointer lock and confinement: facts in, platform
/// commands out.
///
/// It knows nothing of X. The controller feeds it what is true now (the preferences, focus,
/// visibility, held buttons, …) and what became of the last grab attempt; it answers with the
/// command that closes the difference between the grab it holds and the grab the facts call
/// for, and with the ``PointerLockState`` and ``PointerConfinementState`` to report. It only
/// ever issues differences: facts that change nothing produce no command. Like SDL's
/// `SDL_UpdateRelativeMouseMode`, but with the reason kept and the retry made non-blocking.
///
/// One grab at a time: when the game prefers both, the lock wins (it confines the pointer
/// too, and hides it), and the confinement reports ``UnlockedReason/lockPreferred``. When
/// the lock cannot be had (unfocused, an alert), neither can the confinement, except for the
/// one requirement only the lock has: full screen.
package struct PointerLockArbiter: Hashable, Sendable {
    /// What the platform must do to make the held grab match the facts.
    package enum Command: Hashable, Sendable {
        /// Grab the pointer as `kind` asks (a lock hides it; a confinement keeps the cursor);
        /// report the result with ``grabSucceeded()``, ``grabRefused(_:at:)``,
        /// ``grabPending(until:)`` or ``grabWithheld(_:)``.
        case acquire(PointerGrabKind)
        /// Turn the held grab into `kind` without letting go of the pointer in between; report
        /// the result as for `acquire` (a refused change leaves no grab held).
        case change(to: PointerGrabKind)
        /// Ungrab the pointer and show the cursor. `restoresPointer` is true when the game let
        /// go of a lock itself (preference off, an alert): the cursor may go back where the lock
        /// found it. It is false when the system took the grab away (focus lost, window hidden,
        /// suspended) and for a confinement, whose cursor the player sees: moving the pointer
        /// then would make crossing events, and a window manager that focuses the window under
        /// the pointer would hand the focus straight back.
        case release(restoresPointer: Bool)
        /// The lock stopped being wanted while no grab was held but an attempt was under way
        /// (pending, withheld, or refused and due for a retry): undo what the platform prepared for it.
        case cancelAcquire
    }

    /// The first delay before retrying a refused grab; it doubles on each further refusal.
    package static let initialRetryDelay: Duration = .milliseconds(8)
    /// The longest delay between two grab attempts (a few frames at 60 Hz).
    package static let maximumRetryDelay: Duration = .milliseconds(64)

    /// The facts last given to ``update(_:now:)``.
    package private(set) var facts = PointerLockFacts()
    /// The grab the arbiter believes the platform holds (it issued `acquire` or `change` and no
    /// refusal, release or loss has been reported since); nil when none.
    package private(set) var heldGrab: PointerGrabKind?
    /// Whether the arbiter believes the platform holds a grab of either kind.
    package var holdsGrab: Bool { heldGrab != nil }
    /// The last refusal, kept until a grab succeeds or the lock is no longer wanted.
    package private(set) var lastRefusal: GrabRefusal?
    /// When the next grab attempt is due after a refusal or a pending one; `nil` when none is.
    package private(set) var retryDeadline: ContinuousClock.Instant?
    /// Whether the last attempt is pending: the platform is preparing the grab (the X11 lock
    /// guardian maps its window) and says when to try again.
    package private(set) var isGrantPending = false
    /// Whether the last attempt is withheld: the platform's request stands, the system decides
    /// (a Wayland compositor locks when it chooses), and no attempt is made until the platform
    /// has news (``pendingGrabMayProceed(now:)``) or the facts change.
    package private(set) var isWithheld = false
    private var consecutiveRefusals = 0

    /// An arbiter that holds no grab and has all-false facts: nothing is wanted until
    /// ``update(_:now:)`` brings the facts.
    package init() {}

    /// The lock state to report for the current facts and grab.
    package var state: PointerLockState {
        if heldGrab == .lock { return .locked }
        if let blocking = blockingReason { return .unlocked(blocking) }
        return .unlocked(attemptReason)
    }

    /// The confinement state to report for the current facts and grab.
    package var confinementState: PointerConfinementState {
        if heldGrab == .confinement { return .confined }
        if let blocking = blockingReason(for: .confinement) { return .unconfined(blocking) }
        return .unconfined(attemptReason)
    }

    /// Why a grab that is wanted and not held is not held: pending, or refused (`acquire`
    /// marks the grab held until its outcome is reported).
    private var attemptReason: UnlockedReason {
        if isGrantPending { return .notYetGranted }
        return .grabRefused(lastRefusal ?? .alreadyGrabbed)
    }

    /// The grab the facts call for: the lock when nothing blocks it, else the confinement
    /// when nothing blocks that, else none.
    package var wantedGrab: PointerGrabKind? {
        if blockingReason == nil { return .lock }
        if blockingReason(for: .confinement) == nil { return .confinement }
        return nil
    }

    /// The first requirement that keeps the lock from being wanted, or `nil` when it is wanted.
    package var blockingReason: UnlockedReason? { blockingReason(for: .lock) }

    /// The first requirement that keeps a grab of `kind` from being wanted, or `nil` when it
    /// is wanted. A confinement is not wanted while the lock is (``UnlockedReason/lockPreferred``).
    package func blockingReason(for kind: PointerGrabKind) -> UnlockedReason? {
        if facts.alertPresented { return .alertPresented }
        switch kind {
        case .lock:
            if !facts.prefersPointerLocked { return .preferenceOff }
        case .confinement:
            if !facts.prefersPointerConfined { return .preferenceOff }
        }
        if let interruption = facts.interruption { return .suspended(interruption) }
        if let suspension = facts.suspension { return .suspended(suspension) }
        if facts.screenSaverActive { return .screenSaverActive }
        if facts.keyboardGrabbedElsewhere { return .keyboardGrabbedElsewhere }
        if !facts.isViewable { return .notViewable }
        if !facts.hasFocus { return .unfocused }
        if kind == .lock && facts.requiresFullScreen && !facts.isFullScreen { return .notFullScreen }
        if facts.requiresPointerOverWindow && !facts.pointerIsOverWindow { return .pointerOutsideWindow }
        // Held buttons only delay taking a grab; they never break one that is held.
        if facts.buttonsHeld && !holdsGrab { return .buttonsHeld }
        if kind == .confinement && blockingReason(for: .lock) == nil { return .lockPreferred }
        return nil
    }

    /// Takes the facts as they are now and returns the command that is due, if any.
    ///
    /// A change of facts makes a pending retry due at once (the conditions changed), so a
    /// grab refused as not viewable is tried again as soon as the window maps.
    package mutating func update(_ newFacts: PointerLockFacts, now: ContinuousClock.Instant) -> Command? {
        if newFacts != facts {
            facts = newFacts
            if retryDeadline != nil || isWithheld {
                consecutiveRefusals = 0
                retryDeadline = now
                isWithheld = false
            }
        }
        return commandDue(now: now)
    }

    /// Returns the command due at `now` with unchanged facts: a grab retry whose deadline passed.
    package mutating func poll(now: ContinuousClock.Instant) -> Command? {
        commandDue(now: now)
    }

    /// Reports that the `acquire` or `change` just issued succeeded.
    package mutating func grabSucceeded() {
        isGrantPending = false
        isWithheld = false
        lastRefusal = nil
        retryDeadline = nil
        consecutiveRefusals = 0
    }

    /// Reports that the grab is gone without a `release`: a watchdog or a guardian freed the
    /// pointer, or the `acquire` just issued was abandoned before grabbing.
    package mutating func grabLost() {
        heldGrab = nil
    }

    /// Reports that the `acquire` or `change` just issued was refused (no grab is held now);
    /// schedules a retry with back-off.
    package mutating func grabRefused(_ refusal: GrabRefusal, at now: ContinuousClock.Instant) {
        heldGrab = nil
        isGrantPending = false
        isWithheld = false
        lastRefusal = refusal
        consecutiveRefusals += 1
        retryDeadline = now + Self.retryDelay(afterRefusals: consecutiveRefusals)
    }

    /// Reports that the `acquire` just issued is pending: the platform is getting ready and
    /// asks to be tried again at `deadline` at the latest (or sooner, through
    /// ``pendingGrabMayProceed(now:)``). The state meanwhile is `unlocked(.notYetGranted)`.
    package mutating func grabPending(until deadline: ContinuousClock.Instant) {
        heldGrab = nil
        isGrantPending = true
        retryDeadline = deadline
    }

    /// Reports that the system withholds the `acquire` or `change` just issued: the request
    /// stands and the system will say when that changes (a Wayland compositor that has not
    /// locked the pointer, or took the lock away). No grab is held; the state reports
    /// `refusal`, and nothing is tried again until ``pendingGrabMayProceed(now:)`` or a change
    /// of facts.
    package mutating func grabWithheld(_ refusal: GrabRefusal) {
        heldGrab = nil
        isGrantPending = false
        isWithheld = true
        lastRefusal = refusal
        retryDeadline = nil
        consecutiveRefusals = 0
    }

    /// The platform is ready for the pending grab, or has news of a withheld one: the next
    /// attempt is due now.
    package mutating func pendingGrabMayProceed(now: ContinuousClock.Instant) {
        guard isGrantPending || isWithheld else { return }
        isWithheld = false
        retryDeadline = now
    }

    /// The delay before the next attempt after `refusals` consecutive refusals.
    package static func retryDelay(afterRefusals refusals: Int) -> Duration {
        var delay = initialRetryDelay
        var doublings = max(0, refusals - 1)
        while doublings > 0 && delay < maximumRetryDelay {
            delay *= 2
            doublings -= 1
        }
        return min(delay, maximumRetryDelay)
    }

    private mutating func commandDue(now: ContinuousClock.Instant) -> Command? {
        if let wanted = wantedGrab {
            if heldGrab == wanted { return nil }
            if heldGrab != nil {
                heldGrab = wanted
                return .change(to: wanted)
            }
            if isWithheld { return nil }
            if let retryDeadline, now < retryDeadline { return nil }
            heldGrab = wanted
            return .acquire(wanted)
        }
        let wasAttempting = retryDeadline != nil || isGrantPending || isWithheld
        lastRefusal = nil
        retryDeadline = nil
        consecutiveRefusals = 0
        isGrantPending = false
        isWithheld = false
        if let held = heldGrab {
            heldGrab = nil
            let gameLetGo = blockingReason.map(Self.isTheGamesOwnDecision) ?? false
            return .release(restoresPointer: held == .lock && gameLetGo)
        }
        return wasAttempting ? .cancelAcquire : nil
    }

    /// Whether `reason` is the game's own choice rather than something the system did.
    private static func isTheGamesOwnDecision(_ reason: UnlockedReason) -> Bool {
        switch reason {
        case .alertPresented, .preferenceOff, .lockPreferred: true
        case .suspended, .screenSaverActive, .keyboardGrabbedElsewhere, .notViewable, .unfocused, .notFullScreen,
            .pointerOutsideWindow, .buttonsHeld, .grabRefused, .notYetGranted:
            false
        }
    }
}

/// What is true now that decides whether the pointer may be locked.
package struct PointerLockFacts: Hashable, Sendable {
    /// The lock preference of the topmost presented object (the game, or an alert over it).
    package var prefersPointerLocked = false
    /// The confinement preference of the topmost presented object.
    package var prefersPointerConfined = false
    /// Whether something presented over the game is on top and prefers the pointer neither
    /// locked nor confined.
    package var alertPresented = false
    /// Locking switched off by the environment or a safety valve.
    package var suspension: LockSuspension?
    /// Why the pointer was freed from outside the event loop while locked, because the game
    /// could not run (a stalled loop, a stopped or traced process); kept until the loop has
    /// handled what queued up meanwhile.
    package var interruption: LockSuspension?
    /// Whether the screen saver (or a locker using it) is active.
    package var screenSaverActive = false
    /// Whether another client has held a grab of the keyboard for longer than a hotkey's tap
    /// (a screen locker, a system overlay, a window manager's switcher).
    package var keyboardGrabbedElsewhere = false
    /// Whether the window is mapped and viewable.
    package var isViewable = false
    /// Whether the window has keyboard focus (grab-caused focus events do not count).
    package var hasFocus = false
    /// Whether the game asks for the lock only while full-screen.
    package var requiresFullScreen = false
    /// Whether the window is full-screen.
    package var isFullScreen = false
    /// Whether the lock may engage only while the pointer is over the window. True under
    /// Xwayland, where the X grab becomes the compositor's pointer lock only if the
    /// compositor's pointer is on the window when the grab starts.
    package var requiresPointerOverWindow = false
    /// Whether the pointer is over the window (as the server last reported crossing it).
    package var pointerIsOverWindow = false
    /// Whether a mouse button pressed in the window is still held.
    package var buttonsHeld = false

    /// Facts that are all false or absent: no preference, not viewable, no focus.
    package init() {}
}

/// The two grabs the arbiter chooses between.
package enum PointerGrabKind: Hashable, Sendable, CustomStringConvertible {
    /// The pointer lock: the cursor hidden, relative motion only, the pointer kept in place.
    case lock
    /// The confinement: the cursor visible and kept inside the window (or its confinement
    /// rectangle), with ordinary pointer events.
    case confinement

    /// "lock" or "confinement".
    package var description: String {
        switch self {
        case .lock: "lock"
        case .confinement: "confinement"
        }
    }
}
