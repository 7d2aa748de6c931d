/// Another client's grab of the keyboard while the game has the focus, as the focus events
/// report it (`FocusOut` with mode `NotifyGrab` when it begins, `FocusIn` with `NotifyUngrab`
/// when it ends), and when it starts to outrank the game's lock.
///
/// A screen locker grabs the keyboard, then retries `XGrabPointer` for about a second before
/// giving up; a global hotkey (volume keys, Super) activates a passive key grab for as long as
/// the key is held. The grab counts only after ``grace``, so a tap never flickers the lock,
/// while a locker always gets the pointer well within its retries.
struct ForeignKeyboardGrab: Hashable, Sendable {
    /// How long a grab must last before the lock yields to it. A key tap holds a passive grab
    /// for its press-to-release time, around 100 ms in typing (and 40 ms for an XTest tap);
    /// lockers retry the pointer for about a second. 250 ms lies between, leaving a locker
    /// 750 ms of retries.
    static let grace: Duration = .milliseconds(250)

    /// When the grab began; nil while no other client holds the keyboard.
    private(set) var since: ContinuousClock.Instant?

    /// The grab began (or is seen to hold, as when the focus comes back during it).
    mutating func began(at now: ContinuousClock.Instant) {
        if since == nil { since = now }
    }

    /// The grab ended, or the focus went elsewhere (its grabs are no longer ours to see).
    mutating func ended() { since = nil }

    /// When the grab starts to count, for the event loop to wake up at.
    var deadline: ContinuousClock.Instant? { since.map { $0 + Self.grace } }

    /// Whether the grab has lasted past the grace at `now`.
    func outranksLock(at now: ContinuousClock.Instant) -> Bool {
        deadline.map { now >= $0 } ?? false
    }
}
