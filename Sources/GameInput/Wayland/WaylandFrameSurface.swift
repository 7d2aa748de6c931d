internal import CWayland

/// The Wayland ``FrameSurface``: `wl_shm` buffers the game draws into, attached and committed
/// with a frame callback.
///
/// A buffer is drawn into only while the compositor does not read it. A compositor may keep
/// reading the buffer it shows until another replaces it (sway's software renderer draws from
/// it directly), so the presenter takes turns between buffers: after a commit ``memory`` moves
/// to a buffer the compositor has released (a third one is made when neither of two is), and
/// the presenter is busy until the compositor sends the frame callback, its sign that a new
/// frame is worth drawing.
final class WaylandFrameSurface: FrameSurface {
    /// The most buffers taken in turn.
    static let maximumBuffers = 3
    private let window: WaylandWindow
    /// The buffers at the current size; ``memory`` is that of `buffers[current]`.
    private var buffers: [WaylandShmBuffer] = []
    private var current = 0
    private var buffer: WaylandShmBuffer? { buffers.indices.contains(current) ? buffers[current] : nil }
    /// Memory drawn into when no buffer can be had (after ``close()``, or out of memory).
    private var privateMemory: UnsafeMutableRawPointer?
    private var privateSize = (width: 0, height: 0)
    private(set) var memory: FrameMemory
    var path: FramePath { .compositorSharedMemory }
    var memoryIsShared: Bool { true }
    /// nil: the frame callback says when to draw.
    var busyUntil: ContinuousClock.Instant? { nil }
    /// The frame callback of the last commit, until the compositor sends `done`.
    private var frameCallback: OpaquePointer?
    private var isClosed = false

    /// Busy until the frame callback came and the buffer to draw into is released.
    var isBusy: Bool { frameCallback != nil || buffer?.isBusy == true }

    init(window: WaylandWindow) {
        self.window = window
        let placeholder = UnsafeMutableRawPointer.allocate(byteCount: 4, alignment: 64)
        privateMemory = placeholder
        privateSize = (1, 1)
        memory = FrameMemory(baseAddress: placeholder, width: 1, height: 1, bytesPerRow: 4)
        window.hasPresenter = true
        resize(width: window.width, height: window.height)
    }

    deinit {
        close()
        privateMemory?.deallocate()
    }

    func resize(width: Int, height: Int) {
        buffers.removeAll()
        current = 0
        let width = max(1, width), height = max(1, height)
        guard !isClosed, let made = WaylandShmBuffer(on: window, width: width, height: height) else {
            usePrivateMemory(width: width, height: height)
            return
        }
        made.fill(0xFF00_0000)
        buffers = [made]
        watch(made)
        drawInto(made)
    }

    /// A released buffer is drawn into next when the one ``memory`` are in is still shown.
    private func watch(_ buffer: WaylandShmBuffer) {
        buffer.onRelease = { [weak self] in
            guard let self, self.buffer?.isBusy == true else { return }
            self.takeTurns()
        }
    }

    /// The next frame is drawn into `buffer`.
    private func drawInto(_ buffer: WaylandShmBuffer) {
        memory = FrameMemory(baseAddress: buffer.memory, width: buffer.width, height: buffer.height, bytesPerRow: buffer.bytesPerRow)
    }

    /// After a commit: the next frame goes to a buffer the compositor released, or to a new one
    /// while there are fewer than ``maximumBuffers``; else it stays on the one shown, and the
    /// presenter is busy until the compositor releases it.
    private func takeTurns() {
        if let free = buffers.firstIndex(where: { !$0.isBusy }) {
            current = free
        } else if buffers.count < Self.maximumBuffers, let first = buffers.first,
            let made = WaylandShmBuffer(on: window, width: first.width, height: first.height)
        {
            watch(made)
            buffers.append(made)
            current = buffers.count - 1
        }
        if let buffer { drawInto(buffer) }
    }

    var presentationFeedback: PresentationFeedbackSource {
        isClosed ? .unavailable(.noWindow) : window.presentationFeedback
    }

    func present(feedback: PresentationRequest?) -> Bool {
        guard !isClosed, window.isUsable, let buffer, memory.baseAddress == buffer.memory else { return false }
        if let feedback { window.requestPresentationFeedback(feedback) }
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = wl_surface_frame(window.surface)
        if let frameCallback { wl_callback_add_listener(frameCallback, Self.frameListener, Unmanaged.passUnretained(self).toOpaque()) }
        buffer.show(on: window.surface)
        window.flush()
        takeTurns()
        return true
    }

    /// The path never changes on Wayland.
    func updatePath(now: ContinuousClock.Instant) -> Bool { false }

    /// A round trip: the compositor has handled every commit when it returns.
    func finishPresenting() {
        guard !isClosed, window.isUsable else { return }
        _ = window.connection.roundtrip()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        usePrivateMemory(width: memory.width, height: memory.height)
        buffers.removeAll()
        window.hasPresenter = false
    }

    /// Points ``memory`` at the presenter's own memory, made `width × height`.
    private func usePrivateMemory(width: Int, height: Int) {
        if privateMemory == nil || privateSize != (width, height) {
            privateMemory?.deallocate()
            let memory = UnsafeMutableRawPointer.allocate(byteCount: width * height * 4, alignment: 64)
            memory.initializeMemory(as: UInt32.self, repeating: 0xFF00_0000, count: width * height)
            privateMemory = memory
            privateSize = (width, height)
        }
        if let privateMemory { memory = FrameMemory(baseAddress: privateMemory, width: width, height: height, bytesPerRow: width * 4) }
    }

    private func frameDone(_ callback: OpaquePointer?) {
        guard let frameCallback, frameCallback == callback else { return }
        wl_callback_destroy(frameCallback)
        self.frameCallback = nil
    }

    /// The frame callback's listener, made once for the process (libwayland keeps its address).
    private nonisolated(unsafe) static let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_callback_listener(done: { data, callback, _ in
                guard let data else { return }
                Unmanaged<WaylandFrameSurface>.fromOpaque(data).takeUnretainedValue().frameDone(callback)
            }))
        return listener
    }()
}

extension WaylandWindow {
    /// The Wayland side of ``WindowBackend/makeFrameSurface(allowSharedMemory:)``: always
    /// `wl_shm` (a compositor has no other path for CPU pixels), so `allowSharedMemory` is moot.
    func makeFrameSurface(allowSharedMemory: Bool) throws(FrameFormatUnsupported) -> any FrameSurface {
        WaylandFrameSurface(window: self)
    }
}
