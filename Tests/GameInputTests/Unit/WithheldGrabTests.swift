import Testing

@testable import GameInput

/// A grab the system withholds (a Wayland compositor that has the request and has not locked):
/// no retry timer, the state says why, and the attempt goes on when the platform has news or
/// the facts change.
@Suite struct WithheldGrabTests {
    let start = ContinuousClock.now

    @Test func aWithheldGrabWaitsForNewsWithoutRetrying() {
        var arbiter = PointerLockArbiter()
        #expect(arbiter.update(PointerLockArbiterTests.allGood, now: start) == .acquire(.lock))
        arbiter.grabWithheld(.compositorWithheld)
        #expect(arbiter.state == .unlocked(.grabRefused(.compositorWithheld)))
        #expect(arbiter.retryDeadline == nil, "no timer: the compositor says when")
        #expect(arbiter.poll(now: start + .seconds(60)) == nil, "nothing is tried while it is withheld")
        arbiter.pendingGrabMayProceed(now: start + .seconds(61))
        #expect(arbiter.poll(now: start + .seconds(61)) == .acquire(.lock), "the platform's news makes the attempt due")
        arbiter.grabSucceeded()
        #expect(arbiter.state == .locked)
    }

    @Test func aChangeOfFactsTriesAWithheldGrabAgain() {
        var arbiter = PointerLockArbiter()
        var facts = PointerLockArbiterTests.allGood
        _ = arbiter.update(facts, now: start)
        arbiter.grabWithheld(.compositorWithheld)
        facts.isFullScreen = true
        #expect(arbiter.update(facts, now: start + .seconds(1)) == .acquire(.lock))
    }

    @Test func aWithheldGrabNoLongerWantedIsCancelled() {
        var arbiter = PointerLockArbiter()
        var facts = PointerLockArbiterTests.allGood
        _ = arbiter.update(facts, now: start)
        arbiter.grabWithheld(.compositorWithheld)
        facts.hasFocus = false
        #expect(arbiter.update(facts, now: start) == .cancelAcquire, "the standing request is withdrawn")
        #expect(arbiter.state == .unlocked(.unfocused))
        #expect(!arbiter.isWithheld)
    }

    @Test func aControllerHearsTheCompositorsVerdictOnce() {
        let platform = RecordingPlatform()
        platform.withholding = true
        let controller = PointerLockController(platform: platform, environment: { platform.suspension })
        var states: [PointerLockState] = []
        let observation = controller.addObserver { states.append($0) }
        defer { observation.cancel() }
        let game = Preferring(true)
        controller.rootPreferring = game
        controller.setViewable(true)
        controller.setFocused(true)
        #expect(controller.pointerLockState == .unlocked(.grabRefused(.compositorWithheld)))
        platform.withholding = false
        controller.pendingGrabMayProceed()
        #expect(controller.pointerLockState == .locked)
        // The compositor takes it away: unlocked, and the request stands again.
        platform.withholding = true
        controller.grabEndedBySystem()
        #expect(controller.pointerLockState == .unlocked(.grabRefused(.compositorWithheld)))
        #expect(
            states == [
                .unlocked(.notViewable), .unlocked(.unfocused), .unlocked(.grabRefused(.compositorWithheld)), .locked,
                .unlocked(.grabRefused(.compositorWithheld)),
            ])
        #expect(platform.commands == ["acquire withheld", "acquire", "acquire withheld"])
    }
}
