import Glibc
import Synchronization

/// Renders a frame on several threads: the frame is cut into bands of rows that the calling
/// thread and `threadCount - 1` workers take from a shared counter, each drawing its bands
/// with its own `Renderer` (`render(_:camera:into:rows:)`). The pixels equal a one-thread
/// render. Workers are started once and sleep on a semaphore between frames.
///
/// Not thread-safe itself: call `render` from one thread at a time.
public final class TiledRenderer: @unchecked Sendable {
    // @unchecked Sendable: the job fields are written only while every worker is parked on
    // `start`, and read by workers between `start` and `done` (semaphores order them).

    /// Threads that draw a frame, the caller included.
    public let threadCount: Int
    /// Bands a frame is cut into.
    public let bandCount: Int
    /// Look of the frame, applied to every band's renderer.
    public var settings: RenderSettings {
        didSet { for renderer in renderers { renderer.settings = settings } }
    }

    private let renderers: [Renderer]
    private var threads: [pthread_t] = []
    private let start: UnsafeMutablePointer<sem_t>
    private let done: UnsafeMutablePointer<sem_t>
    private let nextBand = Atomic<Int>(0)
    private let nextWorker = Atomic<Int>(1)
    private var stopping = false
    private var scene: Scene?
    private var camera = CameraPose()
    private var framebuffer: Framebuffer?

    /// The pixel loop every band's renderer uses.
    public var pixelLoop: Renderer.PixelLoop { renderers[0].pixelLoop }

    /// A renderer using `threadCount` threads (at least 1) and `bandsPerThread` bands each,
    /// drawing pixels with `pixelLoop` (see `Renderer.init(settings:pixelLoop:)`).
    public init(
        threadCount: Int, bandsPerThread: Int = 4, settings: RenderSettings = RenderSettings(),
        pixelLoop: Renderer.PixelLoop = .fastest
    ) {
        self.threadCount = max(1, threadCount)
        bandCount = self.threadCount * max(1, bandsPerThread)
        self.settings = settings
        renderers = (0..<self.threadCount).map { _ in Renderer(settings: settings, pixelLoop: pixelLoop) }
        start = .allocate(capacity: 1)
        done = .allocate(capacity: 1)
        sem_init(start, 0, 0)
        sem_init(done, 0, 0)
        for _ in 1..<self.threadCount {
            var thread = pthread_t()
            let context = Unmanaged.passUnretained(self).toOpaque()
            let created = pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<TiledRenderer>.fromOpaque(context!).takeUnretainedValue().workerLoop()
                    return nil
                }, context)
            if created == 0 { threads.append(thread) }
        }
    }

    deinit {
        stopping = true
        for _ in threads { sem_post(start) }
        for thread in threads { pthread_join(thread, nil) }
        sem_destroy(start)
        sem_destroy(done)
        start.deallocate()
        done.deallocate()
    }

    /// Renders one frame of `scene` from `camera` into every pixel of `framebuffer`.
    public func render(_ scene: Scene, camera: CameraPose, into framebuffer: Framebuffer) {
        self.scene = scene
        self.camera = camera
        self.framebuffer = framebuffer
        nextBand.store(0, ordering: .relaxed)
        for _ in threads { sem_post(start) }
        drawBands(with: renderers[0])
        for _ in threads { while sem_wait(done) != 0 {} }
        self.scene = nil
        self.framebuffer = nil
    }

    private func workerLoop() {
        let renderer = renderers[nextWorker.add(1, ordering: .relaxed).oldValue]
        while true {
            while sem_wait(start) != 0 {}
            if stopping { return }
            drawBands(with: renderer)
            sem_post(done)
        }
    }

    private func drawBands(with renderer: Renderer) {
        guard let scene, let framebuffer else { return }
        let height = framebuffer.height
        while true {
            let band = nextBand.add(1, ordering: .relaxed).oldValue
            guard band < bandCount else { return }
            let rows = band * height / bandCount..<(band + 1) * height / bandCount
            renderer.render(scene, camera: camera, into: framebuffer, rows: rows)
        }
    }
}
