internal import CXlib
public import GameInput

/// Puts pixels drawn on the CPU on a `GameWindow`: through MIT-SHM
/// (`XShmPutImage`), where the game draws straight into memory shared with the X server, or
/// with `XPutImage` where MIT-SHM cannot be used.
///
/// The presenter owns the memory to draw into, ``pixels``, sized with ``resize(width:height:)``
/// (call it on `InputEvent.resized(width:height:)`). Draw there and call
/// ``present()``: no copy on the way to the server. Pixels drawn elsewhere, with any stride,
/// go through ``present(copying:)``. One loop turn:
///
/// ```swift
/// window.pollEvents { event in
///     if case .resized(let width, let height) = event { presenter.resize(width: width, height: height) }
/// }
/// _ = presenter.updatePath(now: .now)
/// if !presenter.isBusy {
///     draw(into: presenter.pixels)
///     presenter.present()
/// }
/// ```
///
/// Use it from the thread that drives the window. The window's visual must be true colour
/// with 8 bits per channel at depth 24 or 32 (`WindowVisual.default` is on every
/// server this was tried on; `WindowVisual.transparent` is): others throw
/// ``Unsupported``.
///
/// MIT-SHM is decided per connection, not by the extension list: a server reached over TCP,
/// `ssh -X` or from another IPC namespace lists MIT-SHM and then refuses to attach the
/// segment (`BadAccess`). The presenter attaches, waits for the answer, and on an error
/// presents with `XPutImage` from then on.
///
/// With MIT-SHM the server reads the segment after the request is sent, so the presenter asks
/// for a completion event (`ShmCompletion`) and reports ``isBusy`` until it arrives: the next
/// frame is not drawn over memory the server is still reading.
///
/// A completion that does not come within ``completionTimeout`` is late, not lost: the server
/// is busy, or another client holds `XGrabServer` (a window manager does, around some moves
/// and while it manages a new window) and the server reads none of our requests meanwhile.
/// The presenter then holds frames back (``Path/completionOverdue``): the segment stays
/// attached, ``pixels`` become a private buffer the game keeps drawing into, and
/// nothing is sent. When the completion arrives, ``updatePath(now:)`` puts ``pixels``
/// back into the segment and MIT-SHM goes on. Frames are held back rather than sent with
/// `XPutImage` because a server that reads nothing from us cannot show them anyway, and
/// sending them blocks the game: measured on Xvfb during a 1 s `XGrabServer`, a loop
/// sending a 640×360 frame (0.9 MB, more than the socket buffer holds) every 16 ms sat 1.0 s
/// in one `XPutImage`, and at 1280×720 likewise: no input handled meanwhile, for as long as
/// GameInput's stall watchdog allows (1 s) before it frees a locked pointer. Holding back
/// costs nothing, the loop goes on, and the first frame sent after the grab is a current one.
///
/// To tell a late completion from one that never comes, the presenter sends itself a client
/// message when the completion is overdue (`XSendEvent` to its own window, which the server
/// delivers to the window's creator). The server handles our requests in order, so a
/// completion it sends comes before that message: the message arriving first proves the
/// server processed the frame and sent no completion. Then the completion is lost, the
/// segment is freed and frames go through `XPutImage` for good
/// (``PutImageReason/completionLost``). Neither step waits for the server.
public final class PixelPresenter {
    /// How frames reach the window, and why.
    public enum Path: Equatable, Sendable, CustomStringConvertible {
        /// Frames go through MIT-SHM (`XShmPutImage`): ``PixelPresenter/pixels`` are the shared segment.
        case sharedMemory
        /// MIT-SHM with frames held back: the last frame's completion is overdue (the server
        /// is busy or another client holds `XGrabServer`). ``PixelPresenter/pixels`` are a private
        /// buffer, ``PixelPresenter/present()`` sends nothing, and MIT-SHM resumes when the
        /// completion arrives.
        case completionOverdue
        /// Frames go through `XPutImage` for the reason given: ``PixelPresenter/pixels`` are private
        /// memory, copied into the request.
        case putImage(PutImageReason)

        /// How the path reads in the game's log.
        public var description: String {
            switch self {
            case .sharedMemory: "MIT-SHM"
            case .completionOverdue: "MIT-SHM, frames held back (completion overdue)"
            case .putImage(let reason): "XPutImage (\(reason))"
            }
        }
    }

    /// Why frames go through `XPutImage`.
    public enum PutImageReason: Equatable, Sendable, CustomStringConvertible {
        /// The caller turned MIT-SHM off.
        case notRequested
        /// The server does not offer the extension.
        case notOffered
        /// The server offers it and refused our segment (a remote or containerised client).
        case refusedByServer
        /// The server processed a frame and sent no completion event for it.
        case completionLost

        /// How the reason reads in the game's log.
        public var description: String {
            switch self {
            case .notRequested: "MIT-SHM not requested"
            case .notOffered: "the server has no MIT-SHM"
            case .refusedByServer: "MIT-SHM refused by the server"
            case .completionLost: "MIT-SHM completion events stopped"
            }
        }
    }

    /// How long a sent frame may go unanswered before its completion is taken as overdue.
    public static let completionTimeout: Duration = .milliseconds(500)

    /// How frames reach the window now.
    public private(set) var path: Path
    /// Whether frames go through shared memory (the path is ``Path/sharedMemory``).
    public var usesSharedMemory: Bool { path == .sharedMemory }
    /// The memory to draw the next frame into, sized with ``resize(width:height:)``: the shared
    /// segment on ``Path/sharedMemory``, private memory otherwise and after ``close()``. Its
    /// rows are contiguous (``PixelRows/isContiguous``). It moves when the size or the path
    /// changes (``resize(width:height:)``, ``updatePath(now:)`` returning true): read it again
    /// after those calls. Its contents are undefined after a move.
    public private(set) var pixels: PixelRows
    /// Whether ``pixels`` are the shared segment itself (for the tests in this package).
    package var pixelsAreShared: Bool { segmentPixels != nil && pixels.baseAddress == segmentPixels }
    /// Until when the server may still be reading the last frame sent through MIT-SHM; nil
    /// once it completed, and while frames are held back (``pixels`` are private then).
    public private(set) var busyUntil: ContinuousClock.Instant?
    /// A frame was sent through MIT-SHM and the server has not finished reading it: do not
    /// draw into ``pixels`` yet.
    public var isBusy: Bool { busyUntil != nil }

    private let connection: X11Connection
    private let display: OpaquePointer
    private let window: UInt
    private let gc: GC
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let completionEventType: Int32
    /// The type of the client message the presenter sends itself to learn that the server
    /// processed a frame (0 without MIT-SHM).
    private let probeMessageType: UInt
    private var sharedImage: UnsafeMutablePointer<XImage>?
    private var segment = XShmSegmentInfo()
    /// The segment's pixels and size, while it is attached.
    private var segmentPixels: UnsafeMutableRawPointer?
    private var segmentSize = (width: 0, height: 0)
    /// Memory of the presenter's own, for the paths that are not the segment.
    private var privateMemory: UnsafeMutableRawPointer?
    private var privateSize = (width: 0, height: 0)
    /// The serial of the last `XShmPutImage` whose completion has not arrived.
    private var unansweredPut: UInt?
    /// The serial of the client message sent when the completion became overdue.
    private var sentProbe: UInt?
    /// The probe came back before the completion: the server sends none.
    private var completionLost = false
    /// The `XImage` that describes the private memory to `XPutImage`, kept from frame to frame.
    private var privateImage: UnsafeMutablePointer<XImage>?
    private var isClosed = false

    /// The window's pixel format cannot be presented.
    public struct Unsupported: Error, CustomStringConvertible {
        /// The window's depth.
        public let depth: Int32
        /// The window visual's red, green and blue masks.
        public let masks: (red: UInt, green: UInt, blue: UInt)
        /// Why the window cannot be presented, for the game's log.
        public var description: String {
            "the window has depth \(depth) with masks 0x\(String(masks.red, radix: 16))/"
                + "0x\(String(masks.green, radix: 16))/0x\(String(masks.blue, radix: 16)); "
                + "pixels are presented to 24- or 32-bit true colour with 8-bit channels only"
        }
    }

    /// A presenter for `gameWindow`'s pixels, sized to the window; MIT-SHM unless
    /// `allowSharedMemory` is false. It receives the window's MIT-SHM events: one presenter
    /// per window.
    public init(window gameWindow: GameWindow, allowSharedMemory: Bool = true) throws(Unsupported) {
        connection = gameWindow.connection
        display = gameWindow.connection.display
        window = gameWindow.windowID
        visual = gameWindow.visual.visual
        depth = gameWindow.visual.depth
        let masks = (red: visual.pointee.red_mask, green: visual.pointee.green_mask, blue: visual.pointee.blue_mask)
        guard depth == 24 || depth == 32, masks == (0xFF_0000, 0xFF00, 0xFF) else {
            throw Unsupported(depth: depth, masks: masks)
        }
        gc = XCreateGC(display, window, 0, nil)
        if !allowSharedMemory {
            path = .putImage(.notRequested)
        } else if XShmQueryExtension(display) == 0 {
            path = .putImage(.notOffered)
        } else {
            path = .sharedMemory
        }
        let usesSharedMemory = path == .sharedMemory
        completionEventType = usesSharedMemory ? XShmGetEventBase(display) + ShmCompletion : -1
        // A round trip, at set-up only.
        probeMessageType = usesSharedMemory ? XInternAtom(display, "_GAMEPIXELS_PRESENTER_PROBE", 0) : 0
        let placeholder = UnsafeMutableRawPointer.allocate(byteCount: 4, alignment: 64)
        privateMemory = placeholder
        privateSize = (1, 1)
        pixels = PixelRows(baseAddress: placeholder, width: 1, height: 1, bytesPerRow: 4)
        resize(width: gameWindow.width, height: gameWindow.height)
        gameWindow.otherEventHandler = { [weak self] event in self?.handle(event) }
    }

    deinit {
        privateMemory?.deallocate()
    }

    /// Notes a completion, or the probe that proves a completion lost, as events arrive.
    private func handle(_ event: UnsafeMutablePointer<XEvent>) {
        let type = event.pointee.type
        if type == completionEventType {
            guard let unansweredPut, event.pointee.xany.serial >= unansweredPut else { return }
            self.unansweredPut = nil
            busyUntil = nil
        } else if type == ClientMessage, event.pointee.xclient.window == window,
            event.pointee.xclient.message_type == probeMessageType, probeMessageType != 0
        {
            guard let sentProbe, event.pointee.xany.serial >= sentProbe else { return }
            self.sentProbe = nil
            if unansweredPut != nil { completionLost = true }
        }
    }

    /// Moves ``path`` on from what the server answered; call once per turn of the loop,
    /// after handling events. Returns whether the path changed (then ``pixels`` moved):
    /// - to ``Path/completionOverdue`` when the last MIT-SHM frame is unanswered at `now`,
    ///   past ``completionTimeout``: ``pixels`` become private memory and frames are held back;
    /// - back to ``Path/sharedMemory`` once that completion arrived: ``pixels`` are the
    ///   segment again (a new one if the size changed meanwhile);
    /// - to `.putImage(.completionLost)` once the server proved it processed the frame and
    ///   sent no completion: the segment is freed (`XShmDetach`, no round trip).
    public func updatePath(now: ContinuousClock.Instant) -> Bool {
        guard !isClosed, !connection.isLost else { return false }
        switch path {
        case .sharedMemory:
            guard let busyUntil, now >= busyUntil else { return false }
            holdFramesBack()
        case .completionOverdue:
            if unansweredPut == nil {
                resumeSharedMemory()
            } else if completionLost {
                releaseSharedImage()
                path = .putImage(.completionLost)
            } else {
                return false
            }
        case .putImage:
            return false
        }
        return true
    }

    /// The completion is overdue: draw into private memory, send nothing, and ask the
    /// server to answer a later request (`XSendEvent` of a client message to our own window).
    private func holdFramesBack() {
        path = .completionOverdue
        busyUntil = nil
        usePrivateMemory(width: pixels.width, height: pixels.height)
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = probeMessageType
        event.xclient.format = 32
        sentProbe = XNextRequest(display)
        XSendEvent(display, window, 0, NoEventMask, &event)
        XFlush(display)
    }

    /// The overdue completion came: back into the segment, or a new one at the new size.
    private func resumeSharedMemory() {
        path = .sharedMemory
        sentProbe = nil
        completionLost = false
        if let segmentPixels, segmentSize == (pixels.width, pixels.height) {
            pixels = PixelRows(
                baseAddress: segmentPixels, width: segmentSize.width, height: segmentSize.height,
                bytesPerRow: segmentSize.width * 4)
        } else {
            resize(width: pixels.width, height: pixels.height)
        }
    }

    /// Frees the shared segment (`XShmDetach`, then `shmdt`, without waiting for the server)
    /// and the GC; call before the window closes, also after `InputEvent.connectionLost`
    /// (then it sends nothing). ``pixels`` stay drawable at their size, in
    /// private memory; ``present()`` does nothing from then on.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        usePrivateMemory(width: pixels.width, height: pixels.height)
        releasePrivateImage()
        // A lost connection takes no more requests (the server freed the segment's attachment
        // and the GC with it): only our own mapping goes, and the GC's memory. `XFreeGC` may be
        // called there: libX11 queues a resource request only when it can (`GetResReq`), unlike
        // `XShmDetach`, which writes through whatever it is given.
        guard !connection.isLost else {
            if let sharedImage {
                sharedImage.pointee.data = nil
                CXlib_XDestroyImage(sharedImage)
                shmdt(segment.shmaddr)
                self.sharedImage = nil
            }
            XFreeGC(display, gc)
            return
        }
        releaseSharedImage()
        XFreeGC(display, gc)
        XFlush(display)
    }

    /// Makes ``pixels`` `width × height` (at least 1 × 1; call it with the window's new size).
    /// With MIT-SHM this makes a new segment (round trips: `XShmAttach` is checked); while
    /// frames are held back only the private memory changes, and the segment is replaced when
    /// MIT-SHM resumes.
    public func resize(width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        guard !isClosed, !connection.isLost, usesSharedMemory else {
            usePrivateMemory(width: width, height: height)
            return
        }
        releaseSharedImage()
        if let segment = makeSharedImage(width: width, height: height) {
            pixels = PixelRows(baseAddress: segment, width: width, height: height, bytesPerRow: width * 4)
        } else {
            usePrivateMemory(width: width, height: height)
        }
    }

    /// Points ``pixels`` at the presenter's private memory, made `width × height`.
    private func usePrivateMemory(width: Int, height: Int) {
        let memory: UnsafeMutableRawPointer
        if let privateMemory, privateSize == (width, height) {
            memory = privateMemory
        } else {
            releasePrivateImage()
            privateMemory?.deallocate()
            memory = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
            memory.initializeMemory(as: UInt32.self, repeating: 0xFF00_0000, count: width * height)
            privateMemory = memory
            privateSize = (width, height)
        }
        pixels = PixelRows(baseAddress: memory, width: width, height: height, bytesPerRow: width * 4)
    }

    /// Sends ``pixels`` to the window's top-left corner. Never waits for the server; sends
    /// nothing while frames are held back or after ``close()``.
    public func present() {
        guard !isClosed, !connection.isLost else { return }
        let width = UInt32(pixels.width), height = UInt32(pixels.height)
        switch path {
        case .sharedMemory:
            guard let sharedImage else { return }
            unansweredPut = XNextRequest(display)
            XShmPutImage(display, window, gc, sharedImage, 0, 0, 0, 0, width, height, 1)
            busyUntil = .now + Self.completionTimeout
        case .completionOverdue:
            return
        case .putImage:
            guard let image = imageOfPrivateMemory() else { return }
            XPutImage(display, window, gc, image, 0, 0, 0, 0, width, height)
        }
        XFlush(display)
    }

    /// Copies `source` (pixels the caller drew, with any stride) into ``pixels`` and presents
    /// them: the top-left overlap of both sizes is copied, the rest of ``pixels`` stays as it
    /// was. Returns false, copying and sending nothing, while the presenter ``isBusy`` or frames
    /// are held back: the server is still reading the last frame.
    @discardableResult
    public func present(copying source: PixelRows) -> Bool {
        guard !isClosed, !isBusy, path != .completionOverdue else { return false }
        pixels.copy(from: source)
        present()
        return true
    }

    /// The `XImage` (`XCreateImage`) describing the private memory, made again only when that
    /// memory or its size changed.
    private func imageOfPrivateMemory() -> UnsafeMutablePointer<XImage>? {
        let data = pixels.baseAddress.assumingMemoryBound(to: CChar.self)
        let width = Int32(pixels.width), height = Int32(pixels.height)
        if let privateImage, privateImage.pointee.data == data, privateImage.pointee.width == width,
            privateImage.pointee.height == height
        {
            return privateImage
        }
        releasePrivateImage()
        privateImage = XCreateImage(
            display, visual, UInt32(depth), ZPixmap, 0, data, UInt32(width), UInt32(height), 32, width * 4)
        return privateImage
    }

    private func releasePrivateImage() {
        guard let image = privateImage else { return }
        image.pointee.data = nil  // the memory is the presenter's own
        CXlib_XDestroyImage(image)
        privateImage = nil
    }

    private func makeSharedImage(width: Int, height: Int) -> UnsafeMutableRawPointer? {
        guard
            let image = XShmCreateImage(
                display, visual, UInt32(depth), ZPixmap, nil, &segment,
                UInt32(width), UInt32(height))
        else { return nil }
        let bytes = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
        guard image.pointee.bytes_per_line == Int32(width * 4), image.pointee.bits_per_pixel == 32 else {
            CXlib_XDestroyImage(image)
            return nil
        }
        segment.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard segment.shmid >= 0 else { CXlib_XDestroyImage(image); return nil }
        guard let address = shmat(segment.shmid, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(segment.shmid, IPC_RMID, nil)
            CXlib_XDestroyImage(image)
            return nil
        }
        segment.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.readOnly = 0
        image.pointee.data = segment.shmaddr
        let refusal = connection.firstError { XShmAttach(display, &segment) }
        // Marked for removal now: the segment disappears with the last detach, even after a crash.
        shmctl(segment.shmid, IPC_RMID, nil)
        guard refusal == nil else {
            image.pointee.data = nil
            CXlib_XDestroyImage(image)
            shmdt(address)
            path = .putImage(.refusedByServer)
            return nil
        }
        sharedImage = image
        segmentPixels = address
        segmentSize = (width, height)
        busyUntil = nil
        unansweredPut = nil
        return address
    }

    /// Detaches the segment: `XShmDetach` is queued and our mapping dropped (`shmdt`) at once,
    /// without a round trip. The server keeps its own mapping until it processes the detach,
    /// so a frame it has not read yet stays intact, and the segment (marked for removal)
    /// disappears with the last detach. ``pixels`` must not point into the segment any more.
    private func releaseSharedImage() {
        guard let image = sharedImage else { return }
        XShmDetach(display, &segment)
        image.pointee.data = nil
        CXlib_XDestroyImage(image)
        shmdt(segment.shmaddr)
        sharedImage = nil
        segmentPixels = nil
        busyUntil = nil
        unansweredPut = nil
        sentProbe = nil
        completionLost = false
    }
}
