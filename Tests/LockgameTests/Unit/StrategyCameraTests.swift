import Foundation
import GameInput
import LockgameEngine
import Testing

@testable import lockgame

/// The strategy camera's rules without X: C switches the preferences, the cursor at the
/// window's edge pans the view only while confined, and the cursor's shape follows what is
/// under it.
@Suite struct StrategyCameraTests {
    @Test func cSwitchesBetweenTheLockAndTheConfinementAndCtrlCDoesNot() throws {
        var lines: [String] = []
        let session = try GameSessionTests.demoSession { lines.append($0) }
        session.handle(TestEvents.key(.c))
        #expect(session.screen.isStrategyCamera)
        #expect(session.screen.prefersPointerConfined && !session.screen.prefersPointerLocked)
        #expect(session.wantsCursorCentred, "the cursor goes to the centre")
        #expect(lines.last == "camera: strategy (C)")
        session.handle(TestEvents.key(.l))
        #expect(!session.screen.prefersPointerConfined, "L toggles the camera's own preference")
        #expect(!session.screen.prefersPointerLocked)
        session.handle(TestEvents.key(.c, modifiers: .control))
        #expect(session.screen.isStrategyCamera, "Ctrl+C copies the pose and leaves the camera")
        session.handle(TestEvents.key(.c))
        #expect(!session.screen.isStrategyCamera)
        #expect(session.screen.prefersPointerLocked && !session.screen.prefersPointerConfined)
        #expect(lines.last == "camera: mouse-look (C)")
    }

    @Test func theCursorAtTheEdgePansOnlyWhileConfined() throws {
        let session = try GameSessionTests.demoSession()
        session.handle(TestEvents.key(.c))
        session.handle(TestEvents.key(.c, .up))
        session.handle(TestEvents.hover(2, 270))
        #expect(session.edgePan.isEmpty, "not confined yet: no pan")
        session.pointerConfined = true
        #expect(session.edgePan == [.left])
        #expect(session.isAnimating, "frames keep coming while it pans")
        let start = session.controller.position
        session.advance(by: 0.25)
        let moved = session.controller.position - start
        // Left of the camera: along −(cos yaw, sin yaw) on the floor.
        let left = SIMD2(-cos(session.controller.yaw), -sin(session.controller.yaw))
        #expect(moved.x * left.x + moved.z * left.y > 0.1, "the view pans left: \(moved)")
        session.handle(TestEvents.hover(Double(session.frameWidth) - 1, Double(session.frameHeight) - 1))
        #expect(session.edgePan == [.right, .bottom])
        session.handle(TestEvents.hover(480, 270))
        #expect(session.edgePan.isEmpty, "the centre does not pan")
        #expect(!session.isAnimating)
        session.handle(TestEvents.hover(2, 2, phase: .exited))
        #expect(session.edgePan.isEmpty, "a pointer that left does not pan")
    }

    @Test func theCursorPointsAtButtonsAndCrossesOverObjects() throws {
        let session = try GameSessionTests.demoSession()
        let button = HUDButton.flashlight.frame(frameWidth: session.frameWidth, scale: 1)
        session.handle(TestEvents.hover(button.x + 5, button.y + 5))
        #expect(session.cursorUnderPointer == .pointer)
        var shapes: Set<SystemCursor> = []
        for y in stride(from: 40.0, to: 540, by: 40) {
            for x in stride(from: 20.0, to: 800, by: 40) {
                session.handle(TestEvents.hover(x, y))
                let expected: SystemCursor = session.selectableObject(at: WindowPoint(x: x, y: y)) != nil ? .crosshair : .default
                #expect(session.cursorUnderPointer == expected, "at (\(x), \(y))")
                shapes.insert(session.cursorUnderPointer)
            }
        }
        #expect(shapes == [.crosshair, .default], "the room has objects to pick and floor between them")
        session.presentAlert()
        #expect(session.cursorUnderPointer == .default, "the alert has the arrow")
    }
}
