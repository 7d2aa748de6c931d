import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

@testable import GameInput

/// The `CLIPBOARD` selection against real peers on a private X server: `xclip`, which speaks
/// `INCR` (ICCCM 2.7.2) both ways, for texts too large for one request, and a client scripted
/// here in raw Xlib for what `xclip` never does: an owner that ignores a request or answers
/// late, a requestor that stops deleting the property in the middle of a transfer.
@Suite(.serialized, .tags(.integration)) final class ClipboardIntegrationTests {
    let server: XServerFixture
    let probe: XProbe
    /// Where the texts handed to and taken from `xclip` live; removed at the end.
    let directory: String

    init() throws {
        server = try XServerFixture(windowManager: nil)
        probe = server.probe
        directory = NSTemporaryDirectory() + "clipboard-tests-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    // MARK: - Requests are matched exactly

    /// An owner that never answers costs only the request it ignored: that request ends with
    /// nil at its deadline (about 2 s), the next one, held back until then, gets its own
    /// answer. Nothing completes inside `requestClipboardText`.
    @Test(.tags(.timing)) func anIgnoredRequestEndsWithNilAndTheNextGetsItsOwnAnswer() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let owner = try ScriptedSelectionClient(displayName: server.displayName)
        owner.takeClipboard()
        var first: String??
        var second: String??
        let start = ContinuousClock.now
        harness.window.requestClipboardText { first = .some($0) }
        harness.window.requestClipboardText { second = .some($0) }
        #expect(first == nil && second == nil, "nothing completes inside the call")
        let deadline = try #require(harness.window.x11System!.clipboard.deadline, "a request in flight has a deadline")
        #expect(deadline > start && deadline <= start + .milliseconds(2100), "about 2 s on: \(start.duration(to: deadline))")

        let ignored = try #require(owner.nextRequest(whileWaiting: harness.step), "the first request reaches the owner")
        #expect(
            owner.nextRequest(timeout: .milliseconds(500), whileWaiting: harness.step) == nil,
            "the second waits while the first is in flight")
        #expect(harness.pump(timeout: .seconds(4)) { first != nil })
        let waited = start.duration(to: .now)
        #expect(first == .some(nil), "the ignored request ends with nil")
        #expect(waited >= .milliseconds(1950) && waited < .seconds(3), "at its deadline: \(waited)")
        #expect(second == nil, "the second is not answered with the first's")

        let next = try #require(owner.nextRequest(whileWaiting: harness.step), "the second starts when the first ends")
        #expect(next.property != ignored.property, "each request has a transfer property of its own")
        owner.answer(next, with: Array("the second paste".utf8))
        #expect(harness.pump(timeout: .seconds(2)) { second != nil })
        #expect(second == .some("the second paste"))
        #expect(harness.window.x11System!.clipboard.deadline == nil, "no deadline once nothing is pending")
    }

    /// How a too-late owner answers the request the game gave up on.
    enum LateAnswer: String, CaseIterable {
        /// With the text, in the property the abandoned request named.
        case text
        /// With a refusal (a `SelectionNotify` with property `None`, which carries only the
        /// request's time: here `CurrentTime`, the same as the next request's).
        case refusal
    }

    /// An answer to a request that already ended (with nil, at its deadline) is not taken for
    /// the answer to the request now in flight, whether it brings text or a refusal.
    @Test(arguments: LateAnswer.allCases)
    func aLateAnswerToAnAbandonedRequestNeverReachesTheNextOne(_ late: LateAnswer) throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let owner = try ScriptedSelectionClient(displayName: server.displayName)
        owner.takeClipboard()
        var first: String??
        harness.window.requestClipboardText { first = .some($0) }
        let abandoned = try #require(owner.nextRequest(whileWaiting: harness.step))
        #expect(harness.pump(timeout: .seconds(4)) { first != nil })
        #expect(first == .some(nil), "abandoned at its deadline")

        var second: String??
        harness.window.requestClipboardText { second = .some($0) }
        let current = try #require(owner.nextRequest(whileWaiting: harness.step))
        owner.answer(abandoned, with: late == .text ? Array("stale".utf8) : nil)
        harness.pump(for: .milliseconds(300))
        #expect(second == nil, "the late \(late) is not the new request's answer")
        owner.answer(current, with: Array("fresh".utf8))
        #expect(harness.pump(timeout: .seconds(2)) { second != nil })
        #expect(second == .some("fresh"))
        #expect(first == .some(nil), "the abandoned request completed once")
    }

    /// Once the game has a real event time, every request gets a later time than the one
    /// before, so an owner's refusal names its request and arrives at once, even right after
    /// a request the owner ignored (whose answer could otherwise still be on its way).
    @Test(.tags(.timing)) func aRefusalAfterAnIgnoredRequestArrivesAtOnceWhenTheGameHasAnEventTime() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        harness.window.x11System!.input.lastEventTime = 5000
        let owner = try ScriptedSelectionClient(displayName: server.displayName)
        owner.takeClipboard()
        var first: String??
        var second: String??
        harness.window.requestClipboardText { first = .some($0) }
        harness.window.requestClipboardText { second = .some($0) }
        let ignored = try #require(owner.nextRequest(whileWaiting: harness.step))
        #expect(harness.pump(timeout: .seconds(4)) { first != nil })
        let refused = try #require(owner.nextRequest(whileWaiting: harness.step))
        #expect(refused.time > ignored.time, "strictly later: \(ignored.time), then \(refused.time)")
        let start = ContinuousClock.now
        owner.answer(refused, with: nil)
        #expect(harness.pump(timeout: .seconds(4)) { second != nil })
        #expect(second == .some(nil))
        #expect(start.duration(to: .now) < .seconds(1), "the refusal ends the request it names, at once")
    }

    // MARK: - Receiving large texts

    /// Texts from `xclip`, which sends anything over its chunk size (about 1 MB here) with
    /// `INCR`, arrive byte for byte.
    @Test(arguments: [6 << 20, 20 << 20])
    func largeTextsFromXclipArriveWhole(size: Int) throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let sample = Self.sampleText(size: size)
        let xclip = try offerWithXclip(sample)
        defer { xclip.stop() }
        var pasted: String??
        harness.window.requestClipboardText { pasted = .some($0) }
        #expect(harness.pump(timeout: .seconds(30)) { pasted != nil })
        let received = pasted.flatMap { $0 }.map { Array($0.utf8) }
        let isWhole = received == sample
        #expect(isWhole, "\(size) bytes offered, \(received.map { "\($0.count)" } ?? "nothing") received")
    }

    /// A text an owner puts in one property (6 MB, in one BIG-REQUESTS `XChangeProperty`) is
    /// read whole, however long: `XGetWindowProperty` reads until `bytes_after` is 0.
    @Test func aSinglePropertyOverFourMegabytesArrivesWhole() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let owner = try ScriptedSelectionClient(displayName: server.displayName)
        owner.takeClipboard()
        let sample = Self.sampleText(size: 6 << 20)
        var pasted: String??
        harness.window.requestClipboardText { pasted = .some($0) }
        let request = try #require(owner.nextRequest(whileWaiting: harness.step))
        owner.answer(request, with: sample)
        #expect(harness.pump(timeout: .seconds(10)) { pasted != nil })
        let received = pasted.flatMap { $0 }.map { Array($0.utf8) }
        let isWhole = received == sample
        #expect(isWhole, "\(sample.count) bytes offered, \(received.map { "\($0.count)" } ?? "nothing") received")
    }

    /// A text over the size bound (lowered to 1 MiB here) ends with nil, never with a cut
    /// text, whether it comes in one property or with `INCR`; the next request then works.
    @Test func aTextOverTheSizeBoundEndsWithNilNotCut() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        harness.window.x11System!.clipboard.maximumReceivedSize = 1 << 20
        let owner = try ScriptedSelectionClient(displayName: server.displayName)
        owner.takeClipboard()
        var pasted: String??
        harness.window.requestClipboardText { pasted = .some($0) }
        let request = try #require(owner.nextRequest(whileWaiting: harness.step))
        owner.answer(request, with: Self.sampleText(size: 2 << 20))
        #expect(harness.pump(timeout: .seconds(4)) { pasted != nil })
        #expect(pasted.map { $0?.utf8.count } == .some(nil), "one property over the bound")

        let sample = Self.sampleText(size: 6 << 20)
        let xclip = try offerWithXclip(sample)
        defer { xclip.stop() }
        pasted = nil
        harness.window.requestClipboardText { pasted = .some($0) }
        #expect(harness.pump(timeout: .seconds(10)) { pasted != nil })
        #expect(pasted.map { $0?.utf8.count } == .some(nil), "INCR chunks over the bound")

        // xclip goes on sending the abandoned transfer's chunks; they are dropped.
        harness.pump(for: .milliseconds(500))
        harness.window.x11System!.clipboard.maximumReceivedSize = 64 << 20
        pasted = nil
        harness.window.requestClipboardText { pasted = .some($0) }
        #expect(harness.pump(timeout: .seconds(10)) { pasted != nil })
        let isWhole = pasted.flatMap { $0 }.map { Array($0.utf8) } == sample
        #expect(isWhole, "the next request gets the whole text")
    }

    // MARK: - Offering large texts

    /// Texts the game copies reach `xclip` byte for byte: 6 MB and 20 MB, sent with `INCR`.
    @Test(arguments: [6 << 20, 20 << 20])
    func largeCopiedTextsReachXclipWhole(size: Int) throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let sample = Self.sampleText(size: size)
        harness.window.copyToClipboard(String(decoding: sample, as: UTF8.self))
        let path = directory + "/read-\(size)"
        let status = try readWithXclip(into: path, pumping: harness)
        #expect(status == 0, "xclip exit status")
        let isWhole = FileManager.default.contents(atPath: path) == Data(sample)
        #expect(isWhole, "\(size) bytes copied, \(Self.fileSize(path)) read")
    }

    /// Two requestors read a 20 MB text at the same time: two `INCR` transfers run at once,
    /// each gets every byte.
    @Test(.tags(.timing)) func twoRequestorsAreServedAtOnce() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let sample = Self.sampleText(size: 20 << 20)
        harness.window.copyToClipboard(String(decoding: sample, as: UTF8.self))
        let paths = [directory + "/first", directory + "/second"]
        let readers = try paths.map { try startXclipReading(into: $0) }
        defer { readers.forEach { $0.stop() } }
        var mostAtOnce = 0
        let finished = harness.pump(timeout: .seconds(40)) {
            mostAtOnce = max(mostAtOnce, harness.window.x11System!.clipboard.outgoingTransferCount)
            return readers.allSatisfy { !$0.isRunning }
        }
        #expect(finished, "both readers finished")
        #expect(mostAtOnce == 2, "both transfers ran at once")
        for path in paths {
            let isWhole = FileManager.default.contents(atPath: path) == Data(sample)
            #expect(isWhole, "\(path): \(Self.fileSize(path)) of \(sample.count) bytes")
        }
        #expect(harness.window.x11System!.clipboard.outgoingTransferCount == 0)
    }

    /// A requestor that gets the `INCR` answer and never deletes the property is given up on
    /// after the chunk deadline (5 s): the transfer ends and the game stops selecting
    /// `PropertyChangeMask` on the requestor's window. Other requestors are served after.
    @Test(.tags(.timing)) func aRequestorThatStopsDeletingIsDroppedAfterTheDeadline() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let sample = Self.sampleText(size: 1 << 20)
        harness.window.copyToClipboard(String(decoding: sample, as: UTF8.self))
        let requestor = try ScriptedSelectionClient(displayName: server.displayName)
        let type = try #require(requestor.requestWithoutDeleting(whileWaiting: harness.step), "the game answers")
        let start = ContinuousClock.now
        #expect(type == requestor.incr, "a 1 MiB text is sent with INCR")
        #expect(harness.window.x11System!.clipboard.outgoingTransferCount == 1)
        #expect(gameEventMask(on: requestor.window, of: harness) & PropertyChangeMask != 0, "the game watches the requestor's window")

        #expect(harness.pump(timeout: .seconds(8)) { harness.window.x11System!.clipboard.outgoingTransferCount == 0 })
        let waited = start.duration(to: .now)
        #expect(waited >= .milliseconds(4900) && waited < .seconds(7), "at the chunk deadline: \(waited)")
        #expect(gameEventMask(on: requestor.window, of: harness) == 0, "and no longer watches it")

        let path = directory + "/after"
        #expect(try readWithXclip(into: path, pumping: harness) == 0)
        let isWhole = FileManager.default.contents(atPath: path) == Data(sample)
        #expect(isWhole, "the next requestor gets the whole text")
    }

    /// A large text the game copied and pastes itself goes through `INCR` both ways on the one
    /// window, byte for byte.
    @Test func aLargeTextCopiedInTheGamePastesInTheGame() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        let sample = Self.sampleText(size: 6 << 20)
        harness.window.copyToClipboard(String(decoding: sample, as: UTF8.self))
        var pasted: String??
        harness.window.requestClipboardText { pasted = .some($0) }
        #expect(harness.pump(timeout: .seconds(10)) { pasted != nil })
        let received = pasted.flatMap { $0 }.map { Array($0.utf8) }
        let isWhole = received == sample
        #expect(isWhole, "\(sample.count) bytes copied, \(received.map { "\($0.count)" } ?? "nothing") pasted")
        #expect(harness.window.x11System!.clipboard.outgoingTransferCount == 0)
    }

    /// `TARGETS` lists what the game offers; `UTF8_STRING` and `TEXT` bring UTF-8, `STRING`
    /// ISO Latin-1 (ICCCM 2.7.1), with `?` for characters Latin-1 lacks.
    @Test func theStandardTargetsStillWork() throws {
        let harness = try GameWindowHarness(displayName: server.displayName)
        harness.window.copyToClipboard("café ✓")
        let targetsPath = directory + "/targets"
        #expect(try readWithXclip(target: "TARGETS", into: targetsPath, pumping: harness) == 0)
        let targets = (try? String(contentsOfFile: targetsPath, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(Set(targets).isSuperset(of: ["TARGETS", "UTF8_STRING", "STRING", "TEXT"]), "\(targets)")
        for (target, expected) in [
            ("UTF8_STRING", Array("café ✓".utf8)), ("TEXT", Array("café ✓".utf8)), ("STRING", [0x63, 0x61, 0x66, 0xE9, 0x20, 0x3F]),
        ] {
            let path = directory + "/" + target
            #expect(try readWithXclip(target: target, into: path, pumping: harness) == 0, "\(target)")
            let read = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
            #expect(read == expected, "\(target)")
        }
    }

    // MARK: - Helpers

    /// `size` bytes of valid UTF-8 (`size` a multiple of 64): numbered 64-byte lines mixing
    /// ASCII and multi-byte characters, so a lost, repeated or reordered chunk shows.
    static func sampleText(size: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var line = 0
        while bytes.count < size {
            let number = String(line)
            let head = Array((String(repeating: "0", count: max(0, 8 - number.count)) + number + " ✓ café ").utf8)
            bytes.append(contentsOf: head)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "a") + UInt8(line % 26), count: 63 - head.count))
            bytes.append(UInt8(ascii: "\n"))
            line += 1
        }
        return bytes
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
    }

    /// Starts `xclip` owning `CLIPBOARD` with `bytes` as `UTF8_STRING` (in the foreground,
    /// `-quiet`, so that the test stops the process it started) and waits until it owns it.
    func offerWithXclip(_ bytes: [UInt8]) throws -> ChildProcess {
        let path = directory + "/offer-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let xclip = try ChildProcess(
            executable: try XServerFixture.locate("xclip"),
            arguments: ["-quiet", "-selection", "clipboard", "-t", "UTF8_STRING", "-i", path],
            environment: ["DISPLAY": server.displayName])
        let clipboard = XInternAtom(probe.display, "CLIPBOARD", 0)
        let owns = BoundedWait.until(timeout: .seconds(10)) { XGetSelectionOwner(probe.display, clipboard) != 0 }
        #expect(owns, "xclip took CLIPBOARD: \(xclip.lines)")
        return xclip
    }

    /// Starts `xclip -o` reading `CLIPBOARD` as `target` into the file at `path`.
    func startXclipReading(target: String = "UTF8_STRING", into path: String) throws -> ChildProcess {
        try ChildProcess(
            executable: "/bin/sh",
            arguments: ["-c", "exec \"$0\" -o -selection clipboard -t \"$1\" > \"$2\"", try XServerFixture.locate("xclip"), target, path],
            environment: ["DISPLAY": server.displayName])
    }

    /// Reads `CLIPBOARD` with `xclip -o` while the game's loop runs; its exit status, nil when
    /// it did not finish within 30 s.
    func readWithXclip(target: String = "UTF8_STRING", into path: String, pumping harness: GameWindowHarness) throws -> Int32? {
        let reader = try startXclipReading(target: target, into: path)
        defer { reader.stop() }
        guard harness.pump(timeout: .seconds(30), until: { !reader.isRunning }) else { return nil }
        return reader.waitForExit(timeout: .seconds(1))
    }

    /// The events the game's own client selects on `window` (`your_event_mask`).
    func gameEventMask(on window: UInt, of harness: GameWindowHarness) -> Int {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(harness.window.x11System!.connection.display, window, &attributes)
        return attributes.your_event_mask
    }
}

/// A client of the test's own that speaks the selection protocol by hand (raw Xlib), to do
/// what well-behaved peers never do: as an owner it holds each `SelectionRequest` until the
/// test answers (or ignores) it, in any order; as a requestor it takes an `INCR` answer and
/// never deletes the property.
final class ScriptedSelectionClient {
    let display: OpaquePointer
    /// The client's unmapped window: the owner's, or the requestor's.
    let window: UInt
    let clipboard: UInt, utf8String: UInt, incr: UInt
    /// The property this client asks owners to answer in, as a requestor.
    let property: UInt

    struct CannotConnect: Error {}

    init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else { throw CannotConnect() }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        clipboard = XInternAtom(display, "CLIPBOARD", 0)
        utf8String = XInternAtom(display, "UTF8_STRING", 0)
        incr = XInternAtom(display, "INCR", 0)
        property = XInternAtom(display, "SCRIPTED_PASTE", 0)
        XSync(display, 0)
    }

    deinit { XCloseDisplay(display) }

    /// Owns `CLIPBOARD` from now on.
    func takeClipboard() {
        XSetSelectionOwner(display, clipboard, window, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// The next `SelectionRequest` that reached this owner, taken off its queue unanswered;
    /// nil when none comes within `timeout`. `whileWaiting` runs between checks (the game's loop).
    func nextRequest(timeout: Duration = .seconds(2), whileWaiting: () -> Void) -> XSelectionRequestEvent? {
        let deadline = ContinuousClock.now + timeout
        var event = XEvent()
        while true {
            if XCheckTypedWindowEvent(display, window, SelectionRequest, &event) != 0 { return event.xselectionrequest }
            if ContinuousClock.now >= deadline { return nil }
            whileWaiting()
        }
    }

    /// Answers `request`: `bytes` as `UTF8_STRING` in the property it named, in one
    /// `XChangeProperty` (BIG-REQUESTS allows up to 16 MB on Xvfb), or a refusal when nil.
    func answer(_ request: XSelectionRequestEvent, with bytes: [UInt8]?) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = 0
        if let bytes {
            XChangeProperty(
                display, request.requestor, request.property, utf8String, 8, PropModeReplace, bytes, Int32(bytes.count))
            reply.xselection.property = request.property
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XSync(display, 0)
    }

    /// Asks the owner of `CLIPBOARD` for `UTF8_STRING` and returns the type of its answer's
    /// property, read without deleting it (so an `INCR` transfer never goes on); nil when no
    /// answer comes within 3 s or the owner refuses.
    func requestWithoutDeleting(whileWaiting: () -> Void) -> UInt? {
        XConvertSelection(display, clipboard, utf8String, property, window, UInt(CurrentTime))
        XSync(display, 0)
        let deadline = ContinuousClock.now + .seconds(3)
        var event = XEvent()
        while XCheckTypedWindowEvent(display, window, SelectionNotify, &event) == 0 {
            if ContinuousClock.now >= deadline { return nil }
            whileWaiting()
        }
        guard event.xselection.property != 0 else { return nil }
        var type: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, property, 0, 0, 0, UInt(AnyPropertyType), &type, &format, &count, &after, &data) == Success
        else { return nil }
        if let data { XFree(data) }
        return type
    }
}
