internal import CWayland
import Foundation

/// The cursor a Wayland window shows while the pointer is over it: the theme's arrow, loaded
/// with libwayland-cursor from the user's cursor theme (`XCURSOR_THEME`, `XCURSOR_SIZE`, the
/// theme's `default` or `left_ptr`), on a surface of its own; or none while the lock hides it.
///
/// A Wayland client names its cursor each time the pointer enters it (`wl_pointer.set_cursor`
/// with the enter's serial); the compositor shows what was named until the pointer leaves.
final class WaylandCursor {
    private let theme: OpaquePointer?
    private let image: UnsafeMutablePointer<wl_cursor_image>?
    private let surface: OpaquePointer?
    /// The connection, kept open while the cursor's surface and buffers live.
    private let connection: WaylandConnection

    /// Loads the theme on `shm` and makes the cursor's surface on `compositor`. Without a
    /// theme the compositor's own cursor stays (set_cursor is never sent).
    init(connection: WaylandConnection, compositor: OpaquePointer, shm: OpaquePointer) {
        self.connection = connection
        let environment = ProcessInfo.processInfo.environment
        let size = environment["XCURSOR_SIZE"].flatMap { Int32($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        theme = wl_cursor_theme_load(environment["XCURSOR_THEME"], size, shm)
        let cursor = theme.flatMap { theme in
            wl_cursor_theme_get_cursor(theme, "default") ?? wl_cursor_theme_get_cursor(theme, "left_ptr")
        }
        if let cursor, cursor.pointee.image_count > 0, let first = cursor.pointee.images[0],
            let buffer = wl_cursor_image_get_buffer(first), let surface = wl_compositor_create_surface(compositor)
        {
            image = first
            self.surface = surface
            wl_surface_attach(surface, buffer, 0, 0)
            wl_surface_damage(surface, 0, 0, Int32(first.pointee.width), Int32(first.pointee.height))
            wl_surface_commit(surface)
        } else {
            image = nil
            surface = nil
        }
    }

    deinit {
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme) }
    }

    /// Shows the arrow over the window on `pointer` (`serial`: the pointer's last enter).
    func show(on pointer: OpaquePointer, serial: UInt32) {
        guard let surface, let image else { return }
        wl_pointer_set_cursor(pointer, serial, surface, Int32(image.pointee.hotspot_x), Int32(image.pointee.hotspot_y))
    }

    /// Hides the cursor over the window (`set_cursor` with no surface), as the lock does.
    static func hide(on pointer: OpaquePointer, serial: UInt32) {
        wl_pointer_set_cursor(pointer, serial, nil, 0, 0)
    }
}
