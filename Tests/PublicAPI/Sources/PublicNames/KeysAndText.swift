import GameInput

// KeysCharactersAndText.md: a chat line with an input method's composition.

final class ChatLine {
    var text: String?
    var preedit = Preedit.none

    func handle(_ event: InputEvent, in window: GameWindow, game: Game) {
        switch event {
        case .key(let key) where text != nil && key.phase == .down:
            switch key.keyCode {
            case .keyboardReturnOrEnter:
                print("chat: \(text ?? "")")
                text = nil
                window.stopTextInput()
            case .keyboardEscape:
                text = nil
                window.stopTextInput()
            case .keyboardDeleteOrBackspace:
                if text?.isEmpty == false { text?.removeLast() }
            default:
                break
            }
        case .key(let key) where key.phase == .down && key.key == .t:
            text = ""
            preedit = .none
            window.startTextInput()
        case .key(let key):
            game.handle(key)
        case .text(.commit(let committed)):
            text? += committed
        case .text(.preedit(let composition)):
            preedit = composition
        default:
            break
        }
        window.setTextInputCaret(WindowRect(x: 10, y: 400, width: 1, height: 18))
    }
}
