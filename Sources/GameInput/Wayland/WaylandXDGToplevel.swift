internal import CWayland
import Foundation

/// The toplevel through xdg-shell directly: `xdg_surface` and `xdg_toplevel` on the window's
/// surface, and, where the compositor offers `zxdg_decoration_manager_v1` (sway, KWin), a frame
/// the compositor draws (server-side mode).
final class WaylandXDGToplevel: WaylandToplevel {
    private let wmBase: OpaquePointer
    private let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private let decorationManager: OpaquePointer?
    private var decoration: OpaquePointer?
    private weak var window: WaylandWindow?
    /// The toplevel's configure, applied at the `xdg_surface.configure` after it.
    private var pending = ToplevelConfigure()

    /// Makes the role on `surface`; nil when the compositor refuses the objects.
    init?(wmBase: OpaquePointer, decorationManager: OpaquePointer?, surface: OpaquePointer, title: String, window: WaylandWindow) {
        guard let xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface), let toplevel = xdg_surface_get_toplevel(xdgSurface) else {
            return nil
        }
        self.wmBase = wmBase
        self.surface = surface
        self.xdgSurface = xdgSurface
        self.toplevel = toplevel
        self.decorationManager = decorationManager
        self.window = window
        let data = Unmanaged.passUnretained(self).toOpaque()
        xdg_wm_base_add_listener(wmBase, Self.wmBaseListener, nil)
        xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, data)
        xdg_toplevel_add_listener(toplevel, Self.toplevelListener, data)
        xdg_toplevel_set_title(toplevel, title)
        xdg_toplevel_set_app_id(toplevel, ProcessInfo.processInfo.processName)
        if let decorationManager, let decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(decorationManager, toplevel) {
            zxdg_toplevel_decoration_v1_set_mode(decoration, ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue)
            self.decoration = decoration
        }
    }

    var frameDrawnBy: String { decoration == nil ? "nobody" : "the compositor" }

    func setTitle(_ title: String) { xdg_toplevel_set_title(toplevel, title) }

    func setSizeLimits(minimum: (width: Int32, height: Int32), maximum: (width: Int32, height: Int32)) {
        xdg_toplevel_set_min_size(toplevel, minimum.width, minimum.height)
        xdg_toplevel_set_max_size(toplevel, maximum.width, maximum.height)
        wl_surface_commit(surface)
    }

    func setFullScreen(_ fullScreen: Bool, on output: OpaquePointer?) {
        if fullScreen { xdg_toplevel_set_fullscreen(toplevel, output) } else { xdg_toplevel_unset_fullscreen(toplevel) }
    }

    func map() { wl_surface_commit(surface) }

    func contentResized(width: Int, height: Int) {}

    func destroy() {
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
        xdg_wm_base_destroy(wmBase)
    }

    private static func role(_ data: UnsafeMutableRawPointer?) -> WaylandXDGToplevel? {
        data.map { Unmanaged<WaylandXDGToplevel>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
        let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
        // Answered while the game's loop runs: a game that stops answering is one the
        // compositor may treat as hung (mutter ends its lock).
        listener.initialize(to: xdg_wm_base_listener(ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
        return listener
    }()

    private nonisolated(unsafe) static let xdgSurfaceListener: UnsafeMutablePointer<xdg_surface_listener> = {
        let listener = UnsafeMutablePointer<xdg_surface_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_surface_listener(configure: { data, _, serial in
                guard let role = role(data) else { return }
                xdg_surface_ack_configure(role.xdgSurface, serial)
                role.window?.configured(role.pending)
            }))
        return listener
    }()

    private nonisolated(unsafe) static let toplevelListener: UnsafeMutablePointer<xdg_toplevel_listener> = {
        let listener = UnsafeMutablePointer<xdg_toplevel_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_toplevel_listener(
                configure: { data, _, width, height, states in
                    guard let role = role(data) else { return }
                    var next = ToplevelConfigure(width: width, height: height)
                    if let states, let values = states.pointee.data {
                        let count = states.pointee.size / MemoryLayout<UInt32>.size
                        for state in UnsafeBufferPointer(start: values.assumingMemoryBound(to: UInt32.self), count: count) {
                            switch xdg_toplevel_state(state) {
                            case XDG_TOPLEVEL_STATE_FULLSCREEN:
                                next.isFullScreen = true
                                next.isSizeFixed = true
                            case XDG_TOPLEVEL_STATE_ACTIVATED: next.isActivated = true
                            case XDG_TOPLEVEL_STATE_MAXIMIZED, XDG_TOPLEVEL_STATE_TILED_LEFT, XDG_TOPLEVEL_STATE_TILED_RIGHT,
                                XDG_TOPLEVEL_STATE_TILED_TOP, XDG_TOPLEVEL_STATE_TILED_BOTTOM:
                                next.isSizeFixed = true
                            default: break
                            }
                        }
                    }
                    role.pending = next
                },
                close: { data, _ in role(data)?.window?.emit(.closeRequested) },
                configure_bounds: { _, _, _, _ in },
                wm_capabilities: { _, _, _ in }))
        return listener
    }()
}
