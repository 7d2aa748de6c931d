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

/// An OpenGL ES 3 context drawing into a GameInput window through EGL, current on this thread.
///
/// EGL on X11 sizes the window surface by itself: after the window is resized the next frame
/// is drawn at the new size, so only the viewport has to follow.
final class EGLWindowContext {
    private let display: EGLDisplay
    private let surface: EGLSurface
    private let context: EGLContext

    init(_ handle: X11WindowHandle) throws(GraphicsError) {
        // EGL on GameInput's own X connection (EGL_KHR_platform_x11), on the window's screen. Calls
        // that fail return EGL_NO_DISPLAY, EGL_NO_SURFACE or EGL_NO_CONTEXT: null, nil in Swift.
        let displayAttributes = [EGLAttrib(EGL_PLATFORM_X11_SCREEN_KHR), EGLAttrib(handle.screen), EGLAttrib(EGL_NONE)]
        let display = eglGetPlatformDisplay(
            EGLenum(EGL_PLATFORM_X11_KHR), UnsafeMutableRawPointer(handle.display), displayAttributes)
        guard let display else { throw .egl("no EGL display for the X connection") }
        guard eglInitialize(display, nil, nil) == EGL_TRUE else { throw .egl("EGL does not initialize") }
        self.display = display

        // Of the configurations that render OpenGL ES 3 into windows with a depth buffer, the one
        // whose X visual is the window's: a surface of another visual would not match the window.
        let wanted = [
            EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
            EGL_BLUE_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_NONE,
        ]
        var count: EGLint = 0
        eglChooseConfig(display, wanted, nil, 0, &count)
        var configs = [EGLConfig?](repeating: nil, count: Int(count))
        eglChooseConfig(display, wanted, &configs, count, &count)
        let matching = configs.prefix(Int(count)).compactMap { $0 }.first { config in
            var visualID: EGLint = 0
            return eglGetConfigAttrib(display, config, EGL_NATIVE_VISUAL_ID, &visualID) == EGL_TRUE
                && UInt(visualID) == handle.visualID
        }
        guard let config = matching else {
            throw .egl("no OpenGL ES 3 configuration for visual 0x\(String(handle.visualID, radix: 16))")
        }

        // With EGL_KHR_platform_x11 the native window is passed as a pointer to its XID.
        var window = handle.window
        guard let surface = eglCreatePlatformWindowSurface(display, config, &window, nil) else {
            throw .egl("no EGL surface on window 0x\(String(handle.window, radix: 16))")
        }
        self.surface = surface
        eglBindAPI(EGLenum(EGL_OPENGL_ES_API))
        let contextAttributes = [EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE]
        guard let context = eglCreateContext(display, config, eglNoContext(), contextAttributes) else {
            throw .egl("no OpenGL ES 3 context")
        }
        self.context = context
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else { throw .egl("eglMakeCurrent failed") }
        // Show each frame at a vertical blank, without tearing: on a GPU, eglSwapBuffers then waits
        // for the display and paces the loop. Xvfb has no display to wait for; Mesa there ignores it.
        eglSwapInterval(display, 1)
    }

    /// Shows the frame drawn since the last call.
    func present() throws(GraphicsError) {
        guard eglSwapBuffers(display, surface) == EGL_TRUE else { throw .egl("eglSwapBuffers failed") }
    }

    /// Releases the context, then the surface and the display; the window itself stays.
    func close() {
        eglMakeCurrent(display, eglNoSurface(), eglNoSurface(), eglNoContext())
        eglDestroySurface(display, surface)
        eglDestroyContext(display, context)
        eglTerminate(display)
    }
}
