import Testing

@testable import GameInput

/// The system's claims on the pointer, as pure logic: another client's keyboard grab, the
/// screen saver, a stalled loop. Each frees the pointer without moving it, names itself, and
/// the lock comes back by itself when it ends.
@Suite struct SystemOutranksTheLockTests {
    let start = ContinuousClock.now

    enum Claim: CaseIterable, Sendable {
        case keyboardGrab, screenSaver, stall

        func set(_ on: Bool, in facts: inout PointerLockFacts) {
            switch self {
            case .keyboardGrab: facts.keyboardGrabbedElsewhere = on
            case .screenSaver: facts.screenSaverActive = on
            case .stall: facts.interruption = on ? .mainLoopStalled : nil
            }
        }

        var reason: UnlockedReason {
            switch self {
            case .keyboardGrab: .keyboardGrabbedElsewhere
            case .screenSaver: .screenSaverActive
            case .stall: .suspended(.mainLoopStalled)
            }
        }
    }

    @Test(arguments: Claim.allCases)
    func aSystemClaimReleasesWithoutMovingThePointerAndTheLockReturns(claim: Claim) {
        var arbiter = PointerLockArbiter()
        var facts = PointerLockArbiterTests.allGood
        #expect(arbiter.update(facts, now: start) == .acquire(.lock))
        arbiter.grabSucceeded()
        claim.set(true, in: &facts)
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: false))
        #expect(arbiter.state == .unlocked(claim.reason))
        claim.set(false, in: &facts)
        #expect(arbiter.update(facts, now: start) == .acquire(.lock))
    }

    @Test func systemClaimsOutrankTheWindowsOwnStateButNotTheGamesChoice() {
        var arbiter = PointerLockArbiter()
        var facts = PointerLockFacts()
        facts.keyboardGrabbedElsewhere = true
        facts.screenSaverActive = true
        _ = arbiter.update(facts, now: start)
        #expect(arbiter.state == .unlocked(.preferenceOff))
        facts.prefersPointerLocked = true
        _ = arbiter.update(facts, now: start)
        #expect(arbiter.state == .unlocked(.screenSaverActive))
        facts.screenSaverActive = false
        _ = arbiter.update(facts, now: start)
        #expect(arbiter.state == .unlocked(.keyboardGrabbedElsewhere), "ahead of the window not being viewable or focused")
    }

    @Test func aGrabLostToTheWatchdogIsNotReleasedAgain() {
        var arbiter = PointerLockArbiter()
        var facts = PointerLockArbiterTests.allGood
        _ = arbiter.update(facts, now: start)
        arbiter.grabSucceeded()
        arbiter.grabLost()
        facts.interruption = .mainLoopStalled
        #expect(arbiter.update(facts, now: start) == nil)
        #expect(arbiter.state == .unlocked(.suspended(.mainLoopStalled)))
    }

    @Test func aKeyTapDoesNotCountButAHeldGrabDoes() {
        var grab = ForeignKeyboardGrab()
        #expect(!grab.outranksLock(at: start))
        #expect(grab.deadline == nil)
        grab.began(at: start)
        #expect(!grab.outranksLock(at: start + .milliseconds(100)), "a tap")
        grab.ended()
        #expect(!grab.outranksLock(at: start + .seconds(1)))
        grab.began(at: start + .seconds(2))
        grab.began(at: start + .seconds(3))  // seen again: still the same grab
        #expect(grab.deadline == start + .seconds(2) + ForeignKeyboardGrab.grace)
        #expect(grab.outranksLock(at: start + .seconds(2) + ForeignKeyboardGrab.grace))
    }

    @Test func aDebuggerAttachedSinceTheLastGrabIsCheckedAtTheNextAttemptAndItsDetachingBringsTheLockBack() {
        let platform = RecordingPlatform()
        var now = start
        let controller = PointerLockController(platform: platform, clock: { now }, environment: { platform.suspension })
        controller.setViewable(true)
        controller.rootPreferring = Preferring(true)
        var states: [PointerLockState] = []
        let observation = controller.addObserver { states.append($0) }
        defer { observation.cancel() }
        platform.suspension = .debuggerAttached
        controller.setFocused(true)
        #expect(controller.pointerLockState == .unlocked(.suspended(.debuggerAttached)))
        #expect(states == [.unlocked(.suspended(.debuggerAttached))], "no refusal said on the way: \(states)")
        #expect(platform.commands.isEmpty, "no grab under a debugger")
        let check = start + PointerLockController.environmentCheckInterval
        #expect(controller.retryDeadline == check, "the loop wakes to look again")
        now = check - .milliseconds(1)
        controller.retryIfDue()
        #expect(!controller.isLocked, "not before the check is due")
        now = check
        controller.retryIfDue()
        #expect(!controller.isLocked, "still attached")
        #expect(controller.retryDeadline == check + PointerLockController.environmentCheckInterval)
        platform.suspension = nil
        now = check + PointerLockController.environmentCheckInterval
        controller.retryIfDue()
        #expect(controller.isLocked, "detached: the lock returns by itself")
        #expect(controller.retryDeadline == nil, "nothing more to look at")
        #expect(platform.commands == ["acquire"])
    }

    @Test func theGraceLeavesALockerMostOfItsRetries() {
        #expect(ForeignKeyboardGrab.grace <= .milliseconds(300))
        #expect(ForeignKeyboardGrab.grace >= .milliseconds(150), "longer than a typed key's press")
    }

    @Test func afterAStallThePollingGameSeesTheSuspensionBeforeTheLockReturns() {
        let platform = RecordingPlatform()
        let controller = PointerLockController(platform: platform, environment: { platform.suspension })
        controller.setViewable(true)
        controller.setFocused(true)
        controller.rootPreferring = Preferring(true)
        #expect(controller.isLocked)
        controller.setInterruption(.mainLoopStalled)
        #expect(controller.pointerLockState == .unlocked(.suspended(.mainLoopStalled)))
        controller.setFocused(false)  // queued while stalled
        controller.setInterruption(nil)
        #expect(controller.pointerLockState == .unlocked(.unfocused))
        #expect(platform.commands == ["acquire"], "no grab on stale facts, and nothing left to release")
    }
}
