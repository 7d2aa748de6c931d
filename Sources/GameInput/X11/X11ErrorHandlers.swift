internal import CXlib
import Foundation
import Synchronization

/// Xlib's error handlers, shared with whatever else in the process uses Xlib (the host's own
/// code, SDL, Mesa, a toolkit): they are process-wide, one protocol-error handler and one
/// connection-error handler for every `Display *`.
///
/// GameInput installs each once and chains to the handler it found: errors on its own
/// connections are its business, every other connection's go to the handler that was there
/// before, as if GameInput were not loaded. On its connections:
/// - A protocol error that code expects (``X11Connection/trappingErrors(_:)``) is recorded for
///   it. Traps install their own handler for their duration and restore the one they found,
///   so they work even after another library replaced the process's handler.
/// - A `BadWindow` about an attached host's window, which its host may destroy at any moment,
///   is expected: not printed (its `DestroyNotify` tells the window it is gone).
/// - Any other protocol error is printed on standard error and is not fatal.
/// - A lost connection is not fatal either: the connection's exit handler
///   (`XSetIOErrorExitHandler`, libX11 1.7) marks it lost and returns, Xlib turns every later
///   call on it into a no-op, and the window reports it from its own loop.
enum X11ErrorHandlers {
    /// The handlers GameInput found when it installed its own, called for other connections.
    private struct Previous: @unchecked Sendable {
        var error: XErrorHandler?
        var connection: XIOErrorHandler?
    }

    /// GameInput's displays, the trap in effect, and the handlers chained to.
    private struct Registry: @unchecked Sendable {
        /// Counted: a display closed and one opened at the same address before the first is
        /// released both stay GameInput's (see ``release(_:)``).
        var displays: [OpaquePointer: Int] = [:]
        /// A window each display may find gone at any moment (a host's, which its host can
        /// destroy): a `BadWindow` about it is expected, not printed.
        var vanishingWindows: [OpaquePointer: Set<UInt>] = [:]
        var trapped: OpaquePointer?
        var caught: UInt8?
        var beforeTrap: XErrorHandler?
    }

    private static let registry = Mutex(Registry())
    private static let previous = Mutex(Previous())

    /// Installs the chaining handlers, once per process (Swift runs a static initializer once,
    /// whichever thread comes first).
    private static let installed: Bool = {
        let error = XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            return X11ErrorHandlers.handle(display, event)
        }
        let connection = XSetIOErrorHandler { display in
            guard let display else { return 0 }
            if X11ErrorHandlers.isOurs(display) { return 0 }  // its exit handler reports it
            return X11ErrorHandlers.previous.withLock { $0.connection }?(display) ?? 0
        }
        previous.withLock { $0 = Previous(error: error, connection: connection) }
        return true
    }()

    /// Makes `display` one of GameInput's: its errors are handled here, its loss is recorded
    /// in `loss` (which must outlive the display).
    static func adopt(_ display: OpaquePointer, loss: ConnectionLoss) {
        _ = installed
        registry.withLock { $0.displays[display, default: 0] += 1 }
        XSetIOErrorExitHandler(
            display,
            { _, context in
                guard let context else { return }
                Unmanaged<ConnectionLoss>.fromOpaque(context).takeUnretainedValue().record()
            }, Unmanaged.passUnretained(loss).toOpaque())
    }

    /// Forgets `display`, after `XCloseDisplay`: closing a lost connection can report the loss
    /// again, and the handler must still know the display as ours then (the handler that was
    /// there before, libX11's default, would end the process).
    static func release(_ display: OpaquePointer) {
        registry.withLock { registry in
            let count = registry.displays[display, default: 0]
            registry.displays[display] = count > 1 ? count - 1 : nil
            if count <= 1 { registry.vanishingWindows[display] = nil }
        }
    }

    /// Expects `window` to vanish at any moment on `display`: a `BadWindow` error about it
    /// is not printed (the window's `DestroyNotify` reports its end).
    static func expectVanishing(_ window: UInt, on display: OpaquePointer) {
        registry.withLock { _ = $0.vanishingWindows[display, default: []].insert(window) }
    }

    /// Runs `body` with protocol errors on `display` trapped; returns the first one's code.
    /// Errors arrive when the server's answer does, so `body` must end with a round trip.
    static func trap(on display: OpaquePointer, _ body: () -> Void) -> UInt8? {
        // One trap at a time in the process: Xlib's handler is one for all threads.
        trapLock.lock()
        defer { trapLock.unlock() }
        let found = XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            return X11ErrorHandlers.handle(display, event)
        }
        registry.withLock {
            $0.trapped = display
            $0.caught = nil
            $0.beforeTrap = found
        }
        body()
        let caught = registry.withLock { registry -> UInt8? in
            registry.trapped = nil
            registry.beforeTrap = nil
            return registry.caught
        }
        XSetErrorHandler(found)
        return caught
    }

    private static let trapLock = NSLock()

    private static func isOurs(_ display: OpaquePointer) -> Bool {
        registry.withLock { $0.displays[display] != nil }
    }

    /// The protocol-error handler: a trapped error is recorded, one on our display printed,
    /// any other passed to the handler that was there before (during a trap, the one the trap
    /// displaced).
    private static func handle(_ display: OpaquePointer, _ event: UnsafeMutablePointer<XErrorEvent>) -> Int32 {
        enum Verdict {
            case trapped
            case ours
            case other(XErrorHandler?)
        }
        let verdict = registry.withLock { registry -> Verdict in
            if registry.trapped == display {
                if registry.caught == nil { registry.caught = event.pointee.error_code }
                return .trapped
            }
            if registry.displays[display] != nil {
                let error = event.pointee
                let vanished =
                    error.error_code == UInt8(BadWindow) && registry.vanishingWindows[display]?.contains(error.resourceid) == true
                return vanished ? .trapped : .ours
            }
            return .other(registry.trapped != nil ? registry.beforeTrap : nil)
        }
        switch verdict {
        case .trapped:
            return 0
        case .ours:
            report(display, event.pointee)
            return 0
        case .other(let duringTrap):
            let handler = duringTrap ?? previous.withLock { $0.error }
            return handler?(display, event) ?? 0
        }
    }

    private static func report(_ display: OpaquePointer, _ error: XErrorEvent) {
        var text = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(error.error_code), &text, Int32(text.count))
        let message = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        GameInputDiagnostics.report(
            .protocolError,
            "X protocol error: \(message) (request \(error.request_code).\(error.minor_code), "
                + "resource 0x\(String(error.resourceid, radix: 16)))")
    }
}

/// Whether a connection to the X server was lost; set from whichever thread Xlib saw it on
/// (the watchdog's, say), read by the window's loop.
final class ConnectionLoss: Sendable {
    private let lost = Atomic<Bool>(false)

    /// Records the loss.
    func record() { lost.store(true, ordering: .releasing) }

    /// Whether the connection is lost.
    var isLost: Bool { lost.load(ordering: .acquiring) }
}
