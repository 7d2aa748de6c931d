/// The narrow seam between the lock logic and the platform: the few operations the
/// controller issues. The X11 layer implements it with `XGrabPointer`; tests implement it with
/// a recording fake, so the controller is tested without an X server.
protocol PointerLockPlatform: AnyObject {
    /// What forbids grabbing right now, checked before each grab (an attached debugger).
    func suspensionBeforeGrab() -> LockSuspension?
    /// Grabs and hides the pointer, or says why not yet.
    func acquireLock() -> GrabOutcome
    /// Ungrabs the pointer and shows the cursor; with `restoringPointer`, also puts the
    /// cursor back where the lock found it, when that was inside the window.
    func releaseLock(restoringPointer: Bool)
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
    /// The platform is getting ready (the lock guardian is mapping its window); try again at
    /// `deadline` at the latest, or when the controller hears it may proceed.
    case pending(until: ContinuousClock.Instant)
}
