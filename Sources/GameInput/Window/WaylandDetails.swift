/// What only a native Wayland window has, read through ``GameWindow/wayland`` (nil on X11,
/// Xwayland included).
public struct WaylandDetails: Hashable, Sendable {
    /// The protocols the compositor offers now, each once, sorted by name: what a renderer or
    /// an extension can count on (`wp_presentation`, `wp_fractional_scale_manager_v1`, …).
    public var protocols: [CompositorReport.OfferedProtocol]

    /// The version of `name` the compositor offers, nil when it does not.
    public func version(of name: String) -> Int? { protocols.first { $0.name == name }?.version }
}
