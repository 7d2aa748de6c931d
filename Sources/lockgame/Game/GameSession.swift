import GameInput
import LockgameEngine

/// The demo's state and rules, free of any platform: the room, the camera, held keys, the
/// lock preference, the alert, markers, selection and the flashlight. Live and headless runs
/// feed it the same ``InputEvent``s and read the same frame state back, so a headless
/// screenshot shows what a player sees.
///
/// Keys go through a responder chain (alert → game → application) with key commands; clicks,
/// hovering, scrolling and pinching go through an ``InputRouter`` of handlers
/// (`GameSession+Input.swift`).
final class GameSession {
    /// The fixed simulation step (120 Hz).
    static let simulationStep = 1.0 / 120.0
    /// How long the "Press Esc to release the pointer" notice stays after the lock engages.
    static let noticeDuration = 3.0
    /// How long a HUD message (pose copied, paste refused) stays.
    static let messageDuration = 4.0
    /// The field of view's limits, in degrees, and the step of one wheel notch.
    static let fieldOfViewRange: ClosedRange<Double> = 30...110
    static let fieldOfViewStep = 5.0
    /// At most this many markers stay; the oldest goes first.
    static let markerLimit = 32

    let scene: Scene
    let picking: ScenePicking
    let screen = GameScreen()
    var alert: NetworkErrorAlert?
    var controller: FirstPersonController
    /// The keys held, folded from the events the session handles as the window folds its
    /// own (``GameWindow/inputState``): walking goes by place, whatever the layout.
    private(set) var input = InputState()
    /// The lock controller in a live run; nil headless.
    let lock: PointerLockController?
    let log: (String) -> Void

    /// Whether the pointer is locked now (the runner keeps this current; headless: true).
    var pointerLocked = false
    /// Whether the pointer is confined now, its cursor visible (the runner keeps this current).
    var pointerConfined = false
    /// Where the pointer is over the window, while it is and not locked.
    var pointerLocation: WindowPoint?
    /// How close to the window's edge the cursor pans the strategy camera, in pixels.
    static let edgePanMargin = 6.0
    /// Where pointer lock is unavailable: look by dragging with the secondary button held.
    var dragToLook = false
    var dragOrigin: WindowPoint?

    /// Look deltas received since the last frame, applied at the last moment before rendering.
    private var pendingLook = PointerDelta.zero
    private var oldestPendingLook: EventTime?
    private(set) var lastLook: (unaccelerated: PointerDelta, accelerated: PointerDelta)?

    private(set) var simulationTime = 0.0
    private var accumulator = 0.0
    private var previousPosition: SIMD3<Double>
    private var noticeUntil = -1.0
    private(set) var message: String?
    private var messageUntil = -1.0

    /// Frame size, for hit-testing the alert's OK button, HUD buttons and picking.
    var frameWidth = 960
    var frameHeight = 540
    /// How much larger the HUD is drawn (the desktop's scale), for hit-testing its buttons.
    var hudScale = 1.0

    /// Markers dropped with a secondary or control click, in world space.
    var markers: [SIMD3<Float>] = []
    /// Indices of selected scene objects.
    var selection: Set<Int> = []
    var flashlightOn = false
    /// Whether the key-command overlay is showing (F1 or ? held).
    var showsCommandOverlay = false
    /// HUD buttons under the pointer now, and whether Alt is held there.
    var hoveredButton: HUDButton?
    var hoverWithAlternate = false
    var fieldOfViewAtPinchStart: Double?

    let router = InputRouter()
    var hoverRegions: [HUDButton: HoverRegion] = [:]
    lazy var applicationResponder = ApplicationResponder(session: self)
    lazy var gameResponder = GameResponder(session: self)
    lazy var alertResponder = AlertResponder(session: self)
    lazy var chatResponder = ChatResponder(session: self)
    /// The chat line (T); the runner keeps a text-input session open while it is.
    var chat = ChatLine()

    private(set) var wantsToQuit = false
    /// Requests the runner carries out and clears.
    var wantsScreenshot = false
    var wantsFullScreenToggle = false
    var wantsSimulatedHang = false
    var clipboardTextToCopy: String?
    var wantsClipboardText = false
    /// The strategy camera just came on: the cursor goes to the window's centre.
    var wantsCursorCentred = false

    init(
        scene: Scene, lock: PointerLockController?, sensitivity: Double, invertY: Bool,
        log: @escaping (String) -> Void
    ) {
        self.scene = scene
        self.lock = lock
        self.log = log
        picking = ScenePicking(scene: scene)
        controller = FirstPersonController(scene: scene)
        controller.sensitivity = sensitivity
        controller.invertY = invertY
        previousPosition = controller.position
        lock?.rootPreferring = screen
        installHandlers()
    }

    /// Whether the notice "Press Esc to release the pointer" is showing.
    var showsLockNotice: Bool { simulationTime < noticeUntil }

    /// How long the window may be hidden by the window manager and shown again without the
    /// player seeing the pointer free (metacity unmaps and remaps the window on every F11).
    static let unseenRemapLimit: Duration = .seconds(1)

    /// Why and since when the pointer is unlocked, while it is; nil while locked and before
    /// the first lock.
    private var unlockedSpell: (cause: UnlockedReason, since: ContinuousClock.Instant)?
    private var hasBeenLocked = false

    /// Follows the lock: shows the release notice when the lock engages after a release the
    /// player could see.
    func lockStateChanged(to state: PointerLockState, at now: ContinuousClock.Instant) {
        pointerLocked = state.isLocked
        if let reason = state.reason {
            if unlockedSpell == nil && hasBeenLocked { unlockedSpell = (reason, now) }
            return
        }
        let unseen = unlockedSpell.map { $0.cause == .notViewable && now - $0.since < Self.unseenRemapLimit } ?? false
        if !unseen { noticeUntil = simulationTime + Self.noticeDuration }
        for region in hoverRegions.values { region.cancel() }
        unlockedSpell = nil
        hasBeenLocked = true
    }

    /// Shows `text` in the HUD for a few seconds and logs it.
    func show(message text: String) {
        message = text
        messageUntil = simulationTime + Self.messageDuration
        log(text)
    }

    var visibleMessage: String? { simulationTime < messageUntil ? message : nil }

    /// Whether something keeps the picture changing (keys held to walk, the strategy camera
    /// panning, a notice or message).
    var isAnimating: Bool { movement != MovementInput() || showsLockNotice || visibleMessage != nil }

    /// Where the held keys and the strategy camera's edges walk; nowhere while the chat line
    /// is open (its keys type).
    var movement: MovementInput {
        guard !chat.isOpen else { return MovementInput() }
        let pan = edgePan
        return MovementInput(
            forward: input.isPressed(.keyboardW) || input.isPressed(.keyboardUpArrow) || pan.contains(.top),
            back: input.isPressed(.keyboardS) || input.isPressed(.keyboardDownArrow) || pan.contains(.bottom),
            left: input.isPressed(.keyboardA) || input.isPressed(.keyboardLeftArrow) || pan.contains(.left),
            right: input.isPressed(.keyboardD) || input.isPressed(.keyboardRightArrow) || pan.contains(.right),
            run: input.isPressed(.keyboardLeftShift) || input.isPressed(.keyboardRightShift))
    }

    /// The field of view in degrees.
    var fieldOfViewDegrees: Double {
        get { Double(controller.verticalFieldOfView) * 180 / .pi }
        set {
            let clamped = min(max(newValue, Self.fieldOfViewRange.lowerBound), Self.fieldOfViewRange.upperBound)
            guard clamped.isFinite else { return }
            controller.verticalFieldOfView = Float(clamped * .pi / 180)
        }
    }

    /// Applies one input event; returns whether what is shown may have changed.
    @discardableResult
    func handle(_ event: InputEvent) -> Bool {
        input.apply(event)
        switch event {
        case .relativeMotion(let motion):
            addLook(unaccelerated: motion.unaccelerated, accelerated: motion.accelerated, receivedAt: motion.time)
            return true
        case .key(let key):
            handleKey(key)
            return true
        case .text(let text):
            handleText(text)
            return true
        case .pointer(let pointer):
            pointerLocation = pointer.phase == .exited ? nil : pointer.location
            if dragToLook, pointer.phase == .moved, let origin = dragOrigin {
                let delta = PointerDelta(dx: pointer.location.x - origin.x, dy: pointer.location.y - origin.y)
                dragOrigin = pointer.location
                addLook(unaccelerated: delta, accelerated: delta, receivedAt: pointer.time)
            }
            router.route(event)
            return true
        case .button(let button):
            if dragToLook && button.button == .secondary {
                dragOrigin = button.phase == .down ? button.location : nil
                return false
            }
            router.route(event)
            return true
        case .scroll, .transform:
            return router.route(event)
        case .closeRequested:
            wantsToQuit = true
            return false
        case .connectionLost:
            lostConnection = true
            wantsToQuit = true
            return false
        // The runner handles the window's own news; the demo's window is never destroyed from outside.
        case .swipe, .resized, .exposed, .windowDestroyed, .monitorsChanged, .scaleChanged, .presentation:
            return false
        }
    }

    func quit() { wantsToQuit = true }

    /// The X server went away under the game (``InputEvent/connectionLost``); the game ends
    /// with status 1.
    private(set) var lostConnection = false

    private func addLook(unaccelerated: PointerDelta, accelerated: PointerDelta, receivedAt: EventTime?) {
        pendingLook.dx += unaccelerated.dx
        pendingLook.dy += unaccelerated.dy
        lastLook = (unaccelerated, accelerated)
        if oldestPendingLook == nil { oldestPendingLook = receivedAt }
    }

    private func handleKey(_ key: KeyEvent) {
        if key.keyCode == .keyboardLeftAlt || key.keyCode == .keyboardRightAlt { hoverWithAlternate = key.phase == .down }
        // Auto-repeat walks (held keys) but never re-runs commands; in the chat line it
        // deletes again with Backspace.
        guard !key.isRepeat || (chat.isOpen && key.key == .backspace) else { return }
        KeyResponderChain.send(key, to: firstResponder)
    }

    /// The first responder: the chat line while it is open, the alert while it is shown, else
    /// the game.
    var firstResponder: any KeyResponder {
        if chat.isOpen { return chatResponder }
        if alert != nil { return alertResponder }
        return gameResponder
    }

    /// Applies the look deltas gathered since the last frame (late latching) and returns the
    /// receipt time of the oldest one, for input-to-present latency.
    func latchLook() -> EventTime? {
        defer {
            pendingLook = .zero
            oldestPendingLook = nil
        }
        guard pendingLook != .zero else { return nil }
        controller.applyLook(dx: pendingLook.dx, dy: pendingLook.dy)
        return oldestPendingLook
    }

    /// Advances the fixed-step simulation by `elapsed` seconds of real time (at most 0.25 s,
    /// so a long stall does not make the player jump).
    func advance(by elapsed: Double) {
        guard elapsed.isFinite, elapsed > 0 else { return }
        accumulator += min(elapsed, 0.25)
        let movement = self.movement
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

    func presentAlert() {
        guard alert == nil else { return }
        let alert = NetworkErrorAlert()
        self.alert = alert
        lock?.present(alert)
        log("alert: shown")
    }

    func dismissAlert(because cause: String) {
        guard alert != nil else { return }
        alert = nil
        lock?.dismissTopmost()
        log("alert: dismissed (\(cause))")
    }

    /// Sets the preference of the camera in use: the lock's, or with the strategy camera the
    /// confinement's.
    func setPreference(_ prefers: Bool, because cause: String) {
        screen.prefersGrab = prefers
        lock?.setNeedsUpdateOfPrefersPointerLocked()
        log("preference: \(prefers ? "on" : "off") (\(cause))")
    }

    /// C: the strategy camera (the cursor visible and confined, the view panning at the
    /// window's edges, the cursor centred) or back to mouse-look with the lock. Either way the
    /// new camera's grab is preferred, and the pointer stays grabbed through the change.
    func toggleStrategyCamera() {
        screen.isStrategyCamera.toggle()
        let strategy = screen.isStrategyCamera
        screen.prefersPointerLocked = !strategy
        screen.prefersPointerConfined = strategy
        lock?.setNeedsUpdateOfPrefersPointerLocked()
        if strategy { wantsCursorCentred = true }
        log("camera: \(strategy ? "strategy" : "mouse-look") (C)")
    }

    /// The window edges the cursor touches while the strategy camera has it confined.
    var edgePan: WindowEdges {
        guard screen.isStrategyCamera, pointerConfined, alert == nil, let location = pointerLocation else { return [] }
        var edges: WindowEdges = []
        if location.x < Self.edgePanMargin { edges.insert(.left) }
        if location.x >= Double(frameWidth) - Self.edgePanMargin { edges.insert(.right) }
        if location.y < Self.edgePanMargin { edges.insert(.top) }
        if location.y >= Double(frameHeight) - Self.edgePanMargin { edges.insert(.bottom) }
        return edges
    }

    /// The cursor for what is under the pointer while it is free: a pointing hand over a HUD
    /// button, a crosshair over a selectable object, else the arrow.
    var cursorUnderPointer: SystemCursor {
        guard alert == nil, let location = pointerLocation else { return .default }
        if hoveredButton != nil { return .pointer }
        return selectableObject(at: location) != nil ? .crosshair : .default
    }

    func toggleFlashlight() {
        flashlightOn.toggle()
        log("flashlight: \(flashlightOn ? "on" : "off")")
    }

    /// Ctrl+C: the runner puts the pose on the clipboard and then says so (not before: another
    /// program may paste as soon as it reads the line).
    func copyPose() {
        clipboardTextToCopy = PoseText.format(controller.pose)
    }

    /// Ctrl+V: the runner fetches the clipboard and calls ``paste(_:)``.
    func requestPaste() { wantsClipboardText = true }

    /// Applies pasted text if it is a pose; otherwise says why and leaves the pose alone.
    func paste(_ text: String?) {
        guard let text else {
            show(message: "clipboard: empty, pose unchanged")
            return
        }
        do {
            let pose = try PoseText.parse(text, fieldOfView: controller.verticalFieldOfView)
            controller.teleport(to: pose)
            previousPosition = controller.position
            show(message: "clipboard: pasted \(PoseText.format(controller.pose))")
        } catch {
            show(message: "clipboard: \(error), pose unchanged")
        }
    }

    /// Drops a marker where the crosshair points.
    func dropMarker() {
        let ray = ScenePicking.ray(
            through: Double(frameWidth) / 2 - 0.5, Double(frameHeight) / 2 - 0.5,
            width: frameWidth, height: frameHeight, camera: interpolatedPose)
        guard let hit = picking.firstHit(origin: ray.origin, direction: ray.direction) else { return }
        markers.append(hit.point - ray.direction * 0.02)
        if markers.count > Self.markerLimit { markers.removeFirst() }
        log(
            "marker: \(markers.count) at \(Int((hit.point.x * 10).rounded())) \(Int((hit.point.y * 10).rounded())) \(Int((hit.point.z * 10).rounded())) dm"
        )
    }

    /// The selectable object under window point (x, y), if nothing is in front of it.
    func selectableObject(at point: WindowPoint) -> Int? {
        let ray = ScenePicking.ray(through: point.x, point.y, width: frameWidth, height: frameHeight, camera: interpolatedPose)
        guard let hit = picking.firstHit(origin: ray.origin, direction: ray.direction),
            picking.selectable[hit.objectIndex]
        else { return nil }
        return hit.objectIndex
    }
}

/// Edges of the window.
struct WindowEdges: OptionSet {
    let rawValue: Int
    static let left = WindowEdges(rawValue: 1)
    static let right = WindowEdges(rawValue: 2)
    static let top = WindowEdges(rawValue: 4)
    static let bottom = WindowEdges(rawValue: 8)
}
