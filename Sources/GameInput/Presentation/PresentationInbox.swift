/// Where a backend reports what became of frames, for ``GameWindow`` to book and hand to the
/// game at its next ``GameWindow/pollEvents(_:)``: backends report, the core keeps the books.
///
/// Reports wait in storage reserved once; past ``capacity`` unread ones the oldest go (the
/// game stopped polling for as many frames).
package final class PresentationInbox {
    /// The most reports kept unread.
    package static let capacity = 64
    private var reports: [(frame: FrameID, outcome: FramePresentation.Outcome)] = []

    package init() { reports.reserveCapacity(Self.capacity) }

    /// The system said what became of `frame`.
    package func report(_ frame: FrameID, _ outcome: FramePresentation.Outcome) {
        if reports.count == Self.capacity { reports.removeFirst() }
        reports.append((frame, outcome))
    }

    /// Whether a report waits.
    package var isEmpty: Bool { reports.isEmpty }

    /// Hands each report to `take`, oldest first, and forgets them.
    package func drain(_ take: (FrameID, FramePresentation.Outcome) -> Void) {
        guard !reports.isEmpty else { return }
        for report in reports { take(report.frame, report.outcome) }
        reports.removeAll(keepingCapacity: true)
    }
}
