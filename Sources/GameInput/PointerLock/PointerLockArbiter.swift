/// The pure decision at the heart of pointer lock: facts in, platform commands out.
///
/// It knows nothing of X. The controller feeds it what is true now (the preference, focus,
/// visibility, held buttons, …) and what became of the last grab attempt; it answers with the
/// command that closes the difference between the lock it holds and the lock the facts call
/// for, and with the ``PointerLockState`` to report. It only ever issues differences: facts
/// that change nothing produce no command. Like SDL's `SDL_UpdateRelativeMouseMode`, but with
/// the reason kept and the retry made non-blocking.
public struct PointerLockArbiter: Hashable, Sendable {
    /// What the platform must do to make the held lock match the facts.
    public enum Command: Hashable, Sendable {
        /// Grab and hide the pointer; report the result with ``grabSucceeded()``,
        /// ``grabRefused(_:at:)`` or ``grabPending(until:)``.
        case acquire
        /// Ungrab the pointer and show the cursor. `restoresPointer` is true when the game let
        /// go itself (preference off, an alert): the cursor may go back where the lock found
        /// it. It is false when the system took the lock away (focus lost, window hidden,
        /// suspended): moving the pointer then would make crossing events, and a window manager
        /// that focuses the window under the pointer would hand the focus straight back.
        case release(restoresPointer: Bool)
        /// The lock stopped being wanted while no grab was held but an attempt was under way
        /// (pending, or refused and due for a retry): undo what the platform prepared for it.
        case cancelAcquire
    }

    /// The first delay before retrying a refused grab; it doubles on each further refusal.
    public static let initialRetryDelay: Duration = .milliseconds(8)
    /// The longest delay between two grab attempts (a few frames at 60 Hz).
    public static let maximumRetryDelay: Duration = .milliseconds(64)

    /// The facts last given to ``update(_:now:)``.
    public private(set) var facts = PointerLockFacts()
    /// Whether the arbiter believes the platform holds the grab (it issued `acquire` and no
    /// refusal, release or loss has been reported since).
    public private(set) var holdsGrab = false
    /// The last refusal, kept until a grab succeeds or the lock is no longer wanted.
    public private(set) var lastRefusal: GrabRefusal?
    /// When the next grab attempt is due after a refusal or a pending one; `nil` when none is.
    public private(set) var retryDeadline: ContinuousClock.Instant?
    /// Whether the last attempt is pending: the platform is preparing the grab (the X11 lock
    /// guardian maps its window) and says when to try again.
    public private(set) var isGrantPending = false
    private var consecutiveRefusals = 0

    /// An arbiter that holds no grab and has all-false facts: nothing is wanted until
    /// ``update(_:now:)`` brings the facts.
    public init() {}

    /// The state to report for the current facts and grab.
    public var state: PointerLockState {
        if holdsGrab { return .locked }
        if let blocking = blockingReason { return .unlocked(blocking) }
        if isGrantPending { return .unlocked(.notYetGranted) }
        // Wanted but not held happens only after a refusal: `acquire` marks the grab held
        // until its outcome is reported.
        return .unlocked(.grabRefused(lastRefusal ?? .alreadyGrabbed))
    }

    /// The first requirement that keeps the lock from being wanted, or `nil` when it is wanted.
    public var blockingReason: UnlockedReason? {
        if facts.alertPresented { return .alertPresented }
        if !facts.prefersPointerLocked { return .preferenceOff }
        if let interruption = facts.interruption { return .suspended(interruption) }
        if let suspension = facts.suspension { return .suspended(suspension) }
        if facts.screenSaverActive { return .screenSaverActive }
        if facts.keyboardGrabbedElsewhere { return .keyboardGrabbedElsewhere }
        if !facts.isViewable { return .notViewable }
        if !facts.hasFocus { return .unfocused }
        if facts.requiresFullScreen && !facts.isFullScreen { return .notFullScreen }
        if facts.requiresPointerOverWindow && !facts.pointerIsOverWindow { return .pointerOutsideWindow }
        // Held buttons only delay taking the lock; they never break one that is held.
        if facts.buttonsHeld && !holdsGrab { return .buttonsHeld }
        return nil
    }

    /// Takes the facts as they are now and returns the command that is due, if any.
    ///
    /// A change of facts makes a pending retry due at once (the conditions changed), so a
    /// grab refused as not viewable is tried again as soon as the window maps.
    public mutating func update(_ newFacts: PointerLockFacts, now: ContinuousClock.Instant) -> Command? {
        if newFacts != facts {
            facts = newFacts
            if retryDeadline != nil {
                consecutiveRefusals = 0
                retryDeadline = now
            }
        }
        return commandDue(now: now)
    }

    /// Returns the command due at `now` with unchanged facts: a grab retry whose deadline passed.
    public mutating func poll(now: ContinuousClock.Instant) -> Command? {
        commandDue(now: now)
    }

    /// Reports that the `acquire` just issued succeeded.
    public mutating func grabSucceeded() {
        holdsGrab = true
        isGrantPending = false
        lastRefusal = nil
        retryDeadline = nil
        consecutiveRefusals = 0
    }

    /// Reports that the grab is gone without a `release`: a watchdog or a guardian freed the
    /// pointer, or the `acquire` just issued was abandoned before grabbing.
    public mutating func grabLost() {
        holdsGrab = false
    }

    /// Reports that the `acquire` just issued was refused; schedules a retry with back-off.
    public mutating func grabRefused(_ refusal: GrabRefusal, at now: ContinuousClock.Instant) {
        holdsGrab = false
        isGrantPending = false
        lastRefusal = refusal
        consecutiveRefusals += 1
        retryDeadline = now + Self.retryDelay(afterRefusals: consecutiveRefusals)
    }

    /// Reports that the `acquire` just issued is pending: the platform is getting ready and
    /// asks to be tried again at `deadline` at the latest (or sooner, through
    /// ``pendingGrabMayProceed(now:)``). The state meanwhile is `unlocked(.notYetGranted)`.
    public mutating func grabPending(until deadline: ContinuousClock.Instant) {
        holdsGrab = false
        isGrantPending = true
        retryDeadline = deadline
    }

    /// The platform is ready for the pending grab: the next attempt is due now.
    public mutating func pendingGrabMayProceed(now: ContinuousClock.Instant) {
        guard isGrantPending else { return }
        retryDeadline = now
    }

    /// The delay before the next attempt after `refusals` consecutive refusals.
    public static func retryDelay(afterRefusals refusals: Int) -> Duration {
        var delay = initialRetryDelay
        var doublings = max(0, refusals - 1)
        while doublings > 0 && delay < maximumRetryDelay {
            delay *= 2
            doublings -= 1
        }
        return min(delay, maximumRetryDelay)
    }

    private mutating func commandDue(now: ContinuousClock.Instant) -> Command? {
        let wanted = blockingReason == nil
        if wanted {
            if holdsGrab { return nil }
            if let retryDeadline, now < retryDeadline { return nil }
            holdsGrab = true
            return .acquire
        }
        let wasAttempting = retryDeadline != nil || isGrantPending
        lastRefusal = nil
        retryDeadline = nil
        consecutiveRefusals = 0
        isGrantPending = false
        if holdsGrab {
            holdsGrab = false
            return .release(restoresPointer: blockingReason.map(Self.isTheGamesOwnDecision) ?? false)
        }
        return wasAttempting ? .cancelAcquire : nil
    }

    /// Whether `reason` is the game's own choice rather than something the system did.
    private static func isTheGamesOwnDecision(_ reason: UnlockedReason) -> Bool {
        switch reason {
        case .alertPresented, .preferenceOff: true
        case .suspended, .screenSaverActive, .keyboardGrabbedElsewhere, .notViewable, .unfocused, .notFullScreen,
            .pointerOutsideWindow, .buttonsHeld, .grabRefused, .notYetGranted:
            false
        }
    }
}

/// What is true now that decides whether the pointer may be locked.
public struct PointerLockFacts: Hashable, Sendable {
    /// The preference of the topmost presented object (the game, or an alert over it).
    public var prefersPointerLocked = false
    /// Whether something presented over the game is on top and prefers the pointer unlocked.
    public var alertPresented = false
    /// Locking switched off by the environment or a safety valve.
    public var suspension: LockSuspension?
    /// Why the pointer was freed from outside the event loop while locked, because the game
    /// could not run (a stalled loop, a stopped or traced process); kept until the loop has
    /// handled what queued up meanwhile.
    public var interruption: LockSuspension?
    /// Whether the screen saver (or a locker using it) is active.
    public var screenSaverActive = false
    /// Whether another client has held a grab of the keyboard for longer than a hotkey's tap
    /// (a screen locker, a system overlay, a window manager's switcher).
    public var keyboardGrabbedElsewhere = false
    /// Whether the window is mapped and viewable.
    public var isViewable = false
    /// Whether the window has keyboard focus (grab-caused focus events do not count).
    public var hasFocus = false
    /// Whether the game asks for the lock only while full-screen.
    public var requiresFullScreen = false
    /// Whether the window is full-screen.
    public var isFullScreen = false
    /// Whether the lock may engage only while the pointer is over the window. True under
    /// Xwayland, where the X grab becomes the compositor's pointer lock only if the
    /// compositor's pointer is on the window when the grab starts.
    public var requiresPointerOverWindow = false
    /// Whether the pointer is over the window (as the server last reported crossing it).
    public var pointerIsOverWindow = false
    /// Whether a mouse button pressed in the window is still held.
    public var buttonsHeld = false

    /// Facts that are all false or absent: no preference, not viewable, no focus.
    public init() {}
}
