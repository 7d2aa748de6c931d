internal import CXlib

/// Text on the X `CLIPBOARD` selection: owning it to offer text (answering other clients'
/// `SelectionRequest`s) and asking its owner for text (`XConvertSelection`, answered by a
/// `SelectionNotify`). Everything happens through events, so nothing waits for another client.
///
/// Offers `UTF8_STRING`, `STRING` and `TEXT`, and lists them for `TARGETS`. Texts larger than
/// one request (the `INCR` protocol) are not supported: they are refused.
final class X11Clipboard {
    private let display: OpaquePointer
    private let window: UInt
    private let clipboard: UInt, utf8String: UInt, targets: UInt, text: UInt, transferProperty: UInt
    private var offeredText: String?
    private var pendingRequests: [(String?) -> Void] = []

    init(connection: X11Connection, window: UInt) {
        display = connection.display
        self.window = window
        clipboard = connection.atom("CLIPBOARD")
        utf8String = connection.atom("UTF8_STRING")
        targets = connection.atom("TARGETS")
        text = connection.atom("TEXT")
        transferProperty = connection.atom("GAMEINPUT_CLIPBOARD")
    }

    /// Takes the selection and offers `string` until another client takes it.
    func copy(_ string: String, time: UInt) {
        offeredText = string
        XSetSelectionOwner(display, clipboard, window, time)
        XFlush(display)
    }

    /// Asks the selection's owner for text; `completion` gets it, or nil when there is none.
    func requestText(time: UInt, completion: @escaping (String?) -> Void) {
        pendingRequests.append(completion)
        XConvertSelection(display, clipboard, utf8String, transferProperty, window, time)
        XFlush(display)
    }

    /// Handles selection events; returns whether the event was one.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest:
            answer(event.xselectionrequest)
        case SelectionClear where event.xselectionclear.selection == clipboard:
            offeredText = nil
        case SelectionNotify where event.xselection.requestor == window && event.xselection.selection == clipboard:
            let received = event.xselection.property == 0 ? nil : readTransfer()
            if !pendingRequests.isEmpty { pendingRequests.removeFirst()(received) }
        default:
            return false
        }
        return true
    }

    private func answer(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        let property = request.property != 0 ? request.property : request.target
        if request.selection == clipboard, let offeredText {
            if request.target == targets {
                var offered: [UInt] = [targets, utf8String, UInt(XA_STRING), text]
                XChangeProperty(
                    display, request.requestor, property, UInt(XA_ATOM), 32, PropModeReplace,
                    &offered, Int32(offered.count))
                reply.xselection.property = property
            } else if request.target == utf8String || request.target == UInt(XA_STRING) || request.target == text {
                let bytes = Array(offeredText.utf8)
                let type = request.target == UInt(XA_STRING) ? UInt(XA_STRING) : utf8String
                XChangeProperty(display, request.requestor, property, type, 8, PropModeReplace, bytes, Int32(bytes.count))
                reply.xselection.property = property
            }
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    private func readTransfer() -> String? {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, transferProperty, 0, 1 << 20, 1, UInt(AnyPropertyType),
                &type, &format, &count, &after, &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard format == 8, type != connectionAtomIncr else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    private var connectionAtomIncr: UInt { XInternAtom(display, "INCR", 0) }
}
