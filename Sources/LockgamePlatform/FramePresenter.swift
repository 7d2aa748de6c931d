internal import CXlib
public import GameInput
public import LockgameEngine

/// Puts rendered frames on the window: through MIT-SHM (`XShmPutImage`), where the renderer
/// draws straight into memory shared with the X server, or with `XPutImage` where the server
/// has no MIT-SHM (a remote display). The framebuffer it hands out is sized to the window.
///
/// With MIT-SHM the server reads the segment after the request is sent, so the presenter asks
/// for a completion event and reports ``isBusy`` until it arrives: the next frame is not
/// drawn over memory the server is still reading.
public final class FramePresenter {
    /// Whether frames go through shared memory.
    public let usesSharedMemory: Bool
    /// The frame to draw into (in the shared segment when MIT-SHM is used).
    public private(set) var framebuffer: Framebuffer
    /// A frame was sent and the server has not finished reading it.
    public private(set) var isBusy = false

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
        display = gameWindow.connection.display
        window = gameWindow.windowID
        let screen = gameWindow.connection.screen
        depth = XDefaultDepth(display, screen)
        guard depth == 24 || depth == 32 else { throw Unsupported(depth: depth) }
        visual = XDefaultVisual(display, screen)
        gc = XCreateGC(display, window, 0, nil)
        usesSharedMemory = allowSharedMemory && XShmQueryExtension(display) != 0
        completionEventType = usesSharedMemory ? XShmGetEventBase(display) + ShmCompletion : -1
        framebuffer = Framebuffer(width: 1, height: 1)
        resize(width: gameWindow.width, height: gameWindow.height)
        gameWindow.otherEventHandler = { [weak self] event in
            guard let self, event.pointee.type == self.completionEventType else { return }
            self.isBusy = false
        }
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
            isBusy = true
        } else {
            let pixels = framebuffer.pixels.baseAddress!
            let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0,
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
        guard let image = XShmCreateImage(display, visual, UInt32(depth), ZPixmap, nil, &segment,
                                          UInt32(width), UInt32(height)) else { return nil }
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
        XShmAttach(display, &segment)
        XSync(display, 0)
        // Marked for removal now: the segment disappears with the last detach, even after a crash.
        shmctl(segment.shmid, IPC_RMID, nil)
        sharedImage = image
        isBusy = false
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
        isBusy = false
    }
}
