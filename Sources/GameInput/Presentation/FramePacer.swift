/// When to start the next frame so that it samples input as late as is safe and still makes
/// the next presentation: the display's refresh and phase from the presentations, the game's
/// own time from a frame's start to its submission, and a margin that grows after a missed
/// presentation and shrinks again while frames make theirs.
///
/// A pure value: ``GameWindow`` feeds it the frames and presentations it books, and
/// ``GameWindow/waitForNextFrame(_:)`` sleeps until ``wakeTime(after:)``. Without
/// presentation feedback (or before the first presentation) it has no prediction, and the wait
/// returns at once: a loop paced by vsync keeps that pace.
public struct FramePacer: Sendable {
    /// How many of the latest frames' render times the estimate looks at.
    static let renderHistory = 16
    /// Frames presented in their predicted refresh in a row before the margin shrinks a step.
    static let hitsBeforeShrinking = 120

    /// The display's refresh interval, from the presentations; nil until one says it.
    public private(set) var refreshInterval: Duration?
    /// The time kept free between a frame's expected submission and the presentation it aims
    /// at, for the system's own work and for variation.
    public private(set) var margin: Duration
    /// The least the margin shrinks to.
    public let minimumMargin: Duration
    /// The render time planned for: the longest from a frame's start to its submission among
    /// the latest frames.
    public private(set) var renderTime: Duration = .zero
    /// Frames presented a refresh or more after the one predicted for them.
    public private(set) var missedFrames = 0
    /// Frames presented in the refresh predicted for them.
    public private(set) var framesOnTime = 0
    /// The time of the latest presentation: the phase of the display's refreshes.
    public private(set) var lastPresentation: EventTime?

    private var renderTimes = RingOfDurations()
    private var hitsInARow = 0
    /// The presentation the latest frame began for aims at, and that frame.
    private var aim: (frame: FrameID, presentation: EventTime)?
    /// Presentations aimed at by frames not yet answered, oldest first (the few in flight).
    private var aims = RingOfAims()

    /// A pacer that keeps `margin` free at first, and never less than `minimumMargin`.
    public init(margin: Duration = .milliseconds(3), minimumMargin: Duration = .milliseconds(1)) {
        self.margin = max(margin, minimumMargin)
        self.minimumMargin = minimumMargin
    }

    /// The presentation a frame beginning at `now` can make: the first refresh after `now` plus
    /// the render time and margin, and after the one any frame in flight aims at. nil without
    /// a refresh and a presentation to count from.
    public func nextPresentation(after now: EventTime) -> EventTime? { presentation(after: now, keeping: margin) }

    /// The first refresh at least `renderTime + spare` after `now` and after any in flight.
    private func presentation(after now: EventTime, keeping spare: Duration) -> EventTime? {
        guard let refresh = refreshInterval, refresh > .zero, let last = lastPresentation else { return nil }
        var earliest = now.advanced(by: renderTime + spare)
        if let inFlight = aims.newest, inFlight >= earliest { earliest = inFlight.advanced(by: refresh / 2) }
        guard earliest > last else { return last.advanced(by: refresh) }
        let refreshes = (last.duration(to: earliest) / refresh).rounded(.up)
        return last.advanced(by: refresh * max(1, refreshes))
    }

    /// When a frame should begin to make ``nextPresentation(after:)``; nil without a
    /// prediction (begin now).
    public func wakeTime(after now: EventTime) -> EventTime? {
        guard let presentation = nextPresentation(after: now) else { return nil }
        return max(now, presentation.advanced(by: .zero - renderTime - margin))
    }

    /// `frame` begins at `now`, aiming at the first refresh its render time can make: the
    /// margin is spare, so a frame begun a little after ``wakeTime(after:)`` still aims at the
    /// refresh it was woken for.
    public mutating func frameBegan(_ frame: FrameID, at now: EventTime) {
        aim = presentation(after: now, keeping: .zero).map { (frame, $0) }
    }

    /// `frame` was submitted `renderTime` after it began.
    public mutating func frameSubmitted(_ frame: FrameID, renderTime took: Duration) {
        renderTimes.append(took)
        renderTime = renderTimes.longest
        if let aim, aim.frame == frame { aims.append(aim.presentation, for: frame) }
        aim = nil
    }

    /// What became of a frame: the refresh and its phase from a presented one, and whether it
    /// made the presentation it aimed at.
    public mutating func record(_ presentation: FramePresentation) {
        let aimed = aims.remove(presentation.frame)
        guard let shown = presentation.presented else { return }
        if let refresh = shown.refreshInterval, refresh > .zero {
            refreshInterval = refresh
        } else if let last = lastPresentation, last < shown.time {
            // A display without a stated refresh: the interval seen between presentations.
            let seen = last.duration(to: shown.time)
            refreshInterval = refreshInterval.map { min($0, seen) } ?? seen
        }
        if lastPresentation.map({ shown.time > $0 }) ?? true { lastPresentation = shown.time }
        guard let aimed, let refresh = refreshInterval else { return }
        if shown.time > aimed.advanced(by: refresh / 2) {
            missedFrames += 1
            hitsInARow = 0
            margin = min(margin + refresh / 8, refresh / 2)
        } else {
            framesOnTime += 1
            hitsInARow += 1
            if hitsInARow >= Self.hitsBeforeShrinking {
                hitsInARow = 0
                margin = max(minimumMargin, margin - .microseconds(250))
            }
        }
    }
}

/// The latest render times, in storage of a fixed size.
private struct RingOfDurations {
    private var values:
        (
            Duration, Duration, Duration, Duration, Duration, Duration, Duration, Duration,
            Duration, Duration, Duration, Duration, Duration, Duration, Duration, Duration
        ) =
            (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)
    private var next = 0

    mutating func append(_ value: Duration) {
        withUnsafeMutableBytes(of: &values) { $0.bindMemory(to: Duration.self)[next] = value }
        next = (next + 1) % FramePacer.renderHistory
    }

    var longest: Duration {
        withUnsafeBytes(of: values) { $0.bindMemory(to: Duration.self).max() ?? .zero }
    }
}

/// The presentations aimed at by frames in flight, in storage of a fixed size: a frame whose
/// answer never comes is pushed out by later ones.
private struct RingOfAims {
    private static let size = 8
    private var frames: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var times: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var next = 0
    /// The presentation the latest frame still in flight aims at.
    private(set) var newest: EventTime?

    mutating func append(_ presentation: EventTime, for frame: FrameID) {
        withUnsafeMutableBytes(of: &frames) { $0.bindMemory(to: UInt64.self)[next] = frame.number }
        withUnsafeMutableBytes(of: &times) { $0.bindMemory(to: UInt64.self)[next] = presentation.nanoseconds }
        next = (next + 1) % Self.size
        newest = presentation
    }

    /// The presentation `frame` aimed at, which is no longer in flight.
    mutating func remove(_ frame: FrameID) -> EventTime? {
        var found: EventTime?
        var newestLeft: UInt64 = 0
        withUnsafeMutableBytes(of: &frames) { frameBytes in
            let frames = frameBytes.bindMemory(to: UInt64.self)
            withUnsafeBytes(of: times) { timeBytes in
                let times = timeBytes.bindMemory(to: UInt64.self)
                for index in 0..<Self.size where frames[index] != 0 {
                    if frames[index] == frame.number {
                        found = EventTime(nanoseconds: times[index])
                        frames[index] = 0
                    } else {
                        newestLeft = max(newestLeft, times[index])
                    }
                }
            }
        }
        newest = newestLeft == 0 ? nil : EventTime(nanoseconds: newestLeft)
        return found
    }
}
