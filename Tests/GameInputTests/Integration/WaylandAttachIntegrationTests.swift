import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// GameInput attached to a host's surface on the host's own connection, under sway, in this
/// process: the host is a native window of GameInput's own (its default queue, its loop), and
/// the attached window works beside it on an event queue of its own. The lock is sway's;
/// events the host's loop reads off the socket wait in the attached window's queue for its
/// next `pollEvents`; both get the keys; a detach frees the pointer and leaves the host's
/// connection working.
@Suite(.serialized, .tags(.integration, .compositor)) struct WaylandAttachIntegrationTests {
    final class Game: PointerLockPreferring { var prefersPointerLocked = true }

    @Test func theAttachedWindowLocksOnTheHostsConnectionAndTakesNothingFromIt() throws {
        let harness = try SwayWindowHarness(title: "host")
        defer { harness.stop() }
        let sway = harness.sway, host = harness.window
        host.show()
        #expect(harness.pump { sway.windowRectangles()["host"] != nil })
        let frame = try #require(sway.windowRectangles()["host"])
        // The host draws at its tile's size before its handle is read (a host whose renderer is
        // the caller's draws no more of GameInput's frames): sway applies its layout once the
        // host has drawn, or 200 ms later without a frame, and a cursor moved in between
        // stays outside the surface it then shows.
        #expect(harness.pump { host.width == frame.width && host.height == frame.height }, "the host fills its tile")
        let handle = try #require(host.nativeHandle.wayland)
        #expect(host.x11 == nil && host.wayland?.version(of: "zwp_pointer_constraints_v1") != nil, "sway's protocols, no X11")

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
        #expect(attached.waylandSystem?.events.pending.isEmpty == true, "the host's dispatch ran none of GameInput's listeners")
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

    /// The cursor on the host's surface, as sway draws it: the host's crosshair stays when
    /// GameInput attaches and the pointer enters, the lock hides it, and after the lock the
    /// theme's arrow shows (no client can bring back a cursor another object set).
    @Test func theHostsCursorStaysUntilTheLockHidesIt() throws {
        let harness = try SwayWindowHarness(title: "host")
        defer { harness.stop() }
        let sway = harness.sway, host = harness.window
        host.show()
        #expect(harness.pump { sway.windowRectangles()["host"] != nil })
        // A window beside it, where the pointer starts: its way into the host's window is a
        // crossing, which both the host's pointer and GameInput's hear.
        let other = try sway.startNativeWindow(title: "other")
        defer { other.close() }
        #expect(harness.pump { sway.windowRectangles()["other"] != nil && sway.windowRectangles()["host"]?.width != 1280 })
        #expect(sway.swaymsg(["[title=\"^host$\"]", "focus"]), "the host takes the focus back")
        #expect(harness.pump { sway.windowStates()["host"]?.focused == true })
        let frame = try #require(sway.windowRectangles()["host"])
        let beside = try #require(sway.windowRectangles()["other"])
        #expect(harness.pump { host.width == frame.width && host.height == frame.height }, "the host fills its tile")
        host.cursor = .system(.crosshair)
        let handle = try #require(host.nativeHandle.wayland)
        let attached = try GameWindow(attachingTo: .wayland(display: handle.display, surface: handle.surface), stallTimeout: nil)
        defer { attached.detach() }
        let game = Game()
        game.prefersPointerLocked = false
        attached.pointerLock.rootPreferring = game
        func pumpBoth(timeout: Duration = .seconds(3), until condition: () -> Bool) -> Bool {
            harness.pump(timeout: timeout) {
                attached.pollEvents { _ in }
                return condition()
            }
        }

        // The pixels sway's cursor changes around `spot` (two screenshots: the cursor on the
        // spot, and 100 pixels down and right inside the window), as offsets from it.
        let spot = (x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        func drawnCursor() -> Set<[Int]>? {
            _ = pumpBoth(timeout: .milliseconds(300)) { false }
            guard let drawn = sway.screenshot() else { return nil }
            sway.moveAbsolute(x: spot.x + 100, y: spot.y + 100)
            _ = pumpBoth(timeout: .milliseconds(300)) { false }
            let plain = sway.screenshot()
            sway.moveAbsolute(x: spot.x, y: spot.y)
            _ = pumpBoth(timeout: .milliseconds(300)) { false }
            guard let plain, plain.width == drawn.width else { return nil }
            var changed = Set<[Int]>()
            for dy in -48...48 {
                for dx in -48...48 {
                    let index = (spot.y + dy) * plain.width + spot.x + dx
                    if plain.pixels[index] != drawn.pixels[index] { changed.insert([dx, dy]) }
                }
            }
            return changed
        }
        sway.moveAbsolute(x: beside.x + beside.width / 2, y: beside.y + beside.height / 2)
        _ = pumpBoth(timeout: .milliseconds(300)) { false }
        sway.moveAbsolute(x: spot.x, y: spot.y)
        #expect(
            pumpBoth { attached.pointerLock.pointerLockState?.reason == .preferenceOff },
            "\(String(describing: attached.pointerLock.pointerLockState))")
        let crosshair = try #require(drawnCursor(), "grim takes screenshots")
        // The crosshair's hot spot is its middle: it reaches above and left of the spot.
        #expect(crosshair.contains { $0[0] < -2 } && crosshair.contains { $0[1] < -2 }, "the host's crosshair: \(crosshair.count) pixels")

        game.prefersPointerLocked = true
        attached.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(pumpBoth { attached.pointerLock.pointerLockState?.isLocked == true })
        game.prefersPointerLocked = false
        attached.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(pumpBoth { attached.pointerLock.pointerLockState?.isLocked == false })
        let arrow = try #require(drawnCursor())
        // The arrow's hot spot is its tip: it is drawn below and right of the spot.
        #expect(arrow.count > 20 && arrow.allSatisfy { $0[0] >= -2 && $0[1] >= -2 }, "after the lock, the arrow: \(arrow.count) pixels")
    }
}
