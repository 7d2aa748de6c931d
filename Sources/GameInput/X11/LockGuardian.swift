import Foundation

/// The game's side of the lock guardian (`CLockGuardian`): a small process, started from this
/// same executable, that frees the pointer whenever the game cannot run.
///
/// X lets no client break another's grab, but the server drops a pointer grab as soon as its
/// `confine_to` window stops being viewable. The guardian owns an input-only child of the
/// game's window; while locked the grab is confined to it. When the game is stopped (SIGSTOP,
/// Ctrl+Z), stopped by a debugger, or sends no heartbeat for the stall timeout while not
/// sleeping on purpose (hung anywhere, even inside Xlib), the guardian unmaps that child: the
/// server ends the grab at once, and the guardian shows the cursor again. If the guardian
/// dies, its window goes with its connection, which also ends the grab. It exits when the
/// game does (its pipe closes).
///
/// It is started at the first lock (a process and two pipes; one line per lock, release and
/// heartbeat) and talks a line protocol: `window XID` → `ready CHILD`, `arm` → `armed`,
/// `disarm`, `beat`, `wait`; it reports `released stopped|traced|hung`.
final class LockGuardian {
    /// The input-only window the grab is confined to while armed.
    private(set) var confineWindow: UInt = 0
    private let pid: pid_t
    private let toGuardian: Int32
    private let fromGuardian: Int32
    private var received: [UInt8] = []
    /// Whether the confining window is mapped and the game is being watched.
    private(set) var isArmed = false
    private var isWaiting = false
    private var lastBeat = ContinuousClock.now
    private var hasExited = false
    private var isStopped = false
    /// Where bytes from the guardian are read into: allocated once, as the loop checks the
    /// pipe at every `pollEvents`.
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 1)

    /// The lines the loop sends, as static text: sending them allocates nothing.
    private static let beatLine: StaticString = "beat\n"
    private static let waitLine: StaticString = "wait\n"
    private static let armLine: StaticString = "arm\n"
    private static let disarmLine: StaticString = "disarm\n"

    /// The interval between heartbeats while armed: a quarter of the default stall timeout.
    static let beatInterval: Duration = .milliseconds(250)

    /// Starts a guardian for `window` on `displayName`; nil if it cannot start or set up its
    /// window within two seconds (the game then locks without it).
    init?(window: UInt, displayName: String, stallTimeout: Duration?) {
        var down: [Int32] = [-1, -1], up: [Int32] = [-1, -1]
        guard pipe(&down) == 0 else { return nil }
        guard pipe(&up) == 0 else { close(down[0]); close(down[1]); return nil }
        for descriptor in down + up { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        // Our ends never block: a beat to a stopped guardian is dropped, not waited for.
        _ = fcntl(down[1], F_SETFL, fcntl(down[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(up[0], F_SETFL, fcntl(up[0], F_GETFL) | O_NONBLOCK)
        // A stall timeout of 0 turns hang detection off.
        let milliseconds =
            stallTimeout.map { max(1, $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? 0
        var environment = ProcessInfo.processInfo.environment
        environment["GAMEINPUT_GUARDIAN"] = "3 4 \(milliseconds)"
        environment["DISPLAY"] = displayName
        guard let pid = Self.spawn(reading: down[0], writing: up[1], environment: environment) else {
            for descriptor in down + up { close(descriptor) }
            return nil
        }
        close(down[0])
        close(up[1])
        self.pid = pid
        toGuardian = down[1]
        fromGuardian = up[0]
        let windowLine = Array("window \(window)\n".utf8)
        windowLine.withUnsafeBytes { send($0) }
        guard let reply = readLine(timeout: .seconds(2)), reply.hasPrefix("ready "),
            let child = UInt(reply.dropFirst("ready ".count))
        else {
            stop()
            return nil
        }
        confineWindow = child
    }

    deinit {
        stop()
        chunk.deallocate()
    }

    /// Maps the confining window; true once the guardian says it is mapped (the grab may then
    /// be confined to it).
    func arm() -> Bool {
        guard !hasExited else { return false }
        send(Self.armLine)
        guard readLine(timeout: .milliseconds(500)) == "armed" else { return false }
        isArmed = true
        isWaiting = false
        lastBeat = .now
        return true
    }

    /// Unmaps the confining window (after the ungrab).
    func disarm() {
        guard isArmed else { return }
        isArmed = false
        send(Self.disarmLine)
    }

    /// The loop is running: a heartbeat while armed, at most every ``beatInterval`` (and at
    /// once after a wait).
    func checkIn() {
        guard isArmed else { return }
        let now = ContinuousClock.now
        guard isWaiting || now - lastBeat >= Self.beatInterval else { return }
        isWaiting = false
        lastBeat = now
        send(Self.beatLine)
    }

    /// The loop has slept a heartbeat interval on purpose and sleeps on: no heartbeat is due
    /// until it wakes.
    func beginWait() {
        guard isArmed, !isWaiting else { return }
        isWaiting = true
        send(Self.waitLine)
    }

    /// Whether the guardian freed the pointer since the last call, and why; also true (as
    /// `guardianExited`) when it ended while armed, which freed the grab too.
    func takeInterruption() -> LockSuspension? {
        guard !hasExited else { return nil }
        while let line = readLine(timeout: nil) {
            switch line {
            case "released stopped": isArmed = false; return .processStopped
            case "released traced": isArmed = false; return .debuggerAttached
            case "released hung": isArmed = false; return .mainLoopStalled
            default: continue
            }
        }
        guard hasExited else { return nil }
        let wasArmed = isArmed
        isArmed = false
        return wasArmed ? .guardianExited : nil
    }

    /// Whether a guardian is wanted: not under `GAMEINPUT_NO_GUARDIAN=1`, and not under
    /// `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`, which asks to keep the grab while traced.
    static func isWanted(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["GAMEINPUT_NO_GUARDIAN"] != "1" && environment["GAMEINPUT_GRAB_UNDER_DEBUGGER"] != "1"
    }

    /// Whether the guardian process has gone (it is started again at the next lock).
    var isGone: Bool { hasExited }

    /// Closes the pipes (the guardian exits on their end) and reaps it, waiting at most a
    /// second before killing it.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        close(toGuardian)
        close(fromGuardian)
        hasExited = true
        var status: Int32 = 0
        let deadline = ContinuousClock.now + .seconds(1)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if ContinuousClock.now >= deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(2000)
        }
    }

    private func send(_ line: StaticString) {
        line.withUTF8Buffer { send(UnsafeRawBufferPointer($0)) }
    }

    private func send(_ bytes: UnsafeRawBufferPointer) {
        guard !hasExited else { return }
        _ = write(toGuardian, bytes.baseAddress, bytes.count)
    }

    /// The next complete line from the guardian; waits up to `timeout` for it (nil: no wait).
    /// Marks the guardian gone at the pipe's end.
    private func readLine(timeout: Duration?) -> String? {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: received[..<newline], as: UTF8.self)
                received.removeSubrange(...newline)
                return line
            }
            let count = read(fromGuardian, chunk.baseAddress, chunk.count)
            if count > 0 {
                received.append(contentsOf: chunk[..<count])
                continue
            }
            if count == 0 {
                hasExited = true
                return nil
            }
            guard errno == EAGAIN || errno == EINTR, let deadline else { return nil }
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { return nil }
            var descriptor = pollfd(fd: fromGuardian, events: Int16(POLLIN), revents: 0)
            _ = poll(
                &descriptor, 1, Int32(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1))
        }
    }

    /// Starts `/proc/self/exe` as the guardian, in its own process group (Ctrl+Z in the
    /// game's terminal must not stop it too), with `reading` and `writing` as its fds 3 and 4.
    private static func spawn(reading: Int32, writing: Int32, environment: [String: String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, reading, 3)
        posix_spawn_file_actions_adddup2(&actions, writing, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let arguments: [UnsafeMutablePointer<CChar>?] = [strdup("gameinput-guardian"), nil]
        let variables: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, arguments, variables)
        return status == 0 ? pid : nil
    }
}
