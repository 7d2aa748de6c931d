import CEGL
import Foundation
import GameInput

/// An EGL or OpenGL ES step that failed; the description says which, for stderr.
struct GraphicsError: Error, CustomStringConvertible {
    let description: String

    /// A failed EGL call, with the error EGL reports for it.
    static func egl(_ what: String) -> GraphicsError {
        GraphicsError(description: "\(what) (EGL error \(String(format: "0x%04X", eglGetError())))")
    }
}

/// An OpenGL ES 3 context drawing into a GameInput window through EGL, current on this thread:
/// on X11 through `EGL_PLATFORM_X11_KHR`, natively on Wayland through `EGL_PLATFORM_WAYLAND_KHR`
/// and a `wl_egl_window` on the window's surface.
///
/// EGL on X11 sizes the window surface by itself: after the window is resized the next frame
/// is drawn at the new size. On Wayland a surface takes the size of its buffers, so
/// ``resize(width:height:)`` resizes the `wl_egl_window`.
final class EGLWindowContext {
    private let display: EGLDisplay
    private let surface: EGLSurface
    private let context: EGLContext
    /// The Wayland surface's EGL window; nil on X11.
    private let waylandWindow: OpaquePointer?

    init(_ handle: NativeWindowHandle, width: Int, height: Int) throws(GraphicsError) {
        // Calls that fail return EGL_NO_DISPLAY, EGL_NO_SURFACE or EGL_NO_CONTEXT: null, nil in Swift.
        let platform: (kind: Int32, display: OpaquePointer, attributes: [EGLAttrib])
        if let x11 = handle.x11 {
            // EGL on GameInput's own X connection (EGL_KHR_platform_x11), on the window's screen.
            let screen = [EGLAttrib(EGL_PLATFORM_X11_SCREEN_KHR), EGLAttrib(x11.screen), EGLAttrib(EGL_NONE)]
            platform = (EGL_PLATFORM_X11_KHR, x11.display, screen)
        } else if let wayland = handle.wayland {
            platform = (EGL_PLATFORM_WAYLAND_KHR, wayland.display, [EGLAttrib(EGL_NONE)])
        } else {
            throw GraphicsError(description: "the window has no handle (closed?)")
        }
        let display = eglGetPlatformDisplay(EGLenum(platform.kind), UnsafeMutableRawPointer(platform.display), platform.attributes)
        guard let display else { throw .egl("no EGL display for the window's connection") }
        guard eglInitialize(display, nil, nil) == EGL_TRUE else { throw .egl("EGL does not initialize") }
        self.display = display

        // Of the configurations that render OpenGL ES 3 into windows with a depth buffer: on X11
        // the one whose X visual is the window's (a surface of another visual would not match the
        // window); on Wayland, where surfaces have no visual, the first.
        let wanted = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
            EGL_BLUE_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_NONE,
        ]
        var count: EGLint = 0
        eglChooseConfig(display, wanted, nil, 0, &count)
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        eglChooseConfig(display, wanted, &configs, count, &count)
        let matching = configs.prefix(Int(count)).compactMap { $0 }.first { config in
            guard let x11 = handle.x11 else { return true }
            var visualID: EGLint = 0
            return eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visualID) == EGL_TRUE && UInt(visualID) == x11.visualID
        }
        guard let config = matching else { throw .egl("no OpenGL ES 3 configuration for the window") }

        let made: EGLSurface?
        if let x11 = handle.x11 {
            // With EGL_KHR_platform_x11 the native window is passed as a pointer to its XID.
            var window = x11.window
            made = eglCreatePlatformWindowSurface(display, config, &window, nil)
            waylandWindow = nil
        } else if let wayland = handle.wayland, let eglWindow = wl_egl_window_create(wayland.surface, Int32(width), Int32(height)) {
            // With EGL_KHR_platform_wayland it is the wl_egl_window itself.
            made = eglCreatePlatformWindowSurface(display, config, UnsafeMutableRawPointer(eglWindow), nil)
            waylandWindow = eglWindow
        } else {
            throw GraphicsError(description: "no EGL window on the Wayland surface")
        }
        guard let made else { throw .egl("no EGL surface on the window") }
        surface = made
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        let contextAttributes = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        guard let context = eglCreateContext(display, config, eglNoContext(), contextAttributes) else {
            throw .egl("no OpenGL ES 3 context")
        }
        self.context = context
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else { throw .egl("eglMakeCurrent failed") }
        // On X11, show each frame at a vertical blank, without tearing: on a GPU, eglSwapBuffers
        // then waits for the display and paces the loop (Xvfb has none; Mesa ignores it there). On
        // Wayland it would wait for the compositor's frame callback, which never comes while the
        // window is hidden, and the loop would stop: the loop's own timer paces it instead.
        eglSwapInterval(display, handle.wayland == nil ? 1 : 0)
    }

    /// Follows a new window size: the Wayland surface's next buffers have it.
    func resize(width: Int, height: Int) {
        if let waylandWindow { wl_egl_window_resize(waylandWindow, Int32(width), Int32(height), 0, 0) }
    }

    /// Shows the frame drawn since the last call.
    func present() throws(GraphicsError) {
        guard eglSwapBuffers(display, surface) == EGL_TRUE else { throw .egl("eglSwapBuffers failed") }
    }

    /// Releases the context, then the surface and the display; the window itself stays.
    func close() {
        eglMakeCurrent(display, eglNoSurface(), eglNoSurface(), eglNoContext())
        eglDestroySurface(display, surface)
        if let waylandWindow { wl_egl_window_destroy(waylandWindow) }
        eglDestroyContext(display, context)
        eglTerminate(display)
    }
}
