import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// Many lock transitions, with what the library believes compared to what the X server
/// holds (a second client's grab attempt) at every checkpoint, and memory watched.
@Suite(.serialized, .tags(.integration)) final class LockSoakTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    /// Counts scale with `GAMEINPUT_SOAK_SCALE` (1 = the full 10,000 toggles and 1,000 flaps).
    static var scale: Double {
        Double(ProcessInfo.processInfo.environment["GAMEINPUT_SOAK_SCALE"] ?? "") ?? 1
    }

    /// The process's resident size; under a sanitizer, the heap in use as its allocator
    /// counts it (the resident size then holds the sanitizer's quarantine and shadow memory).
    static var residentKilobytes: Int {
        if let bytes = SanitizedBuild.allocatedBytes { return bytes / 1024 }
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test func preferenceTogglesAndFocusFlapsNeverDisagreeWithTheServer() throws {
        let toggles = Int(10_000 * Self.scale), flaps = Int(1_000 * Self.scale)
        try #require(toggles >= 100 && flaps >= 10, "a soak of \(toggles) toggles and \(flaps) flaps would prove nothing")
        let harness = try GameWindowHarness(displayName: server.displayName)
        let game = TestGame(prefers: true)
        harness.window.pointerLock.rootPreferring = game
        probe.showOtherWindow()
        harness.window.show()
        #expect(harness.pump { harness.state == .locked })
        // Warm up (allocator arenas, Xlib buffers) before measuring.
        for _ in 0..<200 {
            game.prefersPointerLocked.toggle()
            harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
            harness.drain()
        }
        game.prefersPointerLocked = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        harness.clearEvents()
        let startRSS = Self.residentKilobytes
        var mismatches = 0
        var checkpoints = 0

        /// The library, the server and the wish agree: locked exactly when the lock is wanted
        /// (agreement alone would pass a lock that silently stopped re-engaging).
        func check(wanted: Bool) {
            checkpoints += 1
            let locked = harness.window.pointerLock.isLocked
            if locked != probe.pointerIsGrabbed || locked != wanted { mismatches += 1 }
        }
        /// Right after a change, before the loop ran: whatever the library says is true at the
        /// server (it may not say "locked" yet: the system grants a lock when the guardian has
        /// armed, but it never claims one the server does not hold).
        var claimsNotHeld = 0

        for _ in 0..<toggles {
            game.prefersPointerLocked.toggle()
            harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
            if harness.window.pointerLock.isLocked != probe.pointerIsGrabbed { claimsNotHeld += 1 }
            // As a game loop would: handle what the transitions queued (crossings, motion, the
            // guardian's answer), until the lock settles (bounded).
            let wanted = game.prefersPointerLocked
            harness.pump(timeout: .seconds(2)) { harness.window.pointerLock.isLocked == wanted }
            check(wanted: wanted)
        }
        game.prefersPointerLocked = true
        harness.window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        let gameWindow = harness.window.x11System!.windowID
        var stuckFlaps = 0
        for flap in 0..<flaps {
            let toOther = flap % 2 == 0
            XSetInputFocus(probe.display, toOther ? probe.otherWindow : gameWindow, RevertToParent, UInt(CurrentTime))
            XSync(probe.display, 0)
            let expected = !toOther
            if !harness.pump(timeout: .seconds(2), until: { harness.window.pointerLock.isLocked == expected }) {
                stuckFlaps += 1
            }
            check(wanted: expected)
        }
        let endRSS = Self.residentKilobytes
        print(
            "soak: \(toggles) toggles, \(flaps) focus flaps, \(checkpoints) checkpoints, \(mismatches) mismatches, "
                + "\(claimsNotHeld) claims the server disagreed with, "
                + "\(stuckFlaps) flaps not followed, RSS \(startRSS) kB -> \(endRSS) kB")
        #expect(checkpoints == toggles + flaps)
        #expect(mismatches == 0)
        #expect(claimsNotHeld == 0, "never a lock the server does not hold, or the reverse")
        #expect(stuckFlaps == 0)
        #expect(endRSS - startRSS < 2 * 1024, "memory stays flat")
    }
}
