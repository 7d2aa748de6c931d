/// A window's frames, in the core: the timeline of frames and their input, the pacer, and the
/// inbox the backend answers into. ``GameWindow`` and GamePixels' presenter share it; every
/// backend feeds it the same way, so a frame's books are kept once.
package final class FrameBooks {
    package var timeline = FrameTimeline()
    package var pacer = FramePacer()
    package let inbox = PresentationInbox()
    /// When ``GameWindow/waitForNextFrame(_:)`` last returned.
    package var lastWake: EventTime?

    package init() {}

    /// A frame begins now.
    package func begin() -> FrameID {
        let now = EventTime.now
        let frame = timeline.begin(at: now)
        pacer.frameBegan(frame, at: now)
        return frame
    }

    /// The open frame (or one begun now) is handed to the system through `send`, which gets
    /// the request to pass on where `source` gives feedback and returns whether it sent the
    /// frame. Where it did not, nothing is booked and no result comes; where `source` gives
    /// none, the result is booked at once as unavailable.
    @discardableResult
    package func submit(source: PresentationFeedbackSource, _ send: (PresentationRequest?) -> Bool) -> Bool {
        let frame = timeline.nextSubmission
        let request: PresentationRequest? =
            if case .unavailable = source { nil } else { PresentationRequest(frame: frame, inbox: inbox) }
        guard send(request) else { return false }
        let submitted = timeline.submit(at: .now)
        pacer.frameSubmitted(submitted.frame, renderTime: submitted.renderTime)
        if let evicted = submitted.evicted { pacer.record(evicted) }
        if case .unavailable(let reason) = source { inbox.report(submitted.frame, .unavailable(reason)) }
        return true
    }

    /// Hands the game each answered frame's ``FramePresentation``, after booking it; stops
    /// when `isClosed` says the game closed the window meanwhile.
    package func deliver(_ handle: (InputEvent) -> Void, isClosed: () -> Bool) {
        inbox.drain { frame, outcome in
            guard !isClosed(), let presentation = timeline.resolve(frame, outcome) else { return }
            pacer.record(presentation)
            handle(.presentation(presentation))
        }
        guard timeline.awaitingAnswer > 0 else { return }
        let cutoff = EventTime.now.advanced(by: .zero - FrameTimeline.answerTimeout)
        while !isClosed(), let unanswered = timeline.expire(submittedBefore: cutoff) {
            pacer.record(unanswered)
            handle(.presentation(unanswered))
        }
    }
}

/// A backend's instructions for one frame's feedback: which frame, and where to report.
package struct PresentationRequest {
    package let frame: FrameID
    package let inbox: PresentationInbox
}
