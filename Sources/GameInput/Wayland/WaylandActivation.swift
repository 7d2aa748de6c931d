internal import CWayland
import Foundation

/// Asking the compositor to activate the window (`xdg-activation-v1`): a Wayland client cannot
/// take the focus, it presents a token. The window asks for one of its own and presents it for
/// its surface once the compositor has made it; the compositor decides. The token carries the
/// serial of the window's latest input (and its seat and surface) only while the window has the
/// keyboard focus: wlroots rejects a token whose surface lacks it ("surface doesn't have
/// keyboard focus") and then knows no token to activate with, where it honours one that names
/// neither (sway then marks the window urgent).
final class WaylandActivation {
    private let manager: OpaquePointer
    /// Tokens asked for and not presented yet, with the surface each is for.
    private var pending: [OpaquePointer: OpaquePointer] = [:]

    init(manager: OpaquePointer) {
        self.manager = manager
    }

    /// Asks for a token for `surface`, made with `serial` on `seat` where the window has the
    /// focus (`serial` nil: it has not), and presents it when it comes.
    func activate(_ surface: OpaquePointer, serial: UInt32?, seat: OpaquePointer?) {
        guard let token = xdg_activation_v1_get_activation_token(manager) else { return }
        if let serial, serial != 0, let seat {
            xdg_activation_token_v1_set_serial(token, serial, seat)
            xdg_activation_token_v1_set_surface(token, surface)
        }
        pending[token] = surface
        xdg_activation_token_v1_add_listener(token, Self.listener, Unmanaged.passUnretained(self).toOpaque())
        xdg_activation_token_v1_commit(token)
    }

    /// Destroys the tokens still pending and the manager.
    func destroy() {
        for token in pending.keys { xdg_activation_token_v1_destroy(token) }
        pending.removeAll()
        xdg_activation_v1_destroy(manager)
    }

    private func tokenMade(_ token: OpaquePointer, _ text: UnsafePointer<CChar>) {
        guard let surface = pending.removeValue(forKey: token) else { return }
        xdg_activation_v1_activate(manager, text, surface)
        xdg_activation_token_v1_destroy(token)
    }

    private nonisolated(unsafe) static let listener: UnsafeMutablePointer<xdg_activation_token_v1_listener> = {
        let listener = UnsafeMutablePointer<xdg_activation_token_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: xdg_activation_token_v1_listener(done: { data, token, text in
                guard let data, let token, let text else { return }
                Unmanaged<WaylandActivation>.fromOpaque(data).takeUnretainedValue().tokenMade(token, text)
            }))
        return listener
    }()
}
