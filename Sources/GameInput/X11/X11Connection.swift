internal import CXlib
import Foundation

/// One client connection to an X server (Xlib's `Display *`), with what GameInput learns about
/// the server once at start: the root window, the XInput 2 opcode and version, the atoms it uses.
///
/// Protocol errors are reported on standard error and are not fatal; losing the server is not
/// fatal either: ``isLost`` says so, and the window reports it from its loop
/// (``X11ErrorHandlers``, which also leaves other connections' errors to the handlers that were
/// there before).
package final class X11Connection {
    /// Xlib's `Display *`.
    package let display: OpaquePointer
    /// The display name as Xlib resolved it (`XDisplayString`).
    package let name: String
    /// The default screen's number and root window.
    package let screen: Int32
    let rootWindow: UInt
    /// The XInput extension's major opcode, when XInput 2.2 or newer is available (and the
    /// Generic Event Extension that carries its events).
    let xinputOpcode: Int32?
    /// The XInput version the server agreed to (for example 2.4), when available.
    let xinputVersion: (major: Int32, minor: Int32)?
    /// The file descriptor of the connection, for `poll()`.
    let fileDescriptor: Int32
    /// Whether the server is Xwayland (it has the `XWAYLAND` extension): the real pointer
    /// belongs to a Wayland compositor, and an X grab becomes its pointer lock.
    let isXwayland: Bool
    /// Set when Xlib found the connection broken (the server quit or crashed); every later
    /// Xlib call on it does nothing.
    let loss = ConnectionLoss()
    /// The same connection as XCB sees it; a renderer's driver (Mesa) may write on it too.
    private let xcb: OpaquePointer
    /// Whether the connection to the server is lost: Xlib found it broken, or XCB did (a
    /// renderer writing through XCB may notice first). A lost connection takes no more
    /// requests: libX11 refuses to queue them, and its callers (libXi, libX11 itself) then
    /// write through a null request and crash.
    var isLost: Bool { loss.isLost || xcb_connection_has_error(xcb) != 0 }

    /// Opens the display `name`, or `$DISPLAY` when `name` is nil.
    init(displayName: String?) throws(GameWindowError) {
        // Thread-safe Xlib: the stall watchdog releases the grab from its own thread.
        XInitThreads()
        // libxcb writes with writev: a server that dies under a write (ours, or a renderer's
        // on another thread) would otherwise end the program by SIGPIPE, not as a lost connection.
        Posix.makeSIGPIPESurvivable()
        let requested = displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        guard !requested.isEmpty else { throw .noDisplayName }
        guard let display = XOpenDisplay(requested) else { throw .cannotOpenDisplay(name: requested) }
        X11ErrorHandlers.adopt(display, loss: loss)
        self.display = display
        self.name = String(cString: XDisplayString(display))
        self.screen = XDefaultScreen(display)
        self.rootWindow = XRootWindow(display, screen)
        self.fileDescriptor = XConnectionNumber(display)
        self.xcb = XGetXCBConnection(display)
        var opcode: Int32 = 0, firstEvent: Int32 = 0, firstError: Int32 = 0
        var major: Int32 = 2, minor: Int32 = 4
        var geOpcode: Int32 = 0
        let hasXwaylandExtension = XQueryExtension(display, "XWAYLAND", &opcode, &firstEvent, &firstError) != 0
        // XInput 2 events travel as generic events: without the Generic Event Extension the
        // server answers XIQueryVersion but can never deliver them.
        if XQueryExtension(display, "Generic Event Extension", &geOpcode, &firstEvent, &firstError) != 0,
            XQueryExtension(display, "XInputExtension", &opcode, &firstEvent, &firstError) != 0,
            XIQueryVersion(display, &major, &minor) == Success,
            major > 2 || (major == 2 && minor >= 2)
        {
            xinputOpcode = opcode
            xinputVersion = (major, minor)
        } else {
            xinputOpcode = nil
            xinputVersion = nil
        }
        isXwayland = hasXwaylandExtension || (xinputOpcode != nil && Self.hasXwaylandDevices(display))
    }

    /// Whether the server lists Xwayland's input devices (`xwayland-pointer`, …). Xwayland
    /// announces itself with the `XWAYLAND` extension only since version 23.1.
    private static func hasXwaylandDevices(_ display: OpaquePointer) -> Bool {
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { return false }
        defer { XIFreeDeviceInfo(devices) }
        return UnsafeBufferPointer(start: devices, count: Int(count)).contains { device in
            device.name.map { String(cString: $0).hasPrefix("xwayland-") } ?? false
        }
    }

    /// Whether the server speaks XInput 2.4, which brings touchpad gestures.
    var hasXInput24: Bool {
        guard let xinputVersion else { return false }
        return xinputVersion.major > 2 || xinputVersion.minor >= 4
    }

    /// Interns an atom by name (a round trip: call at set-up, not per event).
    func atom(_ name: String) -> UInt {
        XInternAtom(display, name, 0)
    }

    /// Sends buffered requests to the server without waiting.
    func flush() { XFlush(display) }

    /// Closes the connection (`XCloseDisplay`); the server frees our grabs and windows. Safe on a
    /// lost connection (Xlib then only frees its memory).
    func close() {
        // Errors of requests still in flight arrive while the display is still ours; a lost
        // connection takes no more requests.
        if !isLost { XSync(display, 0) }
        XCloseDisplay(display)
        X11ErrorHandlers.release(display)
    }

    /// Runs `body`, waits for the server to process what it sent (`XSync`) and returns the
    /// code of the first protocol error those requests caused, or nil. Errors caught here are
    /// expected answers (an `XShmAttach` a remote server refuses, a window a dead window
    /// manager left named), not printed. Set-up paths only: it makes a round trip.
    package func firstError(in body: () -> Void) -> UInt8? {
        XSync(display, 0)
        return trappingErrors {
            body()
            XSync(display, 0)
        }
    }

    /// Runs `body`, which must end with a round trip (a request with a reply, or `XSync`), and
    /// returns the code of the first protocol error it caused, or nil; the error is not printed.
    func trappingErrors(_ body: () -> Void) -> UInt8? {
        X11ErrorHandlers.trap(on: display, body)
    }
}
