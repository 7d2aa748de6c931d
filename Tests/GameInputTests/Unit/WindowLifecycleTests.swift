import Testing

@testable import GameInput

/// A window's life and the rule for `close()` inside the game's handlers, which both backends
/// keep through ``WindowLifecycle``.
@Suite struct WindowLifecycleTests {
    @Test func aCloseOutsideADispatchReleasesAtOnceAndOnce() {
        var life = WindowLifecycle()
        let shut = life.shutDown(), now = life.close(), again = life.close()
        #expect(shut && now && !again)
        #expect(life.isClosed && life.isReleased)
    }

    @Test func aCloseInsideNestedDispatchesWaitsForTheOutermost() {
        var life = WindowLifecycle()
        life.enter()
        #expect(life.isOutermost)
        life.enter()  // a handler polls again
        #expect(!life.isOutermost)
        let shut = life.shutDown(), now = life.close(), again = life.close()
        #expect(shut && !now && !again, "the connection stays while code is on the stack")
        #expect(life.isClosed && !life.isReleased)
        let inner = life.leave(), outer = life.leave()
        #expect(inner == .nested)
        #expect(outer == .release, "the outermost return lets it go")
        #expect(life.isReleased)
        let late = life.close()
        #expect(!late, "released once")
    }

    @Test func aDispatchWithoutACloseEndsIdle() {
        var life = WindowLifecycle()
        life.enter()
        let first = life.leave()
        life.enter()
        let second = life.leave()
        #expect(first == .idle)
        #expect(second == .idle, "every outermost return arms the wake again")
        #expect(!life.isClosed)
    }

    /// A lost connection shuts the window down and keeps the connection until the game's close.
    @Test func aShutDownKeepsTheConnectionUntilTheClose() {
        var life = WindowLifecycle()
        life.enter()
        let shut = life.shutDown(), twice = life.shutDown()
        #expect(shut && !twice)
        let exit = life.leave()
        #expect(exit == .idle && life.isClosed && !life.isReleased)
        let now = life.close()
        #expect(now && life.isReleased)
    }
}
