internal import CWayland
import Glibc

/// The compositor's `wp_presentation`: a feedback object asked for before a commit of the
/// window's surface tells when that commit's content turned into light (`presented`, with the
/// time on the compositor's presentation clock, the refresh interval, the output's refresh
/// counter and flags) or that it never did (`discarded`). Each answer goes to the
/// ``PresentationInbox`` its request named.
///
/// The times are used only on `CLOCK_MONOTONIC`, ``EventTime``'s clock (the compositor names
/// its clock with `clock_id` right after the bind): sway, mutter and KWin use it.
final class WaylandPresentation {
    /// The feedback objects asked for and not answered yet, at most this many.
    static let capacity = 64
    private let presentation: OpaquePointer
    /// The compositor's presentation clock (`clock_id`); nil until it says.
    private(set) var clockID: UInt32?
    /// Feedback objects awaiting an answer and the frame each is for; nil slots are free.
    private var awaiting: [(feedback: OpaquePointer?, request: PresentationRequest?)]

    init(presentation: OpaquePointer) {
        self.presentation = presentation
        awaiting = Array(repeating: (nil, nil), count: Self.capacity)
        wp_presentation_add_listener(presentation, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Where the window's feedback comes from: nowhere while the clock is not `CLOCK_MONOTONIC`.
    var source: PresentationFeedbackSource {
        if let clockID, clockID != UInt32(CLOCK_MONOTONIC) { return .unavailable(.compositorClockNotMonotonic(clockID: clockID)) }
        return .waylandPresentationTime
    }

    /// Asks for the feedback of `surface`'s next commit, for `request`. A frame beyond
    /// ``capacity`` unanswered ones lets the oldest go unanswered.
    func requestFeedback(on surface: OpaquePointer, _ request: PresentationRequest) {
        let slot = awaiting.firstIndex { $0.feedback == nil } ?? oldestSlot()
        if let stale = awaiting[slot].feedback, let staleRequest = awaiting[slot].request {
            wp_presentation_feedback_destroy(stale)
            staleRequest.inbox.report(staleRequest.frame, .unavailable(.noAnswer))
        }
        guard let feedback = wp_presentation_feedback(presentation, surface) else {
            awaiting[slot] = (nil, nil)
            return request.inbox.report(request.frame, .unavailable(.noAnswer))
        }
        awaiting[slot] = (feedback, request)
        wp_presentation_feedback_add_listener(feedback, Self.feedbackListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Destroys the feedback objects still awaiting an answer, and the global.
    func destroy() {
        for index in awaiting.indices {
            if let feedback = awaiting[index].feedback { wp_presentation_feedback_destroy(feedback) }
            awaiting[index] = (nil, nil)
        }
        wp_presentation_destroy(presentation)
    }

    private func oldestSlot() -> Int {
        awaiting.indices.min { (awaiting[$0].request?.frame.number ?? 0) < (awaiting[$1].request?.frame.number ?? 0) } ?? 0
    }

    /// The answer for `feedback`: reported for its frame, and the object destroyed (the
    /// compositor destroyed its side with the answer).
    private func answered(_ feedback: OpaquePointer?, _ outcome: FramePresentation.Outcome) {
        guard let feedback, let slot = awaiting.firstIndex(where: { $0.feedback == feedback }),
            let request = awaiting[slot].request
        else { return }
        awaiting[slot] = (nil, nil)
        wp_presentation_feedback_destroy(feedback)
        if case .presented = outcome, case .unavailable(let reason) = source {
            return request.inbox.report(request.frame, .unavailable(reason))
        }
        request.inbox.report(request.frame, outcome)
    }

    private func presented(
        _ feedback: OpaquePointer?, seconds: UInt64, nanoseconds: UInt32, refresh: UInt32, sequence: UInt64, flags: UInt32
    ) {
        var shown = PresentationFlags()
        if flags & WP_PRESENTATION_FEEDBACK_KIND_VSYNC.rawValue != 0 { shown.insert(.vsync) }
        if flags & WP_PRESENTATION_FEEDBACK_KIND_HW_CLOCK.rawValue != 0 { shown.insert(.hardwareClock) }
        if flags & WP_PRESENTATION_FEEDBACK_KIND_HW_COMPLETION.rawValue != 0 { shown.insert(.hardwareCompletion) }
        if flags & WP_PRESENTATION_FEEDBACK_KIND_ZERO_COPY.rawValue != 0 { shown.insert(.zeroCopy) }
        let frame = PresentedFrame(
            time: EventTime(nanoseconds: seconds &* 1_000_000_000 &+ UInt64(nanoseconds)),
            refreshInterval: refresh == 0 ? nil : .nanoseconds(Int64(refresh)),
            // A compositor without a refresh counter sends 0 and no vsync flag.
            sequence: sequence == 0 && !shown.contains(.vsync) ? nil : sequence,
            flags: shown)
        answered(feedback, .presented(frame))
    }

    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wp_presentation_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wp_presentation_listener(clock_id: { data, _, clock in
                guard let data else { return }
                Unmanaged<WaylandPresentation>.fromOpaque(data).takeUnretainedValue().clockID = clock
            }))
        return listener
    }()

    private nonisolated(unsafe) static let feedbackListener: UnsafeMutablePointer<wp_presentation_feedback_listener> = {
        let listener = UnsafeMutablePointer<wp_presentation_feedback_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wp_presentation_feedback_listener(
                sync_output: { _, _, _ in },
                presented: { data, feedback, secondsHigh, secondsLow, nanoseconds, refresh, sequenceHigh, sequenceLow, flags in
                    guard let data else { return }
                    Unmanaged<WaylandPresentation>.fromOpaque(data).takeUnretainedValue().presented(
                        feedback, seconds: UInt64(secondsHigh) << 32 | UInt64(secondsLow), nanoseconds: nanoseconds,
                        refresh: refresh, sequence: UInt64(sequenceHigh) << 32 | UInt64(sequenceLow), flags: flags)
                },
                discarded: { data, feedback in
                    guard let data else { return }
                    Unmanaged<WaylandPresentation>.fromOpaque(data).takeUnretainedValue().answered(feedback, .discarded)
                }))
        return listener
    }()
}
