import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// GameInput called the ways other people's games call it, and the demo never does: a loop
/// that sleeps until input comes, a window closed inside an event handler or a lock observer,
/// a host with its own signal handlers, a stall timeout of its own, an overlay preloaded into
/// the process, a launch through the dynamic loader. The program under test is `LoopShapes`
/// (Tests/LoopShapes), run on Xvfb + openbox and judged from a second X client.
@Suite(.serialized, .tags(.integration)) final class ForeignLoopTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    static var executable: String {
        HeadlessTests.buildDirectory.appendingPathComponent("LoopShapes").path
    }

    func start(_ arguments: [String] = [], environment: [String: String] = [:], via loader: String? = nil) throws -> ChildProcess {
        var environment = environment
        environment["DISPLAY"] = server.displayName
        if let loader {
            return try ChildProcess(executable: loader, arguments: [Self.executable] + arguments, environment: environment)
        }
        return try ChildProcess(executable: Self.executable, arguments: arguments, environment: environment)
    }

    func startLocked(_ arguments: [String] = [], environment: [String: String] = [:], via loader: String? = nil) throws -> ChildProcess {
        let program = try start(arguments, environment: environment, via: loader)
        #expect(program.waitForLine { $0 == "lock: locked" } != nil, "\(program.lines)")
        #expect(LockgameLaunch.waitUntil { self.probe.pointerIsGrabbed }, "X holds the grab")
        return program
    }

    /// The guardian of `program` once it has started (the lock does not wait for it).
    func guardian(of program: ChildProcess, timeout: Duration = .seconds(3)) -> pid_t? {
        var found: pid_t?
        _ = LockgameLaunch.waitUntil(timeout: timeout) {
            found = LockGuardianTests.children(of: program.pid).first { Self.command(of: $0) == "gameinput-guard" }
            return found != nil
        }
        return found
    }

    static func command(of pid: pid_t) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
    }

    /// CPU time `pid` used so far, all threads, in seconds (from each thread's schedstat).
    static func cpuSeconds(of pid: pid_t) -> Double {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { sum, task in
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return sum + (Double(stat.split(separator: " ").first ?? "0") ?? 0) / 1e9
        }
    }

    /// The share of one core `pid` uses while `body` runs.
    static func coreShare(of pid: pid_t, while body: () -> Void) -> Double {
        let cpu = cpuSeconds(of: pid), started = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - started
        return (cpuSeconds(of: pid) - cpu) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    /// The guardian killed with -9 while the loop sleeps in `waitForEvents(until: nil)`: the
    /// program lives, says why the lock went, and locks again with a new guardian.
    @Test func aGuardianKilledWhileTheLoopSleepsIsReportedAndReplaced() throws {
        let program = try startLocked()
        defer { program.stop() }
        var survived = 0
        for trial in 0..<SafetyValveTests.trials {
            let first = try #require(guardian(of: program), "trial \(trial): a guardian runs")
            #expect(LockgameLaunch.waitUntil { LockGuardianTests.children(of: program.pid).count == 1 })
            // Idle: the loop has slept past a heartbeat interval and told the guardian so; it
            // writes again as soon as it wakes.
            Thread.sleep(forTimeInterval: 0.5)
            let seen = program.lines.count
            kill(first, SIGKILL)
            let reported = LockgameLaunch.waitForNewLine("lock: unlocked (suspended: lock guardian exited)", in: program, after: seen)
            let relocked = LockgameLaunch.waitForNewLine("lock: locked", in: program, after: seen)
            let replaced = LockgameLaunch.waitUntil {
                let now = LockGuardianTests.children(of: program.pid)
                return now.count == 1 && now.first != first && Self.command(of: now[0]) == "gameinput-guard"
            }
            #expect(program.isRunning, "trial \(trial): alive after its guardian's death: \(program.lines.suffix(3))")
            #expect(reported && relocked && replaced, "trial \(trial): \(program.lines.dropFirst(seen))")
            #expect(LockgameLaunch.waitUntil { self.probe.pointerIsGrabbed }, "trial \(trial): X holds the new lock")
            if program.isRunning && reported && relocked && replaced { survived += 1 }
            guard program.isRunning else { break }
        }
        print("loops: a sleeping loop outlived its killed guardian and locked again \(survived)/\(SafetyValveTests.trials) times")
    }

    /// `close()` inside the `pollEvents` handler: the program ends cleanly, the pointer is free
    /// and visible.
    /// Freed memory is filled (`MALLOC_PERTURB_`), so a connection used after it was closed
    /// crashes instead of reading what was left there.
    static let perturbedMemory = ["MALLOC_PERTURB_": "165"]

    @Test func closingTheWindowInsideTheEventHandlerEndsCleanly() throws {
        var clean = 0
        for trial in 0..<SafetyValveTests.trials {
            let program = try startLocked(["--close-in-handler"], environment: Self.perturbedMemory)
            defer { program.stop() }
            probe.press(UInt32(XK_q))
            let status = program.waitForExit(timeout: .seconds(5))
            #expect(status == 0, "trial \(trial): exit status \(String(describing: status)); \(program.lines.suffix(3))")
            #expect(program.lines.last == "closed in handler")
            #expect(!probe.pointerIsGrabbed)
            if status == 0 { clean += 1 }
        }
        print("loops: close() in the event handler ended cleanly \(clean)/\(SafetyValveTests.trials) times")
    }

    /// `close()` inside a lock observer, called as the lock engages: a clean end, nothing held.
    @Test func closingTheWindowInsideALockObserverEndsCleanly() throws {
        var clean = 0
        for trial in 0..<SafetyValveTests.trials {
            let program = try start(["--close-in-observer"], environment: Self.perturbedMemory)
            defer { program.stop() }
            let status = program.waitForExit(timeout: .seconds(5))
            #expect(status == 0, "trial \(trial): exit status \(String(describing: status)); \(program.lines.suffix(3))")
            #expect(program.lines.last == "closed in observer")
            #expect(LockgameLaunch.waitUntil { !self.probe.pointerIsGrabbed })
            if status == 0 { clean += 1 }
        }
        print("loops: close() in a lock observer ended cleanly \(clean)/\(SafetyValveTests.trials) times")
    }

    /// Another client sends the unfocused program a synthetic `FocusIn` (`XSendEvent`): it is
    /// not a focus change, so nothing is grabbed while the other window keeps the focus.
    @Test func aSyntheticFocusInDoesNotMakeTheProgramGrab() throws {
        let program = try startLocked()
        defer { program.stop() }
        let window = try #require(probe.findWindow(titled: "loopshapes"))
        probe.showOtherWindow()
        probe.activate(probe.otherWindow)
        #expect(program.waitForLine { $0 == "lock: unlocked (unfocused)" } != nil, "\(program.lines)")
        var held = 0
        for trial in 0..<SafetyValveTests.trials {
            probe.sendSyntheticFocus(to: window)
            Thread.sleep(forTimeInterval: 0.1)
            let grabbed = probe.pointerIsGrabbed
            #expect(!grabbed, "trial \(trial): a synthetic FocusIn made the program grab")
            #expect(probe.focusedWindow == probe.otherWindow)
            if !grabbed { held += 1 }
        }
        #expect(
            !program.lines.contains("lock: locked") || program.lines.last(where: { $0.hasPrefix("lock:") }) == "lock: unlocked (unfocused)")
        print("loops: a synthetic FocusIn left the pointer free \(held)/\(SafetyValveTests.trials) times")
    }

    /// A stall timeout below the old heartbeat's 250 ms (and the old wait notice's 250 ms of
    /// sleep): the lock holds, without a flap, through a loop that sleeps until input comes and
    /// through one that runs at 60 fps.
    @Test(.tags(.timing), arguments: ["0", "60"]) func aShortStallTimeoutDoesNotMakeTheLockFlap(fps: String) throws {
        let program = try startLocked(["--stall-ms", "200", "--fps", fps])
        defer { program.stop() }
        let seen = program.lines.count
        let watcher = GrabWatcher(displayName: server.displayName, for: .seconds(3))
        #expect(watcher.result() == true, "held throughout: \(program.lines.dropFirst(seen))")
        #expect(!program.lines.dropFirst(seen).contains { $0.hasPrefix("lock:") }, "no lock changes: \(program.lines.dropFirst(seen))")
    }

    /// A zero stall timeout turns hang detection off, as nil does: the lock holds through a
    /// sleeping loop and is never reported stalled.
    @Test func aZeroStallTimeoutTurnsHangDetectionOff() throws {
        let program = try startLocked(["--stall-ms", "0"])
        defer { program.stop() }
        let seen = program.lines.count
        let watcher = GrabWatcher(displayName: server.displayName, for: .seconds(2))
        #expect(watcher.result() == true, "held throughout: \(program.lines.dropFirst(seen))")
        #expect(!program.lines.dropFirst(seen).contains { $0.hasPrefix("lock:") }, "no lock changes: \(program.lines.dropFirst(seen))")
    }

    /// A program that treats SIGHUP as "reload" clears it and sleeps again: no spinning, and
    /// the next SIGHUP is seen too.
    @Test(.tags(.timing)) func aHangUpTreatedAsReloadIsClearedAndTheLoopSleepsAgain() throws {
        let program = try startLocked(["--reload-on-hup"])
        defer { program.stop() }
        program.send(SIGHUP)
        #expect(program.waitForLine { $0 == "reload" } != nil)
        let share = Self.coreShare(of: program.pid) { Thread.sleep(forTimeInterval: 1) }
        #expect(share < 0.05, "the loop sleeps after the reload: \(share * 100) % of a core")
        #expect(program.lines.filter { $0 == "reload" }.count == 1, "one reload per signal: \(program.lines.suffix(3))")
        program.send(SIGHUP)
        #expect(LockgameLaunch.waitUntil { program.lines.filter { $0 == "reload" }.count == 2 })
        program.send(SIGTERM)
        #expect(program.waitForExit(timeout: .seconds(5)) == 0)
        #expect(program.lines.contains("signal 15"))
    }

    /// A host's own SIGTERM handler, installed before GameInput's, still runs, and GameInput
    /// still sees the signal.
    @Test func theHostsOwnSignalHandlerStillRuns() throws {
        let program = try startLocked(["--host-sigterm-handler"])
        defer { program.stop() }
        program.send(SIGTERM)
        #expect(program.waitForExit(timeout: .seconds(5)) == 0)
        #expect(program.lines.contains("host handler ran"), "\(program.lines)")
        #expect(program.lines.contains("signal 15"))
    }

    /// Whether `signal` is caught by a handler and whether it is ignored in process `pid`, read
    /// from the kernel's own account (`SigCgt` and `SigIgn` in `/proc/PID/status`).
    static func disposition(of signal: Int32, in pid: pid_t) -> (caught: Bool, ignored: Bool)? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        func mask(_ field: String) -> UInt64? {
            status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
                .flatMap { UInt64($0.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces), radix: 16) }
        }
        guard let caught = mask("SigCgt"), let ignored = mask("SigIgn") else { return nil }
        let bit = UInt64(1) << (signal - 1)
        return (caught & bit != 0, ignored & bit != 0)
    }

    /// libxcb writes with `writev`, so a server that dies under a write (a render thread's on
    /// the window's connection, most often) raised SIGPIPE, which ended the program before it
    /// could hear of the loss (1 of 150 deaths under load). Left at its default, SIGPIPE gets a
    /// handler that does nothing once a window opens: caught, not ignored, so the programs the
    /// game starts still get the default. A host that chose a disposition keeps it.
    @Test func aServerGoneUnderAWriteCannotEndTheProgramBySIGPIPE() throws {
        let program = try startLocked()
        defer { program.stop() }
        let atDefault = try #require(Self.disposition(of: SIGPIPE, in: program.pid))
        program.stop()
        #expect(atDefault.caught && !atDefault.ignored, "SIGPIPE left at its default: \(atDefault)")
        let ignoring = try startLocked(["--host-ignores-sigpipe"])
        defer { ignoring.stop() }
        let hostsChoice = try #require(Self.disposition(of: SIGPIPE, in: ignoring.pid))
        #expect(hostsChoice.ignored && !hostsChoice.caught, "the host ignores SIGPIPE: \(hostsChoice)")
    }

    /// The host's own Xlib error handler, set before GameInput's: an error on the host's own
    /// connection still reaches it (GameInput passes on what is not about its connections).
    @Test func theHostsOwnXErrorHandlerStillRuns() throws {
        let program = try startLocked(["--host-x-error-handler"])
        defer { program.stop() }
        #expect(program.waitForLine { $0 == "host handler: error \(BadWindow)" } != nil, "\(program.lines)")
        #expect(!program.lines.contains { $0.hasPrefix("GameInput: X protocol error") }, "\(program.lines)")
    }

    /// The X server dies under the program: GameInput reports it as an event, on the
    /// program's thread, and leaves the decision to the program (here: a line and status 3).
    @Test func losingTheServerIsReportedToTheProgram() throws {
        let program = try startLocked()
        defer { program.stop() }
        probe.close()
        server.serverProcess.send(SIGKILL)
        let status = program.waitForExit(timeout: .seconds(5))
        #expect(status == 3, "the program's own exit: \(String(describing: status)); \(program.lines.suffix(3))")
        #expect(program.lines.contains("connection lost"))
        #expect(program.lines.contains("closed after losing the server"))
    }

    /// The server dies while a render thread writes frames on the window's connection through
    /// XCB (what Mesa's software drivers do with the handle's `Display *`): the program hears
    /// of it, closes the window and ends by itself, every time. GameInput sends nothing on a
    /// lost connection; before, releasing the lock there (`XUndefineCursor`) crashed in libX11
    /// ("request … would exceed buffer size") in about 1 of 7 such deaths.
    @Test func losingTheServerUnderARenderThreadEndsCleanly() throws {
        var clean = 0
        for trial in 0..<SafetyValveTests.trials {
            let server = try XServerFixture(windowManager: nil)
            defer { server.stop() }
            let program = try ChildProcess(
                executable: Self.executable, arguments: ["--xcb-renderer"], environment: ["DISPLAY": server.displayName])
            defer { program.stop() }
            #expect(program.waitForLine { $0 == "lock: locked" } != nil, "trial \(trial): \(program.lines)")
            Thread.sleep(forTimeInterval: Double(trial % 5) * 0.013)
            server.probe.close()
            server.serverProcess.send(SIGKILL)
            let status = program.waitForExit(timeout: .seconds(5))
            #expect(status == 3, "trial \(trial): \(String(describing: status)); \(program.lines.suffix(3))")
            #expect(program.lines.contains("renderer stopped"), "trial \(trial): the render thread's XCB calls return")
            if status == 3 && program.lines.contains("closed after losing the server") { clean += 1 }
        }
        print("loop shapes: a render thread on the connection, the server killed: ended cleanly \(clean)/\(SafetyValveTests.trials)")
    }

    /// A render thread writes frames on the window's connection through XCB while the loop
    /// sleeps until input comes. When the thread's write blocks, XCB reads the socket too, and
    /// moves the events it finds into its own queue, where the loop's `poll()` on the socket
    /// cannot see them. The program runs on one core, where the thread often reads first: each
    /// of 40 presses of L still toggles the lock. Before the wait looked at XCB's queue on a
    /// shared connection, 4 of 5 runs here lost a press for good (until the next input came).
    @Test(.tags(.timing)) func aRenderThreadOnTheConnectionHidesNoInputFromTheLoop() throws {
        let program = try ChildProcess(
            executable: "/usr/bin/taskset", arguments: ["--cpu-list", "0", Self.executable, "--xcb-renderer"],
            environment: ["DISPLAY": server.displayName])
        defer { program.stop() }
        #expect(program.waitForLine { $0 == "lock: locked" } != nil, "\(program.lines)")
        var lost: Int?
        for press in 0..<40 {
            let seen = program.lines.count
            probe.press(UInt32(XK_l))
            let expected = press % 2 == 0 ? "lock: unlocked (preference off)" : "lock: locked"
            guard LockgameLaunch.waitForNewLine(expected, in: program, after: seen, timeout: .seconds(3)) else {
                lost = press
                break
            }
        }
        #expect(lost == nil, "press \(lost ?? 0) not seen within 3 s; \(program.lines.suffix(4))")
        #expect(program.lines.last == "lock: locked" && probe.pointerIsGrabbed, "\(program.lines.suffix(2))")
    }

    /// Taking the lock never waits for the guardian: with the guardian stopped (SIGSTOP), the
    /// lock still comes at once.
    @Test(.tags(.timing)) func theLockDoesNotWaitForAStoppedGuardian() throws {
        let program = try startLocked(["--fps", "60"])
        defer { program.stop() }
        let guardianPID = try #require(guardian(of: program))
        kill(guardianPID, SIGSTOP)
        defer { kill(guardianPID, SIGCONT) }
        var seen = program.lines.count
        probe.press(UInt32(XK_l))
        #expect(LockgameLaunch.waitForNewLine("lock: unlocked (preference off)", in: program, after: seen))
        seen = program.lines.count
        let asked = ContinuousClock.now
        probe.press(UInt32(XK_l))
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: program, after: seen))
        let waited = ContinuousClock.now - asked
        #expect(waited < .milliseconds(200), "locked after \(waited) with the guardian stopped")
        #expect(probe.pointerIsGrabbed)
    }

    /// An overlay preloaded into the game (`LD_PRELOAD`: MangoHud, the Steam overlay) is not
    /// loaded into the guardian.
    @Test func aPreloadedOverlayIsNotLoadedIntoTheGuardian() throws {
        let shim = try Self.buildShim()
        let loaded = NSTemporaryDirectory() + "loaded-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: loaded) }
        let program = try startLocked(environment: ["LD_PRELOAD": shim, "SHIM_LOADED": loaded])
        defer { program.stop() }
        let guardianPID = try #require(guardian(of: program))
        Thread.sleep(forTimeInterval: 0.2)
        let loads = ((try? String(contentsOfFile: loaded, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(
            loads.map { $0.split(separator: " ").first.map(String.init) } == ["\(program.pid)"],
            "loaded into: \(loads); guardian \(guardianPID)")
    }

    /// A descriptor another part of the process lets a child inherit at the wrong moment (a
    /// thread's `posix_spawn` between creating the guardian's channel and marking it
    /// close-on-exec) must not hide the guardian's death: it is reported and the lock returns.
    @Test func aChildStartedMeanwhileDoesNotHideTheGuardiansDeath() throws {
        let shim = try Self.buildShim()
        let spawned = NSTemporaryDirectory() + "spawned-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer {
            let pids = ((try? String(contentsOfFile: spawned, encoding: .utf8)) ?? "").split(separator: "\n").compactMap { pid_t($0) }
            for pid in pids { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: spawned)
        }
        let program = try startLocked(environment: ["LD_PRELOAD": shim, "SHIM_SPAWN": spawned])
        defer { program.stop() }
        let guardianPID = try #require(guardian(of: program))
        let seen = program.lines.count
        kill(guardianPID, SIGKILL)
        #expect(
            LockgameLaunch.waitForNewLine("lock: unlocked (suspended: lock guardian exited)", in: program, after: seen),
            "\(program.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: program, after: seen))
        #expect(LockgameLaunch.waitUntil { self.probe.pointerIsGrabbed })
    }

    /// Started through the dynamic loader (`ld.so ./game`), where `/proc/self/exe` is the
    /// loader: the guardian is still a copy of the program, never a second loader run.
    @Test func underTheDynamicLoaderTheGuardianIsStillTheProgram() throws {
        let loader = "/lib64/ld-linux-x86-64.so.2"
        try #require(FileManager.default.isExecutableFile(atPath: loader))
        let program = try startLocked(via: loader)
        defer { program.stop() }
        let guardianPID = try #require(guardian(of: program), "a guardian runs: \(program.lines)")
        let image = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(guardianPID)/exe")
        #expect(
            URL(fileURLWithPath: image).resolvingSymlinksInPath().path
                == URL(fileURLWithPath: Self.executable).resolvingSymlinksInPath().path)
        #expect(LockGuardianTests.children(of: program.pid).count == 1)
    }

    /// Run under valgrind, where `/proc/self/exe` is valgrind's tool: the guardian is started
    /// from the program's own file, natively (valgrind does not follow it). valgrind 3.19
    /// cannot read Swift 6's debug information, so the program runs from a stripped copy.
    @Test func underValgrindTheGuardianIsStillTheProgram() throws {
        let valgrind = try XServerFixture.locate("valgrind")
        let copy = NSTemporaryDirectory() + "LoopShapes-stripped-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: Self.executable, toPath: copy)
        let strip = try ChildProcess(executable: try XServerFixture.locate("strip"), arguments: [copy])
        try #require(strip.waitForExit(timeout: .seconds(60)) == 0, "\(strip.lines)")
        let program = try ChildProcess(
            executable: valgrind, arguments: ["-q", "--trace-children=no", copy], environment: ["DISPLAY": server.displayName])
        defer { program.stop() }
        #expect(program.waitForLine(timeout: .seconds(90)) { $0 == "lock: locked" } != nil, "\(program.lines.suffix(5))")
        let guardianPID = try #require(guardian(of: program, timeout: .seconds(30)), "a guardian runs: \(program.lines.suffix(5))")
        let image = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(guardianPID)/exe")
        #expect(image == copy, "the guardian is the program, not valgrind: \(image)")
        #expect(program.waitForLine(timeout: .seconds(30)) { $0 == "guardian: running" } != nil)
    }

    /// `GAMEINPUT_GUARDIAN` left in an environment (set by hand, copied from a guardian's) is
    /// ignored with a warning: the program runs its `main`.
    @Test(arguments: ["0", "3 4 1000", "3 1000 1"]) func aStrayGuardianVariableIsIgnored(value: String) throws {
        let game = try ChildProcess(
            executable: LockgameLaunch.executable, arguments: ["--version"], environment: ["GAMEINPUT_GUARDIAN": value])
        #expect(game.waitForExit(timeout: .seconds(10)) == 0, "\(game.lines)")
        #expect(game.lines.contains { $0.hasPrefix("lockgame ") }, "\(game.lines)")
        #expect(game.lines.contains { $0.hasPrefix("GameInput: ignoring GAMEINPUT_GUARDIAN") }, "a warning: \(game.lines)")
    }

    /// Builds Tests/ProcessShims/preload.c into a shared library (once per run).
    static func buildShim() throws -> String {
        let output = NSTemporaryDirectory() + "gameinput-preload-\(getpid()).so"
        if FileManager.default.fileExists(atPath: output) { return output }
        let source = HeadlessTests.packageRoot.appendingPathComponent("Tests/ProcessShims/preload.c").path
        let gcc = try ChildProcess(
            executable: try XServerFixture.locate("gcc"), arguments: ["-shared", "-fPIC", "-O1", "-o", output, source, "-ldl"])
        try #require(gcc.waitForExit(timeout: .seconds(60)) == 0, "gcc: \(gcc.lines)")
        return output
    }
}

/// An idle game in the background costs nothing for every other window's mouse: raw motion
/// is selected only while the lock holds.
@Suite(.serialized, .tags(.integration, .timing)) final class BackgroundCostTests {
    @Test func anUnfocusedGameDoesNotWakeForOtherWindowsMotion() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let game = try LockgameLaunch.startLocked(on: server)
        defer { game.stop() }
        probe.showOtherWindow()
        probe.activate(probe.otherWindow)
        #expect(game.waitForLine { $0 == "lock: unlocked (unfocused)" } != nil, "\(game.lines)")
        // The lock notice fades out over a few seconds; then the game draws nothing.
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(15)) {
                ForeignLoopTests.coreShare(of: game.pid) { Thread.sleep(forTimeInterval: 0.5) } < 0.02
            },
            "the unfocused game settles")
        let frame = probe.frame(of: probe.otherWindow)
        probe.moveAbsolute(x: frame.origin.x + 100, y: frame.origin.y + 100)
        let still = ForeignLoopTests.coreShare(of: game.pid) { Thread.sleep(forTimeInterval: 3) }
        var sent = 0
        let moving = ForeignLoopTests.coreShare(of: game.pid) {
            let end = ContinuousClock.now + .seconds(3)
            var step: Int32 = 1
            while ContinuousClock.now < end {
                probe.moveRelative(dx: step, dy: 0)
                step = -step
                sent += 1
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        let rate = Double(sent) / 3
        print(
            "background: unfocused game \(String(format: "%.2f", still * 100)) % of a core with the mouse still, "
                + "\(String(format: "%.2f", moving * 100)) % with \(Int(rate)) motions a second over another window")
        #expect(rate > 500, "the mouse moved fast enough to matter: \(rate) a second")
        #expect(moving - still <= 0.005, "within 0.5 % of a core: still \(still * 100) %, moving \(moving * 100) %")
        #expect(probe.focusedWindow == probe.otherWindow)
    }
}

/// A guardian that cannot start is not given up for the session: the reason is reported, the
/// lock holds meanwhile (the watchdog guards it), and the guardian starts by itself once it can.
@Suite(.serialized, .tags(.integration, .timing)) struct GuardianStartFailureTests {
    @Test func aGuardianThatCannotStartIsReportedAndStartedLater() throws {
        // A server that takes 64 clients, all but one taken: the program gets the last one and
        // its guardian none (Xlib says "Maximum number of clients reached").
        let server = try XServerFixture(extraServerArguments: ["-maxclients", "64"])
        defer { server.stop() }
        var fillers: [OpaquePointer] = []
        defer { fillers.forEach { XCloseDisplay($0) } }
        while fillers.count < 128, let display = XOpenDisplay(server.displayName) { fillers.append(display) }
        try #require(fillers.count > 4 && fillers.count < 128, "the server filled up: \(fillers.count) fillers")
        XCloseDisplay(fillers.removeLast())
        let program = try ChildProcess(executable: ForeignLoopTests.executable, arguments: [], environment: ["DISPLAY": server.displayName])
        defer { program.stop() }
        #expect(program.waitForLine { $0.hasPrefix("guardian: unavailable (") } != nil, "\(program.lines)")
        #expect(program.waitForLine { $0 == "lock: locked" } != nil, "the lock holds without it: \(program.lines)")
        #expect(LockgameLaunch.waitUntil { server.probe.pointerIsGrabbed })
        fillers.forEach { XCloseDisplay($0) }
        fillers.removeAll()
        #expect(program.waitForLine(timeout: .seconds(10)) { $0 == "guardian: running" } != nil, "started once it could: \(program.lines)")
        // Guarded now: a stopped program frees the pointer.
        let stopped = ContinuousClock.now
        program.send(SIGSTOP)
        defer { program.send(SIGCONT) }
        #expect(LockgameLaunch.waitUntil(timeout: .milliseconds(1500)) { !server.probe.pointerIsGrabbed }, "freed while stopped")
        print("guardian: a late guardian freed a stopped program's pointer in \(ContinuousClock.now - stopped)")
    }
}

/// A packager who links GameInput from a static archive keeps the lock guardian: GameInput's
/// own code references the object that holds the guardian's constructor, so the linker takes
/// it, constructor and all, into every program that uses GameInput.
@Suite(.tags(.integration)) struct GuardianLinkTests {
    static var buildDirectory: URL { HeadlessTests.buildDirectory }

    static func symbols(_ arguments: [String]) throws -> Set<String> {
        let nm = try ChildProcess(executable: try XServerFixture.locate("nm"), arguments: arguments)
        try #require(nm.waitForExit(timeout: .seconds(30)) == 0, "nm \(arguments): \(nm.lines.suffix(3))")
        return Set(nm.lines.compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    /// What links `objects` into a C program: gcc, or for a sanitized build (`swift build
    /// --sanitize`, scripts/sanitize) the toolchain's clang with the sanitizer whose runtime
    /// the objects call. The toolchain's ThreadSanitizer runtime intercepts libdispatch, so it
    /// wants the toolchain's libdispatch and blocks runtime beside it.
    static func linker(for objects: [String]) throws -> (compiler: String, flags: [String]) {
        let called = try symbols(["-u"] + objects)
        let sanitizers =
            (called.contains("__tsan_init") ? ["thread"] : []) + (called.contains("__asan_init") ? ["address"] : [])
            + (called.contains { $0.hasPrefix("__ubsan_handle_") } ? ["undefined"] : [])
        guard !sanitizers.isEmpty else { return (try XServerFixture.locate("gcc"), []) }
        // <toolchain>/usr/lib/swift/linux/libswiftCore.so, mapped into this test process
        // (/proc files say they are empty: read to the end, not by size).
        let maps = String(decoding: FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
        let core = try #require(
            maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
                .first { $0.hasSuffix("/libswiftCore.so") })
        let runtime = URL(fileURLWithPath: core).deletingLastPathComponent()
        let clang = runtime.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("bin/clang").path
        let dispatch = ["-L", runtime.path, "-ldispatch", "-lBlocksRuntime", "-Wl,-rpath," + runtime.path]
        return (clang, ["-fsanitize=" + sanitizers.joined(separator: ",")] + (sanitizers.contains("thread") ? dispatch : []))
    }

    @Test func gameInputReferencesTheObjectThatHoldsTheGuardiansConstructor() throws {
        let directory = Self.buildDirectory.appendingPathComponent("GameInput.build")
        let objects = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".o") }
        try #require(!objects.isEmpty)
        let referenced = try Self.symbols(["-u"] + objects.map { directory.appendingPathComponent($0).path })
        let entry = Self.buildDirectory.appendingPathComponent("CLockGuardian.build/guardian_entry.c.o").path
        let defined = try Self.symbols(["--defined-only", "-g", entry])
        #expect(!referenced.intersection(defined).isEmpty, "GameInput calls into guardian_entry.c.o: \(defined)")
    }

    /// The real thing: CLockGuardian's objects in an archive, and a C program that calls only
    /// what GameInput calls. The linked program has the constructor: a stray
    /// `GAMEINPUT_GUARDIAN` makes it say so before `main`.
    @Test func aProgramLinkedFromAStaticArchiveHasTheConstructor() throws {
        let objects = Self.buildDirectory.appendingPathComponent("CLockGuardian.build")
        let scratch = NSTemporaryDirectory() + "guardian-link-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let members = try FileManager.default.contentsOfDirectory(atPath: objects.path).filter { $0.hasSuffix(".o") }
        let ar = try ChildProcess(
            executable: try XServerFixture.locate("ar"),
            arguments: ["rcs", scratch + "/libguardian.a"] + members.map { objects.appendingPathComponent($0).path })
        try #require(ar.waitForExit(timeout: .seconds(30)) == 0, "\(ar.lines)")
        try """
        #include <stddef.h>
        int gameinput_guardian_locate_executable(char *, size_t, char *, size_t);
        int main(void) { char path[64], reason[64]; return gameinput_guardian_locate_executable(path, 64, reason, 64) == 1 ? 0 : 1; }
        """.write(toFile: scratch + "/main.c", atomically: true, encoding: .utf8)
        let (compiler, flags) = try Self.linker(for: members.map { objects.appendingPathComponent($0).path })
        let link = try ChildProcess(
            executable: compiler,
            arguments: ["-o", scratch + "/program", scratch + "/main.c", scratch + "/libguardian.a", "-lX11", "-lXext"] + flags)
        try #require(link.waitForExit(timeout: .seconds(60)) == 0, "\(link.lines)")
        let program = try ChildProcess(executable: scratch + "/program", arguments: [], environment: ["GAMEINPUT_GUARDIAN": "stray"])
        #expect(program.waitForExit(timeout: .seconds(10)) == 0, "main ran and found its executable: \(program.lines)")
        #expect(program.lines.contains { $0.hasPrefix("GameInput: ignoring GAMEINPUT_GUARDIAN=\"stray\"") }, "\(program.lines)")
    }
}
