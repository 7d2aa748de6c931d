internal import CXKBCommon
import Foundation

/// Dead keys and Compose sequences, from the compose table of the user's locale, through
/// libxkbcommon: `dead_circumflex`, `e` → "ê"; `Multi_key`, `'`, `e` → "é". It needs no input
/// method and no X locale support, and works in the `C` locale too.
final class XKBCompose {
    /// What a key did to the sequence.
    enum Step: Equatable {
        /// The key is not part of a sequence: it types what it types.
        case passThrough
        /// The key started or continued a sequence; it types nothing yet.
        case composing
        /// The key ended a sequence, which types this text.
        case composed(String)
        /// The key broke a sequence off; it types nothing.
        case cancelled
    }

    /// The locale whose table was loaded.
    let locale: String
    private let table: OpaquePointer
    private let state: OpaquePointer

    /// The table for the locale of `environment` (`LC_ALL`, then `LC_CTYPE`, then `LANG`,
    /// the first one set; `C` when none is), or `C`'s when that locale has none; nil when
    /// libxkbcommon finds no table at all.
    convenience init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let wanted = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        self.init(locale: wanted)
    }

    /// The table of `locale`, or `C`'s when `locale` has none; nil when neither loads.
    init?(locale: String) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        defer { xkb_context_unref(context) }
        for candidate in [locale, "C"] {
            if let table = xkb_compose_table_new_from_locale(context, candidate, XKB_COMPOSE_COMPILE_NO_FLAGS) {
                guard let state = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
                    xkb_compose_table_unref(table)
                    return nil
                }
                self.locale = candidate
                self.table = table
                self.state = state
                return
            }
        }
        return nil
    }

    deinit {
        xkb_compose_state_unref(state)
        xkb_compose_table_unref(table)
    }

    /// Whether a sequence is under way.
    var isComposing: Bool { xkb_compose_state_get_status(state) == XKB_COMPOSE_COMPOSING }

    /// Feeds the keysym of a key press. Modifier keys are no part of sequences and pass.
    func feed(_ keysym: UInt32) -> Step {
        guard keysym != 0, xkb_compose_state_feed(state, keysym) == XKB_COMPOSE_FEED_ACCEPTED else { return .passThrough }
        switch xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING:
            return .composing
        case XKB_COMPOSE_COMPOSED:
            var text = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
                let length = xkb_compose_state_get_utf8(state, buffer.baseAddress, 64)
                return length > 0 && length < 64
                    ? String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(length)), as: UTF8.self) : ""
            }
            if text.isEmpty { text = XKBKeyboard.utf8(xkb_compose_state_get_one_sym(state)) }
            xkb_compose_state_reset(state)
            return .composed(text)
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(state)
            return .cancelled
        default:
            return .passThrough
        }
    }

    /// Forgets a sequence under way (a text session ended, the focus left).
    func reset() { xkb_compose_state_reset(state) }
}
