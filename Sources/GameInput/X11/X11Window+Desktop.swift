internal import CXlib
import Foundation

/// Living with the window manager, or without one: what the window tells it (ICCCM and EWMH
/// properties), how it asks for the focus, and which of its states count as hidden.
extension X11Window {
    /// How the window is shown, as far as the lock cares: mapped by the server, and not
    /// minimised or hidden by the window manager. The map state alone does not tell: mutter
    /// keeps a minimised window mapped (`WM_STATE` Iconic, still `IsViewable`), and i3 hides a
    /// window on another workspace or in its scratchpad by unmapping only its frame (`WM_STATE`
    /// Withdrawn, the window itself still mapped).
    struct Visibility: Equatable {
        var isMapped = false
        /// `WM_STATE` says `IconicState` or `WithdrawnState`.
        var isSetAsideByWindowManager = false
        /// `_NET_WM_STATE` lists `_NET_WM_STATE_HIDDEN`.
        var isHidden = false

        var isViewable: Bool { isMapped && !isSetAsideByWindowManager && !isHidden }
    }

    /// Whether the pointer is over the window, as an Xwayland client can know it. Xwayland's
    /// own pointer position goes stale while the compositor's cursor is over other clients'
    /// windows (it starts at the screen's centre), and a window mapped under that stale
    /// position gets an enter the compositor never made. Xwayland forwards pointer events only
    /// while the compositor's cursor is over one of its windows, so the pointer is taken to be
    /// over ours once the crossings say it is in the window and a pointer event (raw motion
    /// from the seat, or motion in the window) has come since the pointer last left.
    struct PointerWhereabouts: Equatable {
        /// The last crossing (not one made by a grab) was an enter, or motion came in the window.
        var inWindow = false
        /// Pointer motion has been reported since the pointer last left the window.
        var pointerMoved = false

        var isOverWindow: Bool { inWindow && pointerMoved }
    }

    /// The X11 side of `GameWindow.windowManagerRuns`.
    var windowManagerRuns: Bool { desktopWatch.windowManagerRuns }

    /// The X11 side of `GameWindow.activate`.
    func activate() {
        guard isUsable else { return }
        let display = connection.display
        if windowManagerRuns {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = windowID
            event.xclient.message_type = atoms.netActiveWindow
            event.xclient.format = 32
            event.xclient.data.l.0 = 1  // source indication: an application
            event.xclient.data.l.1 = Int(input.lastEventTime)
            XSendEvent(display, connection.rootWindow, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        } else {
            XRaiseWindow(display, windowID)
            takeFocus()
        }
        connection.flush()
    }

    /// Whether an EWMH window manager runs: the root's `_NET_SUPPORTING_WM_CHECK` names a
    /// window whose own property names itself (a dead window manager leaves a stale one).
    /// Two round trips; read when the window maps.
    func readWindowManagerRuns() -> Bool {
        let check = atoms.netSupportingWMCheck
        guard let child = windowProperty(check, of: connection.rootWindow) else { return false }
        var confirmed: UInt?
        let error = connection.firstError { confirmed = windowProperty(check, of: child) }
        return error == nil && confirmed == child
    }

    /// Without a window manager nothing hands out the focus: the window takes it when it maps
    /// (and gives it back to the pointer root when it goes away).
    func takeFocus() {
        XSetInputFocus(
            connection.display, windowID, Int32(RevertToPointerRoot), input.lastEventTime == 0 ? UInt(CurrentTime) : input.lastEventTime)
    }

    /// Reads `WM_STATE` after the window manager changed it: whether it is Iconic or Withdrawn
    /// (a window without the property, as on a server without a window manager, is shown).
    func readSetAsideState() -> Bool {
        guard let items = listProperty(atoms.wmState, type: atoms.wmState, of: windowID), let state = items.first else {
            return false
        }
        return state == UInt(IconicState) || state == UInt(WithdrawnState)
    }

    /// Reads `_NET_WM_STATE`: whether it lists full-screen and hidden.
    func readNetWMState() -> (fullScreen: Bool, hidden: Bool) {
        let states = listProperty(atoms.netWMState, type: UInt(XA_ATOM), of: windowID) ?? []
        return (states.contains(atoms.netWMStateFullScreen), states.contains(atoms.netWMStateHidden))
    }

    /// Asks a compositor to stop compositing the window while it is full-screen
    /// (`_NET_WM_BYPASS_COMPOSITOR` = 1), and removes the request otherwise.
    func setBypassCompositor(_ bypass: Bool) {
        let display = connection.display
        if bypass {
            var value: UInt = 1
            _ = withUnsafeBytes(of: &value) { bytes in
                XChangeProperty(
                    display, windowID, atoms.netWMBypassCompositor, UInt(XA_CARDINAL), 32, PropModeReplace,
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
        } else {
            XDeleteProperty(display, windowID, atoms.netWMBypassCompositor)
        }
    }

    /// What a window manager, a task bar and `xkill` read about the window: its titles
    /// (`_NET_WM_NAME` in UTF-8 and `WM_NAME`, see ``title``), `WM_CLASS` (instance and class name),
    /// `WM_CLIENT_MACHINE` and `_NET_WM_PID`.
    static func describe(window: UInt, title: String, connection: X11Connection) {
        let display = connection.display
        writeTitle(title, window: window, connection: connection)
        // ICCCM: the instance name is RESOURCE_NAME or the program's name; the class is the
        // program's name capitalised ("lockgame", "Lockgame").
        let program = ProcessInfo.processInfo.processName
        let instance = ProcessInfo.processInfo.environment["RESOURCE_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? program
        let className = program.prefix(1).uppercased() + program.dropFirst()
        instance.withCString { instanceName in
            className.withCString { classNameC in
                var hint = XClassHint(
                    res_name: UnsafeMutablePointer(mutating: instanceName),
                    res_class: UnsafeMutablePointer(mutating: classNameC))
                XSetClassHint(display, window, &hint)
            }
        }
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            let machine = host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            XChangeProperty(
                display, window, connection.atom("WM_CLIENT_MACHINE"), UInt(XA_STRING), 8, PropModeReplace,
                machine, Int32(machine.count))
        }
        // _NET_WM_PID is a CARDINAL/32, which Xlib takes as C longs.
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(
                display, window, connection.atom("_NET_WM_PID"), UInt(XA_CARDINAL), 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    private func windowProperty(_ atom: UInt, of window: UInt) -> UInt? {
        guard let items = listProperty(atom, type: UInt(XA_WINDOW), of: window), items.count == 1 else { return nil }
        return items[0]
    }

    /// A 32-bit list property (atoms, windows, cardinals) of `window`, or nil when it is not set.
    func listProperty(_ atom: UInt, type: UInt, of window: UInt) -> [UInt]? {
        var actualType: UInt = 0
        var actualFormat: Int32 = 0
        var itemCount: UInt = 0, bytesAfter: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                connection.display, window, atom, 0, 64, 0, type,
                &actualType, &actualFormat, &itemCount, &bytesAfter, &data) == Success,
            let data
        else { return nil }
        defer { XFree(data) }
        guard actualFormat == 32, actualType == type else { return nil }
        let items = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(itemCount)).map { items[$0] }
    }
}
