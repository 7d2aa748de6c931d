/// The narrow seam between the lock logic and the platform: the few operations the
/// controller issues. The X11 layer implements it with `XGrabPointer`; tests implement it with
/// a recording fake, so the controller is tested without an X server.
protocol PointerLockPlatform: AnyObject {
    /// What forbids grabbing right now, checked before each grab (an attached debugger).
    func suspensionBeforeGrab() -> LockSuspension?
    /// Grabs and hides the pointer; returns `nil` on success or the server's refusal.
    func acquireLock() -> GrabRefusal?
    /// Ungrabs the pointer and shows the cursor; with `restoringPointer`, also puts the
    /// cursor back where the lock found it, when that was inside the window.
    func releaseLock(restoringPointer: Bool)
}
