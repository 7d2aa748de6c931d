import GameInput

/// The presentation feedback path in GameInput's own code, with no windowing system: a frame
/// begun, submitted with feedback asked for, answered as a backend answers (into the inbox),
/// booked, given to the pacer and delivered as an event. Counts allocations per frame.
enum PresentationBench {
    static func run() -> [Figure] {
        let books = FrameBooks()
        var delivered = 0
        var sequence: UInt64 = 0
        let refresh = Duration.nanoseconds(16_666_667)
        let frame = {
            books.timeline.noteInput(at: .now)
            _ = books.begin()
            books.submit(source: .waylandPresentationTime) { request in
                guard let request else { return false }
                sequence += 1
                let shown = PresentedFrame(time: .now, refreshInterval: refresh, sequence: sequence, flags: .vsync)
                request.inbox.report(request.frame, .presented(shown))
                return true
            }
            books.deliver({ if case .presentation = $0 { delivered += 1 } }, isClosed: { false })
        }
        let counting = AllocationProbe.isCounting()
        let perFrame = AllocationProbe.perCall(calls: 1000, frame)
        return [
            Figure(
                key: "allocations_per_frame_feedback", title: "allocations per frame, presentation feedback path",
                value: counting && delivered == 1001 ? perFrame : nil, unit: "/frame", direction: .atMost, must: 0, goal: nil,
                note: counting
                    ? "1,000 frames begun, submitted, answered, booked and delivered (\(delivered) delivered), malloc interposed"
                    : "malloc interposition not in effect")
        ]
    }
}
