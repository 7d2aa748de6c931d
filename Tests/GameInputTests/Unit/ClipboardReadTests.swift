import Testing

@testable import GameInput

/// The window's promise for a clipboard read, on the recording backend: one answer per read,
/// the system's or nil once the window can give none, and `await` resuming with it.
@Suite struct ClipboardReadTests {
    @Test func eachReadIsAnsweredOnceWithTheSystemsText() {
        let (window, backend) = GameWindowSeamTests.window()
        var answers: [String?] = []
        window.requestClipboardText { answers.append($0) }
        #expect(answers.isEmpty, "nothing completes inside the request")
        backend.answerClipboardReads(with: "pose")
        #expect(answers == ["pose"])
        window.close()
        #expect(answers == ["pose"], "an answered read is not answered again at close")
    }

    @Test func closingAnswersWhatIsPendingWithNilAndLateAnswersAreDropped() {
        let (window, backend) = GameWindowSeamTests.window()
        var answers: [String] = []
        window.requestClipboardText { answers.append("first \($0 ?? "nil")") }
        window.requestClipboardText { answers.append("second \($0 ?? "nil")") }
        window.close()
        #expect(answers == ["first nil", "second nil"], "in the order asked")
        backend.answerClipboardReads(with: "late")
        #expect(answers.count == 2, "the backend's late answer reaches no one")
        window.requestClipboardText { answers.append("after close \($0 ?? "nil")") }
        #expect(answers.last == "after close nil", "a closed window answers at once")
    }

    @Test func aClosedConnectionAnswersWithNilAfterItsEvent() {
        let (window, backend) = GameWindowSeamTests.window()
        var answer: String?? = .none
        window.requestClipboardText { answer = .some($0) }
        backend.loseConnection()
        var sawLoss = false
        window.pollEvents { event in
            if event == .connectionLost { sawLoss = true }
            #expect(answer == .none, "not before the game hears of the loss")
        }
        #expect(sawLoss && answer == .some(nil))
    }

    @Test func closingInsideTheHandlerAnswersWhenThePollReturns() {
        let (window, backend) = GameWindowSeamTests.window()
        var answer: String?? = .none
        window.requestClipboardText { answer = .some($0) }
        backend.scripted = [.exposed]
        window.pollEvents { _ in window.close() }
        #expect(answer == .some(nil))
    }

    @MainActor @Test func awaitingTheTextResumesWithTheAnswerOfALaterPoll() async {
        let (window, backend) = GameWindowSeamTests.window()
        let reader = Task { @MainActor in await window.clipboardText() }
        // The reader runs on this actor once this test yields; its read then waits.
        var yields = 0
        while backend.clipboardReads.isEmpty && yields < 1_000 {
            await Task.yield()
            yields += 1
        }
        #expect(backend.clipboardReads.count == 1, "the read was asked for")
        backend.answerClipboardReads(with: "yaw 12.5")
        #expect(await reader.value == "yaw 12.5")
    }

    @MainActor @Test func awaitingTheTextResumesWithNilWhenTheWindowCloses() async {
        let (window, backend) = GameWindowSeamTests.window()
        let reader = Task { @MainActor in await window.clipboardText() }
        var yields = 0
        while backend.clipboardReads.isEmpty && yields < 1_000 {
            await Task.yield()
            yields += 1
        }
        window.close()
        #expect(await reader.value == nil)
    }
}
