internal import CWayland

/// The compositor's preferred scale for the window's surface, fractional ones too, where it
/// offers `wp_fractional_scale_v1` and `wp_viewporter` (KWin 5.27 does; sway 1.7 and mutter 43
/// do not, and there the integer `wl_output.scale` stands): the window draws its frames at the
/// logical size times that scale, at buffer scale 1, and the surface's viewport shows them at
/// the logical size, pixel for pixel on the output.
final class WaylandFractionalScale {
    private let manager: OpaquePointer
    private let viewporter: OpaquePointer
    private let object: OpaquePointer
    /// The surface's viewport, through which each frame names its logical size.
    let viewport: OpaquePointer
    /// The scale the compositor last said it prefers; nil until it has.
    private(set) var preferred: Double?
    /// Told when the preferred scale changes.
    var onChange: (() -> Void)?
    /// Whether ``destroy()`` ran: a frame made before shows without the viewport then.
    private var isDestroyed = false

    /// The scale object and the viewport of `surface`; nil when either cannot be made.
    init?(manager: OpaquePointer, viewporter: OpaquePointer, surface: OpaquePointer) {
        guard let object = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface) else {
            wp_fractional_scale_manager_v1_destroy(manager)
            wp_viewporter_destroy(viewporter)
            return nil
        }
        guard let viewport = wp_viewporter_get_viewport(viewporter, surface) else {
            wp_fractional_scale_v1_destroy(object)
            wp_fractional_scale_manager_v1_destroy(manager)
            wp_viewporter_destroy(viewporter)
            return nil
        }
        self.manager = manager
        self.viewporter = viewporter
        self.object = object
        self.viewport = viewport
        wp_fractional_scale_v1_add_listener(object, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Shows the surface's buffers, from its next commit, at `width` by `height` logical units.
    func setLogicalSize(width: Int, height: Int) {
        guard !isDestroyed else { return }
        wp_viewport_set_destination(viewport, Int32(clamping: max(1, width)), Int32(clamping: max(1, height)))
    }

    /// Lets the surface's buffers show at their own size again, from its next commit.
    func clearLogicalSize() {
        guard !isDestroyed else { return }
        wp_viewport_set_destination(viewport, -1, -1)
    }

    /// Destroys the objects; before the surface goes.
    func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        onChange = nil
        wp_viewport_destroy(viewport)
        wp_fractional_scale_v1_destroy(object)
        wp_viewporter_destroy(viewporter)
        wp_fractional_scale_manager_v1_destroy(manager)
    }

    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
        let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wp_fractional_scale_v1_listener(
                // The scale in 120ths (180: 1.5).
                preferred_scale: { data, _, scale in
                    guard let data, scale > 0 else { return }
                    let this = Unmanaged<WaylandFractionalScale>.fromOpaque(data).takeUnretainedValue()
                    let preferred = Double(scale) / 120
                    guard preferred != this.preferred else { return }
                    this.preferred = preferred
                    this.onChange?()
                }))
        return listener
    }()
}
