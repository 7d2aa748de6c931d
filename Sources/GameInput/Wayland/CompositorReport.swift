import Foundation

/// What a Wayland compositor offers for pointer lock, read once for diagnostics
/// (`lockgame --doctor`): the protocols its registry lists, and which of those a native lock
/// needs are missing.
public struct CompositorReport: Sendable {
    /// A protocol the compositor offers: its interface name and the highest version.
    public struct OfferedProtocol: Sendable, Hashable {
        /// The interface, such as "zwp_pointer_constraints_v1".
        public var name: String
        /// The highest version the compositor offers.
        public var version: Int
    }

    /// Why no report could be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No compositor answered on the socket (a name in `XDG_RUNTIME_DIR`, or a path).
        case noCompositor(socket: String)
        /// The compositor closed the connection while the registry was read.
        case connectionLost

        /// The failure a connection reported.
        init(_ failure: WaylandConnection.Failure) {
            switch failure {
            case .noCompositor(let socket): self = .noCompositor(socket: socket)
            case .lost: self = .connectionLost
            }
        }

        /// One line for the user, such as "no Wayland compositor answers on wayland-1".
        public var description: String {
            switch self {
            case .noCompositor(let socket): "no Wayland compositor answers on \(socket)"
            case .connectionLost: "the Wayland compositor closed the connection"
            }
        }
    }

    /// What a native pointer lock needs: a surface (`wl_compositor`), pixels (`wl_shm`), a
    /// seat, a window (`xdg_wm_base`), the lock itself (`zwp_pointer_constraints_v1`) and
    /// relative motion (`zwp_relative_pointer_manager_v1`).
    public static let protocolsTheLockNeeds = [
        "wl_compositor", "wl_shm", "wl_seat", "xdg_wm_base", "zwp_pointer_constraints_v1", "zwp_relative_pointer_manager_v1",
    ]

    /// The socket read, as named (`WAYLAND_DISPLAY`, or `wayland-0` by default).
    public var socket: String
    /// The protocols the registry lists, each once, sorted by name.
    public var protocols: [OfferedProtocol]
    /// Those of ``protocolsTheLockNeeds`` the compositor does not offer.
    public var missingForTheLock: [String] {
        Self.protocolsTheLockNeeds.filter { needed in !protocols.contains { $0.name == needed } }
    }
    /// Whether the compositor offers everything a native lock needs.
    public var offersPointerLock: Bool { missingForTheLock.isEmpty }

    /// Who draws a native window's frame (title bar, borders) on a compositor.
    public enum WindowFrames: Sendable, Equatable, CustomStringConvertible {
        /// The compositor itself (it offers `zxdg_decoration_manager_v1`: sway, KWin).
        case compositor
        /// libdecor, which GameInput loads at run time, where the compositor draws none (mutter).
        case libdecor
        /// Nobody: the compositor draws none and libdecor could not be loaded (`reason`, the
        /// dynamic loader's words); the window works, without a frame.
        case none(reason: String)

        /// One line for the user, such as "libdecor's (the compositor draws none)".
        public var description: String {
            switch self {
            case .compositor: "the compositor's (xdg-decoration)"
            case .libdecor: "libdecor's (the compositor draws none)"
            case .none(let reason): "none: the compositor draws none and libdecor cannot be loaded (\(reason))"
            }
        }
    }

    /// Who draws a GameInput window's frame here: the compositor where it offers to, else
    /// libdecor where this process can load it.
    public var windowFrames: WindowFrames {
        if version(of: "zxdg_decoration_manager_v1") != nil { return .compositor }
        switch Libdecor.loaded {
        case .success: return .libdecor
        case .failure(let error): return .none(reason: error.description)
        }
    }

    /// The version of `name` the compositor offers, nil when it does not.
    public func version(of name: String) -> Int? { protocols.first { $0.name == name }?.version }

    /// Connects to `socket` (or `WAYLAND_DISPLAY`, or `wayland-0`), reads the registry and
    /// disconnects.
    public static func inspect(socket: String? = nil) throws(Failure) -> CompositorReport {
        let connection: WaylandConnection
        do {
            connection = try WaylandConnection(socketName: socket)
        } catch {
            throw Failure(error)
        }
        defer { connection.close() }
        return CompositorReport(socket: connection.socketName, protocols: offeredProtocols(connection.globals))
    }

    /// Each interface of `globals` once, at its highest version, sorted by name.
    static func offeredProtocols(_ globals: [WaylandConnection.Global]) -> [OfferedProtocol] {
        var highest: [String: Int] = [:]
        for global in globals { highest[global.interface] = max(highest[global.interface] ?? 0, Int(global.version)) }
        return highest.map { OfferedProtocol(name: $0.key, version: $0.value) }.sorted { $0.name < $1.name }
    }
}
