import GameInput

/// The demo's chat line: what the player has typed, and the input method's composition
/// still under way, which the HUD draws at the caret (the end of the text).
struct ChatLine: Equatable {
    /// Whether the line is open (T opened it; Return or Esc closes it).
    private(set) var isOpen = false
    /// The committed text.
    private(set) var text = ""
    /// The input method's composition, drawn after the text and underlined.
    var preedit = Preedit.none

    /// Opens an empty line.
    mutating func open() {
        isOpen = true
        text = ""
        preedit = .none
    }

    /// Closes the line and returns what it held.
    mutating func close() -> String {
        defer {
            isOpen = false
            text = ""
            preedit = .none
        }
        return text
    }

    /// Appends committed text.
    mutating func insert(_ typed: String) {
        guard isOpen else { return }
        text += typed
    }

    /// Backspace: removes the last character (a whole grapheme: "ê", "한", an emoji).
    mutating func deleteBackward() {
        guard isOpen, !text.isEmpty else { return }
        text.removeLast()
    }
}
