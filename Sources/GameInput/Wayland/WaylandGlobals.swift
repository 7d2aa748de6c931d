internal import CWayland

/// The compositor's globals a window bound on its connection, and the objects it made of the
/// optional ones; the window destroys them in its `closeConnection()`, in the order the
/// protocol objects need.
struct WaylandGlobals {
    /// `wl_compositor`, which makes surfaces.
    let compositor: OpaquePointer
    /// `wl_shm`, which makes the buffers of plain frames, pictures and cursors.
    let shm: OpaquePointer
    /// `wl_seat`, where the compositor offers one: the pointer and the keyboard.
    var seat: OpaquePointer?
    /// `zwp_relative_pointer_manager_v1`, where the compositor offers it: the lock needs it.
    var relativePointerManager: OpaquePointer?
    /// The seat's clipboard, where the compositor offers a data device manager.
    var clipboard: WaylandClipboard?
    /// Activation by token, where the compositor offers `xdg_activation_v1`.
    var activation: WaylandActivation?
    /// Touchpad gestures, where the compositor offers `zwp_pointer_gestures_v1`.
    var gestures: WaylandGestures?
    /// The input method the compositor relays, where it offers `zwp_text_input_manager_v3`.
    var textInput: WaylandTextInput?
    /// When frames reached the screen, where the compositor offers `wp_presentation`.
    var presentation: WaylandPresentation?
    /// The compositor's outputs, and those the surface is on.
    let outputs = WaylandOutputs()

    /// Binds `wl_compositor` and `wl_shm`, which every window needs, on `connection`; nil where
    /// either cannot be bound.
    init?(on connection: WaylandConnection) {
        guard let compositor = connection.bind("wl_compositor", cwayland_compositor_interface(), version: 4),
            let shm = connection.bind("wl_shm", cwayland_shm_interface(), version: 1)
        else { return nil }
        self.compositor = compositor
        self.shm = shm
    }
}
