import Foundation

/// Which windowing system a ``GameWindow`` talks to, and why that one.
///
/// One game binary runs on both. The choice, made when the window is created:
/// 1. `GAMEINPUT_BACKEND=x11` or `=wayland` decides (any other value is an error:
///    ``GameWindowError/invalidBackend(_:)``).
/// 2. A display name given to the initializer is an X display: X11.
/// 3. Where `WAYLAND_DISPLAY` names a compositor that answers and offers what the native lock
///    needs (``CompositorReport/protocolsTheLockNeeds``): Wayland.
/// 4. X11 otherwise; when a compositor was there but could not be used, the reason is kept
///    here and written once to standard error, so that a player knows why the game runs
///    through Xwayland.
public struct WindowBackendChoice: Sendable, Equatable, CustomStringConvertible {
    /// A windowing system.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// The X Window System through Xlib: an X server, or Xwayland inside a Wayland session.
        case x11
        /// A Wayland compositor, natively (libwayland-client).
        case wayland

        /// "x11" or "wayland", as `GAMEINPUT_BACKEND` spells it.
        public var description: String {
            switch self {
            case .x11: "x11"
            case .wayland: "wayland"
            }
        }

        /// The backend `GAMEINPUT_BACKEND` spells `name`, if any.
        init?(name: String) {
            switch name {
            case "x11": self = .x11
            case "wayland": self = .wayland
            default: return nil
            }
        }
    }

    /// The backend chosen.
    public var kind: Kind
    /// Why, in a few words: "GAMEINPUT_BACKEND=x11", "WAYLAND_DISPLAY is not set", "the
    /// compositor on wayland-1 offers the native lock".
    public var reason: String
    /// Whether a Wayland compositor was asked for or found and could not be used, so the
    /// choice fell back to X11 (the ``reason`` says why).
    public var isFallback: Bool

    /// "wayland (the compositor on wayland-1 offers the native lock)".
    public var description: String { "\(kind) (\(reason))" }

    /// What the environment asks for, as the initializer would decide it, without creating a
    /// window: for diagnostics (`lockgame --doctor`). Connects to the compositor named by
    /// `WAYLAND_DISPLAY`, if any, to read its protocols.
    public static func current(displayName: String? = nil) throws(GameWindowError) -> WindowBackendChoice {
        let decision = try decide(displayName: displayName, environment: ProcessInfo.processInfo.environment)
        decision.connection?.close()
        return decision.choice
    }

    /// The decision and, for Wayland, the connection it opened (the window keeps it).
    struct Decision {
        let choice: WindowBackendChoice
        let connection: WaylandConnection?
    }

    /// Decides as the type's documentation says. Throws for a `GAMEINPUT_BACKEND` value that
    /// names no backend, and for `GAMEINPUT_BACKEND=wayland` when no compositor answers.
    static func decide(displayName: String?, environment: [String: String]) throws(GameWindowError) -> Decision {
        let asked = environment["GAMEINPUT_BACKEND"].flatMap { $0.isEmpty ? nil : $0 }
        if let asked, Kind(name: asked) == nil { throw .invalidBackend(asked) }
        if asked == "x11" {
            return Decision(choice: .init(kind: .x11, reason: "GAMEINPUT_BACKEND=x11", isFallback: false), connection: nil)
        }
        if asked == nil, displayName != nil {
            return Decision(choice: .init(kind: .x11, reason: "an X display was named", isFallback: false), connection: nil)
        }
        let socket = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        guard let socket else {
            if asked == "wayland" { throw .cannotConnectToWayland("WAYLAND_DISPLAY is not set") }
            return Decision(choice: .init(kind: .x11, reason: "WAYLAND_DISPLAY is not set", isFallback: false), connection: nil)
        }
        let connection: WaylandConnection
        do {
            connection = try WaylandConnection(socketName: socket)
        } catch {
            let why = CompositorReport.Failure(error).description
            if asked == "wayland" { throw .cannotConnectToWayland(why) }
            return Decision(choice: .init(kind: .x11, reason: why, isFallback: true), connection: nil)
        }
        let missing = CompositorReport.protocolsTheLockNeeds.filter { connection.global($0) == nil }
        if asked == "wayland" {
            let reason =
                missing.isEmpty
                ? "GAMEINPUT_BACKEND=wayland" : "GAMEINPUT_BACKEND=wayland; the compositor lacks \(missing.joined(separator: ", "))"
            return Decision(choice: .init(kind: .wayland, reason: reason, isFallback: false), connection: connection)
        }
        guard missing.isEmpty else {
            connection.close()
            let reason = "the compositor on \(socket) lacks \(missing.joined(separator: ", "))"
            return Decision(choice: .init(kind: .x11, reason: reason, isFallback: true), connection: nil)
        }
        return Decision(
            choice: .init(kind: .wayland, reason: "the compositor on \(socket) offers the native lock", isFallback: false),
            connection: connection)
    }
}
