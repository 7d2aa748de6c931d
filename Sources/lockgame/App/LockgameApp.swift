import Foundation
import GameInput

/// The demo's entry point: parses the command line, opens the window and runs the loop.
enum LockgameApp {
    static let version = "0.1.0"

    static let usage = """
        usage: lockgame [options]

        A window on the X desktop that prefers a locked pointer, to try GameInput's pointer lock.

        options:
          --display NAME   X display to use (default: $DISPLAY)
          --size WxH       window size in pixels (default: 960x540)
          --help           show this help and exit
          --version        print the version and exit

        keys:
          L       toggle the lock preference
          Esc     release the pointer (preference off)
          click   ask for the lock again (primary button)
          N       show a simulated "network error" alert (it prefers the pointer unlocked)
          Return  dismiss the alert
          Q       quit
        """

    static func run(arguments: [String]) -> Int32 {
        let options: LaunchOptions
        do {
            options = try LaunchOptions(arguments: arguments)
        } catch {
            printError("lockgame: \(error) (see lockgame --help)")
            return 2
        }
        if options.showHelp { print(usage); return 0 }
        if options.showVersion { print("lockgame \(version)"); return 0 }

        let window: GameWindow
        do {
            window = try GameWindow(title: "lockgame", width: options.width, height: options.height,
                                    displayName: options.displayName)
        } catch {
            printError("lockgame: \(error). Start an X server or run under xvfb-run.")
            return 2
        }
        TerminationSignals.install()
        return MainActor.assumeIsolated { runLoop(window: window) }
    }

    @MainActor
    private static func runLoop(window: GameWindow) -> Int32 {
        // Unbuffered, one line per write: tests and scripts read these lines as they happen.
        let log: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        let demo = LockDemo(lock: window.pointerLock, log: log)
        let painter = StatusPainter(window: window)
        let observation = window.pointerLock.addObserver { state in log("lock: \(state)") }
        if let version = window.xinputVersion {
            log("xinput: \(version.major).\(version.minor)")
        } else {
            log("lock: unavailable (the X server has no XInput 2.2)")
        }
        log("lock: \(window.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable")")
        window.show()
        var needsPaint = true
        while !demo.wantsToQuit && TerminationSignals.pending == nil {
            window.waitForEvents(until: .now + .milliseconds(100))
            let stateBefore = window.pointerLock.pointerLockState
            window.pollEvents { event in
                if demo.handle(event) { needsPaint = true }
            }
            if window.pointerLock.pointerLockState != stateBefore { needsPaint = true }
            if needsPaint {
                painter.paint(demo: demo, state: window.pointerLock.pointerLockState,
                              width: window.width, height: window.height)
                needsPaint = false
            }
        }
        if let signal = TerminationSignals.pending { log("quit: signal \(signal)") } else { log("quit") }
        observation.cancel()
        window.close()
        return 0
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
