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
    func requestClipboardText(_ completion: @escaping (String?) -> Void) { completion(nil) }
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
