// GLFW creates the window and draws with OpenGL, on X11 or natively on Wayland; GameInput
// attaches to that window and owns the pointer lock: relative motion turns the view, L toggles
// the lock, Q quits, D detaches GameInput and leaves the GLFW window running. The loop sleeps in
// poll() on GLFW's connection and GameInput's `wakeDescriptor` until input comes or a frame is due.
// GLFW keeps its own events: it prints the keys GameInput's handler does not use, and the
// clicks it gets while the pointer is not locked. The lock is GameInput's alone: no
// GLFW_CURSOR_DISABLED and no GLFW_RAW_MOUSE_MOTION beside it.
import CGLFW
import Foundation
import GameInput

/// Prints a line at once, also into a pipe.
func say(_ line: String) { print(line); fflush(nil) }

/// Says on stderr what failed and exits with status 1.
func fail(_ what: String) -> Never {
    FileHandle.standardError.write(Data("glfw-attach: \(what)\n".utf8))
    exit(1)
}

/// The game: it prefers the pointer locked until L says otherwise.
final class Game: PointerLockPreferring { var prefersPointerLocked = true }

/// The keys GameInput's handler below uses while attached; GLFW reports the others as the host's.
let gameInputKeys = [GLFW_KEY_L, GLFW_KEY_Q, GLFW_KEY_D]
nonisolated(unsafe) var attached = true  // read by GLFW's key callback, a C function

// The host's side, as in any GLFW game: a resizable window with an OpenGL context, and GLFW's
// errors on stderr.
glfwSetErrorCallback { code, description in
    FileHandle.standardError.write(Data("glfw-attach: GLFW error \(code): \(description.map { String(cString: $0) } ?? "?")\n".utf8))
}
guard glfwInit() == GLFW_TRUE, let glfwWindow = glfwCreateWindow(640, 360, "glfw-attach", nil, nil) else {
    fail("no GLFW window")
}
glfwMakeContextCurrent(glfwWindow)
glfwSwapInterval(0)  // no vsync: the loop paces itself in poll()
say("renderer: \(String(cString: glGetString(GLenum(GL_RENDERER))))")
// GLFW calls these from glfwPollEvents(); C function pointers, so they capture nothing.
glfwSetKeyCallback(glfwWindow) { _, key, scancode, action, _ in
    guard action == GLFW_PRESS, !attached || !gameInputKeys.contains(key) else { return }
    // glfwGetKeyName names printable keys only (not Space).
    let name = key == GLFW_KEY_SPACE ? "space" : glfwGetKeyName(key, scancode).map { String(cString: $0) } ?? "key \(key)"
    say("host key: \(name)")
}
glfwSetMouseButtonCallback(glfwWindow) { window, button, action, _ in  // on X11 only while unlocked: the lock's grab takes them
    guard action == GLFW_PRESS else { return }
    var x = 0.0, y = 0.0
    glfwGetCursorPos(window, &x, &y)
    say("host click: \(button + 1) at \(Int(x)),\(Int(y))")  // GLFW counts buttons from 0, X from 1
}

// The window's handles. GLFW 3.3 is built for one system: Debian's libglfw3 for X11, its
// libglfw3-wayland (which replaces it) for Wayland. A build has only its own system's getters,
// so the Wayland ones are looked up, and the X11 ones called only where they are not there.
typealias WaylandDisplayGetter = @convention(c) () -> OpaquePointer?
typealias WaylandWindowGetter = @convention(c) (OpaquePointer?) -> OpaquePointer?
let host: HostWindow
var xDisplay: OpaquePointer?  // GLFW's X connection, which the loop sleeps on; nil on Wayland
if let getDisplay = dlsym(nil, "glfwGetWaylandDisplay"), let getSurface = dlsym(nil, "glfwGetWaylandWindow") {
    guard let display = unsafeBitCast(getDisplay, to: WaylandDisplayGetter.self)(),
        let surface = unsafeBitCast(getSurface, to: WaylandWindowGetter.self)(glfwWindow)
    else { fail("no Wayland surface") }
    host = .wayland(display: display, surface: surface)
    say("attached: Wayland surface")
} else {
    guard let display = glfwGetX11Display() else { fail("not an X11 window") }
    xDisplay = display
    host = .x11(window: glfwGetX11Window(glfwWindow), display: display)
    say("attached: window 0x\(String(glfwGetX11Window(glfwWindow), radix: 16))")
}
// GameInput attaches: on X11 its own connection to GLFW's server; on Wayland GLFW's connection,
// on an event queue of its own.
let input: GameWindow
do { input = try GameWindow(attachingTo: host) } catch { fail("\(error)") }
let game = Game()
input.pointerLock.rootPreferring = game
say("lock: \(input.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable")")
let observation = input.pointerLock.addObserver { say("lock: \($0)") }
TerminationSignals.install()  // SIGTERM and SIGINT quit cleanly

var yaw = 0.0, pitch = 0.0, turned = false
var presentedSize = (width: Int32(0), height: Int32(0))
var running = true
let frameInterval = Duration.seconds(1) / 60
var nextFrame = ContinuousClock.now
while running && TerminationSignals.pending == nil && glfwWindowShouldClose(glfwWindow) == GLFW_FALSE {
    // Sleep until GLFW's connection or GameInput has input, or the frame is due. Events Xlib
    // already read into its queue (while the frame was drawn) leave nothing on the socket:
    // then do not sleep. On Wayland GameInput's wake descriptor watches GLFW's connection, the
    // one they share. After detach() it is -1, which poll() skips.
    var descriptors = [
        pollfd(fd: xDisplay.map { XConnectionNumber($0) } ?? -1, events: Int16(POLLIN), revents: 0),
        pollfd(fd: input.wakeDescriptor, events: Int16(POLLIN), revents: 0),
    ]
    let untilFrame = max(0, (nextFrame - .now) / .milliseconds(1))
    let queued = xDisplay.map { XEventsQueued($0, QueuedAlready) > 0 } ?? false
    let timeout = queued ? 0 : Int32(untilFrame.rounded(.up))
    _ = poll(&descriptors, nfds_t(descriptors.count), timeout)

    glfwPollEvents()  // GLFW's events (its callbacks above): GameInput takes none of them away
    input.pollEvents { event in  // never blocks
        switch event {
        case .relativeMotion(let motion):
            yaw += motion.unaccelerated.dx * 0.1
            pitch = min(89, max(-89, pitch - motion.unaccelerated.dy * 0.1))
            turned = true
        case .key(let key) where key.phase == .down && key.key == .l:
            game.prefersPointerLocked.toggle()
            input.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        case .key(let key) where key.phase == .down && key.key == .q: running = false
        case .key(let key) where key.phase == .down && key.key == .d:
            input.detach()  // the pointer is free at once; the GLFW window stays and keeps drawing
            attached = false
            say("detached")
        case .windowDestroyed, .connectionLost: running = false
        default: break
        }
    }
    guard running, ContinuousClock.now >= nextFrame else { continue }

    // Each rectangle of the view is a scissored clear: OpenGL 1.1, no shaders. GL counts rows from the bottom.
    var width: Int32 = 0, height: Int32 = 0
    glfwGetFramebufferSize(glfwWindow, &width, &height)
    glEnable(GLenum(GL_SCISSOR_TEST))
    for rect in view(yaw: yaw, pitch: pitch, width: Int(width), height: Int(height)) {
        glScissor(GLint(rect.x), GLint(Int(height) - rect.y - rect.height), GLsizei(rect.width), GLsizei(rect.height))
        glClearColor(GLfloat(rect.color.red) / 255, GLfloat(rect.color.green) / 255, GLfloat(rect.color.blue) / 255, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    }
    glfwSwapBuffers(glfwWindow)
    if (width, height) != presentedSize {
        presentedSize = (width, height)
        say("frame \(width)x\(height)")
    }
    if turned { say(String(format: "camera yaw %.2f pitch %.2f", yaw, pitch)) }
    turned = false
    nextFrame = max(nextFrame + frameInterval, .now)  // due a frame after this one; at once if behind
}

observation.cancel()
input.detach()  // before the window goes: GameInput lets go of it first
glfwDestroyWindow(glfwWindow)
glfwTerminate()

/// A rectangle of the view, in pixels from the top left, and its colour.
struct Rect {
    var x, y, width, height: Int
    var color: (red: UInt8, green: UInt8, blue: UInt8)
}

/// What the camera sees: sky, ground and 24 pillars standing around the viewer every 15
/// degrees, each its own colour, through a field of view 90 degrees wide. Turning by 20
/// degrees moves every pillar by 142 of 640 pixels; pitching up lowers the horizon.
func view(yaw: Double, pitch: Double, width: Int, height: Int) -> [Rect] {
    let horizon = min(max(height / 2 + Int(pitch / 90 * Double(height)), 0), height)
    var rects = [
        Rect(x: 0, y: 0, width: width, height: horizon, color: (90, 140, 210)),
        Rect(x: 0, y: horizon, width: width, height: height - horizon, color: (70, 90, 60)),
    ]
    let pixelsPerDegree = Double(width) / 90
    for index in 0..<24 {
        let angle = (Double(index) * 15 - yaw).remainder(dividingBy: 360)  // from the view's centre, -180...180
        guard abs(angle) < 55 else { continue }
        let left = Int(Double(width) / 2 + (angle - 5) * pixelsPerDegree)  // 10 degrees wide
        let hue = Double(index * 7 % 24) / 24 * 2 * .pi  // neighbours far apart on the colour wheel
        func channel(_ phase: Double) -> UInt8 { UInt8(127.5 + 127 * cos(hue - phase)) }
        rects.append(
            Rect(
                x: left, y: horizon - height * 35 / 100, width: Int(10 * pixelsPerDegree), height: height * 60 / 100,
                color: (channel(0), channel(2 * .pi / 3), channel(4 * .pi / 3))))
    }
    return rects
}
