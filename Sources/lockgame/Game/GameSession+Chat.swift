import GameInput

/// The chat line's keys while it is open: Return sends, Esc cancels, Backspace deletes; every
/// other key belongs to the text, so no game or application command runs and nobody walks.
final class ChatResponder: KeyResponder {
    unowned let session: GameSession
    init(session: GameSession) { self.session = session }

    var keyCommands: [KeyCommand] {
        [
            KeyCommand(title: "Send the message", input: .return) { [unowned session] in session.sendChat() },
            KeyCommand(title: "Send the message", input: .keypadEnter) { [unowned session] in session.sendChat() },
            KeyCommand(title: "Cancel the message", input: .escape) { [unowned session] in session.cancelChat() },
        ]
    }

    func pressBegan(_ event: KeyEvent) -> Bool {
        if event.key == .backspace { session.chat.deleteBackward() }
        return true
    }

    func pressEnded(_ event: KeyEvent) -> Bool { true }
}

extension GameSession {
    /// T: opens the chat line; the runner starts a text-input session for it. The pointer
    /// stays locked: typing needs no pointer, the player keeps looking around, and an input
    /// method's candidate window needs none either.
    func openChat() {
        guard !chat.isOpen else { return }
        chat.open()
        log("chat line: open")
    }

    /// Return: shows the message in the HUD and prints it as `chat: <text>`.
    func sendChat() {
        let text = chat.close()
        if text.isEmpty { log("chat line: closed") } else { show(message: "chat: \(text)") }
    }

    /// Esc: closes the line without sending.
    func cancelChat() {
        _ = chat.close()
        log("chat line: cancelled")
    }

    /// Text typed into the open line, and the input method's composition.
    func handleText(_ event: TextInputEvent) {
        guard chat.isOpen else { return }
        switch event {
        case .commit(let text):
            chat.insert(text)
        case .preedit(let preedit):
            guard preedit != chat.preedit else { return }
            chat.preedit = preedit
            log(preedit.isEmpty ? "chat preedit: ended" : "chat preedit: \(preedit.text)")
        }
    }
}
