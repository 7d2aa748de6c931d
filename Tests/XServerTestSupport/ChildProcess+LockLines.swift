import Foundation

/// What a game says about its lock, one `lock: <state>` line at each change (the contract of
/// lockgame and of every example).
extension ChildProcess {
    /// The lock runs among the lock lines after the first `seen` lines: consecutive unlocked
    /// states (whatever their reasons) make one run (`false`), as do locked ones (`true`). One
    /// switch away and back is `[false, true]`.
    public func lockRuns(after seen: Int) -> [Bool] {
        var runs: [Bool] = []
        for line in lines.dropFirst(seen) where line.hasPrefix("lock: ") {
            let locked = line == "lock: locked"
            if runs.last != locked { runs.append(locked) }
        }
        return runs
    }

    /// The confinement's runs after the first `seen` lines, as ``lockRuns(after:)`` gives the
    /// lock's: true for a `confine: confined` run, false for a run of unconfined lines.
    public func confinementRuns(after seen: Int) -> [Bool] {
        var runs: [Bool] = []
        for line in lines.dropFirst(seen) where line.hasPrefix("confine: ") {
            let confined = line == "confine: confined"
            if runs.last != confined { runs.append(confined) }
        }
        return runs
    }
}
