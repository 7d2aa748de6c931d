/// The set of keys currently held down, fed with press and release events.
///
/// Auto-repeat events (X11 sends release+press pairs, flagged by the caller as `isRepeat`)
/// change nothing, so a held key stays held and a released key stays released.
public struct HeldKeys<Key: Hashable & Sendable>: Equatable, Sendable {
    private var keys: Set<Key> = []

    /// No keys held.
    public init() {}

    /// Records a press of `key`; ignored when `isRepeat`.
    public mutating func press(_ key: Key, isRepeat: Bool = false) {
        guard !isRepeat else { return }
        keys.insert(key)
    }

    /// Records a release of `key`; ignored when `isRepeat`.
    public mutating func release(_ key: Key, isRepeat: Bool = false) {
        guard !isRepeat else { return }
        keys.remove(key)
    }

    /// Forgets every key (e.g. on focus loss, when releases will not arrive).
    public mutating func releaseAll() {
        keys.removeAll()
    }

    /// True while `key` is held.
    public func isHeld(_ key: Key) -> Bool {
        keys.contains(key)
    }

    /// Number of keys held.
    public var count: Int { keys.count }
}
