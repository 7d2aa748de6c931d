import Glibc

// attach-bench: on $DISPLAY, an SDL2 window and then a GLFW window; on each, GameInput
// attached (lock preferred) and then the library's own relative mode, each measured with the
// same XTest injections from the bench's own connection. A table, then one JSON line; exit 1
// when a window or a contender could not be measured.

func say(_ line: String) {
    print(line)
    fflush(nil)
}

guard let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
    say(BenchOptions.usage)
    exit(2)
}

let injector: Injector
do {
    injector = try Injector()
} catch {
    say("attach-bench: \(error)")
    exit(1)
}
guard injector.waitUntilWindowManagerManages(expectingOne: options.waitsForWindowManager, timeout: .seconds(30)) else {
    say("attach-bench: no window manager managed a window in 30 s")
    exit(1)
}
let measurement = Measurement(injector: injector, options: options)
var results: [ContenderResult] = []

/// The results of a window that could not be made: both contenders failed with its reason.
func failed(_ subject: String, _ modes: [(String, String)], _ reason: String) -> [ContenderResult] {
    modes.map { ContenderResult(subject: subject, contender: $0.0, mode: $0.1, failure: reason) }
}

do {
    let sdl = try SDLSubject(injector: injector)
    results.append(measurement.run(GameInputContender(host: sdl), subject: "sdl2"))
    results.append(measurement.run(SDLRelativeMode(subject: sdl), subject: "sdl2"))
    sdl.close()
} catch {
    results += failed("sdl2", [("gameinput", "GameInput"), ("native", "SDL_SetRelativeMouseMode")], error.description)
}

do {
    let glfw = try GLFWSubject(injector: injector)
    results.append(measurement.run(GameInputContender(host: glfw), subject: "glfw"))
    results.append(measurement.run(GLFWRawMotion(subject: glfw), subject: "glfw"))
    glfw.close()
} catch {
    results += failed("glfw", [("gameinput", "GameInput"), ("native", "GLFW_RAW_MOUSE_MOTION")], error.description)
}

let report = Report(
    machine: MachineDescription.current,
    versions: [("sdl2", SDLSubject.version), ("glfw", GLFWSubject.version), ("xserver", injector.serverDescription)],
    quick: options.quick, results: results)
say(report.table())
say("")
say(report.json())
exit(results.allSatisfy { $0.failure == nil } ? 0 : 1)
