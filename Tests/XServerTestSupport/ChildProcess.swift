public import Foundation

/// A program the tests started, with its output collected line by line and a bounded stop.
/// Tests stop only the processes they started, by their PIDs.
///
/// Started with `posix_spawn`, every signal unblocked and at its default action: test threads
/// block most signals, and a child inheriting that mask misbehaves (Xvfb's scheduler and
/// openbox rely on signals; a game could not be stopped with SIGTERM).
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Whether the process leads a process group of its own, stopped as a whole (for
    /// launchers such as `dbus-run-session` whose children must not outlive them).
    private let leadsGroup: Bool
    /// The write end of the process's standard input, when it reads commands from us.
    private var inputEnd: Int32 = -1
    private let lock = NSLock()
    private var buffered = ""
    private var collectedLines: [String] = []
    private var exitStatus: Int32?
    private var reader: Thread?
    /// Signalled when the output pipe reaches end of file (every line has been collected).
    private let outputFinished = DispatchSemaphore(value: 0)

    public struct SpawnFailure: Error, CustomStringConvertible {
        let executable: String
        let code: Int32
        public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    /// Starts `executable`. With `ownProcessGroup` the process and everything it starts form a
    /// new process group, and ``stop(grace:)`` signals that group.
    ///
    /// With `takesInput` its standard input is a pipe that ``send(line:)`` writes to;
    /// otherwise it reads `/dev/null`.
    public init(
        executable: String, arguments: [String], environment: [String: String] = [:],
        workingDirectory: String? = nil, ownProcessGroup: Bool = false, takesInput: Bool = false
    ) throws {
        leadsGroup = ownProcessGroup
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }

        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw SpawnFailure(executable: executable, code: errno) }
        let readEnd = pipeEnds[0], writeEnd = pipeEnds[1]

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inputEnds: [Int32] = [-1, -1]
        if takesInput {
            guard pipe(&inputEnds) == 0 else { throw SpawnFailure(executable: executable, code: errno) }
            // Our end stays ours: a child started later must not hold it open (no end of file
            // then), and a write after the reader died must fail, not kill the test process.
            _ = fcntl(inputEnds[1], F_SETFD, FD_CLOEXEC)
            signal(SIGPIPE, SIG_IGN)
            posix_spawn_file_actions_adddup2(&actions, inputEnds[0], 0)
            posix_spawn_file_actions_addclose(&actions, inputEnds[0])
            posix_spawn_file_actions_addclose(&actions, inputEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 2)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        // In another directory: coreutils' env changes to it and execs the program (same PID).
        let program = workingDirectory == nil ? executable : "/usr/bin/env"
        let words = workingDirectory.map { ["/usr/bin/env", "-C", $0, executable] } ?? [executable]
        let argv = (words + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, program, &actions, &attributes, argv, envp)
        close(writeEnd)
        if takesInput { close(inputEnds[0]) }
        guard result == 0 else {
            close(readEnd)
            if takesInput { close(inputEnds[1]) }
            throw SpawnFailure(executable: executable, code: result)
        }
        inputEnd = inputEnds[1]
        pid = child
        let finished = outputFinished
        let thread = Thread { [weak self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                if count <= 0 { break }
                self?.append(String(decoding: buffer[..<count], as: UTF8.self))
            }
            close(readEnd)
            finished.signal()
        }
        reader = thread
        thread.start()
    }

    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Every complete line printed so far (standard output and error together).
    public var lines: [String] {
        lock.lock(); defer { lock.unlock() }
        return collectedLines
    }

    /// Waits until a line satisfying `predicate` has been printed, at most `timeout`.
    @discardableResult
    public func waitForLine(timeout: Duration = .seconds(10), where predicate: (String) -> Bool) -> String? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let match = lines.first(where: predicate) { return match }
            if ContinuousClock.now >= deadline { return nil }
            if !isRunning {
                Thread.sleep(forTimeInterval: 0.05)  // let the reader drain the pipe
                return lines.first(where: predicate)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Waits for the process to exit by itself, at most `timeout`; returns its wait status
    /// decoded as an exit code (or 128 + signal), or nil while it still runs.
    public func waitForExit(timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = reap(blocking: false) {
                // Let the reader take the last lines out of the pipe (bounded).
                if outputFinished.wait(timeout: .now() + 1) == .success { outputFinished.signal() }
                return status
            }
            if ContinuousClock.now >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Writes `line` and a newline to the process's standard input (see `takesInput`).
    public func send(line: String) {
        let bytes = Array((line + "\n").utf8)
        lock.lock(); defer { lock.unlock() }
        guard inputEnd >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(inputEnd, $0.baseAddress, $0.count) }
    }

    /// Writes `line` and waits until the process answers with one more line of output, at
    /// most `timeout` (for tools that answer every command).
    public func command(_ line: String, timeout: Duration = .seconds(3)) {
        let answered = lines.count
        send(line: line)
        let deadline = ContinuousClock.now + timeout
        while lines.count == answered && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.001) }
    }

    /// Closes the process's standard input (it reads end of file).
    public func closeInput() {
        lock.lock(); defer { lock.unlock() }
        if inputEnd >= 0 { close(inputEnd) }
        inputEnd = -1
    }

    /// Sends `signal` to the process.
    public func send(_ signal: Int32) {
        if isRunning { kill(pid, signal) }
    }

    /// Stops the process (and its group, when it leads one): SIGTERM, then SIGKILL after
    /// `grace`. Bounded.
    public func stop(grace: Duration = .seconds(3)) {
        let target = leadsGroup ? -pid : pid
        guard isRunning else {
            if leadsGroup { kill(target, SIGKILL) }  // what the leader started may still run
            return
        }
        kill(target, SIGTERM)
        if waitForExit(timeout: grace) == nil {
            kill(target, SIGKILL)
            _ = waitForExit(timeout: .seconds(5))
        }
        if leadsGroup { kill(target, SIGKILL) }
    }

    deinit {
        stop()
        closeInput()
    }

    private func reap(blocking: Bool) -> Int32? {
        lock.lock(); defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        guard result == pid else { return nil }
        let signal = status & 0x7F
        exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return exitStatus
    }

    private func append(_ text: String) {
        lock.lock(); defer { lock.unlock() }
        buffered += text
        while let newline = buffered.firstIndex(of: "\n") {
            collectedLines.append(String(buffered[..<newline]))
            buffered = String(buffered[buffered.index(after: newline)...])
        }
    }
}
