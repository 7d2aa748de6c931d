import CXlib
import Foundation

/// A host application's window, as SDL2 and GLFW 3.3 make one: a client of its own on the
/// server, a mapped top-level window with the core events they select (`ButtonPressMask`
/// among them, which only one client may hold), and a record of the events it receives.
/// `likeSDL2` also selects XInput 2 motion on the window as SDL2 does (for its touch
/// support), which makes the server send core motion there to nobody.
final class HostClient {
    let display: OpaquePointer
    let window: UInt
    /// Key presses (key codes) and button presses (button numbers) the host received.
    private(set) var keyPresses: [Int] = []
    private(set) var buttonPresses: [Int] = []
    private(set) var motions = 0
    /// Crossing events (EnterNotify, LeaveNotify) the host received, with their detail.
    private(set) var crossings: [(type: Int32, detail: Int32)] = []

    init?(displayName: String, title: String = "host-window", likeSDL2: Bool = false) {
        guard let display = XOpenDisplay(displayName) else { return nil }
        self.display = display
        let screen = XDefaultScreen(display)
        window = XCreateSimpleWindow(
            display, XRootWindow(display, screen), 0, 0, 400, 300, 0, XBlackPixel(display, screen), XBlackPixel(display, screen))
        XStoreName(display, window, title)
        let mask =
            KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask
            | LeaveWindowMask | FocusChangeMask | StructureNotifyMask | PropertyChangeMask | ExposureMask
        XSelectInput(display, window, mask)
        if likeSDL2 {
            var bytes = [UInt8](repeating: 0, count: Int(CXlib_XIEventMaskLength()))
            CXlib_XISetMask(&bytes, XI_Motion)
            bytes.withUnsafeMutableBufferPointer { bytes in
                var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(bytes.count), mask: bytes.baseAddress)
                _ = XISelectEvents(display, window, &mask, 1)
            }
        }
        XMapRaised(display, window)
        XSync(display, 0)
        _ = pump(timeout: .seconds(3)) { self.isMapped }
    }

    private var isMapped = false

    /// Reads what the host's connection received, until `condition` holds or `timeout` passes.
    @discardableResult
    func pump(timeout: Duration = .seconds(2), until condition: () -> Bool = { false }) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var event = XEvent()
        while true {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                switch event.type {
                case KeyPress: keyPresses.append(Int(event.xkey.keycode))
                case ButtonPress: buttonPresses.append(Int(event.xbutton.button))
                case MotionNotify: motions += 1
                case GenericEvent: motions += 1  // XI_Motion, the one XInput 2 event selected
                case MapNotify: isMapped = true
                case EnterNotify, LeaveNotify: crossings.append((event.type, event.xcrossing.detail))
                default: break
                }
            }
            if condition() { return true }
            if ContinuousClock.now >= deadline { return false }
            usleep(2000)
        }
    }

    /// Gives the window a cursor of its own (as `SDL_SetCursor` does), named `name` so that a
    /// second client can tell it from any other (`XFixesGetCursorImage`).
    func defineNamedCursor(_ name: String) {
        let crosshair: UInt32 = 34  // XC_crosshair
        let cursor = XCreateFontCursor(display, crosshair)
        XFixesSetCursorName(display, cursor, name)
        XDefineCursor(display, window, cursor)
        XSync(display, 0)
    }

    /// Destroys the window (as SDL_DestroyWindow does).
    func destroyWindow() {
        XDestroyWindow(display, window)
        XSync(display, 0)
    }

    func close() {
        XCloseDisplay(display)
    }
}
