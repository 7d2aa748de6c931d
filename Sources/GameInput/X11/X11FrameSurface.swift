internal import CXlib

/// The X11 ``FrameSurface``: MIT-SHM (`XShmPutImage`) where the server accepts the segment,
/// `XPutImage` otherwise. GamePixels' `PixelPresenter` documents how frames are held back while
/// a completion is overdue and how a lost completion is told from a late one.
final class X11FrameSurface: FrameSurface {
    /// How long a sent frame may go unanswered before its completion is taken as overdue.
    static let completionTimeout: Duration = frameCompletionTimeout
    private(set) var path: FramePath
    var usesSharedMemory: Bool { path == .sharedMemory }
    private(set) var memory: FrameMemory
    var memoryIsShared: Bool { segmentPixels != nil && memory.baseAddress == segmentPixels }
    /// Until when the server may still be reading the last frame sent through MIT-SHM.
    private(set) var busyUntil: ContinuousClock.Instant?
    var isBusy: Bool { busyUntil != nil }

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

    /// A surface for `gameWindow`'s frames, sized to the window; MIT-SHM unless
    /// `allowSharedMemory` is false. It receives the window's MIT-SHM events: one presenter
    /// per window.
    init(window gameWindow: X11Window, allowSharedMemory: Bool) throws(FrameFormatUnsupported) {
        connection = gameWindow.connection
        display = gameWindow.connection.display
        window = gameWindow.windowID
        visual = gameWindow.visual.visual
        depth = gameWindow.visual.depth
        let masks = (red: visual.pointee.red_mask, green: visual.pointee.green_mask, blue: visual.pointee.blue_mask)
        guard depth == 24 || depth == 32, masks == (0xFF_0000, 0xFF00, 0xFF) else {
            throw FrameFormatUnsupported(depth: depth, masks: masks)
        }
        gc = XCreateGC(display, window, 0, nil)
        if !allowSharedMemory {
            path = .copied(.notRequested)
        } else if XShmQueryExtension(display) == 0 {
            path = .copied(.notOffered)
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
        memory = FrameMemory(baseAddress: placeholder, width: 1, height: 1, bytesPerRow: 4)
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
    /// after handling events. Returns whether the path changed (then ``memory`` moved):
    /// - to ``FramePath/completionOverdue`` when the last MIT-SHM frame is unanswered at `now`,
    ///   past ``completionTimeout``: ``memory`` becomes private memory and frames are held back;
    /// - back to ``FramePath/sharedMemory`` once that completion arrived: ``memory`` is the
    ///   segment again (a new one if the size changed meanwhile);
    /// - to `.copied(.completionLost)` once the server proved it processed the frame and
    ///   sent no completion: the segment is freed (`XShmDetach`, no round trip).
    func updatePath(now: ContinuousClock.Instant) -> Bool {
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
                path = .copied(.completionLost)
            } else {
                return false
            }
        case .copied, .compositorSharedMemory:
            return false
        }
        return true
    }

    /// The completion is overdue: draw into private memory, send nothing, and ask the
    /// server to answer a later request (`XSendEvent` of a client message to our own window).
    private func holdFramesBack() {
        path = .completionOverdue
        busyUntil = nil
        usePrivateMemory(width: memory.width, height: memory.height)
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
        if let segmentPixels, segmentSize == (memory.width, memory.height) {
            memory = FrameMemory(
                baseAddress: segmentPixels, width: segmentSize.width, height: segmentSize.height,
                bytesPerRow: segmentSize.width * 4)
        } else {
            resize(width: memory.width, height: memory.height)
        }
    }

    /// Frees the shared segment (`XShmDetach`, then `shmdt`, without waiting for the server)
    /// and the GC; call before the window closes, also after `InputEvent.connectionLost`
    /// (then it sends nothing). ``memory`` stays drawable at their size, in
    /// private memory; ``present()`` does nothing from then on.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        usePrivateMemory(width: memory.width, height: memory.height)
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

    /// Makes ``memory`` `width × height` (at least 1 × 1; call it with the window's new size).
    /// With MIT-SHM this makes a new segment (round trips: `XShmAttach` is checked); while
    /// frames are held back only the private memory changes, and the segment is replaced when
    /// MIT-SHM resumes.
    func resize(width: Int, height: Int) {
        let width = max(1, width), height = max(1, height)
        guard !isClosed, !connection.isLost, usesSharedMemory else {
            usePrivateMemory(width: width, height: height)
            return
        }
        releaseSharedImage()
        if let segment = makeSharedImage(width: width, height: height) {
            memory = FrameMemory(baseAddress: segment, width: width, height: height, bytesPerRow: width * 4)
        } else {
            usePrivateMemory(width: width, height: height)
        }
    }

    /// Points ``memory`` at the presenter's private memory, made `width × height`.
    private func usePrivateMemory(width: Int, height: Int) {
        let base: UnsafeMutableRawPointer
        if let privateMemory, privateSize == (width, height) {
            base = privateMemory
        } else {
            releasePrivateImage()
            privateMemory?.deallocate()
            base = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
            base.initializeMemory(as: UInt32.self, repeating: 0xFF00_0000, count: width * height)
            privateMemory = base
            privateSize = (width, height)
        }
        memory = FrameMemory(baseAddress: base, width: width, height: height, bytesPerRow: width * 4)
    }

    /// Sends ``memory`` to the window's top-left corner. Never waits for the server; sends
    /// nothing while frames are held back or after ``close()``.
    /// Copied frames make no Present completion.
    var presentationFeedback: PresentationFeedbackSource { .unavailable(.noPresentCompletions) }

    /// No Present completions come for these frames: `feedback` is never given here.
    func present(feedback: PresentationRequest?) -> Bool {
        guard !isClosed, !connection.isLost else { return false }
        let width = UInt32(memory.width), height = UInt32(memory.height)
        switch path {
        case .sharedMemory:
            guard let sharedImage else { return false }
            unansweredPut = XNextRequest(display)
            XShmPutImage(display, window, gc, sharedImage, 0, 0, 0, 0, width, height, 1)
            busyUntil = .now + Self.completionTimeout
        case .completionOverdue, .compositorSharedMemory:
            return false
        case .copied:
            guard let image = imageOfPrivateMemory() else { return false }
            XPutImage(display, window, gc, image, 0, 0, 0, 0, width, height)
        }
        XFlush(display)
        return true
    }

    /// `XSync`: the server has handled every frame sent when it returns.
    func finishPresenting() {
        guard !isClosed, !connection.isLost else { return }
        XSync(display, 0)
    }

    /// The `XImage` (`XCreateImage`) describing the private memory, made again only when that
    /// memory or its size changed.
    private func imageOfPrivateMemory() -> UnsafeMutablePointer<XImage>? {
        let data = memory.baseAddress.assumingMemoryBound(to: CChar.self)
        let width = Int32(memory.width), height = Int32(memory.height)
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
            path = .copied(.refusedByServer)
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
    /// disappears with the last detach. ``memory`` must not point into the segment any more.
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

extension X11Window {
    /// The X11 side of ``WindowBackend/makeFrameSurface(allowSharedMemory:)``.
    func makeFrameSurface(allowSharedMemory: Bool) throws(FrameFormatUnsupported) -> any FrameSurface {
        try X11FrameSurface(window: self, allowSharedMemory: allowSharedMemory)
    }
}
