import GameInput
import LockgameEngine
import Testing
@testable import lockgame

/// The game's rules without X or a window.
@Suite struct GameSessionTests {
    static func makeSession() -> GameSession {
        GameSession(scene: Scene(objects: []), lock: nil, sensitivity: 0.1, invertY: false, log: { _ in })
    }

    static func look(_ dx: Double, _ dy: Double, at time: ContinuousClock.Instant? = nil) -> PlayerAction {
        .look(unaccelerated: PointerDelta(dx: dx, dy: dy), accelerated: PointerDelta(dx: dx * 2, dy: dy * 2), receivedAt: time)
    }

    @Test func lookDeltasWaitForTheFrameAndAreAppliedAllAtOnce() {
        let session = Self.makeSession()
        let first = ContinuousClock.now
        session.handle(Self.look(100, 0, at: first))
        session.handle(Self.look(50, -20, at: first + .milliseconds(3)))
        #expect(session.controller.yaw == 0, "deltas are latched just before rendering, not on arrival")
        #expect(session.latchLook() == first, "latency is measured from the oldest delta used")
        #expect(abs(session.controller.yaw - 15 * .pi / 180) < 1e-12)
        #expect(abs(session.controller.pitch - 2 * .pi / 180) < 1e-12)
        #expect(session.lastLook?.accelerated == PointerDelta(dx: 100, dy: -40))
        #expect(session.latchLook() == nil, "nothing is applied twice")
    }

    @Test func preferenceKeysAndClicksFollowTheHelp() {
        let session = Self.makeSession()
        #expect(session.screen.prefersPointerLocked, "the game prefers the lock from the start")
        session.handle(.key(.l, .down, isRepeat: false))
        #expect(!session.screen.prefersPointerLocked)
        session.handle(.key(.l, .down, isRepeat: true))
        #expect(!session.screen.prefersPointerLocked, "auto-repeat does not toggle again")
        session.handle(.key(.l, .down, isRepeat: false))
        session.handle(.key(.escape, .down, isRepeat: false))
        #expect(!session.screen.prefersPointerLocked)
        session.handle(.button(1, .down, x: 10, y: 10))
        #expect(session.screen.prefersPointerLocked, "a primary click asks for the lock again")
        session.handle(.key(.q, .down, isRepeat: false))
        #expect(session.wantsToQuit)
    }

    @Test func theAlertIsDismissedByReturnOrItsOKButtonOnly() {
        let session = Self.makeSession()
        session.frameWidth = 960
        session.frameHeight = 540
        session.handle(.key(.n, .down, isRepeat: false))
        #expect(session.alert != nil)
        session.handle(.button(1, .down, x: 5, y: 5))
        #expect(session.alert != nil, "a click outside OK leaves the alert up")
        let layout = AlertLayout(frameWidth: 960, frameHeight: 540)
        session.handle(.button(1, .down, x: Double(layout.buttonX + 5), y: Double(layout.buttonY + 5)))
        #expect(session.alert == nil)
        session.handle(.key(.n, .down, isRepeat: false))
        session.handle(.key(.return, .down, isRepeat: false))
        #expect(session.alert == nil)
    }

    @Test func heldKeysWalkWithFixedStepsAndRepeatsChangeNothing() {
        let session = Self.makeSession()
        let start = session.controller.position
        session.handle(.key(.w, .down, isRepeat: false))
        session.handle(.key(.w, .down, isRepeat: true))
        for _ in 0..<5 { session.advance(by: 0.1) }
        let walked = start.z - session.controller.position.z
        #expect(abs(walked - 1.5) < 0.02, "3 m/s for half a second along -Z, walked \(walked)")
        session.handle(.key(.w, .up, isRepeat: false))
        let stopped = session.controller.position
        session.advance(by: 0.5)
        #expect(session.controller.position == stopped)
    }

    @Test func aLongStallAdvancesAtMostAQuarterSecond() {
        let session = Self.makeSession()
        let start = session.controller.position
        session.handle(.key(.w, .down, isRepeat: false))
        session.advance(by: 5)
        #expect(abs((start.z - session.controller.position.z) - 0.75) < 0.02, "no catch-up spiral after a hang")
    }

    @Test func renderingPositionIsInterpolatedBetweenSteps() {
        let session = Self.makeSession()
        session.handle(.key(.d, .down, isRepeat: false))
        session.advance(by: GameSession.simulationStep * 1.5)
        let pose = session.interpolatedPose
        let current = Float(session.controller.position.x)
        #expect(pose.position.x < current && pose.position.x > 0, "half-way between the last two steps")
    }

    @Test func functionKeysAskTheRunnerForScreenshotsAndFullScreen() {
        let session = Self.makeSession()
        session.handle(.key(.f12, .down, isRepeat: false))
        session.handle(.key(.f11, .down, isRepeat: false))
        #expect(session.wantsScreenshot && session.wantsFullScreenToggle)
    }
}
