import Foundation
import GameInput
import LockgameEngine

/// The demo's entry point: parses the command line, loads the room and runs it live on X or
/// headless. Every failure is one line on standard error and a non-zero exit code: 2 for a
/// bad command line or no display, 1 for unusable assets or output.
enum LockgameApp {
    /// The version, as the newest version heading of CHANGELOG.md, below any `## Unreleased`
    /// (a test keeps them equal).
    static let version = "0.9.0"

    static let usage = """
        usage: lockgame [options]
               lockgame --headless --screenshot FILE.png [--frames N] [--script FILE] [options]

        A small 3D room to look around in with a locked pointer: GameInput's demo.

        options:
          --display NAME       X display to use (default: $DISPLAY)
          --size WxH           window or image size in pixels (default: 960x540)
          --fps N              frames per second to render, 0 for uncapped (default: 60)
          --sensitivity DEG    degrees of turn per pointer count (default: 0.1)
          --invert-y           moving the pointer down looks up
          --assets DIR         folder with scene.txt, meshes and textures (default: ./assets
                               next to the package)
          --headless           render without an X server and save the last frame
          --frames N           frames to render headless (default: the script's length + 1)
          --script FILE        scripted input for headless runs (wait N, look DX DY,
                               key NAME down|up, press [MODS+]NAME,
                               click X Y [BUTTON] [MODS], scroll DY, smooth DY,
                               pinch SCALE)
          --screenshot FILE    where a headless run saves its PNG
          --monitor NAME|N     start full-screen on this monitor: its name as
                               `xrandr --listmonitors` shows it, or its number from 0
          --pacing on|off      begin each frame as late as still makes the next
                               refresh, from the display's presentation times
                               (default: off; where the system gives none, off)
          --doctor             report what the X server offers for pointer lock and exit
          --help               show this help and exit
          --version            print the version and exit

        keys:
          L            toggle the lock preference
          Esc          release the pointer (preference off)
          click        ask for the lock again (primary button, on empty space)
          N            show a simulated "network error" alert (it prefers the pointer unlocked)
          Return, OK   dismiss the alert; the lock comes back by itself
          W A S D      walk (Shift runs): the keys at those places on a US keyboard, whatever
                       the layout (Z Q S D on French AZERTY, the game names them at start),
                       or the arrow keys
          F11          toggle full-screen on the monitor the window is on
          C            strategy camera: the cursor visible and confined, the view pans at
                       the window's edges; C again returns to mouse-look
          F12          save a screenshot (lockgame-TIME.png)
          H            simulate a 3-second hang: the lock guardian frees the pointer after 1 s
          F1 or ?      hold to list the key commands available now
          Ctrl+C/V     copy the camera pose to the clipboard / paste one back
          wheel, pinch zoom (field of view)
          right-click  drop a marker where you look (also Ctrl+click)
          middle       toggle the flashlight
          click object select it while the pointer is free (Shift adds, Ctrl toggles)
          Q            quit (also the window's close button, SIGINT, SIGTERM, SIGHUP)
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
        if options.doctor { return Doctor.run(displayName: options.displayName) }

        let scene: Scene
        let hud: HUDPainter
        do {
            let assets = try AssetLocator.locate(explicit: options.assetsDirectory)
            scene = try SceneLoader.load(directory: assets)
            hud = try HUDPainter()
        } catch {
            printError("lockgame: \(error)")
            return 1
        }
        return options.headless
            ? runHeadless(options: options, scene: scene, hud: hud)
            : MainActor.assumeIsolated { runLive(options: options, scene: scene, hud: hud) }
    }

    private static func runHeadless(options: LaunchOptions, scene: Scene, hud: HUDPainter) -> Int32 {
        var script: InputScript?
        if let path = options.scriptPath {
            do {
                script = try InputScript(contentsOf: path)
            } catch {
                printError("lockgame: \(error)")
                return 2
            }
        }
        let session = GameSession(
            scene: scene, lock: nil, sensitivity: options.sensitivity,
            invertY: options.invertY, log: { _ in })
        let run = HeadlessRun(
            session: session, hud: hud, width: options.width, height: options.height,
            frames: options.frames ?? (script?.length ?? 0) + 1,
            framesPerSecond: options.framesPerSecond, script: script)
        let framebuffer = run.run()
        let path = options.screenshotPath ?? "lockgame.png"
        do {
            try PNGImage.write(
                pixels: framebuffer.copyPixels(), width: framebuffer.width,
                height: framebuffer.height, path: path)
        } catch {
            printError("lockgame: \(error)")
            return 1
        }
        print("screenshot: \(path)")
        return 0
    }

    @MainActor
    private static func runLive(options: LaunchOptions, scene: Scene, hud: HUDPainter) -> Int32 {
        let window: GameWindow
        do {
            window = try GameWindow(
                title: "lockgame", width: options.width, height: options.height,
                displayName: options.displayName)
        } catch {
            printError("lockgame: \(error). Start an X server or a Wayland compositor, run under xvfb-run, or use --headless.")
            return 2
        }
        var startMonitor: Monitor?
        if let wanted = options.monitor {
            guard let found = LaunchOptions.monitor(named: wanted, in: window.monitors) else {
                let names = window.monitors.enumerated().map { "\($0.offset) \($0.element.name)" }.joined(separator: ", ")
                window.close()
                printError("lockgame: no monitor \"\(wanted)\" on this display (monitors: \(names)) (see lockgame --help)")
                return 2
            }
            startMonitor = found
        }
        TerminationSignals.install()
        // Unbuffered, one line per write: tests and scripts read these lines as they happen.
        let log: (String) -> Void = { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) }
        log("backend: \(window.backend)")
        if let version = window.x11?.xinputVersion {
            log("xinput: \(version)")
        }
        let session = GameSession(
            scene: scene, lock: window.pointerLock, sensitivity: options.sensitivity,
            invertY: options.invertY, log: log)
        do {
            let loop = try LiveGameLoop(
                window: window, session: session, hud: hud,
                framesPerSecond: options.framesPerSecond, pacing: options.pacing, startMonitor: startMonitor, log: log)
            return loop.run()
        } catch {
            window.close()
            printError("lockgame: \(error)")
            return 1
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
