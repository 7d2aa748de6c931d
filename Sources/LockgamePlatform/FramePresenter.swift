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
/// for a completion event and reports ``isBusy`` until it arrives: the next frame is not
/// drawn over memory the server is still reading. A completion that does not come within
/// ``completionTimeout`` is taken as lost: the presenter falls back to `XPutImage` rather
/// than stop drawing.
public final class FramePresenter {
    /// How frames reach the window, and why.
    public enum Path: Equatable, Sendable, CustomStringConvertible {
        case sharedMemory
        case putImage(PutImageReason)

        public var description: String {
            switch self {
            case .sharedMemory: "MIT-SHM"
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
        /// The server stopped answering frames with completion events.
        case completionLost

        public var description: String {
            switch self {
            case .notRequested: "MIT-SHM not requested"
            case .notOffered: "the server has no MIT-SHM"
            case .refusedByServer: "MIT-SHM refused by the server"
            case .completionLost: "MIT-SHM completion events stopped"
            }
        }
    }

    /// How long a sent frame may go unanswered before its completion is taken as lost.
    public static let completionTimeout: Duration = .milliseconds(500)

    /// How frames reach the window now.
    public private(set) var path: Path
    /// Whether frames go through shared memory.
    public var usesSharedMemory: Bool { path == .sharedMemory }
    /// The frame to draw into (in the shared segment when MIT-SHM is used).
    public private(set) var framebuffer: Framebuffer
    /// Until when the last frame sent may still be read by the server; nil once it completed.
    public private(set) var busyUntil: ContinuousClock.Instant?
    /// A frame was sent and the server has not finished reading it.
    public var isBusy: Bool { busyUntil != nil }

    private let connection: X11Connection
    private let display: OpaquePointer
    private let window: UInt
    private let gc: GC
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    private let completionEventType: Int32
    private var sharedImage: UnsafeMutablePointer<XImage>?
    private var segment = XShmSegmentInfo()

    /// The screen's pixel format cannot be presented.
    public struct Unsupported: Error, CustomStringConvertible {
        public let depth: Int32
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
        completionEventType = path == .sharedMemory ? XShmGetEventBase(display) + ShmCompletion : -1
        framebuffer = Framebuffer(width: 1, height: 1)
        resize(width: gameWindow.width, height: gameWindow.height)
        gameWindow.otherEventHandler = { [weak self] event in
            guard let self, event.pointee.type == self.completionEventType else { return }
            self.busyUntil = nil
        }
    }

    /// Takes a frame still unanswered at `now`, past ``completionTimeout``, as lost: frames go
    /// through `XPutImage` from then on. Returns whether that happened (the path changed).
    public func giveUpOnLostCompletion(now: ContinuousClock.Instant) -> Bool {
        guard let busyUntil, now >= busyUntil else { return false }
        fallBack(.completionLost)
        return true
    }

    private func fallBack(_ reason: PutImageReason) {
        releaseSharedImage()
        path = .putImage(reason)
        framebuffer.resize(width: framebuffer.width, height: framebuffer.height)
    }

    private var isClosed = false

    /// Frees the shared segment and the GC; call before the window closes its connection.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        releaseSharedImage()
        XFreeGC(display, gc)
    }

    /// Makes the framebuffer match the window's new size.
    public func resize(width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        guard usesSharedMemory else {
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

    /// Sends the framebuffer to the window. Never waits for the server.
    public func present() {
        guard !isClosed else { return }
        let width = UInt32(framebuffer.width), height = UInt32(framebuffer.height)
        if let sharedImage {
            XShmPutImage(display, window, gc, sharedImage, 0, 0, 0, 0, width, height, 1)
            busyUntil = .now + Self.completionTimeout
        } else {
            let pixels = framebuffer.pixels.baseAddress!
            let image = XCreateImage(
                display, visual, UInt32(depth), ZPixmap, 0,
                UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: CChar.self),
                width, height, 32, Int32(width * 4))
            if let image {
                XPutImage(display, window, gc, image, 0, 0, 0, 0, width, height)
                image.pointee.data = nil  // the pixels belong to the framebuffer
                CXlib_XDestroyImage(image)
            }
        }
        XFlush(display)
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
        busyUntil = nil
        return address.assumingMemoryBound(to: UInt32.self)
    }

    private func releaseSharedImage() {
        guard let image = sharedImage else { return }
        XShmDetach(display, &segment)
        XSync(display, 0)
        image.pointee.data = nil
        CXlib_XDestroyImage(image)
        shmdt(segment.shmaddr)
        sharedImage = nil
        busyUntil = nil
    }
}
