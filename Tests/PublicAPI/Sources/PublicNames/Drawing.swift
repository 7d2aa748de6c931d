import GameInput
import GamePixels

// DrawingOnTheWindow.md: what a renderer reads from the window, and CPU pixels.

/// What Vulkan's `VkXlibSurfaceCreateInfoKHR`, EGL and GLX take from the window.
func rendererInputs(of window: GameWindow) -> (display: OpaquePointer, window: UInt, visualID: UInt)? {
    guard let x11 = window.nativeHandle.x11 else { return nil }
    return (x11.display, x11.window, x11.visualID)
}

/// What a Wayland renderer (EGL, `VkWaylandSurfaceCreateInfoKHR`) takes.
func waylandRendererInputs(of window: GameWindow) -> (display: OpaquePointer, surface: OpaquePointer)? {
    guard let wayland = window.nativeHandle.wayland else { return nil }
    return (wayland.display, wayland.surface)
}

/// GLX: the window made with the visual of a chosen framebuffer configuration.
func glxWindow(visualID: UInt) throws -> GameWindow {
    try GameWindow(title: "glx-game", width: 1280, height: 720, visual: .visualID(visualID))
}

/// One frame of CPU pixels: sized on `.resized`, drawn when the last frame is done with.
func presentFrames(on window: GameWindow) throws {
    let presenter = try PixelPresenter(window: window)
    window.pollEvents { event in
        if case .resized(let width, let height) = event { presenter.resize(width: width, height: height) }
    }
    _ = presenter.updatePath(now: .now)
    if !presenter.isBusy {
        draw(into: presenter.pixels)
        presenter.present()
    }
    print("present: \(presenter.path)")
    presenter.close()
}
