import Foundation
import GameInput
import GamePixels
import LockgameEngine
import LockgamePlatform

/// The game on a desktop, X11 or Wayland: gathers input from the window into ``PlayerAction``s, advances
/// the session, renders and presents at the target rate, and between frames sleeps in
/// `poll()` on the connection to the desktop.
///
/// It renders continuously only while something moves (the pointer is locked, keys are held,
/// a notice shows); otherwise it draws only when the picture changes, so an idle, unfocused
/// game uses almost no CPU. Nothing is drawn while the window is not viewable.
@MainActor
final class LiveGameLoop {
    private let window: GameWindow
    private let session: GameSession
    /// Threads that draw a frame: every core, up to 4.
    nonisolated static let renderThreadCount = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4)
    /// Draws each frame in bands on `renderThreadCount` threads, straight into the SHM segment,
    /// with the fastest pixel loop this CPU runs.
    private let renderer = TiledRenderer(threadCount: LiveGameLoop.renderThreadCount)
    private let hud: HUDPainter
    private let presenter: PixelPresenter
    /// The frame the renderer draws, in the presenter's memory.
    private let framebuffer = Framebuffer(width: 1, height: 1)
    private let frameInterval: Duration
    private let log: (String) -> Void
    private var status: FrameStatus
    private var needsFrame = true
    private var framesThisSecond = 0
    private var secondStarted = ContinuousClock.now
    private var lastAdvance = ContinuousClock.now
    private var nextFrame = ContinuousClock.now
    private var observation: PointerLockObservation?
    private var confinementObservation: PointerLockObservation?
    /// The display, named for the message when its server goes away.
    private let displayName: String
    /// Whether the next pointer event is the first since the lock ended (its place is logged).
    private var sayWherePointerIs = false
    /// The monitor to go full-screen on once the window is shown (`--monitor`).
    private var startMonitor: Monitor?
    /// Whether the frame pacer picks when frames begin (`--pacing on`).
    private let pacing: Bool
    private var latency = LatencyLine()

    init(
        window: GameWindow, session: GameSession, hud: HUDPainter, framesPerSecond: Int, pacing: Bool = false,
        startMonitor: Monitor? = nil, log: @escaping (String) -> Void
    ) throws(PixelPresenter.Unsupported) {
        self.window = window
        self.pacing = pacing
        self.startMonitor = startMonitor
        self.session = session
        self.hud = hud
        let walkKeys = [KeyboardHIDUsage.keyboardW, .keyboardA, .keyboardS, .keyboardD].map { window.printedName(of: $0) ?? "?" }
        hud.setWalkKeys(walkKeys.joined())
        log("keys: walk with \(walkKeys.joined(separator: " ")) or the arrows")
        self.log = log
        displayName = window.displayName
        presenter = try PixelPresenter(window: window)
        frameInterval = framesPerSecond > 0 ? .nanoseconds(1_000_000_000 / framesPerSecond) : .zero
        let described = FrameStatus.describing(window.pointerLock.pointerLockState)
        status = FrameStatus(lockLine: described.line, isLocked: described.isLocked)
        session.frameWidth = window.width
        session.frameHeight = window.height
        session.dragToLook = window.pointerLock.pointerLockState == nil
        session.layoutHoverRegions()
        observation = window.pointerLock.addObserver { [weak self] state in
            self?.lockChanged(to: state)
        }
        confinementObservation = window.pointerLock.addConfinementObserver { [weak self] state in
            self?.confinementChanged(to: state)
        }
        log("lock: \(window.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable (the X server has no XInput 2.2)")")
        if let confinement = window.pointerLock.pointerConfinementState { log("confine: \(confinement)") }
        applyScale(window.scale)
    }

    /// Runs until the player quits, the window is closed, a termination signal arrives or the
    /// X server goes away; returns the exit status (1 for a lost server).
    func run() -> Int32 {
        log("present: \(presenter.path)")
        log("presentation feedback: \(window.presentationFeedback)\(pacing ? ", pacing on" : "")")
        window.show()
        while !session.wantsToQuit && TerminationSignals.pending == nil {
            let continuous = status.isLocked || session.isAnimating
            // Sleep until the next frame is due; when no frame can be drawn (nothing changes,
            // the window is hidden, or the server still reads the last frame) until an event,
            // or until the last frame's completion is overdue.
            let canDraw = (needsFrame || continuous) && window.isViewable && !presenter.isBusy
            if pacing, canDraw, continuous, window.framePacer.wakeTime(after: .now) != nil {
                // The pacer's moment replaces the frame rate: as late as still makes the next refresh.
                window.waitForNextFrame(handle)
                carryOutRequests()
                nextFrame = .now
            } else {
                window.waitForEvents(until: canDraw ? nextFrame : min(presenter.busyUntil ?? .now + .seconds(1), .now + .seconds(1)))
                gatherInput()
            }
            // One line per change: frames held back, MIT-SHM back, or XPutImage for good.
            if presenter.updatePath(now: .now) { log("present: \(presenter.path)") }
            let now = ContinuousClock.now
            // A termination signal ends the loop before another frame is drawn.
            guard TerminationSignals.pending == nil, now >= nextFrame, needsFrame || continuous, window.isViewable,
                !presenter.isBusy
            else { continue }
            gatherInput()  // the latest deltas, just before they are latched into the camera
            window.beginFrame()
            renderFrame(at: now)
            nextFrame = max(nextFrame + frameInterval, now)
        }
        observation?.cancel()
        confinementObservation?.cancel()
        presenter.close()
        window.close()
        if session.lostConnection {
            let server = window.backend.kind == .wayland ? "Wayland compositor" : "X server"
            LockgameApp.printError("lockgame: lost the connection to the \(server) on display \(displayName)")
            return 1
        }
        if let signal = TerminationSignals.pending { log("quit: signal \(signal)") } else { log("quit") }
        return 0
    }

    /// Where the input method was last told the chat line's caret is.
    private var textCaret: WindowRect?

    static func describe(_ source: TextInputSource) -> String {
        switch source {
        case .inputMethod(let name): "input method \(name)"
        case .composeTable(let locale): "compose table \(locale)"
        case .keys: "keys"
        }
    }

    private func gatherInput() {
        window.pollEvents(handle)
        carryOutRequests()
    }

    private func handle(_ event: InputEvent) {
        switch event {
        case .resized(let width, let height):
            presenter.resize(width: width, height: height)
            session.frameWidth = width
            session.frameHeight = height
            session.layoutHoverRegions()
            needsFrame = true
        case .exposed:
            needsFrame = true
        case .scaleChanged(let scale):
            applyScale(scale)
        case .monitorsChanged:
            log("monitors: \(window.monitors.map(\.description).joined(separator: "; "))")
        case .pointer(let pointer) where sayWherePointerIs && pointer.phase != .exited:
            // Where the cursor showed up after the lock: the lock puts it back where it began.
            sayWherePointerIs = false
            log("pointer: \(Int(pointer.location.x.rounded())) \(Int(pointer.location.y.rounded())) after the lock")
            if session.handle(event) { needsFrame = true }
        case .presentation(let presentation):
            latency.record(presentation, pacer: window.framePacer, pacing: pacing)
            status.latencyLine = latency.text
        default:
            if session.handle(event) { needsFrame = true }
        }
    }

    /// What the session asked of the platform during the events just handled.
    private func carryOutRequests() {
        if session.chat.isOpen != window.isTextInputActive {
            if session.chat.isOpen {
                window.startTextInput()
                log("chat line: text from \(Self.describe(window.textInputSource))")
            } else {
                window.stopTextInput()
            }
        }
        if session.wantsCursorCentred {
            session.wantsCursorCentred = false
            let centre = WindowPoint(x: Double(window.width / 2), y: Double(window.height / 2))
            do {
                log("cursor: \(try window.warpPointer(to: centre) ? "centred" : "not moved")")
            } catch {
                log("cursor: not moved (\(error))")
            }
        }
        if session.wantsSimulatedHang {
            session.wantsSimulatedHang = false
            simulateHang()
        }
        if let monitor = startMonitor, window.isViewable {
            startMonitor = nil
            log("full screen: \(monitor.name) \(window.setFullScreen(on: monitor) ? "asked" : "refused")")
        }
        if session.wantsFullScreenToggle {
            session.wantsFullScreenToggle = false
            if window.isFullScreen {
                log("full screen: off")
                window.setFullScreen(false)
            } else if let monitor = window.currentMonitor {
                log("full screen: \(monitor.name) \(window.setFullScreen(on: monitor) ? "asked" : "refused")")
            } else {
                log("full screen: asked")
                window.setFullScreen(true)
            }
        }
        if let text = session.clipboardTextToCopy {
            session.clipboardTextToCopy = nil
            window.copyToClipboard(text)
            session.show(message: "clipboard: copied \(text)")
        }
        if session.wantsClipboardText {
            session.wantsClipboardText = false
            window.requestClipboardText { [weak self] text in
                self?.session.paste(text)
                self?.needsFrame = true
            }
        }
    }

    private func renderFrame(at now: ContinuousClock.Instant) {
        let started = ContinuousClock.now
        let oldestLook = session.latchLook()
        session.advance(by: seconds(now - lastAdvance))
        lastAdvance = now
        framebuffer.target(presenter.pixels)
        let camera = session.interpolatedPose
        Flashlight.apply(on: session.flashlightOn, camera: camera, to: &renderer.settings)
        renderer.render(session.scene, camera: camera, into: framebuffer)
        WorldOverlayPainter.paint(session, camera: camera, into: framebuffer)
        hud.paint(session, status: status, into: framebuffer)
        // The strategy camera's cursor follows what is under it; mouse-look keeps the arrow.
        if !status.isLocked { showCursor(session.screen.isStrategyCamera ? session.cursorUnderPointer : .default) }
        if let caret = hud.chatCaret, caret != textCaret {
            textCaret = caret
            window.setTextInputCaret(caret)
        }
        if session.wantsScreenshot {
            session.wantsScreenshot = false
            saveScreenshot(framebuffer)
        }
        presenter.present()
        let presented = ContinuousClock.now
        status.frameMilliseconds = seconds(presented - started) * 1000
        if let oldestLook { status.inputToPresentMilliseconds = seconds(EventTime.now - oldestLook) * 1000 }
        framesThisSecond += 1
        if presented - secondStarted >= .seconds(1) {
            status.framesPerSecond = Double(framesThisSecond) / seconds(presented - secondStarted)
            framesThisSecond = 0
            secondStarted = presented
        }
        needsFrame = false
    }

    /// H: the loop stops for three seconds, as a hung game would; the lock guardian frees the
    /// pointer after a second and the lock returns when the loop runs again.
    private func simulateHang() {
        log("hang: 3 s")
        Thread.sleep(forTimeInterval: 3)
        log("hang: over")
    }

    /// Draws the HUD at the desktop's scale (`scale: 2 (Xft.dpi 192)`).
    private func applyScale(_ scale: DesktopScale) {
        do {
            try hud.setScale(scale.factor)
            session.hudScale = hud.scale
            session.layoutHoverRegions()
            log("scale: \(scale)")
        } catch {
            log("scale: \(scale) not applied: \(error)")
        }
        needsFrame = true
    }

    /// The cursor's shape, said once per change (`cursor: pointer`).
    private func showCursor(_ shape: SystemCursor) {
        guard window.cursor != .system(shape) else { return }
        window.cursor = .system(shape)
        log("cursor: \(shape.cssName)")
    }

    private func confinementChanged(to state: PointerConfinementState) {
        log("confine: \(state)")
        session.pointerConfined = state.isConfined
        if state.isConfined {
            status.lockLine = "CONFINED: the view pans at the window's edges (C: mouse-look)"
        } else if let lock = window.pointerLock.pointerLockState {
            status.lockLine = FrameStatus.describing(lock).line
        }
        needsFrame = true
    }

    private func lockChanged(to state: PointerLockState) {
        log("lock: \(state)")
        sayWherePointerIs = status.isLocked && !state.isLocked
        let described = FrameStatus.describing(state)
        status.lockLine = described.line
        status.isLocked = described.isLocked
        session.lockStateChanged(to: state, at: .now)
        needsFrame = true
    }

    private func saveScreenshot(_ framebuffer: Framebuffer) {
        let path = "lockgame-\(Int(Date().timeIntervalSince1970)).png"
        do {
            try PNGImage.write(pixels: framebuffer.copyPixels(), width: framebuffer.width, height: framebuffer.height, path: path)
            log("screenshot: \(path)")
        } catch {
            log("screenshot failed: \(error)")
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
