/// Text typed while a text-input session is open (``GameWindow/startTextInput()``): the
/// strings to insert, and the input method's composition in progress.
///
/// Keys are not text. A ``KeyEvent`` says which key went down and what it would type; a
/// text event says what the user *typed*, after dead keys, Compose sequences and the input
/// method (ibus, fcitx5, uim: how people type Chinese, Japanese, Korean and emoji) had their
/// say, several keys often making one string and one key sometimes several. UIKit gives the
/// same split: `UIKey` for presses, `UITextInput`'s `insertText(_:)` and `setMarkedText(_:selectedRange:)`
/// for text.
public enum TextInputEvent: Hashable, Sendable {
    /// Text to insert at the caret, in UTF-8, never a control character: what a key typed, a
    /// dead key or Compose sequence made, or the input method committed (UIKit's `insertText(_:)`).
    case commit(String)
    /// The input method's composition in progress, to draw at the caret (UIKit's marked text,
    /// `setMarkedText(_:selectedRange:)`); an empty ``Preedit`` when the composition ends,
    /// committed or abandoned.
    case preedit(Preedit)
}

/// Text an input method is composing and not yet committed (its "preedit"), with its own
/// caret: Hangul jamo becoming a syllable, pinyin becoming 你好.
public struct Preedit: Hashable, Sendable {
    /// The text being composed.
    public var text: String
    /// Where the input method's caret is in ``text``, counted in Unicode scalars from its
    /// start (0 is before the first; `text.unicodeScalars.count` after the last).
    public var caret: Int

    /// A composition of `text` with its caret `caret` Unicode scalars from the start
    /// (clamped to the text).
    public init(text: String, caret: Int) {
        self.text = text
        self.caret = min(max(0, caret), text.unicodeScalars.count)
    }

    /// No composition: what a ``TextInputEvent/preedit(_:)`` carries when one ends.
    public static let none = Preedit(text: "", caret: 0)

    /// Whether nothing is being composed.
    public var isEmpty: Bool { text.isEmpty }

    /// The composed text before the caret, to measure where to draw it.
    public var textBeforeCaret: Substring {
        let scalars = text.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: caret)
        return Substring(scalars[..<end])
    }
}

/// Where a text-input session's text comes from (``GameWindow/textInputSource``).
public enum TextInputSource: Hashable, Sendable {
    /// An input method the user runs (X Input Method server named by `XMODIFIERS`, such as
    /// `ibus`, `fcitx` or `uim`): it decides what the keys type, and may show a preedit.
    case inputMethod(name: String)
    /// No input method: dead keys and Compose sequences from the compose table of the user's
    /// locale (`LC_ALL`, `LC_CTYPE` or `LANG`; `C` when none is set), through libxkbcommon.
    case composeTable(locale: String)
    /// No input method and no compose table: each key types what its ``KeyEvent/characters``
    /// say.
    case keys
}

extension TextInputEvent {
    /// `text` without its control characters (C0, DEL and C1): Return, Tab, Backspace and
    /// Escape are keys, never committed text.
    static func withoutControlCharacters(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !isControl($0) })
        return String(kept)
    }
}
