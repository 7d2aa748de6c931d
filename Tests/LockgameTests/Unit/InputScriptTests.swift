import GameInput
import Testing
@testable import lockgame

@Suite struct InputScriptTests {
    @Test func commandsLandOnTheirFrames() throws {
        let script = try InputScript(parsing: """
            # turn, then walk
            look 10 -2.5
            wait 3
            key w down   # start walking
            wait 2
            key W up
            press escape
            click 100 50
            """, file: "s.txt")
        #expect(script.length == 5)
        #expect(script.actions(atFrame: 0) == [.look(unaccelerated: PointerDelta(dx: 10, dy: -2.5),
                                                     accelerated: PointerDelta(dx: 10, dy: -2.5), receivedAt: nil)])
        #expect(script.actions(atFrame: 3) == [.key(.w, .down, isRepeat: false)])
        #expect(script.actions(atFrame: 5) == [
            .key(.w, .up, isRepeat: false), .key(.escape, .down, isRepeat: false), .key(.escape, .up, isRepeat: false),
            .button(1, .down, x: 100, y: 50), .button(1, .up, x: 100, y: 50),
        ])
        #expect(script.actions(atFrame: 1).isEmpty)
    }

    @Test(arguments: [
        ("wait", "s.txt:1: wrong number of words for \"wait\""),
        ("look 1 nan", "s.txt:1: \"nan\" is not a finite number within ±1000000"),
        ("look 1e9 0", "s.txt:1: \"1e9\" is not a finite number within ±1000000"),
        ("\n\njump 3", "s.txt:3: unknown command \"jump\" (expected wait, look, key, press or click)"),
        ("key w sideways", "s.txt:1: key wants \"down\" or \"up\", not \"sideways\""),
        ("press hyper", "s.txt:1: unknown key \"hyper\""),
        ("wait -1", "s.txt:1: wait wants a frame count 0…1000000, not \"-1\""),
    ])
    func badLinesAreNamedByFileAndLine(text: String, message: String) {
        #expect(throws: InputScript.Invalid.self) { try InputScript(parsing: text, file: "s.txt") }
        do {
            _ = try InputScript(parsing: text, file: "s.txt")
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
