import Foundation
import GameInput

/// What the HUD's status panel shows, as values: compared frame to frame so the panel's text
/// is formatted only when it changes.
struct HUDPanel: Equatable {
    var lockLine: String
    var isLocked: Bool
    var prefersLock: Bool
    var framesPerSecond: Double?
    var frameMilliseconds: Double?
    var inputToPresentMilliseconds: Double?
    var latencyLine: String?
    var lastLookUnaccelerated: PointerDelta?
    var lastLookAccelerated: PointerDelta?
    var yawDegrees: Double
    var pitchDegrees: Double
    var fieldOfViewDegrees: Double
    var flashlightOn: Bool
    var markerCount: Int
    var selectionCount: Int

    init(session: GameSession, status: FrameStatus) {
        lockLine = status.lockLine
        isLocked = status.isLocked
        prefersLock = session.screen.prefersPointerLocked
        framesPerSecond = status.framesPerSecond
        frameMilliseconds = status.frameMilliseconds
        inputToPresentMilliseconds = status.inputToPresentMilliseconds
        latencyLine = status.latencyLine
        lastLookUnaccelerated = session.lastLook?.unaccelerated
        lastLookAccelerated = session.lastLook?.accelerated
        yawDegrees = session.controller.yaw * 180 / .pi
        pitchDegrees = session.controller.pitch * 180 / .pi
        fieldOfViewDegrees = session.fieldOfViewDegrees
        flashlightOn = session.flashlightOn
        markerCount = session.markers.count
        selectionCount = session.selection.count
    }

    /// Whether the two differ at most in their numbers (which may then wait for the next
    /// refresh); a change of lock state, preference or toggles shows at once.
    func saysTheSame(as other: HUDPanel) -> Bool {
        lockLine == other.lockLine && isLocked == other.isLocked && prefersLock == other.prefersLock
            && flashlightOn == other.flashlightOn && markerCount == other.markerCount
            && selectionCount == other.selectionCount && (lastLookUnaccelerated == nil) == (other.lastLookUnaccelerated == nil)
    }

    var lines: [String] {
        var lines = [lockLine, "preference: " + (prefersLock ? "locked" : "unlocked")]
        if let framesPerSecond, let frameMilliseconds {
            lines.append(String(format: "%.0f fps   frame %.2f ms", framesPerSecond, frameMilliseconds))
        }
        if let raw = lastLookUnaccelerated, let accelerated = lastLookAccelerated {
            lines.append(String(format: "delta raw (%+.2f, %+.2f)  accel (%+.2f, %+.2f)", raw.dx, raw.dy, accelerated.dx, accelerated.dy))
        }
        if let inputToPresentMilliseconds {
            lines.append(String(format: "input to present %.2f ms", inputToPresentMilliseconds))
        }
        if let latencyLine { lines.append(latencyLine) }
        lines.append(String(format: "yaw %.1f deg  pitch %.1f deg  fov %.0f deg", yawDegrees, pitchDegrees, fieldOfViewDegrees))
        if flashlightOn || markerCount > 0 || selectionCount > 0 {
            lines.append("flashlight \(flashlightOn ? "on" : "off")   markers \(markerCount)   selected \(selectionCount)")
        }
        return lines
    }
}
