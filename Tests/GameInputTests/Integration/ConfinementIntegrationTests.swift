import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The confinement, the cursor's shapes and the warp against a real X server (Xvfb) and window
/// manager (openbox), driven with XTest. A second X client judges: its grab is refused exactly
/// while the game confines, and it reads the pointer's position and the cursor (XFixes).
@Suite(.serialized, .tags(.integration)) final class ConfinementIntegrationTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    deinit { server.stop() }

    /// A shown, focused window with the pointer at its centre, its game preferring neither grab.
    func shownHarness() throws -> (GameWindowHarness, TestGame, origin: XProbe.Point) {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let game = TestGame(prefers: false)
        harness.window.pointerLock.rootPreferring = game
        harness.window.show()
        #expect(harness.pump { harness.window.isViewable && harness.window.pointerLock.currentFacts.hasFocus })
        let frame = probe.frame(of: harness.window.x11System!.windowID)
        probe.moveAbsolute(x: frame.origin.x + 200, y: frame.origin.y + 150)
        harness.pump(for: .milliseconds(50))
        return (harness, game, frame.origin)
    }

    /// Confined to a rectangle: moves far outside leave the visible pointer on the rectangle's
    /// edge and the game hears it there; a resize clips the rectangle; without it the whole
    /// window confines. All of it while the grab is the guardian's (its window is the
    /// rectangle window's parent), and a stalled loop is still freed and confined again.
    @Test func aRectangleKeepsTheVisiblePointerInsideAndFollowsResizes() throws {
        let (harness, game, origin) = try shownHarness()
        defer { harness.window.close() }
        let window = harness.window
        window.pointerLock.confinementRect = WindowRect(x: 100, y: 50, width: 200, height: 100)
        game.prefersPointerConfined = true
        window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { window.pointerLock.isConfined }, "\(String(describing: window.pointerLock.pointerConfinementState))")
        #expect(harness.pump { window.x11System!.grab?.isGuarded == true }, "the guardian guards the confinement")
        #expect(probe.pointerIsGrabbed, "X holds the confinement")
        #expect(!window.pointerLock.isLocked)
        #expect(probe.cursorIsInvisible == false, "the cursor shows")

        func moveFarAndRead(to target: XProbe.Point) -> (root: XProbe.Point, heard: WindowPoint?) {
            harness.clearEvents()
            probe.moveAbsolute(x: target.x, y: target.y)
            harness.pump(for: .milliseconds(100))
            return (probe.pointerPosition, harness.pointers.last?.location)
        }
        var seen = moveFarAndRead(to: XProbe.Point(x: 0, y: 0))
        #expect(seen.root == XProbe.Point(x: origin.x + 100, y: origin.y + 50), "kept at the rectangle's top left")
        #expect(seen.heard == WindowPoint(x: 100, y: 50), "the game hears the pointer where it is")
        seen = moveFarAndRead(to: XProbe.Point(x: 1279, y: 799))
        #expect(seen.root == XProbe.Point(x: origin.x + 299, y: origin.y + 149), "kept at its bottom right")
        #expect(seen.heard == WindowPoint(x: 299, y: 149))
        #expect(harness.motions.isEmpty, "no relative motion while confined")

        XResizeWindow(window.x11System!.connection.display, window.x11System!.windowID, 250, 120)
        window.x11System!.connection.flush()
        #expect(harness.pump { window.width == 250 && window.height == 120 })
        seen = moveFarAndRead(to: XProbe.Point(x: 1279, y: 799))
        #expect(seen.root == XProbe.Point(x: origin.x + 249, y: origin.y + 119), "the rectangle is clipped to the smaller window")

        // A loop that stops: the guardian unmaps its window, which frees the rectangle's grab too.
        let stopped = ContinuousClock.now
        let freed = probe.millisecondsUntilPointerIsFree(since: stopped, limit: .seconds(3))
        #expect(freed != nil, "a stalled loop's confinement is freed")
        #expect(harness.pump { window.pointerLock.pointerConfinementState == .unconfined(.suspended(.mainLoopStalled)) })
        #expect(harness.pump { window.pointerLock.isConfined }, "and comes back when the loop runs")
        #expect(probe.pointerIsGrabbed)
        seen = moveFarAndRead(to: XProbe.Point(x: 0, y: 0))
        #expect(seen.root == XProbe.Point(x: origin.x + 100, y: origin.y + 50), "in the rectangle again")

        window.pointerLock.confinementRect = nil
        seen = moveFarAndRead(to: XProbe.Point(x: 0, y: 0))
        #expect(seen.root == origin, "without a rectangle the whole window confines")
        #expect(probe.pointerIsGrabbed)

        game.prefersPointerConfined = false
        window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(!probe.pointerIsGrabbed, "letting go ungrabs")
    }

    /// Each named cursor reads back by its name; a custom picture reads back pixel for pixel
    /// with its hot spot; the lock hides the cursor and the chosen shape (even one chosen while
    /// locked) comes back after it; hidden hides it without a lock.
    @Test func cursorShapesReadBackAsSetAndOutlastTheLock() throws {
        let (harness, game, _) = try shownHarness()
        defer { harness.window.close() }
        let window = harness.window
        for shape in SystemCursor.allCases {
            window.cursor = .system(shape)
            #expect(window.cursor == .system(shape))
            #expect(
                BoundedWait.until(timeout: .seconds(2)) { self.probe.cursorName == shape.cssName },
                "\(shape): the server shows \(probe.cursorName ?? "none")")
        }

        var pixels: [UInt32] = []
        for y in 0..<12 { for x in 0..<10 { pixels.append(x == y ? 0xFFFF_FFFF : (x + y) % 3 == 0 ? 0x8000_4020 : 0) } }
        let image = try CursorImage(width: 10, height: 12, pixels: pixels, hotSpotX: 3, hotSpotY: 5)
        window.cursor = .image(image)
        let expected = XProbe.CursorPicture(width: 10, height: 12, hotSpotX: 3, hotSpotY: 5, pixels: pixels)
        #expect(
            BoundedWait.until(timeout: .seconds(2)) { self.probe.cursorPicture == expected }, "the picture and hot spot read back as set")

        game.prefersPointerLocked = true
        window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { window.pointerLock.isLocked })
        #expect(probe.cursorIsInvisible == true, "the lock hides the cursor")
        window.cursor = .system(.pointer)
        harness.pump(for: .milliseconds(50))
        #expect(probe.cursorIsInvisible == true, "a shape chosen while locked waits for the unlock")
        game.prefersPointerLocked = false
        window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { !window.pointerLock.isLocked })
        #expect(
            BoundedWait.until(timeout: .seconds(2)) { self.probe.cursorName == "pointer" },
            "the chosen shape is back: \(probe.cursorName ?? "none")")

        window.cursor = .hidden
        #expect(BoundedWait.until(timeout: .seconds(2)) { self.probe.cursorIsInvisible == true }, "hidden without a lock")
        #expect(!probe.pointerIsGrabbed, "hiding the cursor grabs nothing")
    }

    /// The warp moves the pointer where asked, with no relative motion and no crossing: the
    /// game hears one move there. It refuses while locked (the pointer stays), while another
    /// window has the focus, outside the window and after close; while confined to a rectangle
    /// the server keeps the warped pointer in it.
    @Test func theWarpMovesThePointerWithoutMotionOrCrossing() throws {
        let (harness, game, origin) = try shownHarness()
        let window = harness.window
        harness.clearEvents()
        #expect(try window.warpPointer(to: WindowPoint(x: 320, y: 40)))
        harness.pump(for: .milliseconds(100))
        #expect(probe.pointerPosition == XProbe.Point(x: origin.x + 320, y: origin.y + 40))
        #expect(harness.motions.isEmpty, "no relative motion for a warp")
        #expect(harness.pointers.map(\.phase) == [.moved], "one move, no crossing: \(harness.pointers)")
        #expect(harness.pointers.last?.location == WindowPoint(x: 320, y: 40))
        #expect(try !window.warpPointer(to: WindowPoint(x: 400, y: 10)), "outside the window")
        #expect(try !window.warpPointer(to: WindowPoint(x: -1, y: 10)))

        window.pointerLock.confinementRect = WindowRect(x: 50, y: 50, width: 100, height: 100)
        game.prefersPointerConfined = true
        window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { window.pointerLock.isConfined })
        #expect(try window.warpPointer(to: WindowPoint(x: 300, y: 250)))
        harness.pump(for: .milliseconds(100))
        #expect(probe.pointerPosition == XProbe.Point(x: origin.x + 149, y: origin.y + 149), "kept in the rectangle")

        game.prefersPointerLocked = true
        window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        #expect(harness.pump { window.pointerLock.isLocked })
        let lockedAt = probe.pointerPosition
        harness.clearEvents()
        #expect(try !window.warpPointer(to: WindowPoint(x: 60, y: 60)), "the lock holds the position")
        harness.pump(for: .milliseconds(100))
        #expect(probe.pointerPosition == lockedAt)
        #expect(harness.motions.isEmpty)

        game.prefersPointerLocked = false
        game.prefersPointerConfined = false
        window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        probe.showOtherWindow()
        #expect(harness.pump { !window.pointerLock.currentFacts.hasFocus })
        #expect(try !window.warpPointer(to: WindowPoint(x: 60, y: 60)), "the pointer is the user's while another window has the focus")
        probe.closeOtherWindow()
        window.close()
        #expect(try !window.warpPointer(to: WindowPoint(x: 60, y: 60)), "after close")
    }
}
