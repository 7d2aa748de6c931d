internal import CWayland
import Foundation

/// A connection to a Wayland compositor (libwayland-client) and the globals its registry
/// lists, read with one round trip when it opens and kept current by the registry's events.
///
/// Either GameInput's own, on the default event queue, or a host's (``init(borrowing:)``):
/// then every object GameInput makes is on an event queue of its own, so the host's dispatch
/// never runs GameInput's listeners and GameInput's never runs the host's.
final class WaylandConnection {
    /// A global the compositor offers: its registry name, interface and version.
    struct Global: Equatable {
        let name: UInt32
        let interface: String
        let version: UInt32
    }

    /// Why a connection could not be made or used.
    enum Failure: Error, Equatable {
        /// No compositor answered on `socket` (a name in `XDG_RUNTIME_DIR`, or a path).
        case noCompositor(socket: String)
        /// The compositor closed the connection or sent a protocol error.
        case lost(errno: Int32)
    }

    let display: OpaquePointer
    let registry: OpaquePointer
    /// The event queue of GameInput's objects on a host's connection; nil on its own (the
    /// default queue).
    private let queue: OpaquePointer?
    /// What objects that hang off the display itself (`wl_display.sync`) are made from: the
    /// display, or on a host's connection a wrapper of it on ``queue``.
    let displayProxy: OpaquePointer
    /// Whether the connection is a host's: GameInput never disconnects it.
    let isBorrowed: Bool
    /// The socket connected to, as named (`WAYLAND_DISPLAY`, or `wayland-0` by default).
    let socketName: String
    /// The globals the registry lists now.
    fileprivate(set) var globals: [Global] = []
    /// Told of each global that appears (`true`) or goes (`false`) after the first round trip.
    var onGlobalChange: ((Global, Bool) -> Void)?
    private var isClosed = false

    /// Connects to `socketName`, else `WAYLAND_DISPLAY`, else `wayland-0`, and reads the
    /// registry.
    init(socketName: String? = nil) throws(Failure) {
        let name = socketName ?? ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        guard let display = wl_display_connect(name) else { throw .noCompositor(socket: name) }
        guard let registry = wl_display_get_registry(display) else {
            wl_display_disconnect(display)
            throw .lost(errno: errno)
        }
        self.display = display
        self.registry = registry
        self.socketName = name
        queue = nil
        displayProxy = display
        isBorrowed = false
        try readRegistry()
    }

    /// GameInput's objects on the host's connection `display` (a `wl_display *` the host
    /// connected and keeps reading): an event queue of its own and a registry on it. The
    /// connection stays the host's; ``close()`` leaves it open.
    init(borrowing display: OpaquePointer) throws(Failure) {
        let code = wl_display_get_error(display)
        guard code == 0 else { throw .lost(errno: code) }
        guard let queue = wl_display_create_queue(display) else { throw .lost(errno: ENOMEM) }
        guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)) else {
            wl_event_queue_destroy(queue)
            throw .lost(errno: ENOMEM)
        }
        let displayProxy = OpaquePointer(wrapper)
        wl_proxy_set_queue(displayProxy, queue)
        guard let registry = wl_display_get_registry(displayProxy) else {
            wl_proxy_wrapper_destroy(wrapper)
            wl_event_queue_destroy(queue)
            throw .lost(errno: errno)
        }
        self.display = display
        self.registry = registry
        self.queue = queue
        self.displayProxy = displayProxy
        isBorrowed = true
        socketName = ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? "the host's connection"
        try readRegistry()
    }

    /// Listens to the registry and reads its globals (one round trip).
    private func readRegistry() throws(Failure) {
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        guard roundtrip() else {
            let code = wl_display_get_error(display)
            close()
            throw .lost(errno: code)
        }
    }

    deinit { close() }

    /// The global offering `interface`, if any (the first listed).
    func global(_ interface: String) -> Global? { globals.first { $0.interface == interface } }

    /// Binds `global` at `version` (at most the compositor's) as `interface`.
    func bind(_ global: Global, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        wl_registry_bind(registry, global.name, interface, min(version, global.version))
            .map { OpaquePointer($0) }
    }

    /// Binds the global offering `name`, if any, at `version` (at most the compositor's) as
    /// `interface`.
    func bind(_ name: String, _ interface: UnsafePointer<wl_interface>, version: UInt32) -> OpaquePointer? {
        global(name).flatMap { bind($0, interface, version: version) }
    }

    /// Sends what is queued and waits until the compositor has handled it and its answers have
    /// been dispatched. False when the connection is lost.
    @discardableResult
    func roundtrip() -> Bool {
        guard !isClosed else { return false }
        if let queue { return wl_display_roundtrip_queue(display, queue) >= 0 }
        return wl_display_roundtrip(display) >= 0
    }

    /// libwayland's `prepare_read` for GameInput's queue: 0 when the caller may read the
    /// socket (and must then read or cancel), -1 when events wait in the queue.
    func prepareRead() -> Int32 {
        if let queue { return wl_display_prepare_read_queue(display, queue) }
        return wl_display_prepare_read(display)
    }

    /// Runs the listeners of the events read for GameInput's queue; -1 when the connection
    /// failed.
    func dispatchPending() -> Int32 {
        if let queue { return wl_display_dispatch_queue_pending(display, queue) }
        return wl_display_dispatch_pending(display)
    }

    /// Disconnects, where the connection is GameInput's own: every object made on it is gone
    /// with it. A host's stays open; GameInput's objects on it must have been destroyed.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        wl_registry_destroy(registry)
        if let queue {
            _ = wl_display_flush(display)
            wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(displayProxy))
            wl_event_queue_destroy(queue)
        } else {
            wl_display_disconnect(display)
        }
    }

    /// The registry's listener, made once for the process (libwayland keeps its address).
    private nonisolated(unsafe) static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_registry_listener(
                global: { data, _, name, interface, version in
                    guard let data, let interface else { return }
                    let connection = Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue()
                    let global = Global(name: name, interface: String(cString: interface), version: version)
                    connection.globals.append(global)
                    connection.onGlobalChange?(global, true)
                },
                global_remove: { data, _, name in
                    guard let data else { return }
                    let connection = Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue()
                    guard let index = connection.globals.firstIndex(where: { $0.name == name }) else { return }
                    let global = connection.globals.remove(at: index)
                    connection.onGlobalChange?(global, false)
                }))
        return listener
    }()
}
