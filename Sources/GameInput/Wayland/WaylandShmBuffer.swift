internal import CWayland

/// One picture in memory shared with the compositor (`wl_shm`): a `wl_buffer` of 32-bit pixels
/// in a pool of its own, backed by anonymous shared memory.
///
/// The compositor reads a buffer after it is attached and committed, until it sends `release`:
/// meanwhile ``isBusy`` is true, and the picture must not be drawn over. The window's plain
/// frame and the pixel presenter in this package draw through it.
package final class WaylandShmBuffer {
    /// The picture's size in pixels.
    package let width: Int
    package let height: Int
    /// Bytes from one row to the next (`width * 4`).
    package let bytesPerRow: Int
    /// The pixels, row after row: `0xAARRGGBB` (`WL_SHM_FORMAT_ARGB8888` or, opaque,
    /// `XRGB8888`), little-endian as the compositor reads them.
    package let memory: UnsafeMutableRawPointer
    /// Whether the compositor may still read the pixels (attached, and not released yet).
    package private(set) var isBusy = false
    /// Called when the compositor releases the buffer.
    var onRelease: (() -> Void)?
    /// Pixels per logical pixel of the surface it is shown on: the window's
    /// ``WaylandWindow/pixelScale`` when the buffer was made. At the compositor's preferred
    /// scale (``WaylandFractionalScale``) the buffer shows at scale 1 through the surface's
    /// viewport, at its size over this scale; otherwise this is its buffer scale
    /// (`wl_surface.set_buffer_scale`), where both sides are a multiple of it (the protocol
    /// demands it), else 1.
    package let scale: Double
    /// The viewport and the logical size the buffer shows at through it, at the compositor's
    /// preferred scale; nil at an integer buffer scale.
    private let viewport: (scale: WaylandFractionalScale, width: Int, height: Int)?
    /// The `wl_buffer` to attach.
    let buffer: OpaquePointer
    private let pool: OpaquePointer
    private let descriptor: Int32
    private let size: Int
    /// The connection, kept open while the buffer lives.
    private let connection: WaylandConnection

    /// A buffer of `width` × `height` pixels for `window`, opaque (the alpha byte ignored) or
    /// not, shown at the window's buffer scale (`scaled`, for its own surface) or at 1 (a
    /// cursor's); nil when the memory cannot be had or the window is closed.
    package init?(on window: WaylandWindow, width: Int, height: Int, opaque: Bool = true, scaled: Bool = true) {
        guard window.isUsable else { return nil }
        let shm = window.shm
        guard width > 0, height > 0, width <= WindowSize.maximumSide, height <= WindowSize.maximumSide else { return nil }
        let bytesPerRow = width * 4
        let size = bytesPerRow * height
        guard case .success(let shared) = Posix.sharedMemory(name: "gameinput-frame", size: size) else { return nil }
        guard let pool = wl_shm_create_pool(shm, shared.descriptor, Int32(size)) else {
            Posix.unmap(shared.memory, size: size)
            Posix.close(shared.descriptor)
            return nil
        }
        let format = opaque ? WL_SHM_FORMAT_XRGB8888 : WL_SHM_FORMAT_ARGB8888
        guard let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(bytesPerRow), format.rawValue) else {
            wl_shm_pool_destroy(pool)
            Posix.unmap(shared.memory, size: size)
            Posix.close(shared.descriptor)
            return nil
        }
        connection = window.connection
        let windowScale = scaled ? window.pixelScale : 1
        if scaled, let fractional = window.size.fractional, fractional.preferred != nil {
            scale = windowScale
            viewport = (
                fractional, max(1, Int((Double(width) / windowScale).rounded())), max(1, Int((Double(height) / windowScale).rounded()))
            )
        } else {
            let whole = max(1, Int(windowScale))
            scale = width % whole == 0 && height % whole == 0 ? Double(whole) : 1
            viewport = nil
        }
        self.width = width
        self.height = height
        self.bytesPerRow = bytesPerRow
        self.size = size
        self.pool = pool
        self.buffer = buffer
        descriptor = shared.descriptor
        memory = shared.memory
        wl_buffer_add_listener(buffer, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(buffer)
        wl_shm_pool_destroy(pool)
        Posix.unmap(memory, size: size)
        Posix.close(descriptor)
    }

    /// Attaches the buffer to `surface`, damages all of it and commits: the compositor shows
    /// it, and the buffer is busy until released.
    package func show(on surface: OpaquePointer) {
        if let viewport {
            wl_surface_set_buffer_scale(surface, 1)
            viewport.scale.setLogicalSize(width: viewport.width, height: viewport.height)
        } else {
            wl_surface_set_buffer_scale(surface, Int32(scale))
        }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
        wl_surface_commit(surface)
        isBusy = true
    }

    /// Fills the picture with one colour (`0xAARRGGBB`).
    package func fill(_ colour: UInt32) {
        memory.initializeMemory(as: UInt32.self, repeating: colour, count: width * height)
    }

    /// The `release` listener, made once for the process (libwayland keeps its address).
    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wl_buffer_listener> = {
        let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_buffer_listener(release: { data, _ in
                guard let data else { return }
                let buffer = Unmanaged<WaylandShmBuffer>.fromOpaque(data).takeUnretainedValue()
                buffer.isBusy = false
                buffer.onRelease?()
            }))
        return listener
    }()
}
