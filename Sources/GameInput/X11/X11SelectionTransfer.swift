internal import CXlib

/// How long a selection transfer waits for the other client before it gives up. The ICCCM sets
/// no limit, but a client that never answers (a hung or dead owner, a requestor that stops
/// reading) must not hold a paste, or our watch on its window, forever.
struct SelectionTimeouts {
    /// How long a request waits for the owner's `SelectionNotify` after `XConvertSelection`.
    var answer: Duration = .seconds(2)
    /// How long an `INCR` transfer (ICCCM 2.7.2) waits for its next step: the owner's next
    /// chunk (`PropertyNotify`, state `PropertyNewValue`, on our window) when we receive, the
    /// requestor's deletion of the property (`PropertyNotify`, state `PropertyDelete`, on its
    /// window) when we send.
    var chunk: Duration = .seconds(5)
}

/// One window property as `XGetWindowProperty` returned it, read whole and then deleted, as a
/// selection requestor must (ICCCM 2.4).
struct SelectionProperty {
    /// The property's type atom (`UTF8_STRING`, `STRING`, `INCR`, …).
    let type: UInt
    /// The property's format: 8, 16 or 32 bits per item.
    let format: Int32
    /// How many items the property holds (bytes, for format 8).
    let itemCount: Int
    /// The value of an 8-bit property (text); empty for 16- and 32-bit ones, whose items we
    /// never use (an `INCR` property's size is only a lower bound).
    let bytes: [UInt8]

    /// What ``take(display:window:property:limit:)`` found.
    enum Outcome {
        /// The whole value (the property is deleted).
        case value(SelectionProperty)
        /// There is no such property.
        case missing
        /// The value holds more than the limit; it was deleted unread.
        case tooLarge
    }

    /// Reads `property` of `window` whole and deletes it, in one `XGetWindowProperty` round
    /// trip: it asks for one 4-byte unit more than `limit` bytes, so `bytes_after` (or the
    /// length itself) says when the value is larger, which is then refused, never cut. Xlib
    /// deletes the property only when nothing is left after the read (`bytes_after` 0), so a
    /// refused one is deleted with `XDeleteProperty`.
    static func take(display: OpaquePointer, window: UInt, property: UInt, limit: Int) -> Outcome {
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, window, property, 0, max(0, limit) / 4 + 1, 1, UInt(AnyPropertyType),
            &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0 else { return .missing }
        guard after == 0, format != 8 || Int(count) <= limit else {
            XDeleteProperty(display, window, property)
            return .tooLarge
        }
        let bytes = format == 8 && count > 0 ? data.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? [] : []
        return .value(SelectionProperty(type: type, format: format, itemCount: Int(count), bytes: bytes))
    }
}

/// Receiving the answer to one `XConvertSelection` of ours: the owner's `SelectionNotify`
/// names the property it wrote on our window; when that property has type `INCR` (ICCCM
/// 2.7.2) the value follows in chunks the owner writes into the same property one by one, each
/// after we deleted the one before, until a zero-length chunk ends it. Our window always
/// selects `PropertyChangeMask`, so every chunk announces itself with a `PropertyNotify`.
struct IncomingSelection {
    /// The transfer property the owner writes to (one of the clipboard's ring).
    let property: UInt
    /// The time we passed to `XConvertSelection`; owners and the server copy it into their
    /// `SelectionNotify`.
    let time: UInt
    /// Who gets the text, or nil.
    let completion: (String?) -> Void
    /// When the transfer gives up unless its next step comes first.
    private(set) var deadline: ContinuousClock.Instant
    /// Whether the owner answered with `INCR` and chunks are coming.
    private(set) var isIncremental = false
    /// The chunks received so far.
    private var received: [UInt8] = []
    /// The type of the chunks (`UTF8_STRING` or `STRING`), from the last one read.
    private var chunkType: UInt = 0

    /// Where a transfer stands after a step.
    enum Progress {
        /// More is to come (the next `INCR` chunk).
        case continuing
        /// The whole value arrived.
        case finished(SelectionProperty)
        /// The owner's property was missing or its value over the size bound.
        case failed
    }

    /// A transfer waiting for the owner's `SelectionNotify` until `deadline`.
    init(property: UInt, time: UInt, deadline: ContinuousClock.Instant, completion: @escaping (String?) -> Void) {
        self.property = property
        self.time = time
        self.deadline = deadline
        self.completion = completion
    }

    /// Reads the property the owner's `SelectionNotify` named. A value of type `INCR` starts
    /// the incremental transfer: reading deleted the property, and that deletion is what asks
    /// the owner for the first chunk.
    mutating func receiveAnswer(
        display: OpaquePointer, window: UInt, incr: UInt, limit: Int, now: ContinuousClock.Instant, timeouts: SelectionTimeouts
    ) -> Progress {
        switch SelectionProperty.take(display: display, window: window, property: property, limit: limit) {
        case .missing, .tooLarge:
            return .failed
        case .value(let value) where value.type == incr:
            isIncremental = true
            deadline = now + timeouts.chunk
            return .continuing
        case .value(let value):
            return .finished(value)
        }
    }

    /// Reads (and so deletes, asking for the next) the chunk the owner just wrote; a
    /// zero-length chunk ends the transfer. Fails when the chunks together pass `limit` bytes.
    mutating func receiveChunk(display: OpaquePointer, window: UInt, limit: Int, now: ContinuousClock.Instant, timeouts: SelectionTimeouts)
        -> Progress
    {
        switch SelectionProperty.take(display: display, window: window, property: property, limit: limit - received.count) {
        case .missing:
            return .continuing
        case .tooLarge:
            return .failed
        case .value(let chunk) where chunk.itemCount == 0:
            return .finished(SelectionProperty(type: chunkType, format: 8, itemCount: received.count, bytes: received))
        case .value(let chunk) where chunk.format != 8:
            return .failed
        case .value(let chunk):
            received.append(contentsOf: chunk.bytes)
            chunkType = chunk.type
            deadline = now + timeouts.chunk
            return .continuing
        }
    }
}

/// Sending one value too large for a single request to a requestor with `INCR` (ICCCM 2.7.2):
/// we write a property of type `INCR` whose value is the total size, then one chunk each time
/// the requestor deletes the property (a `PropertyNotify` with state `PropertyDelete` on its
/// window, which we select `PropertyChangeMask` on for the transfer), and last a zero-length
/// chunk.
struct OutgoingSelection {
    /// The requestor's window, which holds the property.
    let requestor: UInt
    /// The property the requestor named.
    let property: UInt
    /// The type of the chunks (`UTF8_STRING` or `STRING`).
    let type: UInt
    /// The whole value.
    private let bytes: [UInt8]
    /// How many bytes were written so far.
    private var sent = 0
    /// When the transfer gives up unless the requestor deletes the property first.
    private(set) var deadline: ContinuousClock.Instant

    /// A transfer of `bytes` to `property` on `requestor`, given up at `deadline` unless it
    /// moves on.
    init(requestor: UInt, property: UInt, type: UInt, bytes: [UInt8], deadline: ContinuousClock.Instant) {
        self.requestor = requestor
        self.property = property
        self.type = type
        self.bytes = bytes
        self.deadline = deadline
    }

    /// Writes the `INCR` property (format 32, one item: the size in bytes, a lower bound the
    /// requestor may use to allocate); the requestor starts the transfer by deleting it.
    func announce(display: OpaquePointer, incr: UInt) {
        var size = [Int(min(bytes.count, Int(UInt32.max)))]
        XChangeProperty(display, requestor, property, incr, 32, PropModeReplace, &size, 1)
    }

    /// Writes the next chunk, at most `chunkSize` bytes (`XChangeProperty`, `PropModeReplace`),
    /// after the requestor deleted the last one. Returns false when that was the final,
    /// zero-length chunk: the transfer is over.
    mutating func sendNextChunk(display: OpaquePointer, chunkSize: Int, now: ContinuousClock.Instant, timeouts: SelectionTimeouts)
        -> Bool
    {
        let end = min(sent + chunkSize, bytes.count)
        let start = sent
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            XChangeProperty(display, requestor, property, type, 8, PropModeReplace, base + start, Int32(end - start))
        }
        guard end > start else { return false }
        sent = end
        deadline = now + timeouts.chunk
        return true
    }

    /// The largest value sent in one property, and the size of each `INCR` chunk: what one
    /// request may carry (`XExtendedMaxRequestSize` with BIG-REQUESTS, else `XMaxRequestSize`,
    /// both in 4-byte units) less a margin for the `ChangeProperty` request's own fields, and at
    /// most 256 KiB, as GTK does: a larger single write would hold the game's thread while
    /// Xlib pushes it out, and every requestor in use speaks `INCR`.
    static func chunkSize(display: OpaquePointer) -> Int {
        let extended = XExtendedMaxRequestSize(display)
        let units = extended > 0 ? extended : XMaxRequestSize(display)
        return min(256 * 1024, max(4096, units * 4 - 400))
    }
}
