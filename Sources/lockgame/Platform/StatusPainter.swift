internal import CXlib
import GameInput

/// Draws the demo's status screen with core X drawing (`XFillRectangle`, `XDrawString`):
/// green while locked, red-brown while not, with the state, its reason and the look counts.
@MainActor
final class StatusPainter {
    private let display: OpaquePointer
    private let window: UInt
    private let gc: GC

    init(window: GameWindow) {
        display = window.connection.display
        self.window = window.windowID
        gc = XCreateGC(display, self.window, 0, nil)
    }

    func paint(demo: LockDemo, state: PointerLockState?, width: Int, height: Int) {
        let background: UInt = switch state {
        case .some(let state) where state.isLocked: 0x1E6B3A
        case .some: 0x6B2A1E
        case .none: 0x444444
        }
        XSetForeground(display, gc, background)
        XFillRectangle(display, window, gc, 0, 0, UInt32(width), UInt32(height))
        XSetForeground(display, gc, 0xFFFFFF)
        var lines = [
            "lockgame",
            "pointer: " + (state.map { $0.isLocked ? "LOCKED" : "not locked: \($0.reason.map { "\($0)" } ?? "")" } ?? "lock unavailable (no XInput 2)"),
            "preference: " + (demo.screen.prefersPointerLocked ? "locked" : "unlocked"),
            "look counts: yaw \(demo.yawCounts)  pitch \(demo.pitchCounts)",
        ]
        if let motion = demo.lastMotion {
            lines.append("last delta: raw (\(motion.unaccelerated.dx), \(motion.unaccelerated.dy))"
                + "  accelerated (\(motion.accelerated.dx), \(motion.accelerated.dy))  device \(motion.sourceDeviceID)")
        }
        lines.append("")
        lines.append("L toggle lock preference   Esc release   click lock   N network alert   Return dismiss   Q quit")
        if let alert = demo.alert {
            lines.append("")
            lines.append("[ \(alert.title) ] \(alert.message)")
        }
        for (index, line) in lines.enumerated() {
            XDrawString(display, window, gc, 16, Int32(28 + index * 18), line, Int32(line.utf8.count))
        }
        XFlush(display)
    }
}
