internal import CWayland
import Foundation

/// The cursor a Wayland window shows while the pointer is over it, on a surface of its own:
/// one of the theme's named cursors, loaded with libwayland-cursor from the user's cursor theme
/// (`XCURSOR_THEME`, `XCURSOR_SIZE`) by the shape's CSS name, then its older X names, then the
/// arrow; or a picture of the game's in a `wl_shm` buffer; or none (``CursorShape/hidden``, and
/// while the lock hides it).
///
/// A Wayland client names its cursor each time the pointer enters it (`wl_pointer.set_cursor`
/// with the enter's serial); the compositor shows what was named until the pointer leaves or
/// the client names another. An animated theme cursor shows its first frame.
///
/// ``show(on:serial:)`` may run on the stall watchdog's thread: what it reads is kept under a
/// lock.
final class WaylandCursor {
    private let theme: OpaquePointer?
    private let surface: OpaquePointer?
    /// The connection, kept open while the cursor's surface and buffers live.
    private let connection: WaylandConnection
    /// The shape asked for last.
    private(set) var shape: CursorShape = .system(.default)
    /// Whether the game chose a shape (on a host's surface, until then the host's cursor shows).
    private(set) var isChosen = false
    /// Whether GameInput hid the cursor last (the lock).
    var isHidden = false
    /// The game's own picture while one shows (the theme owns its cursors' buffers).
    private var picture: WaylandShmBuffer?
    /// What ``show(on:serial:)`` names: the hot spot of the picture on the surface, or nil for
    /// no cursor (hidden, or nothing could be loaded).
    private var hotSpot: (x: Int32, y: Int32)?
    private let hotSpotLock = NSLock()

    /// Loads the theme on `shm` and makes the cursor's surface on `compositor`, showing the
    /// arrow. Without a theme the compositor's own cursor stays for the system shapes
    /// (set_cursor is never sent for them).
    init(connection: WaylandConnection, compositor: OpaquePointer, shm: OpaquePointer) {
        self.connection = connection
        let environment = ProcessInfo.processInfo.environment
        let size = environment["XCURSOR_SIZE"].flatMap { Int32($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        theme = wl_cursor_theme_load(environment["XCURSOR_THEME"], size, shm)
        surface = wl_compositor_create_surface(compositor)
        attachSystem(.default)
    }

    deinit {
        picture = nil
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme) }
    }

    /// Puts `shape` on the cursor's surface (`window` makes the buffer of a picture). A theme
    /// without the shape shows the arrow.
    func select(_ shape: CursorShape, on window: WaylandWindow) {
        isChosen = true
        self.shape = shape
        switch shape {
        case .system(let name): attachSystem(name)
        case .image(let image): attach(image, on: window)
        case .hidden: setHotSpot(nil)
        }
    }

    /// Names the cursor over the window on `pointer` (`serial`: the pointer's last enter).
    func show(on pointer: OpaquePointer, serial: UInt32) {
        guard let surface else { return }
        guard let hotSpot = hotSpotLock.withLock({ self.hotSpot }) else {
            // A hidden shape hides; a theme that could not load leaves the compositor's cursor.
            if shape == .hidden { Self.hide(on: pointer, serial: serial) }
            return
        }
        wl_pointer_set_cursor(pointer, serial, surface, hotSpot.x, hotSpot.y)
    }

    /// Hides the cursor over the window (`set_cursor` with no surface), as the lock does.
    static func hide(on pointer: OpaquePointer, serial: UInt32) {
        wl_pointer_set_cursor(pointer, serial, nil, 0, 0)
    }

    private func attachSystem(_ name: SystemCursor) {
        let names = name.themeNames + SystemCursor.default.themeNames
        guard let theme, let surface,
            let cursor = names.lazy.compactMap({ wl_cursor_theme_get_cursor(theme, $0) }).first(where: { $0.pointee.image_count > 0 }),
            let image = cursor.pointee.images[0], let buffer = wl_cursor_image_get_buffer(image)
        else { return setHotSpot(nil) }
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        picture = nil
        setHotSpot((Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y)))
    }

    private func attach(_ image: CursorImage, on window: WaylandWindow) {
        guard let surface, let buffer = WaylandShmBuffer(on: window, width: image.width, height: image.height, opaque: false, scaled: false)
        else {
            return setHotSpot(nil)
        }
        // Premultiplied ARGB in 32-bit words is WL_SHM_FORMAT_ARGB8888 as it is.
        image.pixels.withUnsafeBytes { pixels in
            if let base = pixels.baseAddress { buffer.memory.copyMemory(from: base, byteCount: pixels.count) }
        }
        buffer.show(on: surface)
        picture = buffer
        setHotSpot((Int32(image.hotSpotX), Int32(image.hotSpotY)))
    }

    private func setHotSpot(_ spot: (x: Int32, y: Int32)?) {
        hotSpotLock.withLock { hotSpot = spot }
    }
}
