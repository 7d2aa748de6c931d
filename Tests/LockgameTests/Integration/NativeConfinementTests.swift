import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The strategy camera (C) of the native demo under sway, mutter and KWin: the confinement is sway's
/// `confine_pointer`, reported `confined` only once sway says so, and the cursor stays in the
/// window, which a window of the tests' own beside it proves: it sees the cursor while the game
/// lets it go (L), and not while the game is confined.
@Suite(.serialized, .tags(.integration, .compositor)) struct NativeConfinementTests {
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

    /// The same under mutter and KWin: the confinement is the compositor's, `confined` once its
    /// protocol log says it sent `confined()`; under KWin, whose script reads the cursor, a free
    /// cursor leaves the window, and a confined one moves to the window's corner and stops there.
    @Test(arguments: [GnomeKDEFixture.Compositor.mutter, .kwin])
    func theStrategyCameraIsTheCompositorsConfinement(_ compositor: GnomeKDEFixture.Compositor) throws {
        let session = try GnomeKDEFixture(compositor, nativeClients: true)
        defer { session.stop() }
        session.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: session)
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(compositor): lock at start: \(game.lines)")
        game.settleKeyboard()
        let frame = session.windowFrame(title: "lockgame")
        func inside(_ point: (x: Int, y: Int)?) -> Bool {
            guard let point, let frame else { return false }
            return point.x >= frame.x && point.x < frame.x + frame.width && point.y >= frame.y && point.y < frame.y + frame.height
        }

        // The check can fail: let go (L), and the cursor leaves the window.
        if let frame {
            #expect(frame.x > 0 && frame.y > 0, "KWin places the window off the corner: \(frame)")
            game.press(NativeWaylandTests.Key.l, expecting: "lock: unlocked (preference off)")
            // The move goes once the compositor has the lock's end (under load the game's line
            // can come first, and a move while the lock holds moves nothing).
            #expect(BoundedWait.until { !session.compositorHoldsLock }, "\(compositor)'s protocol log: the lock ended")
            session.moveRelative(dx: -5000, dy: -5000)
            #expect(
                BoundedWait.until { !inside(session.cursorPosition()) },
                "a free cursor leaves: \(String(describing: session.cursorPosition()))")
            session.moveAbsolute(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            game.press(NativeWaylandTests.Key.l, expecting: "lock: locked")
        }

        // C: the compositor's lock becomes its confinement; the game says so once it has.
        let logSeen = session.compositorLog.count
        let seen = game.lines.count
        game.press(NativeWaylandTests.Key.c, expecting: "confine: confined")
        let told = BoundedWait.until {
            session.compositorLog.dropFirst(logSeen).contains { $0.contains("zwp_confined_pointer_v1@") && $0.contains(".confined()") }
        }
        #expect(told, "\(compositor)'s protocol log: confined() sent")
        #expect(
            game.lines.dropFirst(seen).filter { $0.hasPrefix("lock: ") || $0.hasPrefix("confine: ") }
                == ["lock: unlocked (preference off)", "confine: unconfined (not yet granted)", "confine: confined"],
            "\(compositor): the lock ends, the confinement waits for the compositor's word: \(Array(game.lines.dropFirst(seen)))")
        if let frame {
            // In steps (KWin drops a single move that ends outside): the cursor runs to the
            // window's corner and stops there.
            for _ in 0..<60 { session.moveRelative(dx: -20, dy: -20) }
            Thread.sleep(forTimeInterval: 0.2)
            let corner = session.cursorPosition()
            #expect(
                corner.map { $0.x <= frame.x + 20 && $0.y <= frame.y + 20 } == true,
                "the confined cursor moves to the window's corner: \(String(describing: corner)), \(frame)")
            #expect(
                inside(session.cursorPosition()),
                "the confined cursor stays in: \(String(describing: session.cursorPosition())), \(String(describing: frame))")
        }
        #expect(game.lines.last { $0.hasPrefix("confine: ") } == "confine: confined", "\(compositor): still confined")

        // C again: the compositor's lock.
        game.press(NativeWaylandTests.Key.c, expecting: "lock: locked")
        #expect(BoundedWait.until { session.compositorHoldsLock }, "\(compositor) locks again")
    }
}
