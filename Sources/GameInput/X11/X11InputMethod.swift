internal import CXlib
import Foundation

/// The user's X input method (ibus, fcitx5, uim, …: an XIM server named by
/// `XMODIFIERS=@im=NAME`) and GameInput's input context with it.
///
/// It is opened only when that server is there and answers: its selection `@server=NAME` has
/// an owner, and that owner answers a `LOCALES` conversion of it within ``answerTimeout``. A server
/// that is stopped or hung keeps its selection but never answers, and `XOpenIM` would then
/// wait for it forever. Preedit comes on the spot through callbacks when the server offers
/// them (the game draws it); otherwise the server draws its own.
final class X11InputMethod {
    /// How long the server may take to answer before it counts as absent (measured: 25 ms
    /// for ibus here).
    static let answerTimeout: Duration = .milliseconds(500)

    /// The server's name, from `XMODIFIERS`.
    let name: String
    /// The window that owns the server's selection, watched for its `DestroyNotify`: a server
    /// killed outright never says goodbye, and Xlib would go on sending it every key.
    private(set) var serverWindow: UInt = 0
    private let display: OpaquePointer
    private var method: OpaquePointer?
    private var context: OpaquePointer?
    /// The composition as the server last drew it.
    private var preedit: [Unicode.Scalar] = []
    private var preeditCaret = 0
    /// Text events the server's callbacks produced, for the window to deliver.
    private(set) var pending: [TextInputEvent] = []

    /// Whether the server is still there (its destroy callback has not run).
    var isOpen: Bool { context != nil }

    /// The input method named by `xmodifiers` on `connection`, with an input context on
    /// `window`; nil when none is named, none answers (`requestor` receives the probe's
    /// answer), or it offers no style GameInput can use.
    static func open(
        on connection: X11Connection, window: UInt, requestor: UInt,
        xmodifiers: String? = ProcessInfo.processInfo.environment["XMODIFIERS"]
    ) -> X11InputMethod? {
        guard let name = serverName(xmodifiers: xmodifiers),
            answers(server: name, on: connection, requestor: requestor),
            let method = CXlib_OpenUTF8InputMethod(connection.display)
        else { return nil }
        let styles = CXlib_InputMethodStyles(method)
        guard styles != 0 else {
            XCloseIM(method)
            return nil
        }
        let inputMethod = X11InputMethod(name: name, display: connection.display, method: method)
        let client = Unmanaged.passUnretained(inputMethod).toOpaque().assumingMemoryBound(to: CChar.self)
        CXlib_SetInputMethodDestroyCallback(method, client, inputMethodDestroyed)
        inputMethod.context = CXlib_CreateInputContext(
            method, window, styles & 1 != 0 ? 1 : 0, client, preeditDrawn, preeditDone, preeditCaretMoved)
        guard inputMethod.context != nil else {
            inputMethod.close()
            return nil
        }
        inputMethod.watchServer(on: connection)
        return inputMethod
    }

    private init(name: String, display: OpaquePointer, method: OpaquePointer) {
        self.name = name
        self.display = display
        self.method = method
    }

    deinit { close() }

    /// The server `@im=NAME` in `xmodifiers` names; nil for none, an empty name or `none`
    /// (Xlib's own local method, whose dead keys and Compose the compose table covers).
    static func serverName(xmodifiers: String?) -> String? {
        guard let xmodifiers, let range = xmodifiers.range(of: "@im=") else { return nil }
        let name = String(xmodifiers[range.upperBound...].prefix { $0 != "@" })
        return name.isEmpty || name == "none" ? nil : name
    }

    /// Whether the server's selection has an owner that answers a conversion of it (converted
    /// or refused) within ``answerTimeout``.
    /// Events read meanwhile stay queued for the window, in order.
    static func answers(server name: String, on connection: X11Connection, requestor: UInt) -> Bool {
        let display = connection.display
        let selection = connection.atom("@server=\(name)")
        guard XGetSelectionOwner(display, selection) != 0 else { return false }
        // The property is the target's own atom, as Xlib asks: uim-xim answers nothing else.
        let locales = connection.atom("LOCALES"), property = locales
        XConvertSelection(display, selection, locales, property, requestor, UInt(CurrentTime))
        connection.flush()
        let deadline = ContinuousClock.now + answerTimeout
        var others: [XEvent] = []
        defer { for var event in others.reversed() { XPutBackEvent(display, &event) } }
        while true {
            var event = XEvent()
            while XCheckTypedWindowEvent(display, requestor, SelectionNotify, &event) != 0 {
                guard event.xselection.selection == selection else {
                    others.append(event)
                    continue
                }
                // Any answer, converted or refused, shows the server runs.
                XDeleteProperty(display, requestor, property)
                return true
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            _ = withUnsafeMutablePointer(to: &descriptor) {
                Posix.poll(UnsafeMutableBufferPointer(start: $0, count: 1), timeout: milliseconds)
            }
            // Reads what came (XCheckTypedWindowEvent only looks at what is already queued).
            XEventsQueued(display, QueuedAfterReading)
        }
    }

    /// Selects the `DestroyNotify` of the server's window, keeping what Xlib selected there.
    private func watchServer(on connection: X11Connection) {
        serverWindow = XGetSelectionOwner(display, connection.atom("@server=\(name)"))
        guard serverWindow != 0 else { return }
        X11ErrorHandlers.expectVanishing(serverWindow, on: display)
        var attributes = XWindowAttributes()
        let selected = XGetWindowAttributes(display, serverWindow, &attributes) != 0 ? attributes.your_event_mask : 0
        XSelectInput(display, serverWindow, selected | StructureNotifyMask)
    }

    /// Whether the server still runs, as far as the events already received say: its window's
    /// `DestroyNotify` is not among them. Xlib waits without limit for the answers to some
    /// requests (setting values, resetting, destroying the context, and every key with a
    /// server that asks for synchronous keys, as uim does), so each of those first looks here.
    /// The server's death reaches the connection before any later input does, so a key is
    /// never sent to a server that died before it was pressed. Reads only what is already
    /// queued or readable: no round trip.
    private func serverRuns() -> Bool {
        guard context != nil else { return false }
        var event = XEvent()
        guard serverWindow != 0, XCheckTypedWindowEvent(display, serverWindow, DestroyNotify, &event) != 0 else { return true }
        serverWentAway()
        return false
    }

    /// Gives the input context the keyboard focus (a text session began) or takes it away.
    func setFocused(_ focused: Bool) {
        guard serverRuns(), let context else { return }
        if focused { XSetICFocus(context) } else { XUnsetICFocus(context) }
    }

    /// Abandons a composition under way (`Xutf8ResetIC`), reporting the preedit's end.
    func reset() {
        guard serverRuns(), let context else { return }
        if let left = Xutf8ResetIC(context) { XFree(left) }
        endPreedit()
    }

    /// Whether the server takes `event` (`XFilterEvent`): a key it composes with, or its own
    /// protocol traffic.
    func filter(_ event: inout XEvent, window: UInt) -> Bool {
        if event.type == KeyPress || event.type == KeyRelease, !serverRuns() { return false }
        return XFilterEvent(&event, window) != 0
    }

    /// The text a key press types, as the server says (`Xutf8LookupString`): the text it
    /// commits with a key code 0 press, or what an unconsumed key types.
    func lookUp(_ key: inout XKeyEvent) -> String {
        guard let context, key.type == KeyPress else { return "" }
        var status: Int32 = 0
        var keysym: KeySym = 0
        // A key's text fits 64 bytes and needs no allocation; a longer commit is read again
        // into a buffer of its size, as Xlib allows after XBufferOverflow.
        let short = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
            let length = Xutf8LookupString(context, &key, buffer.baseAddress, 64, &keysym, &status)
            guard status != XBufferOverflow else { return nil }
            return Self.text(buffer.baseAddress, length: length, status: status)
        }
        if let short { return short }
        let size = Int(Xutf8LookupString(context, &key, nil, 0, &keysym, &status)) + 1
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: size) { buffer in
            let length = Xutf8LookupString(context, &key, buffer.baseAddress, Int32(size), &keysym, &status)
            return Self.text(buffer.baseAddress, length: length, status: status)
        }
    }

    private static func text(_ bytes: UnsafeMutablePointer<CChar>?, length: Int32, status: Int32) -> String {
        guard status == XLookupChars || status == XLookupBoth, length > 0, let bytes else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    /// Moves the server's candidate window next to the caret at (`x`, `y`), window pixels.
    func setSpot(x: Int, y: Int) {
        guard serverRuns(), let context else { return }
        CXlib_SetInputContextSpot(context, Int16(clamping: x), Int16(clamping: y))
    }

    /// Hands over the text events the callbacks produced since the last call.
    func takePending() -> [TextInputEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Destroys the input context and closes the input method (only forgets them when the
    /// server is gone).
    func close() {
        guard serverRuns() else { return abandon() }
        if let context { XDestroyIC(context) }
        if let method { XCloseIM(method) }
        context = nil
        method = nil
    }

    /// Forgets the input method without a request: its connection is gone, and with it
    /// everything Xlib kept for it.
    func abandon() {
        context = nil
        method = nil
    }

    /// The server's window was destroyed (a server killed outright): the input method is
    /// dropped without a word to it. Closing it would wait for answers that never come, so
    /// what Xlib holds for it stays allocated (a few kilobytes) until the connection closes.
    func serverWindowDestroyed() {
        guard isOpen else { return }
        serverWentAway()
    }

    fileprivate func serverWentAway() {
        // The server freed both; they must not be used or freed again.
        context = nil
        method = nil
        endPreedit()
    }

    fileprivate func endPreedit() {
        guard !preedit.isEmpty else { return }
        preedit.removeAll()
        preeditCaret = 0
        pending.append(.preedit(.none))
    }

    /// Applies a draw callback: `chg_length` characters from `chg_first` replaced by the
    /// callback's text (none: deleted), and the caret moved.
    fileprivate func draw(_ call: XIMPreeditDrawCallbackStruct) {
        let first = min(max(0, Int(call.chg_first)), preedit.count)
        let length = min(max(0, Int(call.chg_length)), preedit.count - first)
        var inserted: [Unicode.Scalar] = []
        if let text = call.text, text.pointee.encoding_is_wchar == 0, let bytes = text.pointee.string.multi_byte {
            inserted = Array(String(cString: bytes).unicodeScalars)
        }
        preedit.replaceSubrange(first..<(first + length), with: inserted)
        preeditCaret = min(max(0, Int(call.caret)), preedit.count)
        report()
    }

    fileprivate func moveCaret(_ call: inout XIMPreeditCaretCallbackStruct) {
        switch call.direction {
        case XIMAbsolutePosition: preeditCaret = Int(call.position)
        case XIMForwardChar: preeditCaret += 1
        case XIMBackwardChar: preeditCaret -= 1
        case XIMLineStart: preeditCaret = 0
        case XIMLineEnd: preeditCaret = preedit.count
        default: break
        }
        preeditCaret = min(max(0, preeditCaret), preedit.count)
        call.position = Int32(preeditCaret)
        report()
    }

    private func report() {
        var text = ""
        text.unicodeScalars.append(contentsOf: preedit)
        pending.append(.preedit(Preedit(text: text, caret: preeditCaret)))
    }

    fileprivate static func from(_ client: XPointer?) -> X11InputMethod? {
        client.map { Unmanaged<X11InputMethod>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// `XNDestroyCallback`: the server quit or crashed.
private let inputMethodDestroyed: XIMProc = { _, client, _ in X11InputMethod.from(client)?.serverWentAway() }

/// `XNPreeditDrawCallback`: the composition changed.
private let preeditDrawn: XIMProc = { _, client, call in
    guard let call else { return }
    X11InputMethod.from(client)?.draw(UnsafeRawPointer(call).load(as: XIMPreeditDrawCallbackStruct.self))
}

/// `XNPreeditDoneCallback`: the composition ended.
private let preeditDone: XIMProc = { _, client, _ in X11InputMethod.from(client)?.endPreedit() }

/// `XNPreeditCaretCallback`: the server moved the caret within the composition.
private let preeditCaretMoved: XIMProc = { _, client, call in
    guard let call else { return }
    let caret = UnsafeMutableRawPointer(call).assumingMemoryBound(to: XIMPreeditCaretCallbackStruct.self)
    X11InputMethod.from(client)?.moveCaret(&caret.pointee)
}
