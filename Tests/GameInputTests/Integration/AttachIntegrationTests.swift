import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// GameInput attached to a window another client created and reads events on, as SDL2 and
/// GLFW do (``HostClient``), on Xvfb + openbox: the lock holds from outside's point of view,
/// the host keeps its own events, and detaching or the host's destroying the window frees the
/// pointer.
@Suite(.serialized, .tags(.integration)) final class AttachIntegrationTests {
    let server: XServerFixture
    let probe: XProbe
    let host: HostClient

    init() throws {
        server = try XServerFixture()
        probe = server.probe
        host = try #require(HostClient(displayName: server.displayName))
    }

    deinit {
        host.close()
        server.stop()
    }

    /// GameInput attached to the host's window, preferring the lock as `prefers` says.
    func attached(prefers: Bool) throws -> (GameWindowHarness, TestGame) {
        let harness = try GameWindowHarness(attachingTo: .x11(window: host.window, display: host.display))
        let game = TestGame(prefers: prefers)
        harness.window.pointerLock.rootPreferring = game
        return (harness, game)
    }

    @Test func theLockHoldsOnTheHostsWindowAndTheHostKeepsItsKeys() throws {
        let (harness, _) = try attached(prefers: true)
        #expect(harness.window.isAttached)
        #expect(harness.window.nativeHandle.x11 == nil, "the host draws with its own connection")
        #expect(harness.pump { harness.state == .locked }, "\(String(describing: harness.state))")
        #expect(probe.pointerIsGrabbed, "X holds the grab GameInput claims")
        #expect(probe.cursorIsInvisible == true)
        #expect(harness.pump { harness.window.x11System!.grab?.isGuarded == true }, "the guardian's window is in the host's")

        // Motion: every count arrives as relative motion.
        for _ in 0..<20 { probe.moveRelative(dx: 10, dy: 0) }
        #expect(harness.pump { harness.motions.reduce(0) { $0 + $1.unaccelerated.dx } >= 200 })
        #expect(harness.motions.reduce(0) { $0 + $1.unaccelerated.dx } == 200)

        // Keys reach both; the click goes to the grab (GameInput), not to the host.
        probe.press(UInt32(XK_space))
        probe.click()
        #expect(harness.pump { harness.keys.contains { $0.key == .space && $0.phase == .down } })
        #expect(harness.pump { harness.buttons.contains { $0.button == .primary && $0.phase == .down } })
        let spaceCode = Int(XKeysymToKeycode(host.display, KeySym(XK_space)))
        #expect(host.pump { self.host.keyPresses.contains(spaceCode) }, "the host still gets its keys")
        #expect(host.buttonPresses.isEmpty, "while locked, buttons are the grab's")
        harness.window.detach()
        #expect(!probe.pointerIsGrabbed, "detaching frees the pointer at once")
        #expect(harness.window.wakeDescriptor == -1)
    }

    /// Under a GLFW-like host (core events only) and an SDL2-like one (XInput 2 motion too).
    @Test(arguments: [false, true])
    func unlockedTheHostGetsItsClicksAndGameInputSeesThemToo(likeSDL2: Bool) throws {
        let host = try #require(HostClient(displayName: server.displayName, title: "sdl-like", likeSDL2: likeSDL2))
        defer { host.close() }
        let harness = try GameWindowHarness(attachingTo: .x11(window: host.window, display: host.display))
        let point = probe.rootPoint(in: host.window, x: 200, y: 150)
        probe.moveAbsolute(x: point.x, y: point.y)
        #expect(host.pump { host.motions > 0 }, "the host keeps its motion")
        if !likeSDL2 {
            #expect(harness.pump { harness.pointers.contains { $0.phase == .moved } }, "core motion in the host's window")
        }
        probe.click()
        #expect(host.pump { host.buttonPresses == [1] }, "the host keeps its one ButtonPress selection")
        #expect(harness.pump { harness.buttons.contains { $0.button == .primary && $0.phase == .down } }, "raw buttons report it")
        let press = try #require(harness.buttons.first { $0.phase == .down })
        #expect(abs(press.location.x - 200) <= 1 && abs(press.location.y - 150) <= 1, "\(press.location)")
        probe.click(button: 4)
        #expect(harness.pump { !harness.scrolls.isEmpty }, "a wheel step while unlocked")
        #expect(!probe.pointerIsGrabbed)
        harness.window.detach()
    }

    /// The lock hides the pointer with its grab's cursor alone: the host's own cursor on its
    /// window is there again when the lock ends, and the guardian's release leaves it too.
    @Test func theHostsCursorIsItsOwnAgainAfterTheLock() throws {
        host.defineNamedCursor("host-crosshair")
        let centre = probe.centre(of: host.window)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        #expect(BoundedWait.until(timeout: .seconds(2)) { self.probe.cursorName == "host-crosshair" })
        let (harness, game) = try attached(prefers: true)
        #expect(harness.pump { harness.state == .locked })
        #expect(probe.cursorIsInvisible == true)
        game.prefersPointerLocked = false
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { harness.state?.isLocked == false })
        #expect(probe.cursorName == "host-crosshair", "\(String(describing: probe.cursorName))")
        #expect(probe.pointerPosition.x == centre.x && probe.pointerPosition.y == centre.y, "put back where the lock found it")

        // Freed by the guardian (the game stopped): the host's cursor again.
        game.prefersPointerLocked = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { harness.window.x11System!.grab?.isGuarded == true && harness.state == .locked })
        #expect(BoundedWait.until(timeout: .seconds(3)) { !self.probe.pointerIsGrabbed }, "not pumped: the guardian frees it")
        #expect(probe.cursorName == "host-crosshair")
        harness.window.detach()
    }

    /// Confined on the host's window: the host's own cursor shows, moves far outside stay in
    /// the window, and GameInput reports the pointer's positions; the grab is GameInput's, so
    /// the host hears no clicks meanwhile (as while locked). Letting go gives the host its
    /// clicks back.
    @Test func theConfinementHoldsOnTheHostsWindowWithTheHostsCursor() throws {
        host.defineNamedCursor("host-crosshair")
        let centre = probe.centre(of: host.window)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        let (harness, game) = try attached(prefers: false)
        game.prefersPointerConfined = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(
            harness.pump { harness.window.pointerLock.isConfined },
            "\(String(describing: harness.window.pointerLock.pointerConfinementState))")
        #expect(probe.pointerIsGrabbed, "X holds the confinement")
        #expect(probe.cursorName == "host-crosshair", "the host's cursor shows: \(String(describing: probe.cursorName))")
        let corner = probe.rootPoint(in: host.window, x: 0, y: 0)
        probe.moveAbsolute(x: 0, y: 0)
        #expect(harness.pump { harness.pointers.last?.location == WindowPoint(x: 0, y: 0) }, "\(harness.pointers.suffix(2))")
        #expect(probe.pointerPosition == XProbe.Point(x: corner.x, y: corner.y), "kept in the host's window")
        probe.click()
        #expect(harness.pump { harness.buttons.contains { $0.button == .primary && $0.phase == .down } })
        #expect(host.buttonPresses.isEmpty, "while confined, buttons are the grab's")
        game.prefersPointerConfined = false
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(!probe.pointerIsGrabbed)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        probe.click()
        #expect(host.pump { !self.host.buttonPresses.isEmpty }, "the host's clicks are its own again")
        harness.window.detach()
    }

    /// The guardian's window in the host's window takes no input: the pointer never crosses
    /// into it, so a click in the window makes no crossing events for the host (GLFW 3.3
    /// reports every leave as the cursor leaving the window, whatever its detail).
    @Test func aClickInTheHostsWindowMakesTheHostNoCrossings() throws {
        let (harness, _) = try attached(prefers: false)
        #expect(harness.pump { harness.window.x11System!.grab?.supervision.guardian?.isArmed == true }, "the guardian's window is mapped")
        let point = probe.rootPoint(in: host.window, x: 120, y: 90)
        probe.moveAbsolute(x: point.x, y: point.y)
        host.pump(timeout: .milliseconds(300))
        let before = host.crossings.count
        probe.click()
        probe.click(button: 3)
        #expect(host.pump { self.host.buttonPresses.count == 2 })
        host.pump(timeout: .milliseconds(300))
        #expect(host.crossings.count == before, "no crossings for a click: \(host.crossings.dropFirst(before))")
        harness.window.detach()
    }

    @Test func theHostDestroyingItsWindowEndsEverythingWithoutAnError() throws {
        let (harness, _) = try attached(prefers: true)
        #expect(harness.pump { harness.state == .locked })
        host.destroyWindow()
        #expect(harness.pump { harness.events.contains(.windowDestroyed) })
        #expect(harness.window.isClosed)
        #expect(harness.window.x11System!.lifecycle.isReleased, "its connection closed with the dispatch")
        #expect(!probe.pointerIsGrabbed)
        harness.window.close()
    }

    /// The clipboard works from an attached window: its selections are owned and asked for
    /// by a window of GameInput's own (answers go to the client that made the requesting
    /// window, which for the host's window would be the host).
    @Test func copyAndPasteWorkFromAnAttachedWindow() throws {
        let (harness, _) = try attached(prefers: false)
        probe.press(UInt32(XK_space))  // an input event, for a real selection time
        #expect(harness.pump { harness.keys.contains { $0.key == .space } })
        harness.window.copyToClipboard("attached and copied")
        harness.drain()
        #expect(probe.readClipboard { harness.drain() } == "attached and copied")

        probe.offerClipboard("offered to the game")
        var pasted: String??
        harness.window.requestClipboardText { pasted = .some($0) }
        let served = probe.serveClipboard {
            harness.drain()
            return pasted != nil
        }
        #expect(served)
        #expect(pasted == .some("offered to the game"))
        harness.window.detach()
    }

    @Test func aMissingWindowIsAClearError() throws {
        #expect(throws: GameWindowError.windowNotFound(0x7fff_fff0)) {
            try GameWindow(attachingTo: .x11(window: 0x7fff_fff0, displayName: self.server.displayName))
        }
    }

    /// A host that sleeps in its own poll() on the wake descriptor wakes for input, is not
    /// woken again once it handled it, and, while locked, wakes often enough to keep the lock.
    @Test(.tags(.timing)) func theWakeDescriptorWakesAHostThatSleeps() throws {
        let (harness, _) = try attached(prefers: true)
        #expect(harness.pump { harness.state == .locked })
        let descriptor = harness.window.wakeDescriptor
        #expect(descriptor >= 0)
        func readable(within milliseconds: Int32) -> Bool {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, milliseconds) == 1
        }
        harness.drain()
        harness.clearMotion()
        probe.moveRelative(dx: 5, dy: 0)
        // Input wakes it. While locked the check-in timer wakes it too (every half a stall
        // timeout), and can do so between the move and the server's event: a wake that brought
        // nothing is followed by the next.
        let inputDeadline = ContinuousClock.now + .seconds(1)
        var wokeForInput = false
        while !wokeForInput && ContinuousClock.now < inputDeadline && readable(within: 1000) {
            harness.drain()
            wokeForInput = harness.motions.reduce(0) { $0 + $1.unaccelerated.dx } == 5
        }
        #expect(wokeForInput, "input wakes it: \(harness.motions.map(\.unaccelerated.dx))")
        // Sleeping on nothing but the descriptor for 3 s keeps the lock: the check-ins come.
        var changes: [PointerLockState] = []
        let observation = harness.window.pointerLock.addObserver { changes.append($0) }
        defer { observation.cancel() }
        let watcher = GrabWatcher(displayName: server.displayName, for: .milliseconds(2800))
        let deadline = ContinuousClock.now + .seconds(3)
        var wakes = 0
        while ContinuousClock.now < deadline {
            // Only the descriptor wakes this loop: nothing else calls in.
            let left = Int32(max(1, (ContinuousClock.now.duration(to: deadline) / .milliseconds(1)).rounded(.up)))
            guard readable(within: left) else { continue }
            wakes += 1
            harness.drain()
        }
        #expect(watcher.result() == true, "locked all along")
        #expect(changes.isEmpty, "never freed meanwhile: \(changes)")
        #expect(wakes < 60, "woken for check-ins, not spinning: \(wakes)")
        harness.window.detach()
    }

    /// Attached, keys come as core events: a text session still composes a French dead key
    /// with the next letter and reports only the key after the sequence.
    @Test func aTextSessionOnTheHostsWindowComposes() throws {
        let setxkbmap = try ChildProcess(
            executable: XServerFixture.locate("setxkbmap"), arguments: ["-display", server.displayName, "-layout", "fr"])
        #expect(setxkbmap.waitForExit(timeout: .seconds(10)) == 0)
        let (harness, _) = try attached(prefers: false)
        harness.window.startTextInput()
        for code: UInt32 in [34, 26, 24] {  // dead circumflex, e, a (AZERTY's a is at US Q's place)
            probe.sendKey(code, down: true)
            probe.sendKey(code, down: false)
        }
        let commits = { harness.events.compactMap { if case .text(.commit(let text)) = $0 { text } else { nil } } }
        #expect(harness.pump { commits().count == 2 && harness.keys.count == 2 }, "\(harness.events)")
        #expect(commits() == ["ê", "a"])
        #expect(harness.keys.map(\.xkbKeyCode) == [24, 24] && harness.keys.map(\.phase) == [.down, .up])
        #expect(harness.keys.first?.characters == "a")
    }
}
