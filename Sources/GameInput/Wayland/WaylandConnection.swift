internal import CWayland
import Foundation

/// A connection to a Wayland compositor (libwayland-client) and the globals its registry
/// lists, read with one round trip when it opens and kept current by the registry's events.
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
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        guard wl_display_roundtrip(display) >= 0 else {
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

    /// Sends what is queued and waits until the compositor has handled it and its answers have
    /// been dispatched. False when the connection is lost.
    @discardableResult
    func roundtrip() -> Bool { !isClosed && wl_display_roundtrip(display) >= 0 }

    /// Disconnects; every object made on the connection is gone with it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
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
