import GameInput

// The window's monitors, what its system can do, its platform details, the lock as an async
// sequence, the clipboard awaited and GameInput's diagnostics routed.

func describe(_ window: GameWindow) -> String {
    let monitors = window.monitors.map(\.name).joined(separator: ", ")
    let seat = window.wayland?.version(of: "wl_seat").map(String.init) ?? "-"
    let canWarp = window.capabilities.contains(.warp)
    return "monitors \(monitors), wl_seat \(seat), warp \(canWarp), \(window.backend.kind)"
}

@MainActor func followTheLock(of window: GameWindow) async {
    for await state in window.pointerLock.stateUpdates() {
        print("lock: \(state)")
    }
}

@MainActor func pasteIntoTheChat(from window: GameWindow, chat: ChatLine) {
    Task { @MainActor in chat.text? += await window.clipboardText() ?? "" }
}

func routeDiagnostics() {
    GameInputDiagnostics.setHandler { message in print("GameInput: \(message)") }
}
