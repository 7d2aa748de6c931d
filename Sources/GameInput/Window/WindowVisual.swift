/// The pixel format a ``GameWindow`` is created with, chosen for its renderer.
///
/// Vulkan and EGL render into a window of the default visual. GLX needs the visual of the
/// framebuffer configuration it picked (`glXChooseFBConfig`, then `glXGetVisualFromFBConfig`):
/// pass its ID. A window the desktop shows through where its alpha is below 1 needs 32-bit ARGB,
/// and a compositing manager to blend it.
public enum WindowVisual: Equatable, Sendable {
    /// The screen's default visual, the one the root window has (24-bit true colour on most
    /// servers).
    case `default`
    /// The visual with this ID (Xlib's `VisualID`) on the window's screen. A window of a
    /// visual other than the root's gets a colormap of its own.
    case visualID(UInt)
    /// 32-bit true colour with an alpha channel, with a colormap of its own. Pixels are
    /// premultiplied: a compositing manager blends them over what is behind the window.
    case transparent
}
