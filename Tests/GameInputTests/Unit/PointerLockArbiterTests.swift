import Testing

@testable import GameInput

/// Every transition of the pure arbiter: facts in, commands and state out.
@Suite struct PointerLockArbiterTests {
    let start = ContinuousClock.now

    /// Facts under which the lock is wanted.
    static var allGood: PointerLockFacts {
        var facts = PointerLockFacts()
        facts.prefersPointerLocked = true
        facts.isViewable = true
        facts.hasFocus = true
        return facts
    }

    @Test func startsUnlockedBecauseThePreferenceDefaultsToOff() {
        let arbiter = PointerLockArbiter()
        #expect(arbiter.state == .unlocked(.preferenceOff))
        #expect(!arbiter.holdsGrab)
    }

    @Test func allRequirementsHoldingIssuesOneAcquire() {
        var arbiter = PointerLockArbiter()
        #expect(arbiter.update(Self.allGood, now: start) == .acquire(.lock))
        arbiter.grabSucceeded()
        #expect(arbiter.state == .locked)
        #expect(arbiter.update(Self.allGood, now: start) == nil)
        #expect(arbiter.poll(now: start + .seconds(1)) == nil)
    }

    enum Requirement: CaseIterable, Sendable {
        case preference, viewable, focus

        var reason: UnlockedReason {
            switch self {
            case .preference: .preferenceOff
            case .viewable: .notViewable
            case .focus: .unfocused
            }
        }

        /// Only the game's own decision may move the pointer back; a release the system
        /// caused must not (that could hand the focus back to the game).
        var restoresPointer: Bool { self == .preference }

        func withdraw(from facts: inout PointerLockFacts) {
            switch self {
            case .preference: facts.prefersPointerLocked = false
            case .viewable: facts.isViewable = false
            case .focus: facts.hasFocus = false
            }
        }
    }

    @Test(arguments: Requirement.allCases)
    func losingARequirementReleasesWithItsReason(requirement: Requirement) {
        let reason = requirement.reason
        var arbiter = PointerLockArbiter()
        _ = arbiter.update(Self.allGood, now: start)
        arbiter.grabSucceeded()
        var facts = Self.allGood
        requirement.withdraw(from: &facts)
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: requirement.restoresPointer))
        #expect(arbiter.state == .unlocked(reason))
        #expect(arbiter.update(facts, now: start) == nil, "a repeated fact issues nothing")
        #expect(arbiter.update(Self.allGood, now: start) == .acquire(.lock), "the lock comes back by itself")
    }

    @Test func anAlertOnTopReleasesAndReportsItself() {
        var arbiter = PointerLockArbiter()
        _ = arbiter.update(Self.allGood, now: start)
        arbiter.grabSucceeded()
        var facts = Self.allGood
        facts.prefersPointerLocked = false
        facts.alertPresented = true
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: true))
        #expect(arbiter.state == .unlocked(.alertPresented))
    }

    @Test func suspensionReleasesAndNamesItsCause() {
        var arbiter = PointerLockArbiter()
        _ = arbiter.update(Self.allGood, now: start)
        arbiter.grabSucceeded()
        var facts = Self.allGood
        facts.suspension = .disabledByEnvironment
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: false))
        #expect(arbiter.state == .unlocked(.suspended(.disabledByEnvironment)))
    }

    @Test func underXwaylandTheLockWaitsForThePointerAndLetsGoWhenItLeaves() {
        var arbiter = PointerLockArbiter()
        var facts = Self.allGood
        #expect(arbiter.update(facts, now: start) == .acquire(.lock), "elsewhere the grab brings the pointer in itself")
        arbiter.grabSucceeded()
        facts.requiresPointerOverWindow = true
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: false))
        #expect(arbiter.state == .unlocked(.pointerOutsideWindow))
        facts.pointerIsOverWindow = true
        #expect(arbiter.update(facts, now: start) == .acquire(.lock), "the pointer entered: the compositor can lock it now")
        arbiter.grabSucceeded()
        facts.pointerIsOverWindow = false
        #expect(
            arbiter.update(facts, now: start) == .release(restoresPointer: false),
            "a pointer that left was never locked by the compositor")
    }

    @Test func fullScreenIsRequiredOnlyWhenAsked() {
        var arbiter = PointerLockArbiter()
        var facts = Self.allGood
        facts.requiresFullScreen = true
        #expect(arbiter.update(facts, now: start) == nil)
        #expect(arbiter.state == .unlocked(.notFullScreen))
        facts.isFullScreen = true
        #expect(arbiter.update(facts, now: start) == .acquire(.lock))
    }

    @Test func heldButtonsDelayTakingTheLockButNeverBreakIt() {
        var arbiter = PointerLockArbiter()
        var facts = Self.allGood
        facts.buttonsHeld = true
        #expect(arbiter.update(facts, now: start) == nil)
        #expect(arbiter.state == .unlocked(.buttonsHeld))
        facts.buttonsHeld = false
        #expect(arbiter.update(facts, now: start) == .acquire(.lock))
        arbiter.grabSucceeded()
        facts.buttonsHeld = true
        #expect(arbiter.update(facts, now: start) == nil, "firing while locked keeps the lock")
        #expect(arbiter.state == .locked)
    }

    @Test func theFirstFailingRequirementIsTheReason() {
        var arbiter = PointerLockArbiter()
        var facts = PointerLockFacts()
        facts.hasFocus = false
        facts.isViewable = false
        _ = arbiter.update(facts, now: start)
        #expect(arbiter.state == .unlocked(.preferenceOff))
        facts.prefersPointerLocked = true
        _ = arbiter.update(facts, now: start)
        #expect(arbiter.state == .unlocked(.notViewable))
        facts.isViewable = true
        _ = arbiter.update(facts, now: start)
        #expect(arbiter.state == .unlocked(.unfocused))
    }

    @Test func aRefusedGrabIsReportedAndRetriedWithBackOff() {
        var arbiter = PointerLockArbiter()
        #expect(arbiter.update(Self.allGood, now: start) == .acquire(.lock))
        arbiter.grabRefused(.alreadyGrabbed, at: start)
        #expect(arbiter.state == .unlocked(.grabRefused(.alreadyGrabbed)))
        #expect(arbiter.poll(now: start + .milliseconds(7)) == nil)
        #expect(arbiter.poll(now: start + .milliseconds(8)) == .acquire(.lock))
        arbiter.grabRefused(.alreadyGrabbed, at: start + .milliseconds(8))
        #expect(arbiter.retryDeadline == start + .milliseconds(24), "the second delay doubles to 16 ms")
        #expect(arbiter.poll(now: start + .milliseconds(23)) == nil)
        #expect(arbiter.poll(now: start + .milliseconds(24)) == .acquire(.lock))
        arbiter.grabSucceeded()
        #expect(arbiter.state == .locked)
        #expect(arbiter.retryDeadline == nil)
    }

    @Test func backOffIsCappedAtAFewFrames() {
        #expect(PointerLockArbiter.retryDelay(afterRefusals: 1) == .milliseconds(8))
        #expect(PointerLockArbiter.retryDelay(afterRefusals: 3) == .milliseconds(32))
        #expect(PointerLockArbiter.retryDelay(afterRefusals: 4) == .milliseconds(64))
        #expect(PointerLockArbiter.retryDelay(afterRefusals: 1000) == .milliseconds(64))
    }

    @Test func changedFactsRetryARefusedGrabAtOnce() {
        var arbiter = PointerLockArbiter()
        _ = arbiter.update(Self.allGood, now: start)
        arbiter.grabRefused(.notViewable, at: start)
        var facts = Self.allGood
        facts.isFullScreen = true  // any change of facts
        #expect(arbiter.update(facts, now: start) == .acquire(.lock))
    }

    @Test func noLongerWantingTheLockForgetsTheRefusal() {
        var arbiter = PointerLockArbiter()
        _ = arbiter.update(Self.allGood, now: start)
        arbiter.grabRefused(.frozen, at: start)
        var facts = Self.allGood
        facts.hasFocus = false
        #expect(arbiter.update(facts, now: start) == .cancelAcquire, "nothing is held: only the attempt is undone")
        #expect(arbiter.state == .unlocked(.unfocused))
        #expect(arbiter.retryDeadline == nil)
        #expect(arbiter.update(facts, now: start) == nil, "undone once")
        #expect(arbiter.update(Self.allGood, now: start) == .acquire(.lock))
    }

    /// A pending grab (the platform is getting ready) is reported as not yet granted, tried
    /// again at its deadline, or at once when the platform says it may proceed.
    @Test func aPendingGrabIsNotYetGrantedAndTriedAgain() {
        var arbiter = PointerLockArbiter()
        #expect(arbiter.update(Self.allGood, now: start) == .acquire(.lock))
        arbiter.grabPending(until: start + .milliseconds(100))
        #expect(arbiter.state == .unlocked(.notYetGranted))
        #expect(!arbiter.holdsGrab)
        #expect(arbiter.poll(now: start + .milliseconds(50)) == nil, "not before its deadline")
        #expect(arbiter.poll(now: start + .milliseconds(100)) == .acquire(.lock), "at its deadline")
        arbiter.grabPending(until: start + .milliseconds(200))
        arbiter.pendingGrabMayProceed(now: start + .milliseconds(101))
        #expect(arbiter.poll(now: start + .milliseconds(101)) == .acquire(.lock), "at once when the platform is ready")
        arbiter.grabSucceeded()
        #expect(arbiter.state == .locked)
        #expect(arbiter.retryDeadline == nil)
    }

    /// The lock stops being wanted while its grab is pending: the attempt is cancelled.
    @Test func aPendingGrabNoLongerWantedIsCancelled() {
        var arbiter = PointerLockArbiter()
        _ = arbiter.update(Self.allGood, now: start)
        arbiter.grabPending(until: start + .milliseconds(100))
        var facts = Self.allGood
        facts.prefersPointerLocked = false
        #expect(arbiter.update(facts, now: start) == .cancelAcquire)
        #expect(arbiter.state == .unlocked(.preferenceOff))
        #expect(arbiter.poll(now: start + .seconds(1)) == nil)
        arbiter.pendingGrabMayProceed(now: start + .seconds(1))
        #expect(arbiter.poll(now: start + .seconds(1)) == nil, "nothing pending any more")
    }
}
