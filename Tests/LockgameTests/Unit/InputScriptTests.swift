import GameInput
import Testing

@testable import lockgame

@Suite struct InputScriptTests {
    @Test func commandsLandOnTheirFrames() throws {
        let script = try InputScript(
            parsing: """
                # turn, then walk
                look 10 -2.5
                wait 3
                key w down   # start walking
                wait 2
                key W up
                press ctrl+c
                click 100 50 secondary shift
                scroll -1
                smooth 0.25
                pinch 2
                """, file: "s.txt")
        #expect(script.length == 5)
        guard case .relativeMotion(let motion)? = script.events(atFrame: 0).first else {
            Issue.record("frame 0 should hold a look")
            return
        }
        #expect(motion.unaccelerated == PointerDelta(dx: 10, dy: -2.5))
        #expect(script.events(atFrame: 3) == [TestEvents.key(.w)])
        let last = script.events(atFrame: 5)
        #expect(last.count == 10, "pinch is three events: began, changed, ended")
        #expect(last[0] == TestEvents.key(.w, .up))
        #expect(last[1] == TestEvents.key(.c, modifiers: .control))
        #expect(last[3] == TestEvents.click(100, 50, button: .secondary, modifiers: .shift))
        #expect(last[5] == .scroll(ScrollEvent(type: .discrete, delta: PointerDelta(dx: 0, dy: -1), location: WindowPoint(x: 0, y: 0))))
        #expect(last[6] == .scroll(ScrollEvent(type: .continuous, delta: PointerDelta(dx: 0, dy: 0.25), location: WindowPoint(x: 0, y: 0))))
        #expect(script.events(atFrame: 1).isEmpty)
    }

    @Test(arguments: [
        ("wait", "s.txt:1: wrong number of words for \"wait\""),
        ("look 1 nan", "s.txt:1: \"nan\" is not a finite number within ±1000000"),
        ("look 1e9 0", "s.txt:1: \"1e9\" is not a finite number within ±1000000"),
        ("\n\njump 3", "s.txt:3: unknown command \"jump\" (expected wait, look, key, press, click, scroll, smooth or pinch)"),
        ("key w sideways", "s.txt:1: key wants \"down\" or \"up\", not \"sideways\""),
        ("press hyper", "s.txt:1: unknown key \"hyper\""),
        ("press meta+c", "s.txt:1: unknown modifier \"meta\""),
        ("wait -1", "s.txt:1: wait wants a frame count 0…1000000, not \"-1\""),
        ("pinch 0", "s.txt:1: pinch wants a scale above 0, not \"0\""),
    ])
    func badLinesAreNamedByFileAndLine(text: String, message: String) {
        do {
            _ = try InputScript(parsing: text, file: "s.txt")
            Issue.record("\"\(text)\" must be refused")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aMissingScriptIsNamed() {
        do {
            _ = try InputScript(contentsOf: "/nonexistent/script.txt")
            Issue.record("a missing file must be an error")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/script.txt:0: cannot read the script"))
        }
    }
}
