import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// What keys type, and text sessions, on a real X server: layouts set with `setxkbmap`, keys
/// pressed by X key code through XTest (the places: evdev numbers + 8), the game's
/// ``KeyEvent``s and committed text read back. No input method runs here (see
/// `InputMethodIntegrationTests` for those): text goes through the compose table.
@Suite(.serialized, .tags(.integration)) struct TextInputIntegrationTests {
    /// X key codes of a pc105 keyboard, by their place on a US keyboard.
    enum Code {
        static let one: UInt32 = 10, two: UInt32 = 11, q: UInt32 = 24, e: UInt32 = 26, t: UInt32 = 28
        static let bracketLeft: UInt32 = 34, a: UInt32 = 38, f: UInt32 = 41, h: UInt32 = 43, l: UInt32 = 46
        static let apostrophe: UInt32 = 48, shiftLeft: UInt32 = 50, c: UInt32 = 54, n: UInt32 = 57
        static let space: UInt32 = 65, capsLock: UInt32 = 66, numLock: UInt32 = 77, keypad1: UInt32 = 87
        static let keypadDecimal: UInt32 = 91, returnKey: UInt32 = 36, escape: UInt32 = 9, backspace: UInt32 = 22
        static let controlLeft: UInt32 = 37, rightAlt: UInt32 = 108
    }

    /// A server with `layout` set (no window manager: the window takes the focus itself), and
    /// a shown, focused window on it.
    final class Typist {
        let server: XServerFixture
        let probe: XProbe
        let harness: GameWindowHarness

        init(_ layout: [String]) throws {
            server = try XServerFixture(windowManager: nil)
            probe = server.probe
            do {
                let setxkbmap = try ChildProcess(
                    executable: XServerFixture.locate("setxkbmap"), arguments: ["-display", server.displayName] + layout)
                guard setxkbmap.waitForExit(timeout: .seconds(10)) == 0 else { throw Failure.setxkbmap(setxkbmap.lines) }
                harness = try GameWindowHarness(displayName: server.displayName)
            } catch {
                server.stop()
                throw error
            }
            harness.window.pointerLock.rootPreferring = TestGame(prefers: false)
            harness.window.show()
            #expect(harness.pump { harness.window.isViewable && self.probe.focusedWindow == harness.window.x11System!.windowID })
        }

        enum Failure: Error { case setxkbmap([String]) }

        func stop() {
            harness.window.close()
            server.stop()
        }

        /// Presses `modifiers` then `code`, and releases them in reverse order.
        func type(_ code: UInt32, with modifiers: [UInt32] = []) {
            for modifier in modifiers { probe.sendKey(modifier, down: true) }
            probe.sendKey(code, down: true)
            probe.sendKey(code, down: false)
            for modifier in modifiers.reversed() { probe.sendKey(modifier, down: false) }
        }

        /// Types `codes` one after another, then lets the window read them.
        func typeAll(_ codes: [UInt32]) {
            for code in codes { type(code) }
            settle()
        }

        /// Runs the loop until every key pressed has come back up (or 2 s went by).
        func settle() {
            harness.pump(timeout: .seconds(2)) { !harness.events.isEmpty && quiet() }
            harness.pump(for: .milliseconds(100))
        }

        private func quiet() -> Bool {
            var held = Set<Int>()
            for key in harness.keys {
                if key.phase == .down { held.insert(key.xkbKeyCode) } else { held.remove(key.xkbKeyCode) }
            }
            return held.isEmpty
        }

        /// The press of the last key event for `code`.
        func lastPress(_ code: UInt32) -> KeyEvent? {
            harness.keys.last { $0.xkbKeyCode == Int(code) && $0.phase == .down }
        }

        var commits: [String] {
            harness.events.compactMap { if case .text(.commit(let text)) = $0 { text } else { nil } }
        }
    }

    @Test func shiftOneTypesAnExclamationMarkOnUS() throws {
        let typist = try Typist(["-layout", "us"])
        defer { typist.stop() }
        typist.type(Code.one, with: [Code.shiftLeft])
        typist.settle()
        let press = try #require(typist.lastPress(Code.one))
        #expect(press.characters == "!" && press.charactersIgnoringModifiers == "1", "\(press)")
        #expect(press.key == KeySymbol(rawValue: 0x31), "shortcuts still see the 1 key")
        #expect(typist.commits.isEmpty, "no text outside a session")

        typist.harness.window.startTextInput()
        typist.type(Code.one, with: [Code.shiftLeft])
        typist.settle()
        #expect(typist.commits == ["!"])
    }

    @Test func altGrQAndShiftTwoOnGerman() throws {
        let typist = try Typist(["-layout", "de"])
        defer { typist.stop() }
        typist.harness.window.startTextInput()
        typist.type(Code.q, with: [Code.rightAlt])
        typist.type(Code.two, with: [Code.shiftLeft])
        typist.settle()
        let altGrQ = try #require(typist.lastPress(Code.q))
        #expect(altGrQ.characters == "@" && altGrQ.charactersIgnoringModifiers == "q" && altGrQ.key == .q, "\(altGrQ)")
        #expect(typist.lastPress(Code.two)?.characters == "\"")
        #expect(typist.commits == ["@", "\""])
    }

    /// A dead key types nothing by itself; in a session it and the next key make one text and
    /// no key event.
    @Test func aFrenchDeadCircumflexThenEMakesOneText() throws {
        let typist = try Typist(["-layout", "fr"])
        defer { typist.stop() }
        typist.typeAll([Code.bracketLeft, Code.e])
        #expect(typist.lastPress(Code.bracketLeft)?.characters == "", "a dead key alone types nothing")
        #expect(typist.lastPress(Code.e)?.characters == "e")

        typist.harness.events.removeAll()
        typist.harness.window.startTextInput()
        guard case .composeTable = typist.harness.window.textInputSource else {
            Issue.record("text from \(typist.harness.window.textInputSource)")
            return
        }
        typist.typeAll([Code.bracketLeft, Code.e])
        #expect(typist.commits == ["ê"])
        #expect(typist.harness.keys.isEmpty, "the sequence's keys are consumed: \(typist.harness.keys)")
    }

    @Test func composeApostropheEMakesEAcute() throws {
        let typist = try Typist(["-layout", "us", "-option", "compose:ralt"])
        defer { typist.stop() }
        typist.harness.window.startTextInput()
        typist.typeAll([Code.rightAlt, Code.apostrophe, Code.e, Code.a])
        #expect(typist.commits == ["é", "a"])
        #expect(typist.harness.keys.map(\.xkbKeyCode) == [Int(Code.a), Int(Code.a)], "only the key after the sequence")
    }

    /// `us,ru` switched to the second group: both character properties say the Cyrillic
    /// letter, and shortcuts still see the Latin one of the first group.
    @Test func theActiveGroupTypesCyrillic() throws {
        let typist = try Typist(["-layout", "us,ru"])
        defer { typist.stop() }
        XkbLockGroup(typist.probe.display, UInt32(XkbUseCoreKbd), 1)
        XSync(typist.probe.display, 0)
        typist.harness.window.startTextInput()
        typist.type(Code.f)
        typist.type(Code.f, with: [Code.shiftLeft])
        typist.settle()
        let presses = typist.harness.keys.filter { $0.xkbKeyCode == Int(Code.f) && $0.phase == .down }
        #expect(presses.map(\.characters) == ["а", "А"])
        #expect(presses.map(\.charactersIgnoringModifiers) == ["а", "а"])
        #expect(presses.allSatisfy { $0.key == KeySymbol(character: "f") }, "\(presses.map(\.key))")
        #expect(typist.commits == ["а", "А"])
        XkbLockGroup(typist.probe.display, UInt32(XkbUseCoreKbd), 0)
        XSync(typist.probe.display, 0)
        typist.harness.events.removeAll()
        typist.typeAll([Code.f])
        #expect(typist.lastPress(Code.f)?.characters == "f")
    }

    @Test func capsLockAndTheKeypadWithAndWithoutNumLock() throws {
        let typist = try Typist(["-layout", "us"])
        defer { typist.stop() }
        typist.type(Code.capsLock)
        typist.type(Code.a)
        typist.type(Code.a, with: [Code.shiftLeft])
        typist.type(Code.one)
        typist.type(Code.capsLock)
        typist.settle()
        let letters = typist.harness.keys.filter { $0.phase == .down && $0.xkbKeyCode == Int(Code.a) }.map(\.characters)
        #expect(letters == ["A", "a"])
        #expect(typist.lastPress(Code.one)?.characters == "1")

        typist.harness.events.removeAll()
        typist.type(Code.keypad1)
        typist.type(Code.numLock)
        typist.type(Code.keypad1)
        typist.type(Code.keypadDecimal)
        typist.type(Code.keypad1, with: [Code.shiftLeft])
        typist.type(Code.numLock)
        typist.settle()
        let keypad = typist.harness.keys.filter {
            $0.phase == .down && $0.xkbKeyCode != Int(Code.numLock) && $0.xkbKeyCode != Int(Code.shiftLeft)
        }
        #expect(keypad.map(\.characters) == ["", "1", ".", ""], "\(keypad.map(\.key))")
        #expect(keypad.allSatisfy { $0.modifierFlags.contains(.numericPad) })
    }

    /// Keys typed in a session come once as keys and once as text; Return, Esc, Backspace and
    /// Control combinations are keys only; every press has its release.
    @Test func aSessionReportsEachKeyOnceAndOnlyTextAsText() throws {
        let typist = try Typist(["-layout", "us"])
        defer { typist.stop() }
        typist.harness.window.startTextInput()
        #expect(typist.harness.window.isTextInputActive)
        typist.typeAll([Code.h, Code.space, Code.returnKey, Code.escape, Code.backspace])
        typist.type(Code.c, with: [Code.controlLeft])
        typist.settle()
        #expect(typist.commits == ["h", " "])
        for code in [Code.h, Code.space, Code.returnKey, Code.escape, Code.backspace, Code.c] {
            let events = typist.harness.keys.filter { $0.xkbKeyCode == Int(code) }.map(\.phase)
            #expect(events == [.down, .up], "key \(code): \(events)")
        }
        typist.harness.window.stopTextInput()
        typist.harness.events.removeAll()
        typist.typeAll([Code.h])
        #expect(typist.commits.isEmpty && typist.lastPress(Code.h) != nil, "keys only once the session ended")
    }

    /// An input method that is not running, and nonsense in `XMODIFIERS`, leave text to the
    /// compose table: dead keys still work, and nothing is reported as an error.
    @Test(arguments: ["@im=nonexistent", "garbage", "@im=", "@im=none"])
    func aMissingOrBrokenInputMethodFallsBackToTheComposeTable(_ xmodifiers: String) throws {
        setenv("XMODIFIERS", xmodifiers, 1)
        defer { unsetenv("XMODIFIERS") }
        let typist = try Typist(["-layout", "fr"])
        defer { typist.stop() }
        let started = ContinuousClock.now
        typist.harness.window.startTextInput()
        let took = ContinuousClock.now - started
        guard case .composeTable = typist.harness.window.textInputSource else {
            Issue.record("\(xmodifiers): text from \(typist.harness.window.textInputSource)")
            return
        }
        #expect(took < .seconds(2), "no wait on an input method that is not there: \(took)")
        typist.typeAll([Code.bracketLeft, Code.e])
        #expect(typist.commits == ["ê"], "\(xmodifiers)")
    }
}
