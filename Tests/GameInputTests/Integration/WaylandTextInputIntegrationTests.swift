import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// Text from an input method on a native Wayland window under sway, through text-input-v3: the
/// tests' input method (input-method-unstable-v2, `Tests/WaylandTools/InputMethod`) is the
/// seat's, and sway relays what it sends. A session enables the text input, so the input method
/// is activated; its composition comes as a preedit with its caret, its commit as committed text
/// (ending the composition); closing the session deactivates it. Without a session nothing comes.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandTextInputIntegrationTests {
    @Test func anInputMethodsCompositionAndCommitComeAsText() throws {
        let harness = try SwayWindowHarness(title: "typing")
        defer { harness.stop() }
        let sway = harness.sway, window = harness.window
        let method = try sway.startInputMethod()
        defer { method.stop() }
        func answer(_ command: String) -> String? {
            let seen = method.lines.count
            method.command(command, timeout: .seconds(5))
            return method.lines.dropFirst(seen).first
        }
        func texts() -> [TextInputEvent] {
            harness.events.compactMap { event -> TextInputEvent? in if case .text(let text) = event { text } else { nil } }
        }
        window.show()
        #expect(harness.pump { sway.windowStates()["typing"]?.focused == true }, "\(sway.windowStates())")
        #expect(harness.pump { window.textInputSource == .inputMethod(name: WaylandWindow.inputMethodName) }, "\(window.textInputSource)")
        #expect(answer("state") == "inactive", "no session, no activation")

        window.startTextInput()
        window.setTextInputCaret(WindowRect(x: 40, y: 300, width: 2, height: 20))
        #expect(harness.pump { answer("state") == "active" }, "a session activates the input method")

        // にほ, the caret after its two characters (byte 6), then 日本 committed.
        harness.events.removeAll()
        #expect(answer("preedit にほ 6 6") == "ok")
        #expect(harness.pump { texts() == [.preedit(Preedit(text: "にほ", caret: 2))] }, "\(texts())")
        #expect(answer("commit 日本") == "ok")
        #expect(
            harness.pump { texts() == [.preedit(Preedit(text: "にほ", caret: 2)), .preedit(.none), .commit("日本")] }, "\(texts())")

        window.stopTextInput()
        #expect(harness.pump { answer("state") == "inactive" }, "closing the session deactivates it")
        harness.events.removeAll()
        _ = answer("commit 無視")
        harness.pump(timeout: .milliseconds(300))
        #expect(texts().isEmpty, "nothing without a session: \(texts())")
    }
}
