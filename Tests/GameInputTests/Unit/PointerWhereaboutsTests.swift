import Testing

@testable import GameInput

/// Whether the pointer is over an X window, from crossings and motion: an enter counts once
/// the pointer has moved since it left. An enter elsewhere than the leave is a move, and so is
/// any enter after a leave inside the window's rectangle (Xwayland's report that the
/// compositor's cursor went to another client's surface, which it makes at the place the X
/// pointer stays).
@Suite struct PointerWhereaboutsTests {
    typealias Whereabouts = X11Window.PointerWhereabouts
    let centre = Whereabouts.RootPosition(x: 660, y: 360)
    let outside = Whereabouts.RootPosition(x: 1200, y: 360)

    @Test func anEnterWithoutALeaveBeforeItWaitsForMotion() {
        let mapped = Whereabouts().crossed(entering: true, at: centre, withinWindow: true)
        #expect(mapped.inWindow)
        #expect(!mapped.isOverWindow, "a window mapped under the pointer: nobody moved it")
        var moved = mapped
        moved.pointerMoved = true
        #expect(moved.isOverWindow)
    }

    @Test func anEnterWhereThePointerLeftTheRectangleWaitsForMotion() {
        let back = Whereabouts().crossed(entering: false, at: outside, withinWindow: false)
            .crossed(entering: true, at: outside, withinWindow: true)
        #expect(back.inWindow && !back.isOverWindow, "the window moved back under a still pointer")
    }

    @Test func anEnterElsewhereThanTheLeaveIsAMove() {
        let left = Whereabouts(inWindow: true, pointerMoved: true).crossed(entering: false, at: outside, withinWindow: false)
        #expect(!left.inWindow && !left.pointerMoved)
        let entered = left.crossed(entering: true, at: centre, withinWindow: true)
        #expect(entered.isOverWindow, "one absolute move onto the window")
        #expect(!entered.crossed(entering: false, at: centre, withinWindow: true).isOverWindow)
    }

    @Test func anEnterAfterALeaveInsideTheRectangleIsTheCursorsReturn() {
        // The cursor went to another client's surface (the X pointer stays at the centre) and
        // an absolute move brought it back to the same place.
        let away = Whereabouts(inWindow: true, pointerMoved: true).crossed(entering: false, at: centre, withinWindow: true)
        #expect(!away.isOverWindow)
        #expect(away.crossed(entering: true, at: centre, withinWindow: true).isOverWindow)
    }

    @Test func motionBeforeTheEnterCounts() {
        var left = Whereabouts().crossed(entering: false, at: outside, withinWindow: false)
        left.pointerMoved = true  // raw motion from the seat while outside
        #expect(left.crossed(entering: true, at: outside, withinWindow: true).isOverWindow)
    }
}
