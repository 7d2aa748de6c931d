// A GameInput program whose loop is shaped the way the flags say: the loop shapes other
// people's games have and the demo does not (sleeping for good between events, closing the
// window inside an event handler or a lock observer, a host's own signal handlers and
// dispositions, a render thread on the window's connection, a small stall timeout, text-input
// requests made without reading events). The tests start it, drive it from a second X client
// and read what it prints.
import CXlib
import Foundation
import GameInput
import Synchronization

/// One line at once, also into a pipe.
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let arguments = CommandLine.arguments.dropFirst()
func value(of flag: String) -> String? {
    arguments.firstIndex(of: flag).flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
}
let closeInHandler = arguments.contains("--close-in-handler")
let closeInObserver = arguments.contains("--close-in-observer")
let reloadOnHangUp = arguments.contains("--reload-on-hup")
let framesPerSecond = value(of: "--fps").flatMap(Int.init) ?? 0
/// `--stall-ms N`: the stall timeout (0 turns hang detection off); the default otherwise.
let stallTimeout: Duration? = value(of: "--stall-ms").flatMap(Int.init).map { .milliseconds($0) } ?? GameWindow.defaultStallTimeout

/// The host's own SIGTERM handler, installed before GameInput's: it must still run.
if arguments.contains("--host-sigterm-handler") {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
        let text: StaticString = "host handler ran\n"
        _ = text.withUTF8Buffer { write(1, $0.baseAddress, $0.count) }
    }
    sigemptyset(&action.sa_mask)
    sigaction(SIGTERM, &action, nil)
}

/// The host ignores SIGPIPE itself, before GameInput starts: that choice must stay.
if arguments.contains("--host-ignores-sigpipe") { signal(SIGPIPE, SIG_IGN) }

/// The host's own Xlib error handler and connection, set up before GameInput's: an error on
/// that connection must still reach that handler.
let hostDisplay = arguments.contains("--host-x-error-handler") ? XOpenDisplay(nil) : nil
if hostDisplay != nil {
    XSetErrorHandler { _, event in
        say("host handler: error \(event?.pointee.error_code ?? 0)")
        return 0
    }
}

final class Game: PointerLockPreferring { var prefersPointerLocked = true }

/// `--xcb-renderer`: a render thread that writes frames on the window's own connection through
/// XCB, as Mesa's software drivers do (`xcb_put_image`), until told to stop.
final class XCBRenderer: Sendable {
    private let stopping = Atomic<Bool>(false)
    private let done = NSCondition()
    private nonisolated(unsafe) var isDone = false

    func start(on handle: X11WindowHandle, width: Int, height: Int) {
        Thread {
            // The handle is Sendable: its connection may be used from any thread.
            let connection = handle.xcbConnection, window = UInt32(handle.window), depth = UInt8(handle.depth)
            let gc = xcb_generate_id(connection)
            xcb_create_gc(connection, gc, window, 0, nil)
            var pixels = [UInt32](repeating: 0xFF33_6699, count: width * height)
            while !self.stopping.load(ordering: .relaxed) {
                pixels.withUnsafeMutableBytes { bytes in
                    _ = xcb_put_image(
                        connection, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), window, gc, UInt16(width), UInt16(height),
                        0, 0, 0, depth, UInt32(bytes.count), bytes.baseAddress?.assumingMemoryBound(to: UInt8.self))
                }
                _ = xcb_flush(connection)
            }
            self.done.withLock {
                self.isDone = true
                self.done.signal()
            }
        }.start()
    }

    /// Stops the thread and waits (at most 2 s) until it has left the connection alone;
    /// returns whether it did.
    func stop() -> Bool {
        stopping.store(true, ordering: .relaxed)
        let deadline = Date().addingTimeInterval(2)
        return done.withLock {
            while !isDone && done.wait(until: deadline) {}
            return isDone
        }
    }
}

let game = Game()
let window: GameWindow
do {
    window = try GameWindow(title: "loopshapes", width: 400, height: 300, stallTimeout: stallTimeout)
} catch {
    say("error: \(error)")
    exit(2)
}
window.pointerLock.rootPreferring = game
var closed = false
let observation = window.pointerLock.addObserver { state in
    say("lock: \(state)")
    if let hostDisplay, state.isLocked {
        XMapWindow(hostDisplay, 0x7FF_FFF0)  // no such window: BadWindow
        XSync(hostDisplay, 0)
    }
    if closeInObserver && state.isLocked {
        window.close()
        closed = true
    }
}
TerminationSignals.install()
window.show()

/// `--text-requests-on-stdin`: a text session opens; at each line on standard input, without
/// reading any event, the caret moves and the session ends (requests Xlib waits on), then a
/// session opens again. Says where the text comes from each time.
func describe(_ source: TextInputSource) -> String {
    switch source {
    case .inputMethod(let name): "input method \(name)"
    case .composeTable: "compose table"
    case .keys: "keys"
    }
}
if arguments.contains("--text-requests-on-stdin") {
    window.startTextInput()
    say("text from \(describe(window.textInputSource))")
    while readLine() != nil {
        window.setTextInputCaret(WindowRect(x: 10, y: 10, width: 2, height: 16))
        window.stopTextInput()
        window.startTextInput()
        say("requests returned; text from \(describe(window.textInputSource))")
    }
    window.close()
    exit(0)
}
let renderer = arguments.contains("--xcb-renderer") ? XCBRenderer() : nil
if let renderer, let handle = window.nativeHandle.x11 { renderer.start(on: handle, width: 400, height: 300) }
var running = true
var lostTheServer = false
var guardianStatus = LockGuardianStatus.notStarted
while running && !closed {
    if let signal = TerminationSignals.pending {
        guard signal == SIGHUP && reloadOnHangUp else { say("signal \(signal)"); break }
        say("reload")
        TerminationSignals.clear(SIGHUP)
    }
    window.waitForEvents(until: framesPerSecond > 0 ? .now + .milliseconds(1000 / framesPerSecond) : nil)
    window.pollEvents { event in
        switch event {
        case .key(let key) where key.phase == .down && key.key == .q:
            if closeInHandler {
                window.close()
                closed = true
            }
            running = false
        case .key(let key) where key.phase == .down && key.key == .escape:
            game.prefersPointerLocked = false
            window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        case .key(let key) where key.phase == .down && key.key == .l:
            game.prefersPointerLocked.toggle()
            window.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        case .closeRequested:
            running = false
        case .connectionLost:
            say("connection lost")
            lostTheServer = true
            running = false
        default:
            break
        }
    }
    if window.lockGuardianStatus != guardianStatus {
        guardianStatus = window.lockGuardianStatus
        say("guardian: \(guardianStatus)")
    }
}
observation.cancel()
if let renderer { say(renderer.stop() ? "renderer stopped" : "renderer stuck in XCB") }
window.close()
if lostTheServer {
    say("closed after losing the server")
    exit(3)
}
say(closed ? "closed in \(closeInHandler ? "handler" : "observer")" : "quit")
