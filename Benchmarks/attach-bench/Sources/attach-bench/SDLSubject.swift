import CSDL2
import CXTest

/// An SDL2 window (`SDL_CreateWindow`, 640x360, shown), waited on until it has the keyboard
/// focus; with no window manager to give it, the bench's own connection sets it.
final class SDLSubject: HostWindowSubject {
    let name = "SDL2"
    /// The `SDL_Window *`.
    let window: OpaquePointer
    let xDisplay: OpaquePointer
    let xWindow: UInt
    var eventDescriptor: Int32 { XConnectionNumber(xDisplay) }

    init(injector: Injector) throws(BenchFailure) {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else { throw BenchFailure("SDL_Init: \(Self.error)") }
        let centered = Int32(bitPattern: 0x2FFF_0000)  // SDL_WINDOWPOS_CENTERED, a macro Swift cannot import
        guard let window = SDL_CreateWindow("attach-bench SDL2", centered, centered, 640, 360, SDL_WINDOW_SHOWN.rawValue)
        else {
            SDL_Quit()
            throw BenchFailure("SDL_CreateWindow: \(Self.error)")
        }
        var info = SDL_SysWMinfo()
        info.version = SDL_version(
            major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
        guard SDL_GetWindowWMInfo(window, &info) == SDL_TRUE, info.subsystem == SDL_SYSWM_X11,
            let display = info.info.x11.display
        else {
            SDL_DestroyWindow(window)
            SDL_Quit()
            throw BenchFailure("SDL_GetWindowWMInfo: not an X11 window (\(Self.error))")
        }
        self.window = window
        xDisplay = display
        xWindow = UInt(info.info.x11.window)
        guard waitForFocus(injector: injector) else {
            close()
            throw BenchFailure("the SDL window never got the keyboard focus")
        }
    }

    /// Whether SDL says the window has the keyboard focus (`SDL_WINDOW_INPUT_FOCUS`).
    var isFocused: Bool { SDL_GetWindowFlags(window) & SDL_WINDOW_INPUT_FOCUS.rawValue != 0 }

    func pumpHostEvents() {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {}
    }

    /// Destroys the window and shuts SDL down.
    func close() {
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// The linked SDL's version ("2.26.5").
    static var version: String {
        var version = SDL_version()
        SDL_GetVersion(&version)
        return "\(version.major).\(version.minor).\(version.patch)"
    }

    private static var error: String { String(cString: SDL_GetError()) }

    /// Pumps SDL until the window has the focus: up to 1 s from the window manager, then the
    /// bench sets it itself (`XSetInputFocus`) and waits up to 4 s more.
    private func waitForFocus(injector: Injector) -> Bool {
        let started = ContinuousClock.now
        var asked = false
        while ContinuousClock.now - started < .seconds(5) {
            pumpHostEvents()
            if isFocused { return true }
            if !asked && ContinuousClock.now - started > .seconds(1) {
                asked = true
                SDL_RaiseWindow(window)
                injector.focus(xWindow)
            }
            SDL_Delay(5)
        }
        return false
    }
}

/// SDL's own relative mode: `SDL_SetRelativeMouseMode(SDL_TRUE)`, counting `SDL_MOUSEMOTION`
/// events and summing their `xrel`, the loop waiting in `SDL_WaitEventTimeout`.
final class SDLRelativeMode: Contender {
    let name = "SDL_SetRelativeMouseMode"
    let key = "native"
    let deliveries = Deliveries()
    private let subject: SDLSubject

    init(subject: SDLSubject) { self.subject = subject }

    func engage() throws(BenchFailure) {
        guard SDL_SetRelativeMouseMode(SDL_TRUE) == 0, SDL_GetRelativeMouseMode() == SDL_TRUE else {
            throw BenchFailure("SDL_SetRelativeMouseMode: \(String(cString: SDL_GetError()))")
        }
        // Whatever entering the mode produced is not the bench's.
        Measurement.drain(self)
    }

    func pump(maxWait: Duration) {
        var event = SDL_Event()
        let milliseconds = Int32(min(maxWait.milliseconds, 1000))
        if milliseconds >= 1, SDL_WaitEventTimeout(&event, milliseconds) != 0 { handle(event) }
        while SDL_PollEvent(&event) != 0 { handle(event) }
    }

    func disengage() {
        SDL_SetRelativeMouseMode(SDL_FALSE)
        subject.pumpHostEvents()
    }

    private func handle(_ event: SDL_Event) {
        if event.type == SDL_MOUSEMOTION.rawValue { deliveries.record(dx: Double(event.motion.xrel)) }
    }
}
