/// The one rule for what a key types during a text-input session, on every backend and with
/// or without an input method or compose table.
///
/// A key pressed with Control, Alt or Super held is a command, not text: Ctrl+C, Alt+F and
/// Super+A commit nothing, as in GLFW and in toolkits' text fields. Shift, Caps Lock and AltGr
/// (the third level, which is not Alt) type: AltGr+Q is "@" on a German layout. Control
/// characters never commit: Return, Tab, Backspace and Escape are keys. What a dead key or a
/// Compose sequence makes commits whatever was held at its last key.
enum TypedText {
    /// The modifiers that make a key a command.
    static let commandModifiers: ModifierFlags = [.control, .alternate, .command]

    /// What a key press that types `characters` with `modifiers` held commits; nil for nothing.
    static func commit(_ characters: String, modifiers: ModifierFlags) -> String? {
        guard modifiers.isDisjoint(with: commandModifiers) else { return nil }
        return composed(characters)
    }

    /// What text that a compose sequence or an input method made commits: all of it but its
    /// control characters; nil when nothing is left.
    static func composed(_ text: String) -> String? {
        let printable = TextInputEvent.withoutControlCharacters(text)
        return printable.isEmpty ? nil : printable
    }
}
