import Foundation
import Testing
import XServerTestSupport

/// The strategy camera (C) of the native demo under sway: the confinement is sway's
/// `confine_pointer`, reported `confined` only once sway says so, and the cursor stays in the
/// window, which a window of the tests' own beside it proves: it sees the cursor while the game
/// lets it go (L), and not while the game is confined.
@Suite(.serialized) struct NativeConfinementTests {
    @Test func underSwayTheStrategyCameraIsTheCompositorsConfinement() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        // Tiled side by side: the observer on the left half of the output, the game on the right.
        let observer = try sway.startNativeWindow(title: "observer")
        sway.moveTo(x: 960, y: 360)
        let game = try NativeGame(session: sway)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "lock at start: \(game.lines)")
        #expect(XwaylandConfinementTests.waitForNewConstraint("locked_pointer", in: sway, after: 0) != nil, "sway locks")
        game.settleKeyboard()

        // The check can fail: let go (L), and the cursor reaches the observer.
        game.press(NativeWaylandTests.Key.l, expecting: "lock: unlocked (preference off)")
        #expect(BoundedWait.until { !sway.compositorHoldsLock })
        #expect(sway.cursorEscapes(towards: observer, dx: -800, dy: 0), "a free cursor reaches the window beside")
        game.press(NativeWaylandTests.Key.l, expecting: "lock: locked")

        // C: sway's lock becomes sway's confinement; the game says so once sway has.
        let logSeen = sway.compositorLog.count
        let seen = game.lines.count
        game.press(NativeWaylandTests.Key.c, expecting: "confine: confined")
        let confinement = try #require(
            XwaylandConfinementTests.waitForNewConstraint("confined_pointer", in: sway, after: logSeen), "sway confines")
        #expect(BoundedWait.until { XwaylandConfinementTests.constraintInForce(sway) == confinement }, "sway's confinement is in force")
        #expect(
            game.lines.dropFirst(seen).filter { $0.hasPrefix("lock: ") || $0.hasPrefix("confine: ") }
                == ["lock: unlocked (preference off)", "confine: unconfined (not yet granted)", "confine: confined"],
            "the lock ends, the confinement waits for sway's word: \(Array(game.lines.dropFirst(seen)))")
        #expect(XwaylandConfinementTests.waitForNewConstraint("locked_pointer", in: sway, after: logSeen) == nil, "no new lock")
        let confined = game.lines.count
        #expect(!sway.cursorEscapes(towards: observer, dx: -800, dy: 0), "the confined cursor stays in the game's window")
        #expect(
            !game.lines.dropFirst(confined).contains { $0.hasPrefix("confine: ") || $0.hasPrefix("lock: ") },
            "still confined: \(game.lines.dropFirst(confined).filter { !$0.hasPrefix("cursor: ") })")

        // C again: sway's lock.
        let relock = sway.compositorLog.count
        game.press(NativeWaylandTests.Key.c, expecting: "lock: locked")
        #expect(XwaylandConfinementTests.waitForNewConstraint("locked_pointer", in: sway, after: relock) != nil, "sway locks again")
        #expect(!sway.cursorEscapes(towards: observer, dx: -800, dy: 0), "the locked cursor does not move")
        observer.close()
    }
}
