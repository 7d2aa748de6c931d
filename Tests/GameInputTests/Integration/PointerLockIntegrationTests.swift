import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The library against a real X server (Xvfb) and window manager (openbox), driven with XTest,
/// with a second X client as the judge of whether the pointer is really grabbed.
@Suite(.serialized, .tags(.integration)) final class PointerLockIntegrationTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    /// A shown window whose game prefers the lock, pumped until the lock holds.
    func lockedHarness(file: String = #fileID, line: Int = #line) throws -> (GameWindowHarness, TestGame) {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let game = TestGame(prefers: true)
        harness.window.pointerLock.rootPreferring = game
        harness.window.show()
        let locked = harness.pump { harness.state?.isLocked == true }
        #expect(locked, "the lock should engage once the window is mapped and focused; state: \(String(describing: harness.state))")
        #expect(probe.pointerIsGrabbed, "X holds the grab the library claims")
        return (harness, game)
    }

    /// A loop that sleeps on purpose while locked (a game that draws only on input) is not a
    /// hung one: the guardian keeps the lock through a sleep longer than the stall timeout,
    /// while a loop that stops calling in is freed.
    @Test(.tags(.timing)) func aLongSleepKeepsTheLockWhileAStallFreesIt() throws {
        let (harness, _) = try lockedHarness()
        // The lock does not wait for the guardian: it arms soon after, and the grab moves to its window.
        #expect(harness.pump { harness.window.x11System!.grab?.isGuarded == true }, "the guardian watches the lock")
        #expect(harness.window.x11System!.grab?.supervision.guardian?.isArmed == true)
        // A second client watches from its own thread while this one sleeps in poll().
        let watcher = GrabWatcher(displayName: server.displayName, for: .milliseconds(2300))
        harness.window.waitForEvents(until: .now + .milliseconds(2500))
        let grabbedThroughout = watcher.result()
        #expect(grabbedThroughout == true, "a 2.5 s sleep in waitForEvents keeps the lock")
        harness.drain()
        #expect(harness.state == .locked)

        // Not calling in at all for 1.5 s: the guardian frees the pointer.
        let stalled = ContinuousClock.now
        #expect(BoundedWait.until(timeout: .seconds(2)) { !self.probe.pointerIsGrabbed })
        #expect(ContinuousClock.now - stalled >= .milliseconds(900), "not before the stall timeout")
        // The guardian says so once its ungrab has reached the server: its word can arrive a
        // moment after the probe sees the pointer free (more than a moment under a sanitizer).
        _ = BoundedWait.until(timeout: .seconds(1)) {
            harness.drain()
            return harness.state != .locked
        }
        #expect(harness.state == .unlocked(.suspended(.mainLoopStalled)))
        #expect(harness.pump { harness.state == .locked }, "the loop runs again: the lock returns")
        #expect(probe.pointerIsGrabbed)
    }

    @Test func theLockIsRealAndTheReleaseIsToo() throws {
        let (harness, game) = try lockedHarness()
        #expect(probe.tryGrab() == AlreadyGrabbed, "a second client's grab must fail while we hold the lock")
        #expect(harness.window.x11?.xinputVersion.map { $0 >= X11Details.XInputVersion(major: 2, minor: 2) } == true)
        #expect(harness.window.x11?.isXwayland == false && harness.window.wayland == nil, "Xvfb: X11's details alone")

        game.prefersPointerLocked = false
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        harness.pump(for: .milliseconds(20))
        #expect(harness.state == .unlocked(.preferenceOff))
        #expect(probe.tryGrab() == GrabSuccess, "after release another client can grab")

        // The lock begins at the window's centre: what the user sees is an invisible cursor,
        // and relative motion far larger than the window keeps the pointer inside it.
        let frame = probe.frame(of: harness.window.x11System!.windowID)
        let centre = probe.centre(of: harness.window.x11System!.windowID)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        #expect(probe.cursorIsInvisible == false, "the normal cursor while unlocked")
        game.prefersPointerLocked = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { harness.state == .locked }, "granted once the guardian armed")
        #expect(probe.tryGrab() == AlreadyGrabbed)
        #expect(probe.cursorIsInvisible == true, "the cursor is invisible while locked")
        for (dx, dy) in [(2000, 0), (0, 2000), (-4000, 0), (0, -4000)] as [(Int32, Int32)] {
            probe.moveRelative(dx: dx, dy: dy)
            harness.pump(for: .milliseconds(20))
            let at = probe.pointerPosition
            #expect(
                at.x >= frame.origin.x && at.x < frame.origin.x + frame.width
                    && at.y >= frame.origin.y && at.y < frame.origin.y + frame.height,
                "confined to the window \(frame) after a move of (\(dx), \(dy)): \(at)")
        }

        // Closing puts the pointer back where the lock began and shows the cursor: only the
        // library does that (a server dropping a closed connection's grab would not).
        harness.window.close()
        #expect(probe.tryGrab() == GrabSuccess, "closing the window leaves no grab behind")
        #expect(probe.pointerPosition == XProbe.Point(x: centre.x, y: centre.y), "the pointer is back where the lock began")
        #expect(probe.cursorIsInvisible == false, "the cursor shows again")
    }

    @Test func injectedMotionArrivesExactlyOnceWithExactSums() throws {
        let (harness, _) = try lockedHarness()
        harness.pump(for: .milliseconds(50))
        harness.clearMotion()
        let sent = EventTime.now
        var expected = (dx: 0, dy: 0, count: 0)
        // Varied deltas, then a burst of identical ones with identical timestamps, as fast mice send.
        for index in 0..<150 {
            let dx = Int32(index % 7) - 3, dy = Int32(index % 5) - 2
            guard dx != 0 || dy != 0 else { continue }
            probe.moveRelative(dx: dx, dy: dy)
            expected.dx += Int(dx); expected.dy += Int(dy); expected.count += 1
        }
        for _ in 0..<100 {
            probe.moveRelative(dx: 1, dy: 1)
            expected.dx += 1; expected.dy += 1; expected.count += 1
        }
        XSync(probe.display, 0)
        harness.pump(timeout: .seconds(5)) { harness.motions.count >= expected.count }
        harness.pump(for: .milliseconds(100))  // anything extra would be a duplicate
        let sumX = harness.motions.reduce(0.0) { $0 + $1.unaccelerated.dx }
        let sumY = harness.motions.reduce(0.0) { $0 + $1.unaccelerated.dy }
        #expect(harness.motions.count == expected.count, "no event lost, none duplicated")
        #expect(sumX == Double(expected.dx))
        #expect(sumY == Double(expected.dy))
        let times = harness.motions.map(\.time)
        let done = EventTime.now
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "receipt times are monotonic")
        #expect(times.allSatisfy { $0 >= sent && $0 <= done }, "read between the first move and the end, on EventTime's clock")
        #expect(Set(harness.motions.map(\.sourceDeviceID)).count == 1)
    }

    @Test func motionWhileUnlockedIsNotDelivered() throws {
        let (harness, game) = try lockedHarness()
        game.prefersPointerLocked = false
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        harness.pump(for: .milliseconds(30))
        #expect(!probe.pointerIsGrabbed)
        harness.clearMotion()
        for _ in 0..<20 { probe.moveRelative(dx: 5, dy: 0) }
        XSync(probe.display, 0)
        harness.pump(for: .milliseconds(150))
        #expect(harness.motions.isEmpty)
        // Motion injected before re-locking is stale and must not arrive after it. (The sync
        // makes "before" true at the server: the probe's requests are processed before ours.)
        for _ in 0..<20 { probe.moveRelative(dx: 7, dy: 0) }
        XSync(probe.display, 0)
        game.prefersPointerLocked = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { harness.state == .locked }, "granted once the guardian armed")
        probe.moveRelative(dx: 2, dy: 3)
        XSync(probe.display, 0)
        harness.pump(timeout: .seconds(3)) { !harness.motions.isEmpty }
        harness.pump(for: .milliseconds(100))
        #expect(harness.motions.map(\.unaccelerated) == [PointerDelta(dx: 2, dy: 3)])
        #expect(harness.state == .locked && probe.pointerIsGrabbed)
    }

    @Test func focusLossReleasesAndFocusReturnRelocks() throws {
        probe.showOtherWindow()
        let (harness, _) = try lockedHarness()
        let gameWindow = harness.window.x11System!.windowID
        #expect(switchFocus(harness, awayFrom: gameWindow), "alt-tab should move focus to the other window")
        #expect(harness.pump { harness.state == .unlocked(.unfocused) })
        #expect(probe.tryGrab() == GrabSuccess, "the pointer is free while another window has focus")
        // Motion while unfocused is never delivered.
        harness.clearMotion()
        probe.moveRelative(dx: 3, dy: 3)
        harness.pump(for: .milliseconds(100))
        #expect(harness.motions.isEmpty)

        #expect(switchFocus(harness, to: gameWindow), "alt-tab should bring focus back")
        #expect(harness.pump { harness.state == .locked }, "the lock returns by itself")
        #expect(probe.tryGrab() == AlreadyGrabbed)
    }

    @Test(.tags(.timing)) func anotherClientsGrabIsReportedWithoutBlockingAndTheLockFollows() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        harness.window.pointerLock.rootPreferring = TestGame(prefers: true)
        #expect(probe.holdGrab() == GrabSuccess)
        harness.window.show()
        #expect(harness.pump { harness.state == .unlocked(.grabRefused(.alreadyGrabbed)) })
        // The loop keeps turning while the grab is refused: frames are not frozen by retries.
        let before = harness.loopIterations
        let started = ContinuousClock.now
        harness.pump(for: .milliseconds(300))
        #expect(harness.loopIterations - before >= 30, "the loop must keep running (no blocking retries)")
        #expect(ContinuousClock.now - started < .milliseconds(600))
        #expect(harness.state == .unlocked(.grabRefused(.alreadyGrabbed)))

        probe.releaseGrab()
        let released = ContinuousClock.now
        #expect(harness.pump(timeout: .seconds(2)) { harness.state == .locked })
        let delay = ContinuousClock.now - released
        #expect(delay < .milliseconds(150), "the lock follows within a few frames, took \(delay)")
        #expect(probe.tryGrab() == AlreadyGrabbed)
    }

    @Test func heldButtonsDelayTheLockUntilReleased() throws {
        let (harness, game) = try lockedHarness()
        game.prefersPointerLocked = false
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        let centre = probe.centre(of: harness.window.x11System!.windowID)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        XTestFakeButtonEvent(probe.display, 1, 1, 0)
        XSync(probe.display, 0)
        harness.pump(for: .milliseconds(50))
        game.prefersPointerLocked = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.state == .unlocked(.buttonsHeld))
        // (The pressed button's implicit grab holds the pointer for the window until its
        // release, so a second client's grab cannot tell our lock apart here.)
        XTestFakeButtonEvent(probe.display, 1, 0, 0)
        XSync(probe.display, 0)
        #expect(harness.pump { harness.state == .locked })
        #expect(probe.pointerIsGrabbed)
    }

    /// Alt-tabs until focus leaves `window` (openbox ignores an occasional alt-tab).
    func switchFocus(_ harness: GameWindowHarness, awayFrom window: UInt) -> Bool {
        for _ in 0..<3 {
            probe.altTab()
            if harness.pump(timeout: .seconds(1), until: { probe.focusedWindow != window }) { return true }
        }
        return false
    }

    /// Alt-tabs until `window` has focus.
    func switchFocus(_ harness: GameWindowHarness, to window: UInt) -> Bool {
        for _ in 0..<3 {
            probe.altTab()
            if harness.pump(timeout: .seconds(1), until: { probe.focusedWindow == window }) { return true }
        }
        return false
    }
}
