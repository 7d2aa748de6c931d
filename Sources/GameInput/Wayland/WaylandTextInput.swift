internal import CWayland
import Foundation

/// Text from the input method the compositor relays (`text-input-unstable-v3`), where it offers
/// `zwp_text_input_manager_v3`: committed text and the composition with its caret, for a
/// text-input session.
///
/// The compositor says `enter` when the window's surface has the keyboard focus and an input
/// method can serve it (sway says it only while an input method runs), and `leave` when either
/// goes. While a session is open and the text input has entered, it is enabled, with the
/// caret's rectangle for the input method's candidate window; closing the session disables it.
/// Each batch of the compositor's news ends with `done`, and is applied then, in the protocol's
/// order: the committed text first, then the new composition (none, when the batch sent none).
final class WaylandTextInput {
    private let manager: OpaquePointer
    private let textInput: OpaquePointer
    private unowned let window: WaylandWindow
    /// Whether the game has a text-input session open.
    private var isWanted = false
    /// Whether the compositor said `enter` for the window's surface and no `leave` since.
    private(set) var hasEntered = false
    private var isEnabled = false
    /// The caret's rectangle in the surface's logical units, for the candidate window.
    private var caret = (x: Int32(0), y: Int32(0), width: Int32(0), height: Int32(0))
    /// The batch being received: its composition and its committed text.
    private var pendingPreedit: Preedit?
    private var pendingCommit: String?
    /// The composition the game last heard of.
    private var shownPreedit = Preedit.none

    init?(manager: OpaquePointer, seat: OpaquePointer, window: WaylandWindow) {
        guard let textInput = zwp_text_input_manager_v3_get_text_input(manager, seat) else {
            zwp_text_input_manager_v3_destroy(manager)
            return nil
        }
        self.manager = manager
        self.textInput = textInput
        self.window = window
        zwp_text_input_v3_add_listener(textInput, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Opens (`true`) or closes the game's text-input session.
    func setWanted(_ wanted: Bool) {
        isWanted = wanted
        update()
    }

    /// The caret's rectangle, in the window's pixels (`scale` of them to a logical unit).
    func setCaret(_ rect: WindowRect, scale: Double) {
        let scale = scale > 0 ? scale : 1
        func logical(_ value: Double) -> Int32 { Int32(max(-32768, min(32767, (value / scale).rounded()))) }
        caret = (logical(rect.x), logical(rect.y), max(1, logical(rect.width)), max(1, logical(rect.height)))
        guard isEnabled else { return }
        zwp_text_input_v3_set_cursor_rectangle(textInput, caret.x, caret.y, caret.width, caret.height)
        zwp_text_input_v3_commit(textInput)
    }

    /// Destroys the text input and its manager.
    func destroy() {
        zwp_text_input_v3_destroy(textInput)
        zwp_text_input_manager_v3_destroy(manager)
    }

    /// Enables the text input while the session is open and the compositor has entered the
    /// window, and disables it otherwise; a composition shown ends with the session.
    private func update() {
        let enable = isWanted && hasEntered
        if enable != isEnabled {
            isEnabled = enable
            if enable {
                zwp_text_input_v3_enable(textInput)
                zwp_text_input_v3_set_content_type(
                    textInput, ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue, ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue)
                zwp_text_input_v3_set_cursor_rectangle(textInput, caret.x, caret.y, caret.width, caret.height)
            } else if hasEntered {
                zwp_text_input_v3_disable(textInput)
            }
            // A disable after `leave` is not sent: the compositor disabled it with the leave.
            if enable || hasEntered { zwp_text_input_v3_commit(textInput) }
        }
        if !enable { show(Preedit.none) }
    }

    private func entered(_ surface: OpaquePointer?) {
        guard surface == window.surface else { return }
        hasEntered = true
        update()
    }

    private func left(_ surface: OpaquePointer?) {
        guard surface == window.surface else { return }
        hasEntered = false
        isEnabled = false
        update()
    }

    /// A batch of the compositor's news is complete: the committed text, then the composition.
    private func done() {
        let commit = pendingCommit, preedit = pendingPreedit ?? .none
        pendingCommit = nil
        pendingPreedit = nil
        guard isEnabled else { return }
        if let commit {
            let text = TextInputEvent.withoutControlCharacters(commit)
            // The composition it replaces ends first.
            if !shownPreedit.isEmpty { show(Preedit.none) }
            if !text.isEmpty { window.emit(.text(.commit(text))) }
        }
        show(preedit)
    }

    private func show(_ preedit: Preedit) {
        guard preedit != shownPreedit else { return }
        shownPreedit = preedit
        window.emit(.text(.preedit(preedit)))
    }

    /// The composition `text` with its caret at byte `begin` of it (negative: hidden, at the
    /// end), counted in Unicode scalars.
    static func preedit(_ text: String, caretByte begin: Int32) -> Preedit {
        let utf8 = Array(text.utf8)
        guard begin >= 0, Int(begin) <= utf8.count else { return Preedit(text: text, caret: text.unicodeScalars.count) }
        let before = String(decoding: utf8[..<Int(begin)], as: UTF8.self)
        return Preedit(text: text, caret: before.unicodeScalars.count)
    }

    private static func input(_ data: UnsafeMutableRawPointer?) -> WaylandTextInput? {
        data.map { Unmanaged<WaylandTextInput>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<zwp_text_input_v3_listener> = {
        let listener = UnsafeMutablePointer<zwp_text_input_v3_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zwp_text_input_v3_listener(
                enter: { data, _, surface in input(data)?.entered(surface) },
                leave: { data, _, surface in input(data)?.left(surface) },
                preedit_string: { data, _, text, begin, _ in
                    let text = text.map { String(cString: $0) } ?? ""
                    input(data)?.pendingPreedit = text.isEmpty ? Preedit.none : preedit(text, caretByte: begin)
                },
                commit_string: { data, _, text in
                    guard let input = input(data) else { return }
                    input.pendingCommit = (input.pendingCommit ?? "") + (text.map { String(cString: $0) } ?? "")
                },
                delete_surrounding_text: { _, _, _, _ in },
                done: { data, _, _ in input(data)?.done() }))
        return listener
    }()
}
