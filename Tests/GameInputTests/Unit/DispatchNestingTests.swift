import Testing

@testable import GameInput

/// The rule for `close()` inside the game's handlers, which both backends keep through
/// ``DispatchNesting``.
@Suite struct DispatchNestingTests {
    @Test func aCloseOutsideADispatchClosesAtOnce() {
        var nesting = DispatchNesting()
        let now = nesting.requestClose()
        #expect(now)
    }

    @Test func aCloseInsideNestedDispatchesWaitsForTheOutermost() {
        var nesting = DispatchNesting()
        nesting.enter()
        #expect(nesting.isOutermost)
        nesting.enter()  // a handler polls again
        #expect(!nesting.isOutermost)
        let now = nesting.requestClose()
        #expect(!now, "the connection stays while code is on the stack")
        let inner = nesting.leave(), outer = nesting.leave()
        #expect(inner == .nested)
        #expect(outer == .close, "the outermost return lets it go")
    }

    @Test func aDispatchWithoutACloseEndsIdle() {
        var nesting = DispatchNesting()
        nesting.enter()
        let first = nesting.leave()
        nesting.enter()
        let second = nesting.leave()
        #expect(first == .idle)
        #expect(second == .idle, "every outermost return arms the wake again")
    }
}
