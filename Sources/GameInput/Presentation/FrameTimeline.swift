/// The window's books on its frames, kept in the core for every backend: which input each
/// frame used, when it began and was submitted, and, once the system answers, the
/// ``FramePresentation`` the game receives. A pure value: backends report outcomes, the
/// timeline keeps the books.
///
/// It allocates nothing per frame: the frames awaiting an answer live in storage reserved
/// once.
package struct FrameTimeline {
    /// The most frames awaiting the system's answer; the oldest is let go, as
    /// ``PresentationUnavailable/noAnswer``, when one more is submitted.
    package static let capacity = 64
    /// How long a frame may wait for its answer before it is let go as
    /// ``PresentationUnavailable/noAnswer``: a compositor that shows a window answers within a
    /// few refreshes (sway 1.7's headless outputs never answer).
    package static let answerTimeout: Duration = .seconds(1)

    /// A frame submitted and not yet answered.
    private struct Pending {
        var frame: FrameID
        var newestInput: EventTime?
        var began: EventTime
        var submitted: EventTime
    }

    /// The frame begun and not yet submitted.
    private var open: (frame: FrameID, newestInput: EventTime?, began: EventTime)?
    private var pending: [Pending]
    /// When the newest input handed to the game was read.
    package private(set) var newestInput: EventTime?
    private var lastNumber: UInt64 = 0

    package init() {
        pending = []
        pending.reserveCapacity(Self.capacity)
    }

    /// The frames submitted and not yet answered.
    package var awaitingAnswer: Int { pending.count }

    /// The frame begun and not yet submitted, if any.
    package var openFrame: FrameID? { open?.frame }

    /// The frame ``submit(at:)`` submits next: the open one, or the one it begins.
    package var nextSubmission: FrameID { open?.frame ?? FrameID(number: lastNumber + 1) }

    /// The game was handed input read at `time`.
    package mutating func noteInput(at time: EventTime) {
        if newestInput.map({ time > $0 }) ?? true { newestInput = time }
    }

    /// A frame begins at `now`, using the input handed over so far. A frame begun before and
    /// never submitted is forgotten: nothing was shown for it.
    package mutating func begin(at now: EventTime) -> FrameID {
        lastNumber += 1
        let frame = FrameID(number: lastNumber)
        open = (frame, newestInput, now)
        return frame
    }

    /// The open frame is handed to the system at `now` (one is begun there when none is
    /// open). Returns it, with its time from beginning to submission, and the result of the
    /// oldest frame let go unanswered, if the books were full.
    package mutating func submit(at now: EventTime) -> (frame: FrameID, renderTime: Duration, evicted: FramePresentation?) {
        let opened = open ?? (FrameID(number: lastNumber + 1), newestInput, now)
        lastNumber = max(lastNumber, opened.frame.number)
        open = nil
        var evicted: FramePresentation?
        if pending.count == Self.capacity {
            let oldest = pending.removeFirst()
            evicted = FramePresentation(
                frame: oldest.frame, outcome: .unavailable(.noAnswer), newestInput: oldest.newestInput,
                began: oldest.began, submitted: oldest.submitted)
        }
        pending.append(Pending(frame: opened.frame, newestInput: opened.newestInput, began: opened.began, submitted: now))
        return (opened.frame, opened.began.duration(to: now), evicted)
    }

    /// The oldest frame submitted before `cutoff` and still unanswered, let go as
    /// ``PresentationUnavailable/noAnswer`` (a later answer for it is ignored); nil when none is.
    package mutating func expire(submittedBefore cutoff: EventTime) -> FramePresentation? {
        guard let oldest = pending.first, oldest.submitted < cutoff else { return nil }
        return resolve(oldest.frame, .unavailable(.noAnswer))
    }

    /// The system's answer for `frame`: the game's ``FramePresentation``, or nil for a frame
    /// these books do not await (answered already, or let go).
    package mutating func resolve(_ frame: FrameID, _ outcome: FramePresentation.Outcome) -> FramePresentation? {
        guard let index = pending.firstIndex(where: { $0.frame == frame }) else { return nil }
        let answered = pending.remove(at: index)
        return FramePresentation(
            frame: answered.frame, outcome: outcome, newestInput: answered.newestInput, began: answered.began,
            submitted: answered.submitted)
    }
}
