import Foundation
import GameInput
import LockgameEngine

/// `lockgame --doctor`: which windowing system the game runs on and why, what the X server or
/// the Wayland compositor offers and what that means for pointer lock, and how the game will
/// draw on this machine.
enum Doctor {
    static func run(displayName: String?) -> Int32 {
        let backend: WindowBackendChoice
        do {
            backend = try WindowBackendChoice.current(displayName: displayName)
        } catch {
            LockgameApp.printError("lockgame: \(error)")
            return 2
        }
        let backendLine = "backend:        \(backend)"
        if backend.kind == .wayland { return runOnWayland(backendLine: backendLine) }
        let report: DisplayReport
        do {
            report = try DisplayReport.inspect(displayName: displayName)
        } catch {
            // Fallen back from a compositor that cannot run the game natively: say why too.
            if backend.isFallback { LockgameApp.printError("lockgame: not on Wayland: \(backend.reason)") }
            LockgameApp.printError("lockgame: \(error). Start an X server, run under xvfb-run, or use --headless.")
            return 2
        }
        var lines = [
            backendLine,
            "display:        \(report.displayName)",
            "server:         \(report.vendor), release \(report.vendorRelease), protocol \(report.protocolVersion)",
            "XWayland:       \(report.isXWayland ? "yes" : "no")",
            "Wayland:        \(waylandLine(environment: ProcessInfo.processInfo.environment))",
            "XInput:         " + (report.xinputVersion.map { "\($0.major).\($0.minor)" } ?? "no XInput 2.2 with generic events"),
            "MIT-SHM:        \(sharedMemoryLine(report.sharedMemory))",
            "window manager: \(report.windowManager ?? "none announced")",
            "lock guardian:  \(guardianLine(LockGuardianStatus.inThisProcess))",
            "input method:   \(inputMethodLine(report.inputMethod))",
            "cursor theme:   \(report.cursorTheme.name ?? "none set (the default theme)"), size \(report.cursorTheme.size)",
            "renderer:       \(rendererLine(Renderer.PixelLoop.fastest, threads: LiveGameLoop.renderThreadCount))",
            "feedback:       \(PresentationFeedbackSource.unavailable(.noPresentCompletions))",
            "scale:          \(report.scale)",
            "monitors:       \(report.monitors.count) (from \(report.monitorsFromRandR ? "RandR" : "Xinerama or the screen"))",
        ]
        for (index, monitor) in report.monitors.enumerated() { lines.append("  \(index) \(monitor)") }
        lines.append("pointers:")
        for device in report.pointerDevices {
            lines.append("  \(device.id) \(device.name)\(device.isMaster ? " (master)" : "")\(device.isAbsolute ? " - absolute only" : "")")
        }
        lines.append("")
        lines.append(contentsOf: verdict(report))
        print(lines.joined(separator: "\n"))
        return 0
    }

    /// The doctor on native Wayland: the compositor and its protocols, what the lock is there,
    /// and how frames are drawn.
    private static func runOnWayland(backendLine: String) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let report: CompositorReport
        do {
            report = try CompositorReport.inspect(socket: environment["WAYLAND_DISPLAY"])
        } catch {
            LockgameApp.printError("lockgame: \(error)")
            return 2
        }
        let lines = [
            backendLine,
            "Wayland:        \(waylandLine(environment: environment))",
            "protocols:      \(report.protocols.map { "\($0.name) \($0.version)" }.joined(separator: ", "))",
            "lock guardian:  \(guardianLine(.notNeeded))",
            "renderer:       \(rendererLine(Renderer.PixelLoop.fastest, threads: LiveGameLoop.renderThreadCount))",
            "feedback:       \(feedbackLine(report))",
            "",
            report.offersPointerLock
                ? "pointer lock: the compositor's (pointer-constraints lock_pointer); the game says locked once the compositor has."
                : "pointer lock: unavailable (the compositor lacks \(report.missingForTheLock.joined(separator: ", ")))",
            "frames: wl_shm buffers, paced by the compositor's frame callbacks.",
            "window frame: \(report.windowFrames).",
        ]
        print(lines.joined(separator: "\n"))
        return 0
    }

    /// Where a window's presentation feedback comes from on this compositor: its
    /// `wp_presentation`, where it offers one.
    static func feedbackLine(_ report: CompositorReport) -> String {
        guard let version = report.protocols.first(where: { $0.name == "wp_presentation" })?.version else {
            return "\(PresentationFeedbackSource.unavailable(.compositorLacksPresentationTime))"
        }
        return "\(PresentationFeedbackSource.waylandPresentationTime) (version \(version)): input to photon per frame"
    }

    /// The Wayland compositor `WAYLAND_DISPLAY` names, if any, and whether it offers what a
    /// native pointer lock needs.
    static func waylandLine(environment: [String: String]) -> String {
        guard let socket = environment["WAYLAND_DISPLAY"], !socket.isEmpty else { return "none (WAYLAND_DISPLAY is not set)" }
        let report: CompositorReport
        do {
            report = try CompositorReport.inspect(socket: socket)
        } catch {
            return "\(error)"
        }
        let lockProtocols = ["xdg_wm_base", "zwp_pointer_constraints_v1", "zwp_relative_pointer_manager_v1"].compactMap { name in
            report.version(of: name).map { "\(name) \($0)" }
        }
        let missing = report.missingForTheLock
        return missing.isEmpty
            ? "\(report.socket), with what a native lock needs (\(lockProtocols.joined(separator: ", ")))"
            : "\(report.socket), without \(missing.joined(separator: ", ")) (a native lock needs them)"
    }

    /// Where the chat line's text will come from.
    static func inputMethodLine(_ inputMethod: (name: String, isRunning: Bool)?) -> String {
        guard let inputMethod else { return "none named by XMODIFIERS: dead keys and Compose through the compose table" }
        return inputMethod.isRunning
            ? "\(inputMethod.name) (running)"
            : "\(inputMethod.name) named by XMODIFIERS but not running: text through the compose table"
    }

    static func verdict(_ report: DisplayReport) -> [String] {
        var notes: [String] = []
        if report.xinputVersion == nil {
            notes.append("pointer lock: unavailable (no XInput 2); the game falls back to dragging with the right button.")
        } else {
            notes.append("pointer lock: available (XGrabPointer + XInput 2 raw motion).")
        }
        if report.isXWayland {
            notes.append(
                "Xwayland: the grab becomes the compositor's pointer lock (pointer-constraints); "
                    + "it engages while the pointer is over the window.")
            if let relative = report.relativePointerDevice {
                notes.append("Xwayland: locked motion comes from \(relative.name) (id \(relative.id)).")
            } else {
                notes.append(
                    "Xwayland: no relative-pointer device (the compositor offers no relative motion): locked motion stops at the screen edge."
                )
            }
        }
        if report.windowManager == nil {
            notes.append("no window manager: GameInput takes the focus itself when the window maps.")
        }
        let physical = report.pointerDevices.filter { !$0.isMaster && !$0.name.contains("XTEST") }
        if !physical.isEmpty && physical.allSatisfy(\.isAbsolute) {
            notes.append("every pointer is absolute-only: locked motion stops at the screen edge of the device.")
        }
        switch report.sharedMemory {
        case .usable: break
        case .refused:
            notes.append("MIT-SHM refused to this client (a remote display or another IPC namespace): frames go through XPutImage.")
        case .absent: notes.append("no MIT-SHM: frames go through XPutImage (slower).")
        }
        return notes
    }

    /// Whether the lock guardian can run here: what a stopped or traced game relies on.
    static func guardianLine(_ status: LockGuardianStatus) -> String {
        switch status {
        case .notNeeded: "not needed: the compositor frees a stopped or hung game's pointer at a focus change"
        case .notStarted: "available (starts with the window; frees the pointer of a stopped, traced or hung game)"
        case .disabled: "disabled by GAMEINPUT_NO_GUARDIAN or GAMEINPUT_GRAB_UNDER_DEBUGGER"
        default: "\(status); a watchdog thread frees the pointer of a hung loop, a stopped game keeps it"
        }
    }

    static func rendererLine(_ loop: Renderer.PixelLoop, threads: Int) -> String {
        let pixels =
            switch loop {
            case .eightWideAVX2: "AVX2 pixel loop, 8 pixels at a time"
            case .scalar: "scalar pixel loop (this CPU has no AVX2)"
            }
        return "\(pixels), \(threads) thread\(threads == 1 ? "" : "s")"
    }

    static func sharedMemoryLine(_ support: DisplayReport.SharedMemorySupport) -> String {
        switch support {
        case .usable: "yes"
        case .refused: "listed, refused to this client"
        case .absent: "no"
        }
    }
}
