/// Why a ``GameWindow`` could not be made.
public enum GameWindowError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `XOpenDisplay` failed: no X server answered at that display name.
    case cannotOpenDisplay(name: String)
    /// The `DISPLAY` environment variable is unset or empty and no display name was given.
    case noDisplayName
    /// A window size with a side outside 1 to ``WindowSize/maximumSide`` pixels.
    case invalidSize(width: Int, height: Int)
    /// The screen has no such visual: no visual with that ID, or no 32-bit true-colour one for
    /// ``WindowVisual/transparent``.
    case visualUnavailable(WindowVisual)
    /// The host's window to attach to does not exist on that display (a wrong ID, a window
    /// already destroyed, or another server's window).
    case windowNotFound(UInt)
    /// `GAMEINPUT_BACKEND` names no backend (``WindowBackendChoice/Kind``: `x11` or `wayland`).
    case invalidBackend(String)
    /// The Wayland backend was asked for (`GAMEINPUT_BACKEND=wayland`) and cannot run: no
    /// compositor answers, or it lacks what any window needs (a surface, a shell, a seat, shared
    /// memory). The text says which.
    case cannotConnectToWayland(String)

    /// What went wrong, in a sentence for the terminal: "DISPLAY is not set: there is no X
    /// display to open".
    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            "cannot open X display \"\(name)\": no X server answered there"
        case .noDisplayName:
            "DISPLAY is not set: there is no X display to open"
        case .invalidSize(let width, let height):
            WindowStateError.invalidSize(width: width, height: height).description
        case .visualUnavailable(.visualID(let id)):
            "the X screen has no visual with ID 0x\(String(id, radix: 16))"
        case .visualUnavailable:
            "the X screen has no 32-bit true-colour visual for a transparent window"
        case .windowNotFound(let window):
            "there is no window 0x\(String(window, radix: 16)) on the X display to attach to"
        case .invalidBackend(let value):
            "GAMEINPUT_BACKEND=\(value) names no backend: use x11 or wayland"
        case .cannotConnectToWayland(let why):
            "cannot run on Wayland: \(why)"
        }
    }
}
