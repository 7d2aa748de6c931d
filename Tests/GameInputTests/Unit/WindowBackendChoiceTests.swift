import Foundation
import Testing

@testable import GameInput

/// How a window's backend is chosen from the environment, without a compositor: the override,
/// a named X display, no `WAYLAND_DISPLAY`, and a compositor that does not answer.
@Suite struct WindowBackendChoiceTests {
    @Test func gameInputBackendDecidesFirst() throws {
        let x11 = try WindowBackendChoice.decide(
            displayName: nil, environment: ["GAMEINPUT_BACKEND": "x11", "WAYLAND_DISPLAY": "wayland-0"])
        #expect(x11.choice == WindowBackendChoice(kind: .x11, reason: "GAMEINPUT_BACKEND=x11", isFallback: false))
        #expect(x11.connection == nil)
    }

    @Test func aBackendThatDoesNotExistIsAClearError() {
        #expect(throws: GameWindowError.invalidBackend("x12")) {
            try WindowBackendChoice.decide(displayName: nil, environment: ["GAMEINPUT_BACKEND": "x12"])
        }
        #expect(GameWindowError.invalidBackend("x12").description == "GAMEINPUT_BACKEND=x12 names no backend: use x11 or wayland")
    }

    @Test func aNamedXDisplayIsX11() throws {
        let decision = try WindowBackendChoice.decide(displayName: ":7", environment: ["WAYLAND_DISPLAY": "wayland-0"])
        #expect(decision.choice.kind == .x11)
        #expect(decision.choice.reason == "an X display was named")
    }

    @Test func withoutWaylandDisplayItIsX11() throws {
        let decision = try WindowBackendChoice.decide(displayName: nil, environment: ["WAYLAND_DISPLAY": ""])
        #expect(decision.choice == WindowBackendChoice(kind: .x11, reason: "WAYLAND_DISPLAY is not set", isFallback: false))
        #expect(throws: GameWindowError.cannotConnectToWayland("WAYLAND_DISPLAY is not set")) {
            try WindowBackendChoice.decide(displayName: nil, environment: ["GAMEINPUT_BACKEND": "wayland"])
        }
    }

    /// A socket nobody answers on (an absolute path, which libwayland takes as it is): X11,
    /// with the reason kept; asked for explicitly, an error.
    @Test func aCompositorThatDoesNotAnswerFallsBackToX11WithTheReason() throws {
        let socket = NSTemporaryDirectory() + "no-compositor-\(getpid())"
        let decision = try WindowBackendChoice.decide(displayName: nil, environment: ["WAYLAND_DISPLAY": socket])
        #expect(decision.choice.kind == .x11)
        #expect(decision.choice.isFallback)
        #expect(decision.choice.reason == "no Wayland compositor answers on \(socket)")
        #expect(throws: GameWindowError.cannotConnectToWayland("no Wayland compositor answers on \(socket)")) {
            try WindowBackendChoice.decide(displayName: nil, environment: ["WAYLAND_DISPLAY": socket, "GAMEINPUT_BACKEND": "wayland"])
        }
    }
}
