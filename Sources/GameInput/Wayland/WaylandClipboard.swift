internal import CWayland
import Foundation

/// Text on the Wayland clipboard: the seat's selection, through `wl_data_device`.
///
/// Copying makes a `wl_data_source` that offers the text as `text/plain;charset=utf-8`,
/// `text/plain`, `UTF8_STRING` and `TEXT` (the last two for Xwayland's X clients) and sets it
/// as the selection with the serial of the window's latest input; a compositor that refuses
/// (the window has no focus, the serial is stale) says `cancelled`, and the text is dropped.
/// Each paste by another program reaches us as `send` with the write end of its pipe; the text
/// goes down it without blocking, as much as the pipe takes each time the loop runs.
///
/// Pasting asks the selection the compositor announced last (it announces one whenever the
/// window gets the keyboard focus and whenever the selection changes while it has it) for its
/// best text type (`receive`) into a pipe of our own, read without blocking from the loop to
/// its end. A text we offer ourselves is answered at once. No selection, no text type, a
/// transfer that stalls for ``stallTimeout``, one larger than ``maximumReceivedSize`` or one
/// that is not UTF-8 ends with nil, never with a cut text.
///
/// The transfers' descriptors sit in an epoll set of their own, ``transferSet``, which the
/// window's loop and its wake set watch as one descriptor. Completions are handed out by
/// ``takeFinished(now:)``, which the window calls inside ``GameWindow/pollEvents(_:)``.
final class WaylandClipboard {
    /// The text types offered when copying, best first.
    static let offeredTypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT"]
    /// The text types read when pasting, best first; all are read as UTF-8.
    static let acceptedTypes = ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "TEXT"]
    /// How long a transfer may go without moving a byte before it is given up.
    static let stallTimeout: Duration = .seconds(5)
    /// The largest text received, in bytes (64 MiB, as on X11).
    static let maximumReceivedSize = 64 << 20

    /// The epoll set of the transfers in progress: readable while one of them can move.
    let transferSet: Int32
    private let manager: OpaquePointer
    private let device: OpaquePointer
    /// The types each offer announced so far, by offer, until it is the selection or is gone.
    private var announcedTypes: [OpaquePointer: [String]] = [:]
    /// The selection the compositor announced last, and its types.
    private var selection: (offer: OpaquePointer, types: [String])?
    /// A drag's offer, which GameInput takes no drop from.
    private var dragOffer: OpaquePointer?
    /// Our source while it holds the selection, and the text it offers.
    private var source: OpaquePointer?
    private var offeredText = ""
    private var offeredBytes: [UInt8] = []

    /// A paste by another program: our text going down its pipe.
    private struct Sending {
        let descriptor: Int32
        let bytes: [UInt8]
        var sent = 0
        var deadline: ContinuousClock.Instant
    }

    /// A paste of ours: the selection's text coming up our pipe.
    private struct Receiving {
        let descriptor: Int32
        var bytes: [UInt8] = []
        let completion: (String?) -> Void
        var deadline: ContinuousClock.Instant
    }

    private var sending: [Sending] = []
    private var receiving: [Receiving] = []
    /// Pastes answered without a transfer (our own text, or nothing to paste).
    private var answered: [(completion: (String?) -> Void, text: String?)] = []

    /// The data device of `seat` from `manager`; nil when no epoll set can be made (out of
    /// descriptors), and the manager is destroyed then.
    init?(manager: OpaquePointer, seat: OpaquePointer) {
        guard case .success(let set) = Posix.epollSet() else {
            wl_data_device_manager_destroy(manager)
            return nil
        }
        guard let device = wl_data_device_manager_get_data_device(manager, seat) else {
            Posix.close(set)
            wl_data_device_manager_destroy(manager)
            return nil
        }
        transferSet = set
        self.manager = manager
        self.device = device
        wl_data_device_add_listener(device, Self.deviceListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether a paste waits to be handed its text.
    var hasAnswers: Bool { !answered.isEmpty }

    /// The earliest moment a transfer in progress is given up, if one is.
    var nextDeadline: ContinuousClock.Instant? {
        var earliest: ContinuousClock.Instant?
        for transfer in sending where earliest.map({ transfer.deadline < $0 }) ?? true { earliest = transfer.deadline }
        for transfer in receiving where earliest.map({ transfer.deadline < $0 }) ?? true { earliest = transfer.deadline }
        return earliest
    }

    /// Offers `text` as the selection, with `serial` of the window's latest input.
    func copy(_ text: String, serial: UInt32) {
        if let source { wl_data_source_destroy(source) }
        guard let made = wl_data_device_manager_create_data_source(manager) else {
            source = nil
            return
        }
        source = made
        offeredText = text
        offeredBytes = Array(text.utf8)
        wl_data_source_add_listener(made, Self.sourceListener, Unmanaged.passUnretained(self).toOpaque())
        for type in Self.offeredTypes { wl_data_source_offer(made, type) }
        wl_data_device_set_selection(device, made, serial)
    }

    /// Asks for the selection's text; `completion` gets it from a later ``takeFinished(now:)``.
    func requestText(_ completion: @escaping (String?) -> Void) {
        if source != nil { return answered.append((completion, offeredText)) }
        guard let selection, let type = Self.acceptedTypes.first(where: selection.types.contains),
            case .success(let pipe) = Posix.pipe()
        else { return answered.append((completion, nil)) }
        wl_data_offer_receive(selection.offer, type, pipe.write)
        // libwayland sent a copy of the write end with the request.
        Posix.close(pipe.write)
        Posix.epoll(transferSet, watching: pipe.read, true)
        receiving.append(Receiving(descriptor: pipe.read, completion: completion, deadline: .now + Self.stallTimeout))
    }

    /// Moves what the transfers can move now and returns the pastes that ended (with their
    /// text, or nil), oldest first; the caller runs them.
    func takeFinished(now: ContinuousClock.Instant) -> [(completion: (String?) -> Void, text: String?)] {
        guard !answered.isEmpty || !sending.isEmpty || !receiving.isEmpty else { return [] }
        var finished = answered
        answered.removeAll()
        var index = 0
        while index < sending.count {
            if advance(&sending[index], now: now) {
                end(sending[index].descriptor)
                sending.remove(at: index)
            } else {
                index += 1
            }
        }
        index = 0
        while index < receiving.count {
            if let text = advance(&receiving[index], now: now) {
                end(receiving[index].descriptor)
                finished.append((receiving[index].completion, text))
                receiving.remove(at: index)
            } else {
                index += 1
            }
        }
        return finished
    }

    /// Ends every transfer and destroys the protocol objects; pending pastes are not completed
    /// here (the window answers them with nil: `ClipboardReads`).
    func destroy() {
        for transfer in sending { end(transfer.descriptor) }
        for transfer in receiving { end(transfer.descriptor) }
        sending.removeAll()
        receiving.removeAll()
        answered.removeAll()
        for offer in announcedTypes.keys { wl_data_offer_destroy(offer) }
        announcedTypes.removeAll()
        if let selection { wl_data_offer_destroy(selection.offer) }
        selection = nil
        if let dragOffer { wl_data_offer_destroy(dragOffer) }
        dragOffer = nil
        if let source { wl_data_source_destroy(source) }
        source = nil
        // `release` came with version 2; a version 1 device is only forgotten.
        if wl_data_device_get_version(device) >= 2 { wl_data_device_release(device) } else { wl_data_device_destroy(device) }
        wl_data_device_manager_destroy(manager)
        Posix.close(transferSet)
    }

    // MARK: Transfers

    /// Writes what the pipe takes; whether the transfer ended (all sent, the reader gone, or
    /// stalled).
    private func advance(_ transfer: inout Sending, now: ContinuousClock.Instant) -> Bool {
        while transfer.sent < transfer.bytes.count {
            let sent = transfer.sent, descriptor = transfer.descriptor
            let result = transfer.bytes.withUnsafeBytes { Posix.write(descriptor, UnsafeRawBufferPointer(rebasing: $0[sent...])) }
            guard case .bytes(let count) = result else {
                return result != .wouldBlock || now >= transfer.deadline
            }
            transfer.sent += count
            transfer.deadline = now + Self.stallTimeout
        }
        return true
    }

    /// Reads what the pipe holds; the text (nil for none) when the transfer ended, `.none`
    /// while it goes on.
    private func advance(_ transfer: inout Receiving, now: ContinuousClock.Instant) -> String?? {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let result = chunk.withUnsafeMutableBytes { Posix.read(transfer.descriptor, into: $0) }
            switch result {
            case .bytes(let count):
                guard transfer.bytes.count + count <= Self.maximumReceivedSize else { return .some(nil) }
                transfer.bytes.append(contentsOf: chunk[..<count])
                transfer.deadline = now + Self.stallTimeout
            case .wouldBlock:
                return now < transfer.deadline ? .none : .some(nil)
            case .closed:
                return .some(String(validating: transfer.bytes, as: UTF8.self))
            case .failed:
                return .some(nil)
            }
        }
    }

    /// Takes a transfer's descriptor out of the set and closes it.
    private func end(_ descriptor: Int32) {
        Posix.epoll(transferSet, watching: descriptor, false)
        Posix.close(descriptor)
    }

    // MARK: What the compositor says

    private func offerAnnounced(_ offer: OpaquePointer) {
        announcedTypes[offer] = []
        wl_data_offer_add_listener(offer, Self.offerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    private func selectionChanged(to offer: OpaquePointer?) {
        if let old = selection?.offer, old != offer { wl_data_offer_destroy(old) }
        selection = offer.map { ($0, announcedTypes.removeValue(forKey: $0) ?? []) }
    }

    private func dragEntered(with offer: OpaquePointer?) {
        dragEnded()
        dragOffer = offer
        if let offer { announcedTypes.removeValue(forKey: offer) }
    }

    private func dragEnded() {
        if let dragOffer { wl_data_offer_destroy(dragOffer) }
        dragOffer = nil
    }

    private func sendRequested(descriptor: Int32) {
        guard case .success = Posix.setNonBlocking(descriptor) else { return Posix.close(descriptor) }
        Posix.epoll(transferSet, watchingForWriting: descriptor)
        sending.append(Sending(descriptor: descriptor, bytes: offeredBytes, deadline: .now + Self.stallTimeout))
    }

    private func sourceCancelled(_ cancelled: OpaquePointer?) {
        guard let cancelled else { return }
        wl_data_source_destroy(cancelled)
        if cancelled == source {
            source = nil
            offeredText = ""
            offeredBytes = []
        }
    }

    // MARK: Listeners

    private static func clipboard(_ data: UnsafeMutableRawPointer?) -> WaylandClipboard? {
        data.map { Unmanaged<WaylandClipboard>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let deviceListener: UnsafeMutablePointer<wl_data_device_listener> = {
        let listener = UnsafeMutablePointer<wl_data_device_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_data_device_listener(
                data_offer: { data, _, offer in
                    guard let offer else { return }
                    clipboard(data)?.offerAnnounced(offer)
                },
                enter: { data, _, _, _, _, _, offer in clipboard(data)?.dragEntered(with: offer) },
                leave: { data, _ in clipboard(data)?.dragEnded() },
                motion: { _, _, _, _, _ in },
                drop: { data, _ in clipboard(data)?.dragEnded() },
                selection: { data, _, offer in clipboard(data)?.selectionChanged(to: offer) }))
        return listener
    }()

    private nonisolated(unsafe) static let offerListener: UnsafeMutablePointer<wl_data_offer_listener> = {
        let listener = UnsafeMutablePointer<wl_data_offer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_data_offer_listener(
                offer: { data, offer, type in
                    guard let clipboard = clipboard(data), let offer, let type else { return }
                    clipboard.announcedTypes[offer]?.append(String(cString: type))
                },
                source_actions: { _, _, _ in },
                action: { _, _, _ in }))
        return listener
    }()

    private nonisolated(unsafe) static let sourceListener: UnsafeMutablePointer<wl_data_source_listener> = {
        let listener = UnsafeMutablePointer<wl_data_source_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_data_source_listener(
                target: { _, _, _ in },
                send: { data, _, _, descriptor in
                    guard let clipboard = clipboard(data) else { return Posix.close(descriptor) }
                    clipboard.sendRequested(descriptor: descriptor)
                },
                cancelled: { data, source in clipboard(data)?.sourceCancelled(source) },
                dnd_drop_performed: { _, _ in },
                dnd_finished: { _, _ in },
                action: { _, _, _ in }))
        return listener
    }()
}
