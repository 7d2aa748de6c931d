import Foundation
import Testing
import XServerTestSupport

@testable import GameInput

/// GameInput attached to a host's surface on the host's own connection, under sway, in this
/// process: the host is a native window of GameInput's own (its default queue, its loop), and
/// the attached window works beside it on an event queue of its own. The lock is sway's;
/// events the host's loop reads off the socket wait in the attached window's queue for its
/// next `pollEvents`; both get the keys; a detach frees the pointer and leaves the host's
/// connection working.
@Suite(.serialized) struct WaylandAttachIntegrationTests {
    final class Game: PointerLockPreferring { var prefersPointerLocked = true }

    @Test func theAttachedWindowLocksOnTheHostsConnectionAndTakesNothingFromIt() throws {
        let harness = try SwayWindowHarness(title: "host")
        defer { harness.stop() }
        let sway = harness.sway, host = harness.window
        host.show()
        #expect(harness.pump { sway.windowRectangles()["host"] != nil })
        let frame = try #require(sway.windowRectangles()["host"])
        let handle = try #require(host.nativeHandle.wayland)

        let attached = try GameWindow(attachingTo: .wayland(display: handle.display, surface: handle.surface), stallTimeout: nil)
        defer { attached.detach() }
        #expect(attached.isAttached)
        #expect(attached.backend.kind == .wayland && attached.backend.reason == "attached to a Wayland surface")
        #expect(attached.monitors.isEmpty && attached.width == 0 && attached.scale.factor == 1)
        let game = Game()
        attached.pointerLock.rootPreferring = game
        var events: [InputEvent] = []
        func pumpBoth(until condition: () -> Bool) -> Bool {
            harness.pump {
                attached.pollEvents { events.append($0) }
                return condition()
            }
        }

        // The pointer over the host's surface and its keyboard focus: sway's lock, for the
        // attached window's constraint.
        #expect(harness.pump { host.width == frame.width && host.height == frame.height }, "the host fills its tile")
        sway.moveAbsolute(x: frame.x + 100, y: frame.y + 100)
        sway.moveAbsolute(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        #expect(
            pumpBoth { attached.pointerLock.pointerLockState?.isLocked == true },
            "\(String(describing: attached.pointerLock.pointerLockState))")
        #expect(BoundedWait.until { sway.compositorHoldsLock }, "sway holds the lock")
        #expect(host.pointerLock.pointerLockState?.isLocked != true, "the host asked for no lock")

        // Relative motion reaches the attached window.
        events.removeAll()
        sway.moveRelative(dx: 10, dy: 0)
        let moved = pumpBoth {
            events.contains { if case .relativeMotion(let motion) = $0 { motion.unaccelerated.dx == 10 } else { false } }
        }
        #expect(moved, "\(events)")

        // A key, read off the socket by the host's loop alone: the host has it, and the
        // attached window's copy waits in its own queue for its next pollEvents.
        events.removeAll()
        harness.events.removeAll()
        sway.pressKey(30)  // A
        func keys(_ list: [InputEvent]) -> [PressPhase] {
            list.compactMap { if case .key(let key) = $0, key.key == .a { key.phase } else { nil } }
        }
        #expect(harness.pump { keys(harness.events) == [.down, .up] }, "the host's keys: \(harness.events)")
        #expect(attached.wayland?.pending.isEmpty == true, "the host's dispatch ran none of GameInput's listeners")
        attached.pollEvents { events.append($0) }
        #expect(keys(events) == [.down, .up], "the attached window's keys: \(events)")

        // Detach: sway lets go, and the host's connection goes on.
        attached.detach()
        #expect(BoundedWait.until { !sway.compositorHoldsLock }, "detaching ends sway's lock")
        harness.events.removeAll()
        sway.pressKey(30)
        #expect(harness.pump { keys(harness.events) == [.down, .up] }, "the host still reads its connection: \(harness.events)")
        #expect(!harness.events.contains { if case .connectionLost = $0 { true } else { false } })
    }
}
