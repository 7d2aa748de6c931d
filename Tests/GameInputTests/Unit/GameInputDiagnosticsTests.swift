import Synchronization
import Testing

@testable import GameInput

/// The game's handler gets GameInput's diagnostics, from any thread; without one they go to
/// standard error as before.
@Suite(.serialized) struct GameInputDiagnosticsTests {
    @Test func aHandlerGetsEachDiagnosticAndNilGivesThemBackToStandardError() async {
        let seen = Mutex<[GameInputDiagnostics.Message]>([])
        GameInputDiagnostics.setHandler { message in seen.withLock { $0.append(message) } }
        GameInputDiagnostics.report(.protocolError, "X protocol error: BadWindow (a test's own)")
        // An X protocol error arises on whichever thread made the request.
        await Task.detached { GameInputDiagnostics.report(.backendFallback, "running on X11: a test's own") }.value
        GameInputDiagnostics.setHandler(nil)
        GameInputDiagnostics.report(.protocolError, "X protocol error: after the handler (a test's own)")
        let ours = seen.withLock { $0 }.filter { $0.text.contains("a test's own") }
        #expect(
            ours == [
                GameInputDiagnostics.Message(kind: .protocolError, text: "X protocol error: BadWindow (a test's own)"),
                GameInputDiagnostics.Message(kind: .backendFallback, text: "running on X11: a test's own"),
            ])
        #expect(ours.first?.description == "GameInput: X protocol error: BadWindow (a test's own)", "the line standard error gets")
    }
}
