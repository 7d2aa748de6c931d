import Foundation
import Testing

@testable import GameInput

/// The confinement beside the lock: the arbiter's choice between them, the controller's
/// commands and the states it reports. Pure: facts in, commands and states out.
@Suite struct PointerConfinementArbiterTests {
    let start = ContinuousClock.now

    /// Facts under which the confinement is wanted (and the lock is not preferred).
    static var confinable: PointerLockFacts {
        var facts = PointerLockFacts()
        facts.prefersPointerConfined = true
        facts.isViewable = true
        facts.hasFocus = true
        return facts
    }

    @Test func aConfinementIsAcquiredAndReportedAsItsOwnState() {
        var arbiter = PointerLockArbiter()
        #expect(arbiter.update(Self.confinable, now: start) == .acquire(.confinement))
        arbiter.grabSucceeded()
        #expect(arbiter.confinementState == .confined)
        #expect(arbiter.state == .unlocked(.preferenceOff), "the lock is not held, and says why")
        #expect(arbiter.heldGrab == .confinement)
        #expect(arbiter.update(Self.confinable, now: start) == nil, "no command when nothing changes")
    }

    @Test func whenBothArePreferredTheLockWins() {
        var arbiter = PointerLockArbiter()
        var facts = Self.confinable
        facts.prefersPointerLocked = true
        #expect(arbiter.update(facts, now: start) == .acquire(.lock))
        arbiter.grabSucceeded()
        #expect(arbiter.state == .locked)
        #expect(arbiter.confinementState == .unconfined(.lockPreferred))
    }

    @Test func switchingBetweenThemIsAChangeNeverAReleaseAndAcquire() {
        var arbiter = PointerLockArbiter()
        var facts = Self.confinable
        facts.prefersPointerLocked = true
        _ = arbiter.update(facts, now: start)
        arbiter.grabSucceeded()
        facts.prefersPointerLocked = false
        #expect(arbiter.update(facts, now: start) == .change(to: .confinement))
        arbiter.grabSucceeded()
        #expect(arbiter.confinementState == .confined)
        facts.prefersPointerLocked = true
        #expect(arbiter.update(facts, now: start) == .change(to: .lock))
        arbiter.grabSucceeded()
        #expect(arbiter.state == .locked)
    }

    @Test func theLocksOwnRequirementHandsOverToTheConfinement() {
        var arbiter = PointerLockArbiter()
        var facts = Self.confinable
        facts.prefersPointerLocked = true
        facts.requiresFullScreen = true
        #expect(arbiter.update(facts, now: start) == .acquire(.confinement), "full screen is the lock's requirement only")
        arbiter.grabSucceeded()
        #expect(arbiter.state == .unlocked(.notFullScreen))
        #expect(arbiter.confinementState == .confined)
        facts.isFullScreen = true
        #expect(arbiter.update(facts, now: start) == .change(to: .lock))
    }

    @Test func theSystemTakesTheConfinementAwayAsItTakesTheLock() {
        var arbiter = PointerLockArbiter()
        _ = arbiter.update(Self.confinable, now: start)
        arbiter.grabSucceeded()
        var facts = Self.confinable
        facts.hasFocus = false
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: false))
        #expect(arbiter.confinementState == .unconfined(.unfocused))
        facts.hasFocus = true
        #expect(arbiter.update(facts, now: start) == .acquire(.confinement), "it comes back by itself")
        arbiter.grabSucceeded()
        facts.keyboardGrabbedElsewhere = true
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: false))
        #expect(arbiter.confinementState == .unconfined(.keyboardGrabbedElsewhere))
    }

    @Test func theGameLettingGoOfAConfinementLeavesTheVisibleCursorWhereItIs() {
        var arbiter = PointerLockArbiter()
        var facts = Self.confinable
        _ = arbiter.update(facts, now: start)
        arbiter.grabSucceeded()
        facts.prefersPointerConfined = false
        #expect(arbiter.update(facts, now: start) == .release(restoresPointer: false))
        #expect(arbiter.confinementState == .unconfined(.preferenceOff))
    }

    @Test func underXwaylandTheConfinementWaitsForThePointerToo() {
        var arbiter = PointerLockArbiter()
        var facts = Self.confinable
        facts.requiresPointerOverWindow = true
        #expect(arbiter.update(facts, now: start) == nil)
        #expect(arbiter.confinementState == .unconfined(.pointerOutsideWindow))
        facts.pointerIsOverWindow = true
        #expect(arbiter.update(facts, now: start) == .acquire(.confinement))
    }

    @Test func aRefusedChangeLeavesNothingHeldAndRetries() {
        var arbiter = PointerLockArbiter()
        var facts = Self.confinable
        _ = arbiter.update(facts, now: start)
        arbiter.grabSucceeded()
        facts.prefersPointerLocked = true
        #expect(arbiter.update(facts, now: start) == .change(to: .lock))
        arbiter.grabRefused(.notViewable, at: start)
        #expect(!arbiter.holdsGrab)
        #expect(arbiter.state == .unlocked(.grabRefused(.notViewable)))
        #expect(arbiter.confinementState == .unconfined(.lockPreferred))
        #expect(arbiter.poll(now: start) == nil)
        #expect(arbiter.poll(now: start + PointerLockArbiter.initialRetryDelay) == .acquire(.lock))
    }

    @Test func anAlertThatPrefersNeitherBlocksBoth() {
        var arbiter = PointerLockArbiter()
        var facts = Self.confinable
        facts.alertPresented = true
        #expect(arbiter.update(facts, now: start) == nil)
        #expect(arbiter.confinementState == .unconfined(.alertPresented))
        #expect(arbiter.state == .unlocked(.alertPresented))
    }
}

@Suite struct PointerConfinementControllerTests {
    let platform = RecordingPlatform()

    func makeReadyController(root: any PointerLockPreferring) -> PointerLockController {
        let controller = PointerLockController(platform: platform, environment: { platform.suspension })
        controller.setViewable(true)
        controller.setFocused(true)
        controller.rootPreferring = root
        return controller
    }

    @Test func eachSwitchIsOneChangeOfEachStateAndOneCommand() {
        let game = Preferring(true)
        let controller = makeReadyController(root: game)
        var locks: [PointerLockState] = [], confinements: [PointerConfinementState] = []
        let lockObservation = controller.addObserver { locks.append($0) }
        let confinementObservation = controller.addConfinementObserver { confinements.append($0) }
        defer {
            lockObservation.cancel()
            confinementObservation.cancel()
        }
        game.prefersPointerLocked = false
        game.prefersPointerConfined = true
        controller.setNeedsUpdateOfPrefersPointerLocked()
        game.prefersPointerConfined = false
        controller.setNeedsUpdateOfPrefersPointerLocked()
        game.prefersPointerConfined = true
        controller.setNeedsUpdateOfPrefersPointerLocked()
        game.prefersPointerLocked = true
        game.prefersPointerConfined = false
        controller.setNeedsUpdateOfPrefersPointerLocked()
        #expect(platform.commands == ["acquire", "change to confinement", "release", "acquire confinement", "change to lock"])
        #expect(locks == [.unlocked(.preferenceOff), .locked])
        #expect(confinements == [.confined, .unconfined(.preferenceOff), .confined, .unconfined(.preferenceOff)])
        #expect(controller.isLocked && !controller.isConfined)
    }

    @Test func theConfinementIsPostedAsANotification() {
        let controller = makeReadyController(root: Preferring(false, confined: true))
        let posted = PostedConfinements()
        let token = NotificationCenter.default.addObserver(
            forName: PointerConfinementState.didChangeNotification, object: controller, queue: nil
        ) { note in
            if let state = note.userInfo?[PointerConfinementState.userInfoKey] as? PointerConfinementState { posted.append(state) }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        controller.setFocused(false)
        controller.setFocused(true)
        #expect(posted.states == [.unconfined(.unfocused), .confined])
    }

    @Test func theRectangleGoesToThePlatformOncePerChange() {
        let controller = makeReadyController(root: Preferring(false, confined: true))
        let rect = WindowRect(x: 10, y: 20, width: 100, height: 50)
        controller.confinementRect = rect
        controller.confinementRect = rect
        controller.confinementRect = nil
        #expect(platform.confinementRects == [rect, nil])
    }

    @Test func stateIsNilWhereGrabbingIsUnavailable() {
        let controller = PointerLockController(platform: nil)
        controller.rootPreferring = Preferring(false, confined: true)
        #expect(controller.pointerConfinementState == nil)
        #expect(!controller.isConfined)
    }

    @Test func shuttingDownReleasesAConfinementWithoutMovingTheCursor() {
        let controller = makeReadyController(root: Preferring(false, confined: true))
        controller.shutDown()
        #expect(platform.commands == ["acquire confinement", "release"])
    }
}

/// Confinement states collected from notifications (delivered on the posting thread).
final class PostedConfinements: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [PointerConfinementState] = []
    var states: [PointerConfinementState] { lock.withLock { collected } }
    func append(_ state: PointerConfinementState) { lock.withLock { collected.append(state) } }
}

/// A cursor picture is checked before it reaches the server.
@Suite struct CursorImageTests {
    @Test func aValidPictureKeepsItsPixelsAndHotSpot() throws {
        let image = try CursorImage(width: 2, height: 1, pixels: [0xFF00_00FF, 0x8040_2010], hotSpotX: 1, hotSpotY: 0)
        #expect(image.pixels == [0xFF00_00FF, 0x8040_2010])
        #expect(image.hotSpotX == 1 && image.hotSpotY == 0)
    }

    @Test func badPicturesAreRefusedWithTheirReason() {
        #expect(throws: CursorImage.Invalid.sizeOutOfRange(width: 0, height: 4)) {
            try CursorImage(width: 0, height: 4, pixels: [], hotSpotX: 0, hotSpotY: 0)
        }
        #expect(throws: CursorImage.Invalid.sizeOutOfRange(width: 257, height: 1)) {
            try CursorImage(width: 257, height: 1, pixels: [UInt32](repeating: 0, count: 257), hotSpotX: 0, hotSpotY: 0)
        }
        #expect(throws: CursorImage.Invalid.pixelCountMismatch(expected: 4, got: 3)) {
            try CursorImage(width: 2, height: 2, pixels: [0, 0, 0], hotSpotX: 0, hotSpotY: 0)
        }
        #expect(throws: CursorImage.Invalid.hotSpotOutside(x: 2, y: 0)) {
            try CursorImage(width: 2, height: 2, pixels: [0, 0, 0, 0], hotSpotX: 2, hotSpotY: 0)
        }
        #expect(throws: CursorImage.Invalid.notPremultiplied(index: 1)) {
            try CursorImage(width: 2, height: 1, pixels: [0, 0x80FF_0000], hotSpotX: 0, hotSpotY: 0)
        }
    }
}
