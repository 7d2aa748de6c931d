import Testing

@testable import LockgameEngine

/// Mouse look, walking, collision and key tracking, all without a window.
@Suite("First-person controller")
struct ControllerTests {
    let degree = Double.pi / 180

    @Test func mouseDeltasTurnByExactlyTheSensitivity() {
        var c = FirstPersonController(pose: CameraPose())
        c.applyLook(dx: 10, dy: 0)
        #expect(c.yaw == 10 * 0.1 * degree)
        #expect(c.pitch == 0)
        c.sensitivity = 0.25
        c.applyLook(dx: -4, dy: 0)
        #expect(abs(c.yaw - (1 * degree - 1 * degree)) < 1e-15)
        c.applyLook(dx: 0, dy: -20)
        #expect(c.pitch == 20 * 0.25 * degree)
    }

    @Test func movingTheMouseRightTurnsTheViewRight() {
        var c = FirstPersonController(pose: CameraPose())
        c.applyLook(dx: 900, dy: 0)  // 90°
        let f = c.pose.forward
        #expect(abs(f.x - 1) < 1e-5 && abs(f.z) < 1e-5)
    }

    @Test func movingTheMouseDownLooksDownUnlessInverted() {
        var c = FirstPersonController(pose: CameraPose())
        c.applyLook(dx: 0, dy: 50)
        #expect(c.pitch == -5 * degree)
        #expect(c.pose.forward.y < 0)
        var inverted = FirstPersonController(pose: CameraPose())
        inverted.invertY = true
        inverted.applyLook(dx: 0, dy: 50)
        #expect(inverted.pitch == 5 * degree)
    }

    @Test func pitchIsClampedTo89Degrees() {
        var c = FirstPersonController(pose: CameraPose())
        c.applyLook(dx: 0, dy: -5000)
        #expect(c.pitch == FirstPersonController.pitchLimit)
        #expect(abs(c.pitch - 89 * degree) < 1e-12)
        c.applyLook(dx: 0, dy: 100_000)
        #expect(c.pitch == -FirstPersonController.pitchLimit)
    }

    @Test func yawWrapsIntoMinusPiToPi() {
        var c = FirstPersonController(pose: CameraPose())
        c.applyLook(dx: 1800, dy: 0)  // exactly 180°
        #expect(c.yaw == .pi)
        c.applyLook(dx: 100, dy: 0)  // 190° → −170°
        #expect(abs(c.yaw - (-170 * degree)) < 1e-12)
        for _ in 0..<1000 { c.applyLook(dx: 9_999, dy: 0) }
        #expect(c.yaw > -.pi && c.yaw <= .pi)
        #expect(FirstPersonController.wrapYaw(-.pi) == .pi)
    }

    @Test func nonFiniteOrAbsurdDeltasAreRejectedAndCounted() {
        var c = FirstPersonController(pose: CameraPose())
        c.applyLook(dx: 3, dy: 4)
        let before = c.pose
        let accepted1 = c.applyLook(dx: .nan, dy: 0)
        #expect(!accepted1)
        let accepted2 = c.applyLook(dx: 0, dy: .infinity)
        #expect(!accepted2)
        let accepted3 = c.applyLook(dx: -.infinity, dy: .nan)
        #expect(!accepted3)
        let accepted4 = c.applyLook(dx: 1e6 + 1, dy: 0)
        #expect(!accepted4)
        let accepted5 = c.applyLook(dx: 0, dy: -2e9)
        #expect(!accepted5)
        #expect(c.rejectedDeltaCount == 5)
        #expect(c.pose == before)
        let accepted = c.applyLook(dx: 1e6, dy: 0)  // the limit itself is accepted
        #expect(accepted)
        #expect(c.rejectedDeltaCount == 5)
    }

    @Test func walkingMovesHorizontallyAtThreeMetresPerSecondAndRunsTwiceAsFast() {
        var c = FirstPersonController(pose: CameraPose(position: SIMD3(0, 1.6, 0), pitch: 0.8))
        c.step(dt: 1, input: MovementInput(forward: true))
        // dt is clamped to 0.25 s per step.
        #expect(abs(c.position.z - -0.75) < 1e-9)
        #expect(c.position.y == Double(Float(1.6)))
        for _ in 0..<4 { c.step(dt: 0.25, input: MovementInput(back: true, run: true)) }
        #expect(abs(c.position.z - (-0.75 + 6)) < 1e-9)
        c.step(dt: .nan, input: MovementInput(forward: true))
        c.step(dt: -1, input: MovementInput(forward: true))
        #expect(abs(c.position.z - 5.25) < 1e-9)
    }

    @Test func diagonalMovementIsNotFaster() {
        var c = FirstPersonController(pose: CameraPose())
        c.step(dt: 0.2, input: MovementInput(forward: true, right: true))
        let d = (c.position.x * c.position.x + c.position.z * c.position.z).squareRoot()
        #expect(abs(d - 0.6) < 1e-9)
        #expect(c.position.x > 0 && c.position.z < 0)
    }

    @Test func walkingIntoAWallStopsAtTheWall() {
        let wall = Collider(minX: -10, minZ: -5, maxX: 10, maxZ: -4)
        var c = FirstPersonController(pose: CameraPose(), colliders: [wall])
        for _ in 0..<100 { c.step(dt: 0.1, input: MovementInput(forward: true, run: true)) }
        #expect(abs(c.position.z - (-4 + 0.3)) < 1e-9)
        // Huge time steps cannot tunnel through a thin wall either.
        let thin = Collider(minX: -10, minZ: -2, maxX: 10, maxZ: -2)
        var d = FirstPersonController(pose: CameraPose(), colliders: [thin])
        for _ in 0..<50 { d.step(dt: 10, input: MovementInput(forward: true, run: true)) }
        #expect(d.position.z > -2)
    }

    @Test func walkingDiagonallyIntoAWallSlidesAlongIt() {
        let wall = Collider(minX: -10, minZ: -5, maxX: 10, maxZ: -4)
        var c = FirstPersonController(pose: CameraPose(yaw: Float(45 * degree)), colliders: [wall])
        for _ in 0..<40 { c.step(dt: 0.1, input: MovementInput(forward: true)) }
        #expect(abs(c.position.z - (-3.7)) < 1e-9)
        #expect(c.position.x > 5)  // kept moving along the wall
    }

    @Test func thePlayerNeverEntersTheDemoRoomsColliders() {
        var c = FirstPersonController(scene: TestSupport.demoScene)
        var input = MovementInput(forward: true, run: true)
        for i in 0..<2000 {
            if i % 50 == 0 { c.applyLook(dx: Double((i * 37) % 900 - 300), dy: 0) }
            input.left = i % 300 < 100
            c.step(dt: 1.0 / 60, input: input)
            for box in c.colliders {
                let inside =
                    c.position.x > Double(box.minX) - 0.3 + 1e-9 && c.position.x < Double(box.maxX) + 0.3 - 1e-9
                    && c.position.z > Double(box.minZ) - 0.3 + 1e-9 && c.position.z < Double(box.maxZ) + 0.3 - 1e-9
                #expect(!inside)
            }
        }
        #expect(abs(c.position.x) < 6 && abs(c.position.z) < 6)
    }

    @Test func teleportMovesThePlayerButKeepsSettingsAndCounters() {
        var c = FirstPersonController(pose: CameraPose(), colliders: [Collider(minX: 1, minZ: 1, maxX: 2, maxZ: 2)])
        c.sensitivity = 0.5
        c.applyLook(dx: .nan, dy: 0)
        c.teleport(to: CameraPose(position: SIMD3(3, 1.7, -2), yaw: 4, pitch: 2))
        #expect(c.position == SIMD3(3, Double(Float(1.7)), -2))
        #expect(abs(c.yaw - (Double(Float(4)) - 2 * .pi)) < 1e-12)
        #expect(c.pitch == FirstPersonController.pitchLimit)
        #expect(c.sensitivity == 0.5 && c.rejectedDeltaCount == 1 && c.colliders.count == 1)
    }
}
