import GamePixels
import Testing

@testable import GameInput

/// Frames through ``GameWindow`` over the recording backend: the backend answers into the
/// request's inbox, and the core books and delivers one ``FramePresentation`` per frame, with
/// the age of the frame's input.
@Suite struct FramePresentationSeamTests {
    static func presentations(_ window: GameWindow) -> [FramePresentation] {
        var found: [FramePresentation] = []
        window.pollEvents { if case .presentation(let presentation) = $0 { found.append(presentation) } }
        return found
    }

    @Test func aPresentedFrameComesWithItsInputsAge() throws {
        let (window, backend) = GameWindowSeamTests.window()
        backend.presentationFeedback = .waylandPresentationTime
        let read = EventTime.now
        backend.receiptTime = read
        backend.scripted = [
            .relativeMotion(
                RelativeMotion(unaccelerated: PointerDelta(dx: 3, dy: 0), accelerated: PointerDelta(dx: 3, dy: 0), sourceDeviceID: 2))
        ]
        #expect(Self.presentations(window).isEmpty)
        let frame = window.beginFrame()
        window.willPresent(frame)
        window.willPresent(frame)
        #expect(backend.feedbackRequests.map(\.frame) == [frame], "one request per frame")
        let request = try #require(backend.feedbackRequests.first)
        let shownAt = read.advanced(by: .milliseconds(21))
        request.inbox.report(
            frame, .presented(PresentedFrame(time: shownAt, refreshInterval: .milliseconds(16), sequence: 7, flags: .vsync)))
        let presentation = try #require(Self.presentations(window).first)
        #expect(presentation.frame == frame && presentation.newestInput == read)
        #expect(presentation.inputToPhoton == .milliseconds(21))
        #expect(window.framePacer.refreshInterval == .milliseconds(16) && window.framePacer.lastPresentation == shownAt)
        #expect(Self.presentations(window).isEmpty, "delivered once")
    }

    @Test func withoutFeedbackEachFrameIsAnsweredUnavailable() {
        let (window, backend) = GameWindowSeamTests.window()
        #expect(window.presentationFeedback == .unavailable(.noPresentCompletions))
        window.willPresent(window.beginFrame())
        window.willPresent(window.beginFrame())
        #expect(backend.feedbackRequests.isEmpty)
        let answers = Self.presentations(window)
        #expect(answers.map(\.frame.number) == [1, 2])
        #expect(answers.allSatisfy { $0.outcome == .unavailable(.noPresentCompletions) && $0.inputToPhoton == nil })
    }

    @Test func aCloseInsideAHandlerStopsThePresentations() {
        let (window, _) = GameWindowSeamTests.window()
        window.willPresent(window.beginFrame())
        window.willPresent(window.beginFrame())
        var seen = 0
        window.pollEvents { event in
            if case .presentation = event {
                seen += 1
                window.close()
            }
        }
        #expect(seen == 1)
        #expect(window.presentationFeedback == .unavailable(.noWindow))
    }

    @Test func thePresenterSubmitsTheFrameBegunLastAndBooksNothingItDidNotSend() throws {
        let (window, backend) = GameWindowSeamTests.window()
        let presenter = try PixelPresenter(window: window, allowSharedMemory: false)
        let surface = try #require(backend.frameSurface)
        surface.presentationFeedback = .waylandPresentationTime
        let begun = window.beginFrame()
        presenter.present()
        presenter.present()
        #expect(
            surface.feedbackRequests.map { $0?.frame } == [begun, FrameID(number: begun.number + 1)],
            "a frame begins at a present without one")
        presenter.close()
        presenter.present()
        #expect(surface.feedbackRequests.count == 2, "nothing sent after close")
        for request in surface.feedbackRequests.compactMap({ $0 }) { request.inbox.report(request.frame, .discarded) }
        #expect(Self.presentations(window).map(\.outcome) == [.discarded, .discarded])
    }
}
