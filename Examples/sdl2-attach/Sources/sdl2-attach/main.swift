// SDL2 creates the window and draws, on X11 or natively on Wayland; GameInput attaches to that
// window and owns the pointer lock: relative motion turns the view, L toggles the lock, Q quits, D detaches GameInput and
// leaves the SDL window running. SDL keeps its own events: it prints the keys GameInput's
// handler does not use, and the clicks it gets while the pointer is not locked. The lock is
// GameInput's alone: no SDL_SetRelativeMouseMode, SDL_SetWindowGrab or SDL_ShowCursor beside it.
import CSDL2
import Foundation
import GameInput

/// Prints a line at once, also into a pipe.
func say(_ line: String) { print(line); fflush(nil) }

/// Says on stderr what failed and exits with status 1.
func fail(_ what: String) -> Never {
    FileHandle.standardError.write(Data("sdl2-attach: \(what)\n".utf8))
    exit(1)
}

/// SDL's message for the call that just failed.
var sdlError: String { String(cString: SDL_GetError()) }

/// The game: it prefers the pointer locked until L says otherwise.
final class Game: PointerLockPreferring { var prefersPointerLocked = true }

// The host's side, as in any SDL game: a resizable window and a renderer on it.
guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("SDL_Init: \(sdlError)") }
let undefined = Int32(bitPattern: SDL_WINDOWPOS_UNDEFINED_MASK)  // SDL_WINDOWPOS_UNDEFINED, a macro Swift cannot import
guard let sdlWindow = SDL_CreateWindow("sdl2-attach", undefined, undefined, 640, 360, SDL_WINDOW_RESIZABLE.rawValue),
    let renderer = SDL_CreateRenderer(sdlWindow, -1, 0)
else { fail("no window or renderer: \(sdlError)") }
var rendererInfo = SDL_RendererInfo()
SDL_GetRendererInfo(renderer, &rendererInfo)
say("renderer: SDL_Renderer \(String(cString: rendererInfo.name))")

// The window's handles: X11's, or Wayland's where SDL runs natively (SDL_VIDEODRIVER=wayland).
// SDL_VERSION(&info.version), a macro Swift cannot import, is written out: the version tells SDL
// which SDL_SysWMinfo layout it fills (it refuses a zero one).
var info = SDL_SysWMinfo()
info.version = SDL_version(major: UInt8(SDL_MAJOR_VERSION), minor: UInt8(SDL_MINOR_VERSION), patch: UInt8(SDL_PATCHLEVEL))
guard SDL_GetWindowWMInfo(sdlWindow, &info) == SDL_TRUE else { fail("no window handles: \(sdlError)") }
let host: HostWindow
switch info.subsystem {
case SDL_SYSWM_X11:
    guard let display = info.info.x11.display else { fail("no X11 display") }
    host = .x11(window: info.info.x11.window, display: display)
    say("attached: window 0x\(String(info.info.x11.window, radix: 16))")
case SDL_SYSWM_WAYLAND:
    guard let display = info.info.wl.display, let surface = info.info.wl.surface else { fail("no Wayland surface") }
    host = .wayland(display: display, surface: surface)
    say("attached: Wayland surface")
default: fail("SDL runs on neither X11 nor Wayland")
}

// GameInput attaches: the same lock as on a GameWindow. On X11 it opens its own connection to
// SDL's server; on Wayland it works on SDL's connection, on an event queue of its own.
let input: GameWindow
do { input = try GameWindow(attachingTo: host) } catch { fail("\(error)") }
let game = Game()
input.pointerLock.rootPreferring = game
say("lock: \(input.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable")")
let observation = input.pointerLock.addObserver { say("lock: \($0)") }
TerminationSignals.install()  // SIGTERM and SIGINT quit cleanly (SDL's own handlers still run too)

/// The keys GameInput's handler below uses while attached; SDL reports the others as the host's.
let gameInputKeys = [SDLK_l, SDLK_q, SDLK_d].map { SDL_Keycode($0.rawValue) }
var yaw = 0.0, pitch = 0.0, turned = false
var presentedSize = (width: Int32(0), height: Int32(0))
var running = true, attached = true
var event = SDL_Event()
while running && TerminationSignals.pending == nil {
    // SDL's events: GameInput takes none of them away.
    while SDL_PollEvent(&event) != 0 {
        switch SDL_EventType(event.type) {
        case SDL_QUIT: running = false  // the window manager's close button
        case SDL_KEYDOWN where !attached || !gameInputKeys.contains(event.key.keysym.sym):
            say("host key: \(String(cString: SDL_GetKeyName(event.key.keysym.sym)).lowercased())")
        case SDL_MOUSEBUTTONDOWN:  // on X11 only while unlocked: the lock's grab takes the buttons
            say("host click: \(event.button.button) at \(event.button.x),\(event.button.y)")
        default: break
        }
    }
    // GameInput's: it never blocks, and after detach() it has nothing to say.
    input.pollEvents { event in
        switch event {
        case .relativeMotion(let motion):
            yaw += motion.unaccelerated.dx * 0.1
            pitch = min(89, max(-89, pitch - motion.unaccelerated.dy * 0.1))
            turned = true
        case .key(let key) where key.phase == .down && key.key == .l:
            game.prefersPointerLocked.toggle()
            input.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        case .key(let key) where key.phase == .down && key.key == .q: running = false
        case .key(let key) where key.phase == .down && key.key == .d:
            input.detach()  // the pointer is free at once; the SDL window stays and keeps drawing
            attached = false
            say("detached")
        case .windowDestroyed, .connectionLost: running = false
        default: break
        }
    }

    var width: Int32 = 0, height: Int32 = 0
    SDL_GetRendererOutputSize(renderer, &width, &height)
    for rect in view(yaw: yaw, pitch: pitch, width: Int(width), height: Int(height)) {
        SDL_SetRenderDrawColor(renderer, rect.color.red, rect.color.green, rect.color.blue, 255)
        var area = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
        SDL_RenderFillRect(renderer, &area)
    }
    SDL_RenderPresent(renderer)
    if (width, height) != presentedSize {
        presentedSize = (width, height)
        say("frame \(width)x\(height)")
    }
    if turned { say(String(format: "camera yaw %.2f pitch %.2f", yaw, pitch)) }
    turned = false
    SDL_Delay(16)  // about 60 frames a second
}

observation.cancel()
input.detach()  // before the window goes: GameInput lets go of it first
SDL_DestroyRenderer(renderer)
SDL_DestroyWindow(sdlWindow)
SDL_Quit()

/// A rectangle of the view, in pixels from the top left, and its colour.
struct Rect {
    var x, y, width, height: Int
    var color: (red: UInt8, green: UInt8, blue: UInt8)
}

/// What the camera sees: sky, ground and 24 pillars standing around the viewer every 15
/// degrees, each its own colour, through a field of view 90 degrees wide. Turning by 20
/// degrees moves every pillar by 142 of 640 pixels; pitching up lowers the horizon.
func view(yaw: Double, pitch: Double, width: Int, height: Int) -> [Rect] {
    let horizon = min(max(height / 2 + Int(pitch / 90 * Double(height)), 0), height)
    var rects = [
        Rect(x: 0, y: 0, width: width, height: horizon, color: (90, 140, 210)),
        Rect(x: 0, y: horizon, width: width, height: height - horizon, color: (70, 90, 60)),
    ]
    let pixelsPerDegree = Double(width) / 90
    for index in 0..<24 {
        let angle = (Double(index) * 15 - yaw).remainder(dividingBy: 360)  // from the view's centre, -180...180
        guard abs(angle) < 55 else { continue }
        let left = Int(Double(width) / 2 + (angle - 5) * pixelsPerDegree)  // 10 degrees wide
        let hue = Double(index * 7 % 24) / 24 * 2 * .pi  // neighbours far apart on the colour wheel
        func channel(_ phase: Double) -> UInt8 { UInt8(127.5 + 127 * cos(hue - phase)) }
        rects.append(
            Rect(
                x: left, y: horizon - height * 35 / 100, width: Int(10 * pixelsPerDegree), height: height * 60 / 100,
                color: (channel(0), channel(2 * .pi / 3), channel(4 * .pi / 3))))
    }
    return rects
}
