/// The seam between ``GameWindow`` and a windowing system: what a backend does for the window
/// the game holds. The X11 backend (`X11Window`) and the Wayland backend (`WaylandWindow`)
/// implement it, and so does a recording fake in the tests.
///
/// A requirement documents what every backend must guarantee; ``GameWindow``'s documentation
/// says how each windowing system meets it. A backend that cannot do something answers as the
/// window does after ``GameWindow/close()``: nothing happens, and what is read is empty or nil.
/// The lock's decisions are never the backend's: it reports facts (focus, visibility, the
/// pointer over the window) to its ``pointerLock`` controller and carries out the commands that
/// controller gives through its ``PointerLockPlatform``.
protocol WindowBackend: AnyObject {
    // MARK: The lock and the loop

    /// The controller that decides the pointer lock for this window.
    var pointerLock: PointerLockController { get }
    /// Makes the window appear.
    func show()
    /// Sleeps until input, a timed decision or `deadline` is due.
    func waitForEvents(until deadline: ContinuousClock.Instant?)
    /// Handles what is queued; `handle` may call ``close()``, and no event follows it.
    func pollEvents(_ handle: (InputEvent) -> Void)
    /// Lets go of everything, at once or, inside ``pollEvents(_:)``, when it returns.
    func close()
    /// A descriptor readable whenever ``pollEvents(_:)`` has work; -1 when closed.
    var wakeDescriptor: Int32 { get }
    /// When the events ``pollEvents(_:)`` is handing out were read off the connection (one
    /// reading per read, never earlier than the truth); ``GameWindow`` stamps each event with it.
    /// nil where the events keep the time they were made with (a fake's scripted events).
    var receiptTime: EventTime? { get }

    // MARK: What the window is

    /// The size in pixels, as the system last reported it.
    var width: Int { get }
    var height: Int { get }
    var isViewable: Bool { get }
    var isFullScreen: Bool { get }
    var isClosed: Bool { get }
    var isAttached: Bool { get }
    /// The display or compositor connected to, as the system names it.
    var displayName: String { get }
    var nativeHandle: NativeWindowHandle { get }
    var supportsTransformGestures: Bool { get }
    var lockGuardianStatus: LockGuardianStatus { get }
    /// Whether something on the desktop manages windows (a window manager or a compositor).
    var windowManagerRuns: Bool { get }
    /// What the system lets the game do with this window.
    var capabilities: WindowCapabilities { get }
    /// What only an X11 window has; nil elsewhere.
    var x11Details: X11Details? { get }
    /// What only a native Wayland window has; nil elsewhere.
    var waylandDetails: WaylandDetails? { get }

    // MARK: The window's own state

    var title: String { get set }
    func requestSize(width: Int, height: Int) throws(WindowStateError)
    var sizeLimits: WindowSizeLimits { get set }
    func requestPosition(x: Int, y: Int) throws(WindowStateError)
    func positionOnScreen() -> ScreenPoint?
    func setIcon(_ icons: [WindowIcon]) throws(WindowStateError)
    func setFullScreen(_ fullScreen: Bool)
    func activate()

    // MARK: Monitors and scale

    var monitors: [Monitor] { get }
    var scale: DesktopScale { get }
    var currentMonitor: Monitor? { get }
    func setFullScreen(on monitor: Monitor) -> Bool

    // MARK: The cursor, keys, text and the clipboard

    var cursor: CursorShape { get set }
    /// Moves the pointer; throws ``WindowStateError/unsupported(_:reason:)`` where the system
    /// lets no client move it.
    func warpPointer(to point: WindowPoint) throws(WindowStateError) -> Bool
    func printedName(of usage: KeyboardHIDUsage) -> String?
    var isTextInputActive: Bool { get }
    var textInputSource: TextInputSource { get }
    func startTextInput()
    func stopTextInput()
    func setTextInputCaret(_ rect: WindowRect)
    func copyToClipboard(_ text: String)
    func requestClipboardText(_ completion: @escaping (String?) -> Void)

    // MARK: Frames drawn on the CPU

    /// A surface that presents frames drawn on the CPU to this window, sized to it: one per
    /// window (on X11 it receives the window's MIT-SHM events; on Wayland the window's frames
    /// are its own from then on). Shared memory unless `allowSharedMemory` is false where the
    /// system has another path.
    func makeFrameSurface(allowSharedMemory: Bool) throws(FrameFormatUnsupported) -> any FrameSurface

    // MARK: When frames reach the screen

    /// Where this window's presentation feedback comes from, or why it has none: then
    /// ``GameWindow`` answers every frame as unavailable itself.
    var presentationFeedback: PresentationFeedbackSource { get }
    /// Asks for the feedback of the window surface's next commit (a renderer's swap), reported
    /// to `request`'s inbox, exactly once, when the system answers.
    func requestPresentationFeedback(_ request: PresentationRequest)
}
