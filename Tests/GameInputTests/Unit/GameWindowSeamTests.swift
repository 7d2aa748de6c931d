import Testing

@testable import GameInput

/// A backend that records what the window asks of it and hands out events a test scripts: the
/// seam ``GameWindow`` drives, without a windowing system.
final class RecordingBackend: WindowBackend {
    var calls: [String] = []
    /// Events the next `pollEvents` hands out, in order.
    var scripted: [InputEvent] = []
    let platform = RecordingPlatform()
    let pointerLock: PointerLockController

    /// A backend whose lock reads `environment`, by default what its ``platform`` is told.
    init(environment: (() -> LockSuspension?)? = nil) {
        pointerLock = PointerLockController(platform: platform, environment: environment ?? { [platform] in platform.suspension })
    }

    func show() { calls.append("show") }
    func waitForEvents(until deadline: ContinuousClock.Instant?) { calls.append("wait") }
    func pollEvents(_ handle: (InputEvent) -> Void) {
        calls.append("poll")
        while !isClosed, !scripted.isEmpty {
            let event = scripted.removeFirst()
            handle(event)
            // As a backend does: the loss is the last event, and the window shuts down.
            if event == .connectionLost {
                isClosed = true
                pointerLock.shutDown()
            }
        }
    }

    /// The system goes away: the next poll reports it.
    func loseConnection() { scripted.append(.connectionLost) }
    func close() {
        calls.append("close")
        isClosed = true
        pointerLock.shutDown()
    }
    var wakeDescriptor: Int32 { -1 }
    /// When the scripted events count as read; nil: they keep the time the test gave them.
    var receiptTime: EventTime?
    var width = 640
    var height = 360
    var isViewable = true
    var isFullScreen = false
    var isClosed = false
    var isAttached: Bool { false }
    var displayName: String { "recording" }
    var nativeHandle: NativeWindowHandle { NativeWindowHandle(x11: nil) }
    var supportsTransformGestures: Bool { false }
    var lockGuardianStatus: LockGuardianStatus { .notNeeded }
    var windowManagerRuns: Bool { true }
    /// An icon it records; placing the window and moving the pointer it cannot do.
    var capabilities: WindowCapabilities { .icon }
    var x11Details: X11Details? { nil }
    var waylandDetails: WaylandDetails? { WaylandDetails(protocols: [CompositorReport.OfferedProtocol(name: "wl_seat", version: 9)]) }
    var title = "" { didSet { calls.append("title \(title)") } }
    func requestSize(width: Int, height: Int) throws(WindowStateError) { calls.append("size \(width)x\(height)") }
    var sizeLimits = WindowSizeLimits.none
    func requestPosition(x: Int, y: Int) throws(WindowStateError) { throw .unsupported(.position, reason: "a fake has no place") }
    func positionOnScreen() -> ScreenPoint? { nil }
    func setIcon(_ icons: [WindowIcon]) throws(WindowStateError) { calls.append("icon \(icons.count)") }
    func setFullScreen(_ fullScreen: Bool) { calls.append("full screen \(fullScreen)") }
    func activate() { calls.append("activate") }
    var monitors: [Monitor] { [] }
    var scale: DesktopScale { DesktopScale(factor: 1, source: .none) }
    var currentMonitor: Monitor? { nil }
    func setFullScreen(on monitor: Monitor) -> Bool { false }
    var cursor = CursorShape.system(.default)
    func warpPointer(to point: WindowPoint) throws(WindowStateError) -> Bool {
        throw .unsupported(.warp, reason: "a fake has no pointer")
    }
    func printedName(of usage: KeyboardHIDUsage) -> String? { nil }
    var isTextInputActive = false
    var textInputSource: TextInputSource { .keys }
    func startTextInput() { isTextInputActive = true }
    func stopTextInput() { isTextInputActive = false }
    func setTextInputCaret(_ rect: WindowRect) {}
    func copyToClipboard(_ text: String) { calls.append("copy \(text)") }
    /// Clipboard reads asked for, answered when the test says (``answerClipboardReads(with:)``).
    private(set) var clipboardReads: [(String?) -> Void] = []
    func requestClipboardText(_ completion: @escaping (String?) -> Void) {
        calls.append("paste")
        clipboardReads.append(completion)
    }
    /// Answers every read asked for so far, as a backend does during a poll.
    func answerClipboardReads(with text: String?) {
        let reads = clipboardReads
        clipboardReads.removeAll()
        for read in reads { read(text) }
    }
    /// What the backend says of feedback; none by default, as on X11.
    var presentationFeedback: PresentationFeedbackSource = .unavailable(.noPresentCompletions)
    /// The feedback asked for, for the test to answer into each request's inbox.
    private(set) var feedbackRequests: [PresentationRequest] = []
    func requestPresentationFeedback(_ request: PresentationRequest) {
        calls.append("feedback \(request.frame.number)")
        feedbackRequests.append(request)
    }
    /// The surface the window's presenter gets, kept for the test to read.
    private(set) var frameSurface: RecordingFrameSurface?
    /// A format the surface refuses, as an X11 window of an odd visual does.
    var refusedFormat: FrameFormatUnsupported?
    func makeFrameSurface(allowSharedMemory: Bool) throws(FrameFormatUnsupported) -> any FrameSurface {
        calls.append("frame surface \(allowSharedMemory ? "shared" : "copied")")
        if let refusedFormat { throw refusedFormat }
        let surface = RecordingFrameSurface(width: width, height: height, shared: allowSharedMemory)
        frameSurface = surface
        return surface
    }
}

/// ``GameWindow`` over the recording backend: what the game calls reaches the backend, the
/// backend's events and lock reach the game, and a close inside a handler stops the events.
@Suite struct GameWindowSeamTests {
    static func window() -> (GameWindow, RecordingBackend) {
        let backend = RecordingBackend()
        return (GameWindow(system: backend, backend: WindowBackendChoice(kind: .wayland, reason: "a test", isFallback: false)), backend)
    }

    @Test func theGamesCallsReachTheBackend() throws {
        let (window, backend) = Self.window()
        window.show()
        window.title = "level 2"
        try window.requestSize(width: 800, height: 600)
        window.setFullScreen(true)
        window.copyToClipboard("pose")
        window.waitForEvents(until: nil)
        #expect(backend.calls == ["show", "title level 2", "size 800x600", "full screen true", "copy pose", "wait"])
        #expect(window.title == "level 2")
        #expect(window.pointerLock === backend.pointerLock, "the game's controller is the backend's")
        #expect(window.backend.kind == .wayland)
        #expect(window.x11 == nil, "no X11 details on another backend")
        #expect(window.wayland?.version(of: "wl_seat") == 9 && window.wayland?.version(of: "wl_shm") == nil, "the backend's own")
    }

    /// Every event that carries a time reaches the game with the moment its backend read it,
    /// whatever time it was made with; the others have none.
    @Test func everyEventReachesTheGameStampedWithItsReadingTime() {
        let (window, backend) = Self.window()
        let read = EventTime(nanoseconds: 5_000_000_042)
        backend.receiptTime = read
        let made = EventTime(nanoseconds: 7)
        backend.scripted = [
            .key(KeyEvent(phase: .down, key: .a, isRepeat: false, time: made, systemTimestamp: 900)),
            .button(ButtonEvent(phase: .down, button: .primary, location: WindowPoint(x: 1, y: 2))),
            .relativeMotion(
                RelativeMotion(unaccelerated: PointerDelta(dx: 1, dy: 0), accelerated: PointerDelta(dx: 2, dy: 0), sourceDeviceID: 0)),
            .pointer(PointerEvent(phase: .moved, location: WindowPoint(x: 3, y: 4))),
            .scroll(ScrollEvent(type: .discrete, delta: PointerDelta(dx: 0, dy: 1), location: WindowPoint(x: 0, y: 0))),
            .transform(TransformEvent(phase: .began, scale: 1, rotationDelta: 0, location: WindowPoint(x: 0, y: 0), fingerCount: 2)),
            .swipe(SwipeEvent(phase: .began, delta: .zero, location: WindowPoint(x: 0, y: 0), fingerCount: 3)),
            .exposed,
        ]
        var seen: [InputEvent] = []
        window.pollEvents { seen.append($0) }
        #expect(seen.count == 8)
        #expect(seen.dropLast().allSatisfy { $0.time == read }, "\(seen.map(\.time))")
        #expect(seen.last?.time == nil, "an expose has no time")
        if case .key(let key) = seen.first { #expect(key.systemTimestamp == 900, "the system's own timestamp is kept") }
        #expect(window.takeMotion().lastTime == read, "the motion total has the stamped time")
    }

    @Test func eventTimesSubtractBothWays() {
        let early = EventTime(nanoseconds: 1_000)
        let late = early.advanced(by: .microseconds(3))
        #expect(late.nanoseconds == 4_000 && late > early)
        #expect(late - early == .microseconds(3) && early - late == .microseconds(-3))
        #expect(early.advanced(by: .seconds(-1)) == EventTime(nanoseconds: 0), "never before the clock's origin")
        let before = EventTime.now
        #expect(EventTime.now >= before, "the clock does not go back")
    }

    @Test func aCloseInsideAHandlerEndsTheEvents() {
        let (window, backend) = Self.window()
        backend.scripted = [.exposed, .closeRequested, .exposed]
        var seen: [InputEvent] = []
        window.pollEvents { event in
            seen.append(event)
            if event == .closeRequested { window.close() }
        }
        #expect(seen == [.exposed, .closeRequested])
        #expect(window.isClosed)
        #expect(backend.calls == ["poll", "close"])
    }
}
