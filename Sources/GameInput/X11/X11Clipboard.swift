internal import CXlib

/// Text on the X `CLIPBOARD` selection: owning it to offer text (answering other clients'
/// `SelectionRequest`s) and asking its owner for text (`XConvertSelection`, answered by a
/// `SelectionNotify`). Everything happens through events, so nothing waits for another client:
/// completions run from ``handle(_:)`` or ``expire(now:)``, inside the game's event loop.
///
/// Offers `UTF8_STRING`, `TEXT` (as UTF-8) and `STRING` (ISO Latin-1), and lists them for
/// `TARGETS`. Texts too large for one request travel with `INCR` (ICCCM 2.7.2) both ways (the
/// machinery is in `X11SelectionTransfer.swift`); received texts are bounded by
/// ``maximumReceivedSize``.
///
/// Requests are matched to answers exactly, so an owner that never answers, or answers late,
/// costs only its own request. Only one `XConvertSelection` is in flight at a time: later
/// requests wait here and start when it ends, with its answer or at its deadline (with nil).
/// A late answer to an abandoned request is recognised by two things:
/// - Its property. Each request names the next property of a small ring on our window, and a
///   property stays out of use for ``abandonedMemory`` after its request was abandoned and
///   nothing more came for it, so a late `SelectionNotify` (and any `INCR` chunk after it)
///   names a property that is not the current request's. Such data is deleted as it arrives:
///   the server frees it, and an owner still sending chunks goes on to its end.
/// - Its time, for refusals: a `SelectionNotify` with property `None` carries nothing but the
///   request's time. Real request times are made strictly increasing, so a refusal names its
///   request. With `CurrentTime` (no input seen yet) every request has the same time, so a
///   refusal with the time of a request abandoned unanswered is taken as that request's (at
///   worst the current one then ends at its deadline, with the same nil).
/// Why both: times alone fail before the first input (every request has `CurrentTime`), and a
/// late owner writing into the current request's property would spoil its answer; the ring
/// alone cannot place a refusal, which names no property.
final class X11Clipboard {
    /// How many transfer properties (`GAMEINPUT_CLIPBOARD_0` …) the ring holds.
    static let transferPropertyCount = 4
    /// How long an abandoned request is remembered after it was last heard from: its property
    /// is not reused meanwhile, and a refusal with its time is taken as its own.
    static let abandonedMemory: Duration = .seconds(30)

    /// Xlib's `Display *` of the game's connection.
    private let display: OpaquePointer
    /// The game's window: the selection's owner when we offer, the requestor when we paste.
    private let window: UInt
    /// The atoms of the selection (`CLIPBOARD`), the targets we offer and the `INCR` type.
    private let clipboard: UInt, utf8String: UInt, targets: UInt, text: UInt, incr: UInt
    /// The ring of transfer properties on our window, interned once.
    private let transferProperties: [UInt]
    /// The largest value sent in one property and the size of each `INCR` chunk sent.
    let chunkSize: Int
    /// How long requests and transfers wait for the other client.
    var timeouts = SelectionTimeouts()
    /// The largest text received, in bytes (64 MiB): a larger one ends with nil, never cut.
    var maximumReceivedSize = 64 << 20

    /// The text we offer while we own the selection, and its UTF-8 bytes.
    private var offer: (text: String, utf8: [UInt8])?
    /// `INCR` transfers to requestors in progress, several at once.
    private var outgoing: [OutgoingSelection] = []

    /// A request not yet started: the time of the event that asked for it, and its completion.
    private struct QueuedRequest {
        /// The time for `XConvertSelection` (`CurrentTime` when 0).
        let time: UInt
        /// Who gets the text, or nil.
        let completion: (String?) -> Void
    }

    /// A request that ended at its deadline, whose answer may still come.
    private struct AbandonedRequest {
        /// The transfer property it named.
        let property: UInt
        /// The time it was made with.
        let time: UInt
        /// Whether its `SelectionNotify` came (late): only `INCR` chunks can follow, no refusal.
        var wasAnswered: Bool
        /// When it was abandoned, or last sent us data.
        var lastHeard: ContinuousClock.Instant
    }

    /// Requests waiting for the one in flight to end, oldest first.
    private var queued: [QueuedRequest] = []
    /// The request in flight, if any.
    private var current: IncomingSelection?
    /// Requests abandoned within ``abandonedMemory``.
    private var abandoned: [AbandonedRequest] = []
    /// Where the search for a free transfer property starts.
    private var nextTransferProperty = 0
    /// The time of the last request made with a real time, 0 before any.
    private var lastRequestTime: UInt = 0

    /// Interns the atoms and the ring of transfer properties (set-up round trips), and reads
    /// the server's request size limit for ``chunkSize``.
    init(connection: X11Connection, window: UInt) {
        display = connection.display
        self.window = window
        clipboard = connection.atom("CLIPBOARD")
        utf8String = connection.atom("UTF8_STRING")
        targets = connection.atom("TARGETS")
        text = connection.atom("TEXT")
        incr = connection.atom("INCR")
        transferProperties = (0..<Self.transferPropertyCount).map { connection.atom("GAMEINPUT_CLIPBOARD_\($0)") }
        chunkSize = OutgoingSelection.chunkSize(display: connection.display)
    }

    /// How many `INCR` transfers to requestors are in progress (for tests and diagnostics).
    var outgoingTransferCount: Int { outgoing.count }

    // MARK: - Offering

    /// Takes the selection and offers `string` until another client takes it
    /// (`XSetSelectionOwner`). Transfers of an earlier text in progress go on.
    func copy(_ string: String, time: UInt) {
        offer = (string, Array(string.utf8))
        XSetSelectionOwner(display, clipboard, window, time)
        XFlush(display)
    }

    /// Answers a `SelectionRequest` with a `SelectionNotify`: `TARGETS`, or the text in the
    /// property the requestor named (the target, for obsolete requestors that name none),
    /// with `INCR` when it is larger than ``chunkSize``. Anything else is refused (property
    /// `None`).
    private func answer(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        let property = request.property != 0 ? request.property : request.target
        if request.selection == clipboard, let offer {
            if request.target == targets {
                var offered: [UInt] = [targets, utf8String, UInt(XA_STRING), text]
                XChangeProperty(
                    display, request.requestor, property, UInt(XA_ATOM), 32, PropModeReplace, &offered, Int32(offered.count))
                reply.xselection.property = property
            } else if request.target == utf8String || request.target == text {
                send(offer.utf8, type: utf8String, to: request.requestor, property: property)
                reply.xselection.property = property
            } else if request.target == UInt(XA_STRING) {
                send(Self.latin1(offer.text), type: UInt(XA_STRING), to: request.requestor, property: property)
                reply.xselection.property = property
            }
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    /// Writes `bytes` to `property` on `requestor`: in one property when they fit in a chunk,
    /// otherwise as an `INCR` transfer, watching the requestor's window (`XSelectInput` with
    /// `PropertyChangeMask`; our own window selects it already, and its mask must stay).
    private func send(_ bytes: [UInt8], type: UInt, to requestor: UInt, property: UInt) {
        guard bytes.count > chunkSize else {
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, bytes, Int32(bytes.count))
            return
        }
        outgoing.removeAll { $0.requestor == requestor && $0.property == property }
        if requestor != window && !outgoing.contains(where: { $0.requestor == requestor }) {
            XSelectInput(display, requestor, PropertyChangeMask)
        }
        let transfer = OutgoingSelection(
            requestor: requestor, property: property, type: type, bytes: bytes, deadline: .now + timeouts.chunk)
        transfer.announce(display: display, incr: incr)
        outgoing.append(transfer)
    }

    /// Ends the outgoing transfer at `index`, and stops watching its requestor's window when no
    /// other transfer goes there (`XSelectInput` with `NoEventMask`).
    private func endOutgoing(at index: Int) {
        let transfer = outgoing.remove(at: index)
        if transfer.requestor != window && !outgoing.contains(where: { $0.requestor == transfer.requestor }) {
            XSelectInput(display, transfer.requestor, NoEventMask)
        }
    }

    // MARK: - Requesting

    /// Asks the selection's owner for text; `completion` gets it, or nil when there is none,
    /// it is not text, it is larger than ``maximumReceivedSize`` or the owner does not answer
    /// in time. It runs once, from a later ``handle(_:)`` or ``expire(now:)``, never from
    /// here; requests complete in the order they were made.
    func requestText(time: UInt, completion: @escaping (String?) -> Void) {
        queued.append(QueuedRequest(time: time, completion: completion))
        if current == nil {
            startNextRequest(now: .now)
            XFlush(display)
        }
    }

    /// Sends the oldest queued request's `XConvertSelection` when none is in flight.
    private func startNextRequest(now: ContinuousClock.Instant) {
        guard current == nil, !queued.isEmpty else { return }
        let request = queued.removeFirst()
        let property = freeTransferProperty(now: now)
        let time = distinctTime(request.time)
        XConvertSelection(display, clipboard, utf8String, property, window, time)
        current = IncomingSelection(
            property: property, time: time, deadline: now + timeouts.answer, completion: request.completion)
    }

    /// The next transfer property no abandoned request may still write to; when all of them
    /// may, the one quiet for longest, whose request is then forgotten.
    private func freeTransferProperty(now: ContinuousClock.Instant) -> UInt {
        forgetOldAbandonedRequests(now: now)
        let count = transferProperties.count
        for step in 0..<count {
            let index = (nextTransferProperty + step) % count
            if !abandoned.contains(where: { $0.property == transferProperties[index] }) {
                nextTransferProperty = (index + 1) % count
                return transferProperties[index]
            }
        }
        let quietest = abandoned.min { $0.lastHeard < $1.lastHeard }?.property ?? transferProperties[0]
        abandoned.removeAll { $0.property == quietest }
        return quietest
    }

    /// Forgets requests abandoned, and silent since, longer than ``abandonedMemory`` ago.
    private func forgetOldAbandonedRequests(now: ContinuousClock.Instant) {
        abandoned.removeAll { $0.lastHeard + Self.abandonedMemory < now }
    }

    /// The time for the next `XConvertSelection`: `time`, or one millisecond after the last
    /// request's when that is not earlier (server times are 32-bit and wrap around), so that
    /// refusals name their request. `CurrentTime` (0) stays as it is: there is no real time to
    /// order.
    private func distinctTime(_ time: UInt) -> UInt {
        guard time != UInt(CurrentTime) else { return time }
        let candidate = UInt32(truncatingIfNeeded: time)
        var chosen = candidate
        if lastRequestTime != 0 {
            let previous = UInt32(truncatingIfNeeded: lastRequestTime)
            if Int32(bitPattern: candidate &- previous) <= 0 { chosen = previous &+ 1 }
        }
        if chosen == 0 { chosen = 1 }
        lastRequestTime = UInt(chosen)
        return UInt(chosen)
    }

    /// Handles the owner's `SelectionNotify` for one of our requests: the current request's
    /// answer when it names the current property (or, for a refusal, its time); otherwise a
    /// late answer to an abandoned request, which is dropped.
    private func receive(_ notify: XSelectionEvent) {
        let now = ContinuousClock.now
        guard notify.property != 0 else {
            forgetOldAbandonedRequests(now: now)
            if let index = abandoned.firstIndex(where: { !$0.wasAnswered && $0.time == notify.time }) {
                abandoned.remove(at: index)
            } else if let current, !current.isIncremental, current.time == notify.time {
                finish(with: nil)
            }
            return
        }
        guard current?.property == notify.property, current?.isIncremental == false else {
            // A late answer. Its data is deleted (again, if its PropertyNotify came after the
            // request was abandoned: deleting a property that is gone does nothing), and so
            // are the INCR chunks that may follow into the same property.
            if current?.property != notify.property && transferProperties.contains(notify.property) {
                XDeleteProperty(display, window, notify.property)
                XFlush(display)
            }
            if let index = abandoned.firstIndex(where: { $0.property == notify.property }) {
                abandoned[index].wasAnswered = true
                abandoned[index].lastHeard = now
            }
            return
        }
        let progress = current?.receiveAnswer(
            display: display, window: window, incr: incr, limit: maximumReceivedSize, now: now, timeouts: timeouts)
        settle(progress)
    }

    /// Handles a property change that may belong to a transfer: a requestor's deletion asks
    /// for the next outgoing chunk; a new value of a transfer property on our window is the
    /// current request's next `INCR` chunk, or data for an abandoned request, which is deleted.
    /// Returns whether the change belonged to a transfer.
    private func receive(_ change: XPropertyEvent) -> Bool {
        var belongs = false
        if let index = outgoing.firstIndex(where: { $0.requestor == change.window && $0.property == change.atom }) {
            belongs = true
            if change.state == PropertyDelete {
                if !outgoing[index].sendNextChunk(display: display, chunkSize: chunkSize, now: .now, timeouts: timeouts) {
                    endOutgoing(at: index)
                }
                XFlush(display)
            }
        }
        if change.window == window && transferProperties.contains(change.atom) {
            belongs = true
            guard change.state == PropertyNewValue else { return belongs }
            // (No `if let current` here: a copy would share the chunks' buffer, and each chunk
            // appended would then copy it whole.)
            if current?.property == change.atom {
                // Before the owner's SelectionNotify this is its answer being written: read then.
                guard current?.isIncremental == true else { return belongs }
                let progress = current?.receiveChunk(
                    display: display, window: window, limit: maximumReceivedSize, now: .now, timeouts: timeouts)
                settle(progress)
            } else {
                XDeleteProperty(display, window, change.atom)
                XFlush(display)
                if let index = abandoned.firstIndex(where: { $0.property == change.atom }) { abandoned[index].lastHeard = .now }
            }
        }
        return belongs
    }

    /// Ends the current request when `progress` says it is over: with its text, or with nil
    /// (an `INCR` transfer that failed half-way is abandoned, since its owner goes on sending).
    private func settle(_ progress: IncomingSelection.Progress?) {
        switch progress {
        case .finished(let value):
            finish(with: Self.text(from: value))
        case .failed:
            if current?.isIncremental == true { abandonCurrent(wasAnswered: true, now: .now) } else { finish(with: nil) }
        case .continuing, nil:
            break
        }
    }

    /// Gives up the current request (remembering it, for its late answer) and ends it with nil.
    private func abandonCurrent(wasAnswered: Bool, now: ContinuousClock.Instant) {
        guard let current else { return }
        abandoned.append(AbandonedRequest(property: current.property, time: current.time, wasAnswered: wasAnswered, lastHeard: now))
        finish(with: nil)
    }

    /// Ends the current request with `result`: the next queued request starts first, so a
    /// completion that asks again queues behind it.
    private func finish(with result: String?) {
        guard let finished = current else { return }
        current = nil
        startNextRequest(now: .now)
        XFlush(display)
        finished.completion(result)
    }

    // MARK: - The event loop

    /// When the request in flight or the oldest outgoing transfer times out; nil when none is
    /// pending (the loop then needs no wake-up for the clipboard).
    var deadline: ContinuousClock.Instant? {
        var earliest = current?.deadline
        for transfer in outgoing where earliest.map({ transfer.deadline < $0 }) ?? true { earliest = transfer.deadline }
        return earliest
    }

    /// Ends the request and the outgoing transfers whose deadline passed at `now`: the request
    /// completes with nil and the next one starts; an outgoing transfer is dropped and its
    /// requestor's window no longer watched.
    func expire(now: ContinuousClock.Instant) {
        if let current, current.deadline <= now {
            abandonCurrent(wasAnswered: current.isIncremental, now: now)
        }
        if outgoing.contains(where: { $0.deadline <= now }) {
            for index in outgoing.indices.reversed() where outgoing[index].deadline <= now { endOutgoing(at: index) }
            XFlush(display)
        }
    }

    /// Handles selection events and the property changes of transfers; returns whether the
    /// event was one.
    func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case SelectionRequest:
            answer(event.xselectionrequest)
        case SelectionClear where event.xselectionclear.selection == clipboard:
            offer = nil
        case SelectionNotify where event.xselection.requestor == window && event.xselection.selection == clipboard:
            receive(event.xselection)
        case PropertyNotify:
            return receive(event.xproperty)
        default:
            return false
        }
        return true
    }

    // MARK: - Text encodings

    /// The text of a received property: ISO Latin-1 for type `STRING` (ICCCM 2.7.1), UTF-8
    /// otherwise (`UTF8_STRING`, and what owners send for `TEXT`); nil when it is not 8-bit.
    private static func text(from property: SelectionProperty) -> String? {
        guard property.format == 8 || property.itemCount == 0 else { return nil }
        guard property.type == UInt(XA_STRING) else { return String(decoding: property.bytes, as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(property.bytes.count)
        for byte in property.bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                utf8.append(0xC0 | byte >> 6)
                utf8.append(0x80 | byte & 0x3F)
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// `string` in ISO Latin-1, for target `STRING`: `?` for each character Latin-1 lacks.
    private static func latin1(_ string: String) -> [UInt8] {
        string.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : UInt8(ascii: "?") }
    }
}
