/// The clipboard reads a window was asked for and has not answered: each completion runs
/// exactly once, with the backend's answer or, when the window closes or loses its connection
/// first, with nil. The books are the window's, not a backend's, so every backend keeps this
/// promise by construction; an `await` on ``GameWindow/clipboardText()`` relies on it.
final class ClipboardReads {
    private var nextNumber = 0
    private var waiting: [Int: (String?) -> Void] = [:]

    /// How many reads wait for an answer.
    var count: Int { waiting.count }

    /// Notes `completion` as waiting; the returned completion, for the backend, runs it unless
    /// it ran already.
    func track(_ completion: @escaping (String?) -> Void) -> (String?) -> Void {
        let number = nextNumber
        nextNumber += 1
        waiting[number] = completion
        return { [weak self] text in self?.answer(number, with: text) }
    }

    /// Runs every waiting completion with nil: the window will answer none of them.
    func answerAllWithNil() {
        // In order of asking; a completion that asks again on the closed window is answered at once.
        let unanswered = waiting.sorted { $0.key < $1.key }.map(\.value)
        waiting.removeAll()
        for completion in unanswered { completion(nil) }
    }

    private func answer(_ number: Int, with text: String?) {
        guard let completion = waiting.removeValue(forKey: number) else { return }
        completion(text)
    }

    deinit {
        for (_, completion) in waiting.sorted(by: { $0.key < $1.key }) { completion(nil) }
    }
}
