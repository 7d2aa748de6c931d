import GameInput

/// What the HUD reports besides the game state: the lock as the platform sees it and the
/// measured timings.
struct FrameStatus {
    /// The lock line: "LOCKED", "not locked: unfocused", "headless", …
    var lockLine: String
    var isLocked: Bool
    /// Frames per second over the last second, and the last frame's render time.
    var framesPerSecond: Double?
    var frameMilliseconds: Double?
    /// From receiving the oldest delta used in a frame to that frame's present.
    var inputToPresentMilliseconds: Double?
    /// Input to photon, the refresh and the missed frames, from the presentation feedback.
    var latencyLine: String?

    static func describing(_ state: PointerLockState?) -> (line: String, isLocked: Bool) {
        guard let state else { return ("no pointer lock (X server lacks XInput 2): drag with the right button to look", false) }
        guard let reason = state.reason else { return ("LOCKED", true) }
        if reason == .pointerOutsideWindow { return ("not locked: move the pointer into the window", false) }
        return ("not locked: \(reason)", false)
    }
}
