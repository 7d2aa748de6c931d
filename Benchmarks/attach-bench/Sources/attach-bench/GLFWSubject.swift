import CGLFW
import CXTest

/// A GLFW window (`glfwCreateWindow`, 640x360, no client API: nothing is drawn), waited on
/// until it has the keyboard focus; with no window manager to give it, the bench's own
/// connection sets it.
final class GLFWSubject: HostWindowSubject {
    let name = "GLFW"
    /// The `GLFWwindow *`.
    let window: OpaquePointer
    let xDisplay: OpaquePointer
    let xWindow: UInt
    var eventDescriptor: Int32 { XConnectionNumber(xDisplay) }

    init(injector: Injector) throws(BenchFailure) {
        guard glfwInit() == GLFW_TRUE else { throw BenchFailure("glfwInit: \(Self.error)") }
        glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API)
        guard let window = glfwCreateWindow(640, 360, "attach-bench GLFW", nil, nil) else {
            let error = Self.error
            glfwTerminate()
            throw BenchFailure("glfwCreateWindow: \(error)")
        }
        guard let display = glfwGetX11Display() else {
            glfwDestroyWindow(window)
            glfwTerminate()
            throw BenchFailure("glfwGetX11Display: not on X11")
        }
        self.window = window
        xDisplay = display
        xWindow = UInt(glfwGetX11Window(window))
        guard waitForFocus(injector: injector) else {
            close()
            throw BenchFailure("the GLFW window never got the keyboard focus")
        }
    }

    /// Whether GLFW says the window has the keyboard focus (`GLFW_FOCUSED`).
    var isFocused: Bool { glfwGetWindowAttrib(window, GLFW_FOCUSED) == GLFW_TRUE }

    func pumpHostEvents() { glfwPollEvents() }

    /// Destroys the window and terminates GLFW.
    func close() {
        glfwDestroyWindow(window)
        glfwTerminate()
    }

    /// The linked GLFW's version ("3.3.8").
    static var version: String {
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        glfwGetVersion(&major, &minor, &revision)
        return "\(major).\(minor).\(revision)"
    }

    private static var error: String {
        var description: UnsafePointer<CChar>?
        glfwGetError(&description)
        return description.map { String(cString: $0) } ?? "no description"
    }

    /// Pumps GLFW until the window has the focus: up to 1 s from the window manager, then the
    /// bench sets it itself (`XSetInputFocus`) and waits up to 4 s more.
    private func waitForFocus(injector: Injector) -> Bool {
        let started = ContinuousClock.now
        var asked = false
        while ContinuousClock.now - started < .seconds(5) {
            glfwWaitEventsTimeout(0.005)
            if isFocused { return true }
            if !asked && ContinuousClock.now - started > .seconds(1) {
                asked = true
                glfwFocusWindow(window)
                injector.focus(xWindow)
            }
        }
        return false
    }
}

/// GLFW's own relative mode: `GLFW_CURSOR_DISABLED` with `GLFW_RAW_MOUSE_MOTION` where
/// `glfwRawMouseMotionSupported()`, counting cursor-position callbacks and their x deltas,
/// the loop waiting in `glfwWaitEventsTimeout`.
final class GLFWRawMotion: Contender {
    let name: String
    let key = "native"
    let deliveries = Deliveries()
    private let subject: GLFWSubject
    private let raw: Bool
    /// The virtual cursor's last x, from which the next callback's delta is taken.
    private var lastX = 0.0

    init(subject: GLFWSubject) {
        self.subject = subject
        raw = glfwRawMouseMotionSupported() == GLFW_TRUE
        name = raw ? "GLFW_RAW_MOUSE_MOTION" : "GLFW_CURSOR_DISABLED (no raw motion)"
    }

    func engage() throws(BenchFailure) {
        let window = subject.window
        glfwSetWindowUserPointer(window, Unmanaged.passUnretained(self).toOpaque())
        glfwSetCursorPosCallback(window) { window, x, _ in
            guard let window, let me = glfwGetWindowUserPointer(window) else { return }
            Unmanaged<GLFWRawMotion>.fromOpaque(me).takeUnretainedValue().moved(x: x)
        }
        if raw { glfwSetInputMode(window, GLFW_RAW_MOUSE_MOTION, GLFW_TRUE) }
        glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_DISABLED)
        // GLFW disables the cursor only in a focused window (_glfwPlatformSetCursorMode).
        guard subject.isFocused, glfwGetInputMode(window, GLFW_CURSOR) == GLFW_CURSOR_DISABLED else {
            throw BenchFailure("GLFW_CURSOR_DISABLED did not take (focused: \(subject.isFocused))")
        }
        Measurement.drain(self)
        var x = 0.0, y = 0.0
        glfwGetCursorPos(window, &x, &y)
        lastX = x
    }

    func pump(maxWait: Duration) {
        let seconds = min(maxWait.milliseconds, 1000) / 1000
        if seconds > 0 { glfwWaitEventsTimeout(seconds) } else { glfwPollEvents() }
    }

    func disengage() {
        let window = subject.window
        glfwSetInputMode(window, GLFW_CURSOR, GLFW_CURSOR_NORMAL)
        if raw { glfwSetInputMode(window, GLFW_RAW_MOUSE_MOTION, GLFW_FALSE) }
        glfwSetCursorPosCallback(window, nil)
        glfwSetWindowUserPointer(window, nil)
        glfwPollEvents()
    }

    private func moved(x: Double) {
        deliveries.record(dx: x - lastX)
        lastX = x
    }
}
