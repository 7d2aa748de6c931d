import GameInput
import LockgameEngine
import Testing

@testable import lockgame

/// The game's rules without X or a window.
@Suite struct GameSessionTests {
    static func makeSession(log: @escaping (String) -> Void = { _ in }) -> GameSession {
        GameSession(scene: Scene(objects: []), lock: nil, sensitivity: 0.1, invertY: false, log: log)
    }

    static func demoSession(log: @escaping (String) -> Void = { _ in }) throws -> GameSession {
        let session = GameSession(
            scene: try SceneLoader.load(directory: HeadlessTests.assets), lock: nil,
            sensitivity: 0.1, invertY: false, log: log)
        session.layoutHoverRegions()
        return session
    }

    @Test func lookDeltasWaitForTheFrameAndAreAppliedAllAtOnce() {
        let session = Self.makeSession()
        let first = EventTime.now
        session.handle(TestEvents.look(100, 0, at: first))
        session.handle(TestEvents.look(50, -20, at: first.advanced(by: .milliseconds(3))))
        #expect(session.controller.yaw == 0, "deltas are latched just before rendering, not on arrival")
        #expect(session.latchLook() == first, "latency is measured from the oldest delta used")
        #expect(abs(session.controller.yaw - 15 * .pi / 180) < 1e-12)
        #expect(abs(session.controller.pitch - 2 * .pi / 180) < 1e-12)
        #expect(session.lastLook?.accelerated == PointerDelta(dx: 100, dy: -40))
        #expect(session.latchLook() == nil, "nothing is applied twice")
    }

    @Test func theReleaseNoticeShowsAfterReleasesThePlayerSawNotAfterAQuickRemap() {
        let session = Self.makeSession()
        let start = ContinuousClock.now
        session.lockStateChanged(to: .unlocked(.notViewable), at: start)
        session.lockStateChanged(to: .locked, at: start + .milliseconds(50))
        #expect(session.showsLockNotice, "the first lock shows the notice")
        let outlast = { for _ in 0..<20 { session.advance(by: 0.25) } }  // 5 s, past the notice
        outlast()
        #expect(!session.showsLockNotice)

        // metacity unmaps and remaps the window on F11: gone and back within a moment.
        var now = start + .seconds(10)
        session.lockStateChanged(to: .unlocked(.notViewable), at: now)
        session.lockStateChanged(to: .unlocked(.unfocused), at: now + .milliseconds(20))
        session.lockStateChanged(to: .locked, at: now + .milliseconds(60))
        #expect(!session.showsLockNotice, "a window manager's remap is no release the player saw")

        // Minimised and restored later: the player saw the pointer free.
        now += .seconds(10)
        session.lockStateChanged(to: .unlocked(.notViewable), at: now)
        session.lockStateChanged(to: .locked, at: now + .seconds(2))
        #expect(session.showsLockNotice)
        outlast()

        // Alt-tab away and straight back: a switch the player made.
        now += .seconds(10)
        session.lockStateChanged(to: .unlocked(.unfocused), at: now)
        session.lockStateChanged(to: .locked, at: now + .milliseconds(60))
        #expect(session.showsLockNotice)
    }

    @Test func preferenceKeysAndClicksFollowTheHelp() {
        let session = Self.makeSession()
        #expect(session.screen.prefersPointerLocked, "the game prefers the lock from the start")
        session.handle(TestEvents.key(.l))
        #expect(!session.screen.prefersPointerLocked)
        session.handle(TestEvents.key(.l, isRepeat: true))
        #expect(!session.screen.prefersPointerLocked, "auto-repeat does not toggle again")
        session.handle(TestEvents.key(.l))
        session.handle(TestEvents.key(.escape))
        #expect(!session.screen.prefersPointerLocked)
        session.handle(TestEvents.click(10, 300))
        #expect(session.screen.prefersPointerLocked, "a primary click asks for the lock again")
        session.handle(TestEvents.key(.q))
        #expect(session.wantsToQuit)
    }

    @Test func theAlertIsDismissedByReturnOrItsOKButtonOnly() {
        let session = Self.makeSession()
        session.handle(TestEvents.key(.n))
        #expect(session.alert != nil)
        session.handle(TestEvents.click(5, 5))
        #expect(session.alert != nil, "a click outside OK leaves the alert up")
        let layout = AlertLayout(frameWidth: 960, frameHeight: 540, scale: 1)
        session.handle(TestEvents.click(Double(layout.buttonX + 5), Double(layout.buttonY + 5)))
        #expect(session.alert == nil)
        session.handle(TestEvents.key(.n))
        session.handle(TestEvents.key(.return))
        #expect(session.alert == nil)
    }

    @Test func unhandledKeysGoDownTheResponderChain() {
        let session = Self.makeSession()
        session.handle(TestEvents.key(.n))
        #expect(session.firstResponder is AlertResponder)
        session.handle(TestEvents.key(.l))
        #expect(!session.screen.prefersPointerLocked, "L is not the alert's: the game under it handles it")
        session.handle(TestEvents.key(.q))
        #expect(session.wantsToQuit, "Q is the application's, two responders down")
    }

    /// T opens the chat line: keys type (text events), walk and commands do nothing, Backspace
    /// deletes, Return sends it as `chat: <text>`, Esc cancels.
    @Test func theChatLineTakesTextAndKeysUntilReturnOrEsc() {
        var lines: [String] = []
        let session = Self.makeSession { lines.append($0) }
        session.handle(TestEvents.key(.t))
        #expect(session.chat.isOpen && session.firstResponder is ChatResponder && lines.last == "chat line: open")
        session.handle(TestEvents.key(.w))
        session.handle(.text(.commit("ça")))
        session.handle(TestEvents.key(.q))
        session.handle(TestEvents.key(.l))
        session.handle(.text(.commit("x!")))
        #expect(session.movement == MovementInput(), "typing does not walk")
        #expect(!session.wantsToQuit && session.alert == nil, "nor runs commands")
        session.handle(.text(.preedit(Preedit(text: "하", caret: 1))))
        #expect(session.chat.preedit.text == "하" && lines.last == "chat preedit: 하")
        session.handle(.text(.preedit(.none)))
        session.handle(.key(KeyEvent(phase: .down, key: .backspace, isRepeat: false, systemTimestamp: 0)))
        #expect(session.chat.text == "çax")
        session.handle(TestEvents.key(.return))
        #expect(!session.chat.isOpen && lines.last == "chat: çax" && session.visibleMessage == "chat: çax")
        session.handle(TestEvents.key(.t))
        session.handle(.text(.commit("gone")))
        session.handle(TestEvents.key(.escape))
        #expect(!session.chat.isOpen && lines.last == "chat line: cancelled")
        session.handle(.text(.commit("late")))
        #expect(session.chat.text.isEmpty, "text after the line closed goes nowhere")
        session.handle(TestEvents.key(.w))
        #expect(session.movement == MovementInput(forward: true), "closed, W walks again")
    }

    @Test func theOverlayListsTheCommandsOfTheCurrentChain() {
        var lines: [String] = []
        let session = Self.makeSession { lines.append($0) }
        session.handle(TestEvents.key(.f1))
        #expect(session.showsCommandOverlay)
        #expect(
            lines.last == "overlay: Toggle the lock preference, Release the pointer, Strategy camera / mouse-look, "
                + "Show a network alert, Copy the camera pose, "
                + "Paste a camera pose, Toggle full-screen, Save a screenshot, Simulate a 3-second hang, Open the chat line, "
                + "Show these commands (hold), Quit")
        session.handle(TestEvents.key(.f1, .up))
        #expect(!session.showsCommandOverlay, "the overlay shows only while the key is held")
        session.handle(TestEvents.key(.n))
        session.handle(TestEvents.key(.slash, modifiers: .shift))
        #expect(lines.last?.hasPrefix("overlay: Dismiss the alert, Toggle the lock preference") == true, "the alert's commands come first")
    }

    @Test func keyCommandsNeedTheirModifiers() {
        let session = Self.makeSession()
        session.handle(TestEvents.key(.c))
        #expect(session.clipboardTextToCopy == nil, "C alone is not Ctrl+C")
        session.handle(TestEvents.key(.c, modifiers: [.control, .capsLock]))
        #expect(session.clipboardTextToCopy?.hasPrefix("lockgame pose x ") == true, "Caps Lock does not get in the way")
    }

    @Test func pastingAPoseMovesTheCameraAndBadTextChangesNothing() {
        let session = Self.makeSession()
        session.paste("lockgame pose x 1.5 y 1.6 z -2 yaw 90 pitch -10")
        #expect(abs(session.controller.position.x - 1.5) < 1e-6 && abs(session.controller.position.z + 2) < 1e-6)
        #expect(abs(session.controller.yaw - .pi / 2) < 1e-6)
        let pose = session.controller.pose
        for bad in ["hello", "lockgame pose x 1 y 2 z nan yaw 0 pitch 0", "lockgame pose x 1 y 2 z 3 yaw 0 pitch 95", ""] {
            session.paste(bad)
            #expect(session.controller.pose == pose, "\"\(bad)\" leaves the pose alone")
            #expect(session.visibleMessage?.hasSuffix("pose unchanged") == true)
        }
        session.paste(nil)
        #expect(session.visibleMessage == "clipboard: empty, pose unchanged")
    }

    @Test func poseTextRoundTrips() throws {
        let pose = CameraPose(position: SIMD3(1.25, 1.6, -3.5), yaw: 0.5, pitch: -0.25)
        let parsed = try PoseText.parse(PoseText.format(pose), fieldOfView: pose.verticalFieldOfView)
        #expect(abs(parsed.position.x - 1.25) < 1e-3 && abs(parsed.yaw - 0.5) < 1e-3 && abs(parsed.pitch + 0.25) < 1e-3)
    }

    @Test func wheelStepsAndSmoothScrollAndPinchChangeTheFieldOfView() {
        let session = Self.makeSession()
        #expect(abs(session.fieldOfViewDegrees - 70) < 1e-4)
        session.handle(.scroll(ScrollEvent(type: .discrete, delta: PointerDelta(dx: 0, dy: -1), location: WindowPoint(x: 0, y: 0))))
        #expect(abs(session.fieldOfViewDegrees - 65) < 1e-4)
        session.handle(.scroll(ScrollEvent(type: .continuous, delta: PointerDelta(dx: 0, dy: 0.5), location: WindowPoint(x: 0, y: 0))))
        #expect(abs(session.fieldOfViewDegrees - 67.5) < 1e-4)
        for (phase, scale) in [(InteractionPhase.began, 1.0), (.changed, 1.5), (.ended, 1.5)] {
            session.handle(
                .transform(TransformEvent(phase: phase, scale: scale, rotationDelta: 0, location: WindowPoint(x: 0, y: 0), fingerCount: 2)))
        }
        #expect(abs(session.fieldOfViewDegrees - 45) < 1e-4, "pinching out zooms in")
        for _ in 0..<40 {
            session.handle(.scroll(ScrollEvent(type: .discrete, delta: PointerDelta(dx: 0, dy: 1), location: WindowPoint(x: 0, y: 0))))
        }
        #expect(abs(session.fieldOfViewDegrees - 110) < 1e-4, "clamped")
    }

    @Test func rightClickOrControlClickDropsAMarkerAndTheMiddleButtonTogglesTheFlashlight() throws {
        let session = try Self.demoSession()
        session.pointerLocked = true
        session.handle(TestEvents.click(480, 270, button: .secondary))
        #expect(session.markers.count == 1)
        session.handle(TestEvents.click(480, 270, modifiers: .control))
        #expect(session.markers.count == 2)
        session.handle(TestEvents.click(480, 270, modifiers: .shift))
        #expect(session.markers.count == 2, "shift+primary is no marker click")
        session.handle(TestEvents.click(480, 270, button: .middle))
        #expect(session.flashlightOn)
    }

    /// Where each solid object's centre appears on screen, found from the scene's own
    /// coordinates with the camera's view and projection matrices (what the renderer draws
    /// with), not with the ray picker the click handler uses; nearest first.
    static func projectedCentres(of session: GameSession) -> [(object: Int, point: WindowPoint)] {
        let camera = session.interpolatedPose
        let width = Float(session.frameWidth), height = Float(session.frameHeight)
        let clip = camera.projectionMatrix(aspect: width / height, near: 0.05) * camera.viewMatrix
        var centres: [(object: Int, point: WindowPoint, depth: Float)] = []
        for (index, object) in session.scene.objects.enumerated() where object.isSolid {
            let points = object.mesh.vertices.map { object.transform.transformPoint($0.position) }
            guard let first = points.first else { continue }
            let low = points.reduce(first) { pointwiseMin($0, $1) }, high = points.reduce(first) { pointwiseMax($0, $1) }
            let centre = (low + high) / 2
            let projected = clip * SIMD4(centre, 1)
            guard projected.w > 0.5 else { continue }
            let x = (projected.x / projected.w + 1) / 2 * width, y = (1 - projected.y / projected.w) / 2 * height
            guard x > 20, x < width - 20, y > 60, y < height - 60 else { continue }
            centres.append((index, WindowPoint(x: Double(x), y: Double(y)), projected.w))
        }
        return centres.sorted { $0.depth < $1.depth }.map { ($0.object, $0.point) }
    }

    @Test func clickingObjectsWhileUnlockedSelectsThem() throws {
        let session = try Self.demoSession()
        session.pointerLocked = false
        session.screen.prefersPointerLocked = false
        let centres = Self.projectedCentres(of: session)
        try #require(centres.count >= 2, "two objects in view from the spawn pose: \(centres)")
        let (first, second) = (centres[0], centres[1])
        session.handle(TestEvents.click(first.point.x, first.point.y))
        #expect(session.selection == [first.object], "a click on an object's centre selects it")
        #expect(!session.screen.prefersPointerLocked, "a click on an object selects; it does not take the lock")
        session.handle(TestEvents.click(second.point.x, second.point.y, modifiers: .shift))
        #expect(session.selection == [first.object, second.object], "shift+click adds")
        session.handle(TestEvents.click(first.point.x, first.point.y, modifiers: .control))
        #expect(session.selection == [second.object], "control-click toggles")
        session.handle(TestEvents.click(second.point.x, second.point.y))
        #expect(session.selection == [second.object], "a plain click selects only the object")
        session.handle(TestEvents.click(480, 20))
        #expect(session.screen.prefersPointerLocked, "a click on the sky asks for the lock")
    }

    @Test func hoveringAHUDButtonHighlightsItAndAltShowsDetails() throws {
        let session = try Self.demoSession()
        let frame = HUDButton.flashlight.frame(frameWidth: 960, scale: 1)
        session.handle(TestEvents.hover(frame.x + 5, frame.y + 5, phase: .entered))
        #expect(session.hoveredButton == .flashlight && !session.hoverWithAlternate)
        session.handle(TestEvents.hover(frame.x + 6, frame.y + 5, modifiers: .alternate))
        #expect(session.hoverWithAlternate)
        session.handle(TestEvents.hover(10, 300))
        #expect(session.hoveredButton == nil)
        session.handle(TestEvents.click(frame.x + 5, frame.y + 5))
        #expect(session.flashlightOn, "clicking the HUD button toggles the flashlight")
    }

    @Test func heldKeysWalkWithFixedStepsAndRepeatsChangeNothing() {
        let session = Self.makeSession()
        let start = session.controller.position
        session.handle(TestEvents.key(.w))
        session.handle(TestEvents.key(.w, isRepeat: true))
        for _ in 0..<5 { session.advance(by: 0.1) }
        let walked = start.z - session.controller.position.z
        #expect(abs(walked - 1.5) < 0.02, "3 m/s for half a second along -Z, walked \(walked)")
        session.handle(TestEvents.key(.w, .up))
        let stopped = session.controller.position
        session.advance(by: 0.5)
        #expect(session.controller.position == stopped)
    }

    @Test func aLongStallAdvancesAtMostAQuarterSecond() {
        let session = Self.makeSession()
        let start = session.controller.position
        session.handle(TestEvents.key(.w))
        session.advance(by: 5)
        #expect(abs((start.z - session.controller.position.z) - 0.75) < 0.02, "no catch-up spiral after a hang")
    }

    @Test func renderingPositionIsInterpolatedBetweenSteps() {
        let session = Self.makeSession()
        session.handle(TestEvents.key(.d))
        session.advance(by: GameSession.simulationStep * 1.5)
        let pose = session.interpolatedPose
        let current = Float(session.controller.position.x)
        #expect(pose.position.x < current && pose.position.x > 0, "half-way between the last two steps")
    }

    @Test func functionKeysAskTheRunnerForScreenshotsFullScreenAndHangs() {
        let session = Self.makeSession()
        session.handle(TestEvents.key(.f12))
        session.handle(TestEvents.key(.f11))
        session.handle(TestEvents.key(.h))
        #expect(session.wantsScreenshot && session.wantsFullScreenToggle && session.wantsSimulatedHang)
    }
}
