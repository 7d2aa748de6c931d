internal import CXlib
public import GameInput
public import LockgameEngine

/// Puts rendered frames on the window: through MIT-SHM (`XShmPutImage`), where the renderer
/// draws straight into memory shared with the X server, or with `XPutImage` where MIT-SHM
/// cannot be used. The framebuffer it hands out is sized to the window.
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
/// attached, the framebuffer becomes a private buffer the game keeps drawing into, and
/// nothing is sent. When the completion arrives, ``updatePath(now:)`` puts the framebuffer
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
public final class FramePresenter {
    /// How frames reach the window, and why.
    public enum Path: Equatable, Sendable, CustomStringConvertible {
        /// Frames go through MIT-SHM (`XShmPutImage`): the framebuffer is the shared segment.
        case sharedMemory
        /// MIT-SHM with frames held back: the last frame's completion is overdue (the server
        /// is busy or another client holds `XGrabServer`). The framebuffer is a private
        /// buffer, ``FramePresenter/present()`` sends nothing, and MIT-SHM resumes when the
        /// completion arrives.
        case completionOverdue
        /// Frames go through `XPutImage` for the reason given: the framebuffer is private
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
    /// The frame to draw into: the shared segment on ``Path/sharedMemory``, private memory
    /// otherwise and after ``close()``. The same object for the presenter's lifetime.
    public let framebuffer: Framebuffer
    /// Until when the server may still be reading the last frame sent through MIT-SHM; nil
    /// once it completed, and while frames are held back (the framebuffer is private then).
    public private(set) var busyUntil: ContinuousClock.Instant?
    /// A frame was sent through MIT-SHM and the server has not finished reading it: do not
    /// draw into the framebuffer yet.
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
    private var segmentPixels: UnsafeMutablePointer<UInt32>?
    private var segmentSize = (width: 0, height: 0)
    /// The serial of the last `XShmPutImage` whose completion has not arrived.
    private var unansweredPut: UInt?
    /// The serial of the client message sent when the completion became overdue.
    private var sentProbe: UInt?
    /// The probe came back before the completion: the server sends none.
    private var completionLost = false
    /// The `XImage` that describes the framebuffer to `XPutImage`, kept from frame to frame.
    private var privateImage: UnsafeMutablePointer<XImage>?

    /// The screen's pixel format cannot be presented.
    public struct Unsupported: Error, CustomStringConvertible {
        /// The default screen's depth (`XDefaultDepth`).
        public let depth: Int32
        /// Why the screen cannot be presented, for the game's log.
        public var description: String { "the X screen has depth \(depth); lockgame presents 24-bit true colour only" }
    }

    /// A presenter for `gameWindow`'s frames; MIT-SHM unless `allowSharedMemory` is false.
    public init(window gameWindow: GameWindow, allowSharedMemory: Bool = true) throws(Unsupported) {
        connection = gameWindow.connection
        display = gameWindow.connection.display
        window = gameWindow.windowID
        let screen = gameWindow.connection.screen
        depth = XDefaultDepth(display, screen)
        guard depth == 24 || depth == 32 else { throw Unsupported(depth: depth) }
        visual = XDefaultVisual(display, screen)
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
        probeMessageType = usesSharedMemory ? XInternAtom(display, "_LOCKGAME_PRESENTER_PROBE", 0) : 0
        framebuffer = Framebuffer(width: 1, height: 1)
        resize(width: gameWindow.width, height: gameWindow.height)
        gameWindow.otherEventHandler = { [weak self] event in self?.handle(event) }
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
    /// after handling events. Returns whether the path changed:
    /// - to ``Path/completionOverdue`` when the last MIT-SHM frame is unanswered at `now`,
    ///   past ``completionTimeout``: the framebuffer becomes private memory (allocated once
    ///   per late completion, contents undefined until drawn) and frames are held back;
    /// - back to ``Path/sharedMemory`` once that completion arrived: the framebuffer is the
    ///   segment again (a new one if the window was resized meanwhile);
    /// - to `.putImage(.completionLost)` once the server proved it processed the frame and
    ///   sent no completion: the segment is freed (`XShmDetach`, no round trip).
    public func updatePath(now: ContinuousClock.Instant) -> Bool {
        guard !isClosed else { return false }
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
        framebuffer.resize(width: framebuffer.width, height: framebuffer.height)
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
        if let segmentPixels, segmentSize == (framebuffer.width, framebuffer.height) {
            framebuffer.resize(wrapping: segmentPixels, width: segmentSize.width, height: segmentSize.height)
        } else {
            resize(width: framebuffer.width, height: framebuffer.height)
        }
    }

    private var isClosed = false

    /// Frees the shared segment (`XShmDetach`, then `shmdt`, without waiting for the server)
    /// and the GC; call before the window closes its connection. The framebuffer stays
    /// drawable at its size, in private memory; ``present()`` does nothing from then on.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        framebuffer.resize(width: framebuffer.width, height: framebuffer.height)
        releaseSharedImage()
        releasePrivateImage()
        XFreeGC(display, gc)
        XFlush(display)
    }

    /// Makes the framebuffer match the window's new size. With MIT-SHM this makes a new
    /// segment (round trips: `XShmAttach` is checked); while frames are held back only the
    /// private buffer changes, and the segment is replaced when MIT-SHM resumes.
    public func resize(width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        guard !isClosed, usesSharedMemory else {
            framebuffer.resize(width: width, height: height)
            return
        }
        releaseSharedImage()
        if let pointer = makeSharedImage(width: width, height: height) {
            framebuffer.resize(wrapping: pointer, width: width, height: height)
        } else {
            framebuffer.resize(width: width, height: height)
        }
    }

    /// Sends the framebuffer to the window. Never waits for the server; sends nothing while
    /// frames are held back or after ``close()``.
    public func present() {
        guard !isClosed else { return }
        let width = UInt32(framebuffer.width), height = UInt32(framebuffer.height)
        switch path {
        case .sharedMemory:
            guard let sharedImage else { return }
            unansweredPut = XNextRequest(display)
            XShmPutImage(display, window, gc, sharedImage, 0, 0, 0, 0, width, height, 1)
            busyUntil = .now + Self.completionTimeout
        case .completionOverdue:
            return
        case .putImage:
            guard let image = imageOfFramebuffer() else { return }
            XPutImage(display, window, gc, image, 0, 0, 0, 0, width, height)
        }
        XFlush(display)
    }

    /// The `XImage` (`XCreateImage`) describing the framebuffer's private memory, made again
    /// only when that memory or its size changed.
    private func imageOfFramebuffer() -> UnsafeMutablePointer<XImage>? {
        let pixels = UnsafeMutableRawPointer(framebuffer.pixels.baseAddress!).assumingMemoryBound(to: CChar.self)
        let width = Int32(framebuffer.width), height = Int32(framebuffer.height)
        if let privateImage, privateImage.pointee.data == pixels, privateImage.pointee.width == width,
            privateImage.pointee.height == height
        {
            return privateImage
        }
        releasePrivateImage()
        privateImage = XCreateImage(
            display, visual, UInt32(depth), ZPixmap, 0, pixels, UInt32(width), UInt32(height), 32, width * 4)
        return privateImage
    }

    private func releasePrivateImage() {
        guard let image = privateImage else { return }
        image.pointee.data = nil  // the pixels belong to the framebuffer
        CXlib_XDestroyImage(image)
        privateImage = nil
    }

    private func makeSharedImage(width: Int, height: Int) -> UnsafeMutablePointer<UInt32>? {
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
        let pixels = address.assumingMemoryBound(to: UInt32.self)
        segmentPixels = pixels
        segmentSize = (width, height)
        busyUntil = nil
        unansweredPut = nil
        return pixels
    }

    /// Detaches the segment: `XShmDetach` is queued and our mapping dropped (`shmdt`) at once,
    /// without a round trip. The server keeps its own mapping until it processes the detach,
    /// so a frame it has not read yet stays intact, and the segment (marked for removal)
    /// disappears with the last detach. The framebuffer must not wrap the segment any more.
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
