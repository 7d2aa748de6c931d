import CXlib
import Foundation

/// A second X client that looks at the server from outside the code under test: it tries to
/// grab the pointer (the proof of a lock), injects input with XTest, and owns a window to
/// switch focus to.
public final class XProbe {
    public let display: OpaquePointer
    public let root: UInt
    public private(set) var otherWindow: UInt = 0
    /// The override-redirect window of ``actAsScreenLocker(patience:)``, while it is up.
    var lockerWindow: UInt = 0

    public struct CannotConnect: Error, CustomStringConvertible {
        let displayName: String
        public var description: String { "the probe cannot open display \(displayName)" }
    }

    public init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else { throw CannotConnect(displayName: displayName) }
        self.display = display
        root = XDefaultRootWindow(display)
        // Xlib's default handler ends the process on any error; the probe looks at windows
        // other clients may destroy at any moment (a window manager's list), so an error is
        // an answer, not a crash. GameInput's own connections install their handler again.
        XSetErrorHandler { _, _ in 0 }
    }

    private var isClosed = false

    /// Closes the connection; call before the server goes away.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        XCloseDisplay(display)
    }

    deinit { close() }

    /// Tries `XGrabPointer` on the root window and lets go at once when it succeeds.
    /// Returns the Xlib status: `GrabSuccess` (0) or `AlreadyGrabbed` (1) and so on.
    ///
    /// `confine_to` is the root window, never `None`: the server un-confines the current grab
    /// on any grab request with `None`, even a refused one, so such a probe would change what
    /// it measures.
    public func tryGrab() -> Int32 {
        let status = XGrabPointer(
            display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
            root, 0, UInt(CurrentTime))
        if status == GrabSuccess { XUngrabPointer(display, UInt(CurrentTime)) }
        XSync(display, 0)
        return status
    }

    /// Whether another client holds the pointer grab right now.
    public var pointerIsGrabbed: Bool { tryGrab() == AlreadyGrabbed }

    /// Holds a pointer grab of our own (to refuse the code under test's grab) until `releaseGrab()`.
    public func holdGrab() -> Int32 {
        let status = XGrabPointer(
            display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
            root, 0, UInt(CurrentTime))
        XSync(display, 0)
        return status
    }

    public func releaseGrab() {
        XUngrabPointer(display, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Injects relative pointer motion through XTest, as a mouse would.
    public func moveRelative(dx: Int32, dy: Int32) {
        XTestFakeRelativeMotionEvent(display, dx, dy, 0)
        XFlush(display)
    }

    /// Moves the pointer to absolute root coordinates through XTest.
    public func moveAbsolute(x: Int32, y: Int32) {
        XTestFakeMotionEvent(display, -1, x, y, 0)
        XSync(display, 0)
    }

    /// Presses and releases a pointer button.
    public func click(button: UInt32 = 1) {
        XTestFakeButtonEvent(display, button, 1, 0)
        XTestFakeButtonEvent(display, button, 0, 0)
        XSync(display, 0)
    }

    /// Presses `modifiers` and `key` (keysyms), then releases them in reverse order, 10 ms
    /// apart as a typist would (openbox's alt-tab needs the gaps).
    public func press(_ keysym: UInt32, with modifiers: [UInt32] = []) {
        let codes = (modifiers + [keysym]).map { UInt32(XKeysymToKeycode(display, KeySym($0))) }
        for code in codes { sendKey(code, down: true) }
        for code in codes.reversed() { sendKey(code, down: false) }
    }

    /// Presses or releases one key by key code.
    public func sendKey(_ code: UInt32, down: Bool) {
        XTestFakeKeyEvent(display, code, down ? 1 : 0, 0)
        XSync(display, 0)
        Thread.sleep(forTimeInterval: 0.01)
    }

    /// Alt+Tab through the window manager's switcher, Alt held until the switcher has the
    /// keyboard (``pressSwitchChord(_:holdsTheKeyboard:timeout:)``).
    public func altTab() {
        pressSwitchChord([UInt32(XK_Alt_L), UInt32(XK_Tab)], holdsTheKeyboard: true)
    }

    /// Where the pointer is, in root coordinates.
    public var pointerPosition: Point {
        var rootReturn: UInt = 0, child: UInt = 0
        var x: Int32 = 0, y: Int32 = 0, windowX: Int32 = 0, windowY: Int32 = 0
        var buttons: UInt32 = 0
        XQueryPointer(display, root, &rootReturn, &child, &x, &y, &windowX, &windowY, &buttons)
        return Point(x: x, y: y)
    }

    /// Whether the pointer is over one of this server's top-level windows. Under Xwayland it
    /// is not once the compositor's pointer has left every X surface: Xwayland then puts the
    /// sprite on the root window and sends the crossing events, in order before anything later.
    public var pointerIsOverAWindow: Bool {
        var rootReturn: UInt = 0, child: UInt = 0
        var x: Int32 = 0, y: Int32 = 0, windowX: Int32 = 0, windowY: Int32 = 0
        var buttons: UInt32 = 0
        XQueryPointer(display, root, &rootReturn, &child, &x, &y, &windowX, &windowY, &buttons)
        return child != 0
    }

    /// A point in root coordinates.
    public struct Point: Equatable, Sendable, CustomStringConvertible {
        public var x: Int32
        public var y: Int32
        public init(x: Int32, y: Int32) { self.x = x; self.y = y }
        public var description: String { "(\(x), \(y))" }
    }

    /// The window's area in root coordinates (the client window, without the frame).
    public func frame(of window: UInt) -> (origin: Point, width: Int32, height: Int32) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        let origin = rootPoint(in: window, x: 0, y: 0)
        return (Point(x: origin.x, y: origin.y), attributes.width, attributes.height)
    }

    /// Asks the window manager to minimise `window` (ICCCM `WM_CHANGE_STATE` to `IconicState`),
    /// as a title bar's minimise button does.
    public func minimise(_ window: UInt) {
        askWindowManager("WM_CHANGE_STATE", about: window, Int(IconicState))
    }

    /// Asks the window manager to close `window` (`_NET_CLOSE_WINDOW`, what `wmctrl -c` and a
    /// task bar send); the window manager then asks the client with `WM_DELETE_WINDOW`.
    public func closeThroughWindowManager(_ window: UInt) {
        askWindowManager("_NET_CLOSE_WINDOW", about: window, Int(CurrentTime), 2)  // source: a pager
    }

    /// The window that has keyboard focus.
    public var focusedWindow: UInt {
        var focus: UInt = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus
    }

    /// Creates and shows a plain top-level window titled "other", to switch focus to.
    public func showOtherWindow() {
        otherWindow = XCreateSimpleWindow(display, root, 40, 40, 300, 200, 0, 0, 0x336699)
        XStoreName(display, otherWindow, "other")
        XMapRaised(display, otherWindow)
        XSync(display, 0)
    }

    /// Destroys the window made by ``showOtherWindow()``.
    public func closeOtherWindow() {
        guard otherWindow != 0 else { return }
        XDestroyWindow(display, otherWindow)
        otherWindow = 0
        XSync(display, 0)
    }

    /// Sends `window` a synthetic core `FocusIn` (mode `NotifyNormal`, detail `NotifyNonlinear`)
    /// with `XSendEvent`, as any client may: the server sets its `send_event` flag, and the focus
    /// does not move.
    public func sendSyntheticFocus(to window: UInt) {
        var event = XEvent()
        event.xfocus.type = FocusIn
        event.xfocus.window = window
        event.xfocus.mode = NotifyNormal
        event.xfocus.detail = NotifyNonlinear
        XSendEvent(display, window, 0, FocusChangeMask, &event)
        XSync(display, 0)
    }

    /// Asks the window manager to activate `window` (`_NET_ACTIVE_WINDOW`), as a taskbar would.
    public func activate(_ window: UInt) {
        askWindowManager("_NET_ACTIVE_WINDOW", about: window, 2)  // source: a pager
    }

    /// Sends the window manager a request about `window`: a 32-bit client message of `type`
    /// with `data`, to the root window, as pagers and task bars do (ICCCM, EWMH).
    private func askWindowManager(_ type: String, about window: UInt, _ data: Int...) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, type, 0)
        event.xclient.format = 32
        withUnsafeMutableBytes(of: &event.xclient.data.l) { longs in
            for (index, value) in data.prefix(5).enumerated() { longs.storeBytes(of: value, toByteOffset: index * 8, as: Int.self) }
        }
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XSync(display, 0)
    }

    private var clipboardWindow: UInt = 0
    private var offeredClipboardText: String?

    /// A hidden window of the probe's own, for selection traffic.
    private func selectionWindow() -> UInt {
        if clipboardWindow == 0 {
            clipboardWindow = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
            XSync(display, 0)
        }
        return clipboardWindow
    }

    /// Reads the `CLIPBOARD` selection as UTF-8 text, as a pasting program would; nil when
    /// nobody offers text within `timeout`. `whileWaiting` runs between checks (to let an
    /// owner in the same process answer).
    public func readClipboard(timeout: Duration = .seconds(3), whileWaiting: () -> Void = {}) -> String? {
        let window = selectionWindow()
        let clipboard = XInternAtom(display, "CLIPBOARD", 0), utf8 = XInternAtom(display, "UTF8_STRING", 0)
        let property = XInternAtom(display, "PROBE_PASTE", 0)
        XConvertSelection(display, clipboard, utf8, property, window, UInt(CurrentTime))
        XSync(display, 0)
        let deadline = ContinuousClock.now + timeout
        var event = XEvent()
        while ContinuousClock.now < deadline {
            if XCheckTypedWindowEvent(display, window, SelectionNotify, &event) != 0 {
                guard event.xselection.property != 0 else { return nil }
                var type: UInt = 0
                var format: Int32 = 0
                var count: UInt = 0, after: UInt = 0
                var data: UnsafeMutablePointer<UInt8>?
                guard
                    XGetWindowProperty(
                        display, window, property, 0, 1 << 16, 1, UInt(AnyPropertyType),
                        &type, &format, &count, &after, &data) == Success, let data
                else { return nil }
                defer { XFree(data) }
                return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
            }
            whileWaiting()
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }

    /// Takes the `CLIPBOARD` selection and offers `text`; requests are answered while
    /// ``serveClipboard(until:)`` runs.
    public func offerClipboard(_ text: String) {
        offeredClipboardText = text
        XSetSelectionOwner(display, XInternAtom(display, "CLIPBOARD", 0), selectionWindow(), UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Answers selection requests for the offered text until `condition` holds (or 5 s pass);
    /// returns whether it held.
    @discardableResult
    public func serveClipboard(until condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        var event = XEvent()
        while ContinuousClock.now < deadline {
            if condition() { return true }
            while XCheckTypedWindowEvent(display, selectionWindow(), SelectionRequest, &event) != 0 {
                let request = event.xselectionrequest
                var reply = XEvent()
                reply.xselection.type = SelectionNotify
                reply.xselection.requestor = request.requestor
                reply.xselection.selection = request.selection
                reply.xselection.target = request.target
                reply.xselection.time = request.time
                reply.xselection.property = 0
                if let text = offeredClipboardText, request.target == utf8 {
                    let bytes = Array(text.utf8)
                    XChangeProperty(display, request.requestor, request.property, utf8, 8, PropModeReplace, bytes, Int32(bytes.count))
                    reply.xselection.property = request.property
                }
                XSendEvent(display, request.requestor, 0, 0, &reply)
                XSync(display, 0)
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return condition()
    }

    /// A 32-bit list property (atoms or windows) of `window`, its first `maximumItems` items,
    /// or nil when it is not set.
    func listProperty(_ name: String, of window: UInt, type: Atom, maximumItems: Int = 1024) -> [UInt]? {
        var actualType: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, XInternAtom(display, name, 0), 0, maximumItems, 0, type,
                &actualType, &format, &count, &after, &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        let items = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(count)).map { items[$0] }
    }

    /// A 32-bit CARDINAL property of `window` (such as `_NET_WM_PID`), its first
    /// `maximumItems` values, or nil when it is not set. Xlib hands each value over as a C long
    /// sign-extended from 32 bits; a CARDINAL is unsigned, so only the low 32 bits count.
    public func cardinalProperty(_ name: String, of window: UInt, maximumItems: Int = 1024) -> [UInt]? {
        listProperty(name, of: window, type: UInt(XA_CARDINAL), maximumItems: maximumItems)?.map { $0 & 0xFFFF_FFFF }
    }

    /// An 8-bit property of `window` split at its NUL bytes (`WM_CLASS` gives instance and
    /// class), or nil when it is not set.
    public func stringProperty(_ name: String, of window: UInt) -> [String]? {
        textProperty(name, of: window)?.bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Gives `window` the keyboard focus directly (`XSetInputFocus`), as a client does on a
    /// server without a window manager.
    public func focus(_ window: UInt) {
        XSetInputFocus(display, window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Whether the window manager lists `_NET_WM_STATE_FULLSCREEN` for `window`.
    public func isFullScreen(_ window: UInt) -> Bool {
        let fullScreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        return listProperty("_NET_WM_STATE", of: window, type: UInt(XA_ATOM))?.contains(fullScreen) == true
    }

    /// Resizes `window` as a user dragging its border would (through the window manager).
    public func resize(_ window: UInt, width: UInt32, height: UInt32) {
        XResizeWindow(display, window, width, height)
        XSync(display, 0)
    }

    /// Asks `window` to close as the window manager's close button does (`WM_DELETE_WINDOW`).
    public func requestClose(_ window: UInt) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, window, 0, 0, &event)
        XSync(display, 0)
    }

    /// The top-level client window titled `title`, found through the window manager's list.
    public func findWindow(titled title: String) -> UInt? {
        for window in listProperty("_NET_CLIENT_LIST", of: root, type: UInt(XA_WINDOW)) ?? [] {
            var name: UnsafeMutablePointer<CChar>?
            if XFetchName(display, window, &name) != 0, let name {
                defer { XFree(name) }
                if String(cString: name) == title { return window }
            }
        }
        return nil
    }

    /// `findWindow(titled:)`, asked every 10 ms until the window manager lists the window or
    /// `timeout` passes: a game can see its window mapped before the window manager has put it
    /// in `_NET_CLIENT_LIST` (seen with kwin_wayland's Xwayland).
    public func waitForWindow(titled title: String, timeout: Duration = .seconds(5)) -> UInt? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let window = findWindow(titled: title) { return window }
            if ContinuousClock.now >= deadline { return nil }
            usleep(10_000)
        }
    }

    /// The window's visual ID and depth, as the server has them (`XGetWindowAttributes`).
    public func visual(of window: UInt) -> (id: UInt, depth: Int32)? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0, let visual = attributes.visual else { return nil }
        return (XVisualIDFromVisual(visual), attributes.depth)
    }

    /// The window's pixels as 0xXXRRGGBB, read with `XGetImage` (what the server shows).
    public func capture(_ window: UInt) -> (width: Int, height: Int, pixels: [UInt32])? {
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0,
            let image = XGetImage(
                display, window, 0, 0, UInt32(attributes.width), UInt32(attributes.height),
                UInt(bitPattern: -1), ZPixmap)
        else { return nil }
        defer { CXlib_XDestroyImage(image) }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        guard image.pointee.bits_per_pixel == 32, let data = image.pointee.data else { return nil }
        let stride = Int(image.pointee.bytes_per_line)
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data).advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { pixels[y * width + x] = row[x] & 0x00FF_FFFF }
        }
        return (width, height, pixels)
    }

    /// Window coordinates of `window` in root coordinates.
    public func rootPoint(in window: UInt, x: Int32, y: Int32) -> (x: Int32, y: Int32) {
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(display, window, root, x, y, &rootX, &rootY, &child)
        return (rootX, rootY)
    }

    /// The centre of `window` in root coordinates.
    public func centre(of window: UInt) -> (x: Int32, y: Int32) {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        var x: Int32 = 0, y: Int32 = 0
        var child: UInt = 0
        XTranslateCoordinates(display, window, root, attributes.width / 2, attributes.height / 2, &x, &y, &child)
        return (x, y)
    }

    /// Waits until a window manager manages windows: it announces itself
    /// (`_NET_SUPPORTING_WM_CHECK`) and then reparents a test window into a frame. openbox
    /// announces itself before it redirects map requests, and a window mapped in between is
    /// never managed; so a test window that stays unmanaged is replaced by a new one.
    public func waitForWindowManager(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        guard waitForAnnouncement(until: deadline) else { return false }
        while ContinuousClock.now < deadline {
            let window = XCreateSimpleWindow(display, root, 0, 0, 10, 10, 0, 0, 0)
            XMapWindow(display, window)
            XSync(display, 0)
            let managed = waitUntilReparented(window, until: min(deadline, .now + .milliseconds(500)))
            XDestroyWindow(display, window)
            XSync(display, 0)
            if managed { return true }
        }
        return false
    }

    private func waitUntilReparented(_ window: UInt, until deadline: ContinuousClock.Instant) -> Bool {
        while ContinuousClock.now < deadline {
            var rootReturn: UInt = 0, parent: UInt = 0
            var children: UnsafeMutablePointer<UInt>?
            var count: UInt32 = 0
            if XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0 {
                if let children { XFree(children) }
                if parent != root { return true }
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// Waits until a window manager announces itself (`_NET_SUPPORTING_WM_CHECK`), at most `timeout`.
    public func waitForWindowManagerAnnouncement(timeout: Duration) -> Bool {
        waitForAnnouncement(until: .now + timeout)
    }

    private func waitForAnnouncement(until deadline: ContinuousClock.Instant) -> Bool {
        while ContinuousClock.now < deadline {
            if listProperty("_NET_SUPPORTING_WM_CHECK", of: root, type: UInt(XA_WINDOW))?.count == 1 { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }
}

/// A server grab held by ``XProbe/grabServer(for:)``, released by a thread of its own.
public final class ServerGrab: Sendable {
    private let released = DispatchSemaphore(value: 0)

    init() {}

    /// Marks the grab as released (called by the releasing thread once `XUngrabServer` was processed).
    func markReleased() { released.signal() }

    /// Waits until the grab is released, at most `timeout`; returns whether it was. The probe
    /// may be used again once this returned true.
    public func waitUntilReleased(timeout: Duration) -> Bool {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        return released.wait(timeout: .now() + seconds) == .success
    }
}

extension XProbe {
    /// Grabs the server (`XGrabServer`, what a window manager does around a move, a resize or
    /// a decoration redraw) and returns once the server holds the grab: until `XUngrabServer`
    /// the server reads no other client's requests. The grab is released after `duration`
    /// by a thread of its own (`XUngrabServer`, then `XSync`), so a caller that blocks on the
    /// server meanwhile cannot keep it held forever. Use the probe again only after
    /// ``ServerGrab/waitUntilReleased(timeout:)`` returned true.
    public func grabServer(for duration: Duration) -> ServerGrab {
        XGrabServer(display)
        XSync(display, 0)
        let grab = ServerGrab()
        nonisolated(unsafe) let display = display
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: seconds)
            XUngrabServer(display)
            XSync(display, 0)
            grab.markReleased()
        }
        return grab
    }
}
