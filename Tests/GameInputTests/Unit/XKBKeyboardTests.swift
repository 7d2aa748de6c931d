import CXKBCommon
import Testing

@testable import GameInput

/// What keys mean in layouts compiled by libxkbcommon from their names (no server): the
/// characters with an event's modifiers and group, and the shortcut rule.
@Suite struct XKBKeyboardTests {
    /// X key codes (evdev + 8) by their place on a US keyboard, and the physical keys there.
    static let places: [Int: KeyboardHIDUsage] = [
        10: .keyboard1, 11: .keyboard2, 24: .keyboardQ, 26: .keyboardE, 33: .keyboardP, 41: .keyboardF,
        28: .keyboardT, 43: .keyboardH, 46: .keyboardL, 57: .keyboardN,
    ]
    static let shift: UInt32 = 1, lock: UInt32 = 2, control: UInt32 = 4, mod2: UInt32 = 0x10, mod5: UInt32 = 0x80

    static func keyboard(layout: String, variant: String = "") throws -> XKBKeyboard {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let keymap = try layout.withCString { layout in
            try variant.withCString { variant in
                var names = xkb_rule_names(rules: nil, model: nil, layout: layout, variant: variant, options: nil)
                return try #require(xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS))
            }
        }
        return try #require(XKBKeyboard(keymap: keymap) { places[$0] ?? .keyboardErrorUndefined })
    }

    @Test func shiftAltGrAndCapsChangeTheCharactersNotTheShortcut() throws {
        let us = try Self.keyboard(layout: "us")
        let shiftOne = us.meaning(of: 10, with: KeyboardModifierState(baseModifiers: Self.shift))
        #expect(shiftOne.characters == "!" && shiftOne.charactersIgnoringModifiers == "1" && shiftOne.key.rawValue == 0x31)
        let capsQ = us.meaning(of: 24, with: KeyboardModifierState(lockedModifiers: Self.lock))
        #expect(capsQ.characters == "Q" && capsQ.charactersIgnoringModifiers == "q" && capsQ.key == .q)
        let controlQ = us.meaning(of: 24, with: KeyboardModifierState(baseModifiers: Self.control))
        #expect(controlQ.characters == "q", "Control makes no control character")

        let de = try Self.keyboard(layout: "de")
        let altGrQ = de.meaning(of: 24, with: KeyboardModifierState(baseModifiers: Self.mod5))
        #expect(altGrQ.characters == "@" && altGrQ.key == .q)
        #expect(de.meaning(of: 11, with: KeyboardModifierState(baseModifiers: Self.shift)).characters == "\"")
    }

    @Test func aDeadKeyTypesNothingAndGivesItsKeysym() throws {
        let fr = try Self.keyboard(layout: "fr")
        let dead = fr.meaning(of: 34, with: KeyboardModifierState())
        #expect(dead.characters == "" && dead.keysym == 0xFE52, "dead_circumflex")
    }

    /// The group an event carries picks the layout; shortcuts go to the first Latin group.
    @Test func theEventsGroupPicksTheLayoutAndShortcutsStayLatin() throws {
        let usRu = try Self.keyboard(layout: "us,ru")
        let russian = KeyboardModifierState(lockedGroup: 1)
        let f = usRu.meaning(of: 41, with: russian)
        #expect(f.characters == "а" && f.charactersIgnoringModifiers == "а" && f.key == KeySymbol(character: "f"))
        let shiftF = usRu.meaning(of: 41, with: KeyboardModifierState(baseModifiers: Self.shift, lockedGroup: 1))
        #expect(shiftF.characters == "А" && shiftF.charactersIgnoringModifiers == "а")
        #expect(usRu.meaning(of: 41, with: KeyboardModifierState()).characters == "f")
        // A key with one group only (Shift) wraps into it in every group.
        #expect(usRu.meaning(of: 50, with: russian).keysym == 0xFFE1)
        #expect(usRu.unmodifiedMeaning(of: 46).charactersIgnoringModifiers == "д", "the last event's group")
    }

    @Test(arguments: [("ru", ""), ("fr", ""), ("de", ""), ("us", "dvorak")])
    func theDemosLetterShortcutsExistOnEveryLayout(_ layout: (String, String)) throws {
        let keyboard = try Self.keyboard(layout: layout.0, variant: layout.1)
        let shortcuts = Set((9...100).map { keyboard.meaning(of: $0, with: KeyboardModifierState()).key })
        #expect(shortcuts.isSuperset(of: [.l, .n, .h, .t]), "\(layout)")
        if layout.0 == "ru" {
            // No Latin group: the places of a US keyboard.
            #expect(keyboard.meaning(of: 46, with: KeyboardModifierState()).key == .l)
            #expect(keyboard.meaning(of: 46, with: KeyboardModifierState()).characters == "д")
        }
        if layout.1 == "dvorak" { #expect(keyboard.meaning(of: 33, with: KeyboardModifierState()).key == .l) }
    }

    @Test func theKeypadTypesDigitsOnlyWithNumLock() throws {
        let us = try Self.keyboard(layout: "us")
        #expect(us.meaning(of: 87, with: KeyboardModifierState()).characters == "")
        #expect(us.meaning(of: 87, with: KeyboardModifierState(lockedModifiers: Self.mod2)).characters == "1")
        #expect(us.meaning(of: 87, with: KeyboardModifierState(baseModifiers: Self.shift, lockedModifiers: Self.mod2)).characters == "")
    }

    @Test func scriptsAreTold() {
        #expect(!XKBKeyboard.isNonLatinCharacter(0x61) && !XKBKeyboard.isNonLatinCharacter(0xE7), "a, ç")
        #expect(!XKBKeyboard.isNonLatinCharacter(0x1EC) && !XKBKeyboard.isNonLatinCharacter(0xFF1B), "ě, Escape")
        #expect(XKBKeyboard.isNonLatinCharacter(0x6C4) && XKBKeyboard.isNonLatinCharacter(0x7E1), "Cyrillic, Greek")
        #expect(XKBKeyboard.isNonLatinCharacter(0x100_05D0) && !XKBKeyboard.isNonLatinCharacter(0x100_0153), "Hebrew; œ")
    }
}

/// Compose tables through libxkbcommon, with no server.
@Suite struct XKBComposeTests {
    @Test func deadKeysAndComposeSequencesMakeText() throws {
        let compose = try #require(XKBCompose(locale: "C"))
        #expect(compose.feed(0xFE52) == .composing)  // dead_circumflex
        #expect(compose.feed(0x65) == .composed("ê"))
        #expect(compose.feed(0xFF20) == .composing)  // Multi_key
        #expect(compose.feed(0xFFE1) == .passThrough, "Shift is no part of a sequence")
        #expect(compose.isComposing)
        #expect(compose.feed(0x27) == .composing)
        #expect(compose.feed(0x65) == .composed("é"))
        #expect(compose.feed(0x61) == .passThrough)
        #expect(compose.feed(0xFE52) == .composing)
        #expect(compose.feed(0xFF51) == .cancelled, "a key no sequence continues with")
        #expect(!compose.isComposing)
    }

    @Test func theLocaleComesFromTheEnvironmentAndFallsBackToC() throws {
        #expect(XKBCompose(environment: ["LANG": "de_DE.UTF-8"])?.locale == "de_DE.UTF-8")
        #expect(XKBCompose(environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"])?.locale == "C")
        #expect(XKBCompose(environment: [:])?.locale == "C")
        #expect(XKBCompose(locale: "xx_NOWHERE")?.locale == "C")
    }
}

/// Which input method `XMODIFIERS` names, and text without control characters.
@Suite struct TextInputRulesTests {
    @Test func xmodifiersNameAServerOrNone() {
        #expect(X11InputMethod.serverName(xmodifiers: "@im=ibus") == "ibus")
        #expect(X11InputMethod.serverName(xmodifiers: "@im=fcitx@other=x") == "fcitx")
        for none in [nil, "", "@im=", "@im=none", "garbage"] { #expect(X11InputMethod.serverName(xmodifiers: none) == nil) }
    }

    @Test func controlCharactersAreNoText() {
        #expect(TextInputEvent.withoutControlCharacters("a\rb\u{1B}c\u{7F}\u{85}") == "abc")
        #expect(TextInputEvent.withoutControlCharacters("한글 ç") == "한글 ç")
    }

    @Test func thePreeditsCaretIsClampedAndMeasured() {
        let preedit = Preedit(text: "ni hao", caret: 9)
        #expect(preedit.caret == 6 && preedit.textBeforeCaret == "ni hao")
        #expect(Preedit(text: "你好", caret: 1).textBeforeCaret == "你")
        #expect(Preedit.none.isEmpty)
    }
}
