import Testing

@testable import GameInput

/// The pacer as a pure value: presentations and render times in, the moment to begin the next
/// frame out.
@Suite struct FramePacerTests {
    static let refresh = Duration.nanoseconds(16_666_667)

    static func at(_ milliseconds: Double) -> EventTime { EventTime(nanoseconds: UInt64(milliseconds * 1_000_000)) }

    static func shown(_ frame: UInt64, at milliseconds: Double, refresh: Duration? = refresh) -> FramePresentation {
        FramePresentation(
            frame: FrameID(number: frame),
            outcome: .presented(PresentedFrame(time: at(milliseconds), refreshInterval: refresh, sequence: frame, flags: .vsync)),
            newestInput: nil, began: at(0), submitted: at(0))
    }

    /// One frame through the pacer: begun at `began`, submitted `render` later.
    static func frame(_ number: UInt64, _ pacer: inout FramePacer, began: Double, render: Double) {
        pacer.frameBegan(FrameID(number: number), at: at(began))
        pacer.frameSubmitted(FrameID(number: number), renderTime: .microseconds(Int64(render * 1000)))
    }

    @Test func withoutAPresentationThereIsNoPrediction() {
        var pacer = FramePacer()
        #expect(pacer.wakeTime(after: Self.at(5)) == nil)
        Self.frame(1, &pacer, began: 5, render: 4)
        pacer.record(
            FramePresentation(frame: FrameID(number: 1), outcome: .discarded, newestInput: nil, began: Self.at(5), submitted: Self.at(9)))
        #expect(pacer.wakeTime(after: Self.at(20)) == nil, "a discarded frame says nothing of the display")
    }

    @Test func theFrameBeginsItsRenderTimeAndMarginBeforeTheNextRefresh() throws {
        var pacer = FramePacer(margin: .milliseconds(3))
        Self.frame(1, &pacer, began: 990, render: 4)
        pacer.record(Self.shown(1, at: 1000))
        #expect(pacer.refreshInterval == Self.refresh && pacer.renderTime == .milliseconds(4))
        let presentation = try #require(pacer.nextPresentation(after: Self.at(1001)))
        #expect(presentation == Self.at(1000).advanced(by: Self.refresh))
        #expect(pacer.wakeTime(after: Self.at(1001)) == presentation.advanced(by: .milliseconds(-7)))
        // Too late for that refresh: the one after it.
        #expect(pacer.nextPresentation(after: Self.at(1012)) == Self.at(1000).advanced(by: Self.refresh * 2))
    }

    @Test func aFrameInFlightKeepsItsRefreshForItself() throws {
        var pacer = FramePacer(margin: .milliseconds(3))
        Self.frame(1, &pacer, began: 990, render: 4)
        pacer.record(Self.shown(1, at: 1000))
        // Woken at 1009.67 for the refresh at 1016.67, begun a little late: it still aims there.
        Self.frame(2, &pacer, began: 1010.5, render: 4)
        // Frame 2 aims at the refresh at 1016.7; frame 3, begun at once, at the one after.
        #expect(pacer.nextPresentation(after: Self.at(1014)) == Self.at(1000).advanced(by: Self.refresh * 2))
        pacer.record(Self.shown(2, at: 1016.666667))
        #expect(pacer.framesOnTime == 1 && pacer.missedFrames == 0)
    }

    @Test func aMissGrowsTheMarginAndFramesOnTimeShrinkItAgain() {
        var pacer = FramePacer(margin: .milliseconds(2), minimumMargin: .milliseconds(1))
        Self.frame(1, &pacer, began: 990, render: 4)
        pacer.record(Self.shown(1, at: 1000))
        Self.frame(2, &pacer, began: 1010, render: 4)
        pacer.record(Self.shown(2, at: 1033.333334))
        #expect(pacer.missedFrames == 1)
        #expect(pacer.margin == .milliseconds(2) + Self.refresh / 8)
        var time = 1033.333334
        for number in UInt64(3)...UInt64(2 + FramePacer.hitsBeforeShrinking) {
            Self.frame(number, &pacer, began: time + 5, render: 4)
            time += 16.666667
            pacer.record(Self.shown(number, at: time))
        }
        #expect(pacer.framesOnTime == FramePacer.hitsBeforeShrinking)
        #expect(pacer.margin == .milliseconds(2) + Self.refresh / 8 - .microseconds(250))
    }

    @Test func theMarginNeverPassesHalfARefreshNorFallsBelowItsMinimum() {
        var pacer = FramePacer(margin: .milliseconds(7), minimumMargin: .milliseconds(1))
        Self.frame(1, &pacer, began: 990, render: 1)
        pacer.record(Self.shown(1, at: 1000))
        var time = 1000.0
        for number in UInt64(2)...UInt64(10) {
            Self.frame(number, &pacer, began: time + 1, render: 1)
            time += 2 * 16.666667
            pacer.record(Self.shown(number, at: time))
        }
        #expect(pacer.margin == Self.refresh / 2)
        #expect(FramePacer(margin: .zero, minimumMargin: .milliseconds(1)).margin == .milliseconds(1))
    }

    @Test func aDisplayWithoutAStatedRefreshIsTimedFromItsPresentations() {
        var pacer = FramePacer()
        pacer.record(Self.shown(1, at: 1000, refresh: nil))
        #expect(pacer.refreshInterval == nil)
        pacer.record(Self.shown(2, at: 1010, refresh: nil))
        pacer.record(Self.shown(3, at: 1030, refresh: nil))
        #expect(pacer.refreshInterval == .milliseconds(10), "the shortest interval seen")
    }

    @Test func theRenderTimePlannedForIsTheLongestOfTheLatestFrames() {
        var pacer = FramePacer()
        Self.frame(1, &pacer, began: 0, render: 9)
        for number in UInt64(2)...UInt64(FramePacer.renderHistory) { Self.frame(number, &pacer, began: 0, render: 2) }
        #expect(pacer.renderTime == .milliseconds(9))
        Self.frame(99, &pacer, began: 0, render: 2)
        #expect(pacer.renderTime == .milliseconds(2), "the long frame has left the history")
    }
}

/// The books on frames: which input a frame used, and one answer per submitted frame.
@Suite struct FrameTimelineTests {
    @Test func aFrameUsesTheNewestInputHandedOverBeforeItBegan() throws {
        var timeline = FrameTimeline()
        timeline.noteInput(at: EventTime(nanoseconds: 100))
        timeline.noteInput(at: EventTime(nanoseconds: 300))
        timeline.noteInput(at: EventTime(nanoseconds: 200))
        let frame = timeline.begin(at: EventTime(nanoseconds: 400))
        timeline.noteInput(at: EventTime(nanoseconds: 500))
        let submitted = timeline.submit(at: EventTime(nanoseconds: 900))
        #expect(submitted.frame == frame && submitted.renderTime == .nanoseconds(500))
        let shown = PresentedFrame(time: EventTime(nanoseconds: 2_300), refreshInterval: nil, sequence: nil, flags: [])
        let resolved = timeline.resolve(frame, .presented(shown))
        let presentation = try #require(resolved)
        #expect(presentation.newestInput == EventTime(nanoseconds: 300))
        #expect(presentation.inputToPhoton == .nanoseconds(2_000))
        #expect(presentation.beginToPhoton == .nanoseconds(1_900))
        #expect(timeline.resolve(frame, .discarded) == nil, "answered once")
    }

    @Test func aFrameSubmittedWithoutBeginningBeginsThere() {
        var timeline = FrameTimeline()
        let first = timeline.submit(at: EventTime(nanoseconds: 10))
        let begun = timeline.begin(at: EventTime(nanoseconds: 20))
        let abandoned = timeline.begin(at: EventTime(nanoseconds: 30))
        let second = timeline.submit(at: EventTime(nanoseconds: 40))
        #expect(first.frame.number == 1 && first.renderTime == .zero)
        #expect(begun.number == 2 && abandoned.number == 3 && second.frame == abandoned)
        #expect(timeline.awaitingAnswer == 2 && timeline.openFrame == nil)
    }

    @Test func aFrameUnansweredPastItsTimeIsLetGoOnce() {
        var timeline = FrameTimeline()
        _ = timeline.submit(at: EventTime(nanoseconds: 100))
        _ = timeline.submit(at: EventTime(nanoseconds: 200))
        #expect(timeline.expire(submittedBefore: EventTime(nanoseconds: 100)) == nil)
        let expired = timeline.expire(submittedBefore: EventTime(nanoseconds: 150))
        #expect(expired?.frame.number == 1 && expired?.outcome == .unavailable(.noAnswer))
        #expect(timeline.expire(submittedBefore: EventTime(nanoseconds: 150)) == nil)
        #expect(timeline.resolve(FrameID(number: 1), .discarded) == nil, "a late answer is ignored")
        #expect(timeline.resolve(FrameID(number: 2), .discarded)?.outcome == .discarded)
    }

    @Test func framesNeverAnsweredAreLetGoAsSuch() {
        var timeline = FrameTimeline()
        for time in 0..<UInt64(FrameTimeline.capacity) { _ = timeline.submit(at: EventTime(nanoseconds: time)) }
        let next = timeline.submit(at: EventTime(nanoseconds: 1_000))
        #expect(next.evicted?.frame.number == 1 && next.evicted?.outcome == .unavailable(.noAnswer))
        #expect(timeline.awaitingAnswer == FrameTimeline.capacity)
        #expect(timeline.resolve(FrameID(number: 1), .discarded) == nil)
    }
}
