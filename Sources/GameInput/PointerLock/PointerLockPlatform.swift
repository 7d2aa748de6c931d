/// The narrow seam between the lock logic and the platform: the few operations the
/// controller issues. The X11 layer implements it with `XGrabPointer`, the Wayland layer with
/// the compositor's pointer constraints; tests implement it with a recording fake, so the
/// controller is tested without a server.
protocol PointerLockPlatform: AnyObject {
    /// Grabs the pointer as `kind` asks (a lock hides it, a confinement shows the window's
    /// cursor and keeps it in the confinement rectangle), or says why not yet.
    func acquire(_ kind: PointerGrabKind) -> GrabOutcome
    /// Turns the held grab into `kind` without an ungrab in between where the platform can
    /// (X11); where it cannot (Wayland) the old constraint goes and the new one is asked for. A
    /// refusal leaves no grab held.
    func change(to kind: PointerGrabKind) -> GrabOutcome
    /// Ungrabs the pointer and shows the cursor; with `restoringPointer`, also puts the
    /// cursor back where the lock found it, when that was inside the window.
    func releaseLock(restoringPointer: Bool)
    /// The confinement's rectangle in window pixels (nil: the whole window), applied at once
    /// to a confinement that holds.
    func setConfinementRect(_ rect: WindowRect?)
    /// The lock is no longer wanted while an attempt was pending or refused: undo what was
    /// prepared for it.
    func cancelAcquire()
}

/// What became of a grab attempt.
enum GrabOutcome: Equatable {
    /// The pointer is grabbed.
    case granted
    /// The server refused.
    case refused(GrabRefusal)
    /// The platform is getting ready (the lock guardian is mapping its window, a compositor
    /// has not answered yet); try again at `deadline` at the latest, or when the controller
    /// hears it may proceed.
    case pending(until: ContinuousClock.Instant)
    /// The request stands and the system decides when it holds (a Wayland compositor that has
    /// answered and not locked the pointer); reported as `refusal`, tried again when the
    /// controller hears news or the facts change.
    case withheld(GrabRefusal)
}
