import GameInput
import LockgameEngine

/// The demo's state and rules, free of any platform: the room, the camera, held keys, the
/// lock preference and the alert. Live and headless runs feed it the same ``PlayerAction``s
/// and read the same frame state back, so a headless screenshot shows what a player sees.
final class GameSession {
    /// The fixed simulation step (120 Hz).
    static let simulationStep = 1.0 / 120.0
    /// How long the "Press Esc to release the pointer" notice stays after the lock engages.
    static let noticeDuration = 3.0

    let scene: Scene
    let screen = GameScreen()
    private(set) var alert: NetworkErrorAlert?
    private(set) var controller: FirstPersonController
    private var heldKeys = HeldKeys<KeySymbol>()
    /// The lock controller in a live run; nil headless, where look actions apply directly.
    private let lock: PointerLockController?
    private let log: (String) -> Void

    /// Look deltas received since the last frame, applied at the last moment before rendering.
    private var pendingLook = PointerDelta.zero
    private var oldestPendingLook: ContinuousClock.Instant?
    private(set) var lastLook: (unaccelerated: PointerDelta, accelerated: PointerDelta)?

    private var simulationTime = 0.0
    private var accumulator = 0.0
    private var previousPosition: SIMD3<Double>
    /// Simulation time until which the lock notice shows.
    private var noticeUntil = -1.0

    /// Frame size, for hit-testing the alert's OK button.
    var frameWidth = 960
    var frameHeight = 540

    private(set) var wantsToQuit = false
    /// Set by F12; the runner saves the next frame and clears it.
    var wantsScreenshot = false
    /// Set by F11; the runner asks the window manager and clears it.
    var wantsFullScreenToggle = false
    /// Set by H; the live runner stalls its loop for a few seconds to show the watchdog.
    var wantsSimulatedHang = false
    /// Where pointer lock is unavailable: look by dragging with the secondary button held,
    /// from absolute pointer positions.
    var dragToLook = false
    private var dragOrigin: (x: Double, y: Double)?

    init(scene: Scene, lock: PointerLockController?, sensitivity: Double, invertY: Bool,
         log: @escaping (String) -> Void) {
        self.scene = scene
        self.lock = lock
        self.log = log
        controller = FirstPersonController(scene: scene)
        controller.sensitivity = sensitivity
        controller.invertY = invertY
        previousPosition = controller.position
        lock?.rootPreferring = screen
    }

    /// Whether the notice "Press Esc to release the pointer" is showing.
    var showsLockNotice: Bool { simulationTime < noticeUntil }

    /// Call when the lock engages: shows the release notice for a few seconds.
    func lockEngaged() {
        noticeUntil = simulationTime + Self.noticeDuration
    }

    /// Whether something keeps the picture changing (keys held to walk, a notice fading).
    var isAnimating: Bool { heldKeys.count > 0 || showsLockNotice }

    /// Applies one action; returns whether what is shown may have changed.
    @discardableResult
    func handle(_ action: PlayerAction) -> Bool {
        switch action {
        case .look(let unaccelerated, let accelerated, let receivedAt):
            pendingLook.dx += unaccelerated.dx
            pendingLook.dy += unaccelerated.dy
            lastLook = (unaccelerated, accelerated)
            if oldestPendingLook == nil { oldestPendingLook = receivedAt }
            return true
        case .key(let key, .down, let isRepeat):
            heldKeys.press(key, isRepeat: isRepeat)
            return isRepeat ? false : handleKeyDown(key)
        case .key(let key, .up, let isRepeat):
            heldKeys.release(key, isRepeat: isRepeat)
            return true
        case .button(let button, .down, let x, let y) where button == ButtonEvent.primary:
            if alert != nil {
                if AlertLayout(frameWidth: frameWidth, frameHeight: frameHeight).buttonContains(x: x, y: y) {
                    dismissAlert(because: "OK")
                }
                return true
            }
            if !screen.prefersPointerLocked { setPreference(true, because: "click") }
            return true
        case .button(3, let phase, let x, let y) where dragToLook:
            dragOrigin = phase == .down ? (x, y) : nil
            return false
        case .button:
            return false
        case .pointerMoved(let x, let y):
            guard dragToLook, let origin = dragOrigin else { return false }
            let delta = PointerDelta(dx: x - origin.x, dy: y - origin.y)
            dragOrigin = (x, y)
            return handle(.look(unaccelerated: delta, accelerated: delta, receivedAt: .now))
        case .closeRequested:
            wantsToQuit = true
            return false
        }
    }

    /// Applies the look deltas gathered since the last frame (late latching) and returns the
    /// receipt time of the oldest one, for input-to-present latency.
    func latchLook() -> ContinuousClock.Instant? {
        defer {
            pendingLook = .zero
            oldestPendingLook = nil
        }
        guard pendingLook != .zero else { return nil }
        controller.applyLook(dx: pendingLook.dx, dy: pendingLook.dy)
        return oldestPendingLook
    }

    /// Advances the fixed-step simulation by `elapsed` seconds of real time.
    func advance(by elapsed: Double) {
        guard elapsed.isFinite, elapsed > 0 else { return }
        accumulator += min(elapsed, 0.25)
        let movement = MovementInput(
            forward: heldKeys.isHeld(.w), back: heldKeys.isHeld(.s),
            left: heldKeys.isHeld(.a), right: heldKeys.isHeld(.d),
            run: heldKeys.isHeld(.shiftLeft) || heldKeys.isHeld(.shiftRight))
        while accumulator >= Self.simulationStep {
            previousPosition = controller.position
            controller.step(dt: Self.simulationStep, input: movement)
            accumulator -= Self.simulationStep
            simulationTime += Self.simulationStep
        }
    }

    /// The camera for rendering now: the position interpolated between the last two
    /// simulation steps, the look angles as latched.
    var interpolatedPose: CameraPose {
        let alpha = accumulator / Self.simulationStep
        let position = previousPosition + (controller.position - previousPosition) * alpha
        var pose = controller.pose
        pose.position = SIMD3<Float>(Float(position.x), Float(position.y), Float(position.z))
        return pose
    }

    /// Forgets held keys (focus left the window, so their releases will not arrive).
    func releaseHeldKeys() { heldKeys.releaseAll() }

    private func handleKeyDown(_ key: KeySymbol) -> Bool {
        switch key {
        case .l:
            setPreference(!screen.prefersPointerLocked, because: "L")
        case .escape:
            setPreference(false, because: "Esc")
        case .n where alert == nil:
            let alert = NetworkErrorAlert()
            self.alert = alert
            lock?.present(alert)
            log("alert: shown")
        case .return, .keypadEnter:
            guard alert != nil else { return false }
            dismissAlert(because: "Return")
        case .q:
            wantsToQuit = true
        case .f11:
            wantsFullScreenToggle = true
        case .f12:
            wantsScreenshot = true
        case .h:
            wantsSimulatedHang = true
        default:
            return false
        }
        return true
    }

    private func dismissAlert(because cause: String) {
        alert = nil
        lock?.dismissTopmost()
        log("alert: dismissed (\(cause))")
    }

    private func setPreference(_ prefers: Bool, because cause: String) {
        screen.prefersPointerLocked = prefers
        lock?.setNeedsUpdateOfPrefersPointerLocked()
        log("preference: \(prefers ? "on" : "off") (\(cause))")
    }
}
