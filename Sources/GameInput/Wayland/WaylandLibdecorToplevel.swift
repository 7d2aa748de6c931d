internal import CLibdecor
import Foundation

/// The toplevel through libdecor, where the compositor draws no frame (mutter 43 offers no
/// xdg-decoration): libdecor makes the `xdg_surface` and `xdg_toplevel`, and its plugin (cairo)
/// draws a title bar and borders on subsurfaces around the window's surface, and handles their
/// clicks (move, resize, close, maximise). Its objects live on the window's connection and its
/// default queue, so the window's own dispatch runs them.
final class WaylandLibdecorToplevel: WaylandToplevel {
    private let libdecor: Libdecor
    private let context: OpaquePointer
    /// The decorated frame; set once `self` can be its callbacks' user data.
    private var frame: OpaquePointer?
    private let surface: OpaquePointer
    private weak var window: WaylandWindow?

    /// Makes the role on `surface`; nil when libdecor cannot be loaded or cannot start.
    init?(display: OpaquePointer, surface: OpaquePointer, title: String, window: WaylandWindow) {
        guard case .success(let libdecor) = Libdecor.loaded, let context = libdecor.new(display, Self.interface) else { return nil }
        self.libdecor = libdecor
        self.context = context
        self.surface = surface
        self.window = window
        guard let frame = libdecor.decorate(context, surface, Self.frameInterface, Unmanaged.passUnretained(self).toOpaque()) else {
            libdecor.unref(context)
            return nil
        }
        self.frame = frame
        libdecor.frameSetTitle(frame, title)
        libdecor.frameSetAppID(frame, ProcessInfo.processInfo.processName)
    }

    var frameDrawnBy: String { "libdecor" }

    func setTitle(_ title: String) { if let frame { libdecor.frameSetTitle(frame, title) } }

    func setSizeLimits(minimum: (width: Int32, height: Int32), maximum: (width: Int32, height: Int32)) {
        guard let frame else { return }
        libdecor.frameSetMinContentSize(frame, minimum.width, minimum.height)
        libdecor.frameSetMaxContentSize(frame, maximum.width, maximum.height)
    }

    func setFullScreen(_ fullScreen: Bool, on output: OpaquePointer?) {
        guard let frame else { return }
        if fullScreen { libdecor.frameSetFullScreen(frame, output) } else { libdecor.frameUnsetFullScreen(frame) }
    }

    func map() { if let frame { libdecor.frameMap(frame) } }

    func contentResized(width: Int, height: Int) {
        guard let frame, let state = libdecor.stateNew(Int32(width), Int32(height)) else { return }
        libdecor.frameCommit(frame, state, nil)
        libdecor.stateFree(state)
    }

    func destroy() {
        if let frame { libdecor.frameUnref(frame) }
        frame = nil
        libdecor.unref(context)
    }

    /// The compositor's configure, through libdecor: the content size it chose (none on the
    /// first, where the window keeps its own), the window states; libdecor's frame is committed
    /// at that size before the window applies it.
    private func configure(_ configuration: OpaquePointer?) {
        guard let window, let frame else { return }
        var width: Int32 = 0, height: Int32 = 0
        var next = ToplevelConfigure()
        if libdecor.configurationContentSize(configuration, frame, &width, &height) {
            next.width = width
            next.height = height
        }
        var state = LIBDECOR_WINDOW_STATE_NONE
        if libdecor.configurationWindowState(configuration, &state) {
            next.isActivated = state.rawValue & LIBDECOR_WINDOW_STATE_ACTIVE.rawValue != 0
            next.isFullScreen = state.rawValue & LIBDECOR_WINDOW_STATE_FULLSCREEN.rawValue != 0
            let fixed =
                LIBDECOR_WINDOW_STATE_MAXIMIZED.rawValue | LIBDECOR_WINDOW_STATE_FULLSCREEN.rawValue
                | LIBDECOR_WINDOW_STATE_TILED_LEFT.rawValue | LIBDECOR_WINDOW_STATE_TILED_RIGHT.rawValue
                | LIBDECOR_WINDOW_STATE_TILED_TOP.rawValue | LIBDECOR_WINDOW_STATE_TILED_BOTTOM.rawValue
            next.isSizeFixed = state.rawValue & fixed != 0
        }
        let contentWidth = next.width > 0 ? next.width : Int32(window.size.logicalWidth)
        let contentHeight = next.height > 0 ? next.height : Int32(window.size.logicalHeight)
        if let committed = libdecor.stateNew(contentWidth, contentHeight) {
            libdecor.frameCommit(frame, committed, configuration)
            libdecor.stateFree(committed)
        }
        window.configured(next)
    }

    private static func role(_ data: UnsafeMutableRawPointer?) -> WaylandLibdecorToplevel? {
        data.map { Unmanaged<WaylandLibdecorToplevel>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let interface: UnsafeMutablePointer<libdecor_interface> = {
        let interface = UnsafeMutablePointer<libdecor_interface>.allocate(capacity: 1)
        interface.initialize(to: libdecor_interface())
        // libdecor's own errors (a compositor without xdg-shell) leave the window without a
        // frame; the window itself reports what it cannot do.
        interface.pointee.error = { _, _, _ in }
        return interface
    }()

    private nonisolated(unsafe) static let frameInterface: UnsafeMutablePointer<libdecor_frame_interface> = {
        let interface = UnsafeMutablePointer<libdecor_frame_interface>.allocate(capacity: 1)
        interface.initialize(to: libdecor_frame_interface())
        interface.pointee.configure = { _, configuration, data in role(data)?.configure(configuration) }
        interface.pointee.close = { _, data in role(data)?.window?.emit(.closeRequested) }
        interface.pointee.commit = { _, data in
            guard let role = role(data) else { return }
            wl_surface_commit(role.surface)
        }
        return interface
    }()
}
