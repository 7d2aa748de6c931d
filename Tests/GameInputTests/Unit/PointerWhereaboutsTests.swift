import Testing

@testable import GameInput

/// Whether the pointer is over an X window, from crossings and motion: an enter counts once
/// the pointer has moved since it left, and an enter somewhere else than the leave is a move
/// (Xwayland's report of an absolute move onto the window).
@Suite struct PointerWhereaboutsTests {
    typealias Whereabouts = X11Window.PointerWhereabouts
    let inside = Whereabouts.RootPosition(x: 660, y: 360)
    let stale = Whereabouts.RootPosition(x: 620, y: 360)

    @Test func anEnterWithoutALeaveBeforeItWaitsForMotion() {
        let mapped = Whereabouts().crossed(entering: true, at: inside)
        #expect(mapped.inWindow)
        #expect(!mapped.isOverWindow, "a window mapped under the pointer: nobody moved it")
        var moved = mapped
        moved.pointerMoved = true
        #expect(moved.isOverWindow)
    }

    @Test func anEnterWhereThePointerLeftWaitsForMotion() {
        let back = Whereabouts().crossed(entering: false, at: stale).crossed(entering: true, at: stale)
        #expect(back.inWindow && !back.isOverWindow, "a window above unmapped, or ours moved back, under a still pointer")
    }

    @Test func anEnterElsewhereThanTheLeaveIsAMove() {
        let left = Whereabouts(inWindow: true, pointerMoved: true).crossed(entering: false, at: stale)
        #expect(!left.inWindow && !left.pointerMoved && left.leftAt == stale)
        let entered = left.crossed(entering: true, at: inside)
        #expect(entered.isOverWindow, "one absolute move onto the window")
        #expect(!entered.crossed(entering: false, at: inside).isOverWindow)
    }

    @Test func motionBeforeTheEnterCounts() {
        var left = Whereabouts().crossed(entering: false, at: stale)
        left.pointerMoved = true  // raw motion from the seat while outside
        #expect(left.crossed(entering: true, at: stale).isOverWindow)
    }
}
