import GameInput

// KeepYourWindow.md: attached to a window SDL or GLFW made, on X11 and on Wayland.

func attachToX11(window: UInt, display: OpaquePointer, game: Game) throws {
    let input = try GameWindow(attachingTo: .x11(window: window, display: display))
    input.pointerLock.rootPreferring = game
    let observation = input.pointerLock.addObserver { state in print("lock: \(state)") }
    var camera = Camera()
    input.pollEvents { event in
        if case .relativeMotion(let motion) = event { camera.turn(by: motion.unaccelerated) }
    }
    // A host that sleeps in its own poll() watches this descriptor too.
    _ = input.wakeDescriptor
    observation.cancel()
    input.detach()
}

func attachToWayland(display: OpaquePointer, surface: OpaquePointer) throws -> GameWindow {
    try GameWindow(attachingTo: .wayland(display: display, surface: surface))
}
