internal import CLockGuardian
import Foundation
import Synchronization

/// The game's side of the lock guardian (`CLockGuardian`): a small process, started from this
/// same program, that frees the pointer whenever the game cannot run.
///
/// X lets no client break another's grab, but the server drops a pointer grab as soon as its
/// `confine_to` window stops being viewable. The guardian owns an input-only child of the
/// game's window, mapped from the start (input passes through it), and a lock is confined to
/// it. When the game is stopped
/// (SIGSTOP, Ctrl+Z), stopped by a debugger, or sends no heartbeat for the stall timeout while
/// not sleeping on purpose (hung anywhere, even inside Xlib), the guardian unmaps that child:
/// the server ends the grab at once, and the guardian shows the cursor again. If the guardian
/// dies, its window goes with its connection, which also ends the grab. It exits when the game
/// does (its end of the socket closes).
///
/// Nothing here waits for the guardian. It is started with `posix_spawn` and answers through
/// its socket, which the game's loop polls beside the X connection: `window XID` → `ready
/// CHILD` (its window mapped); a lock sends `watch` and its end `unwatch`, heartbeats `beat`
/// and `wait`, none of which has an answer; it reports `released stopped|traced|hung` (its
/// window unmapped, until `arm` → `armed`) and, at the end, closes the socket. A `watch` is in
/// the socket before the game can be stopped, so a lock is guarded from its first moment.
///
/// What a packager must keep: GameInput linked into the program's executable (SwiftPM's
/// default), which then holds the constructor that turns a copy into the guardian. The copy
/// starts from that file even where `/proc/self/exe` is another (`ld.so ./game`, valgrind),
/// without `LD_PRELOAD` or `LD_AUDIT` (overlays stay out of it). The shared libraries the
/// program links still load in it, and their constructors run before the guardian takes over:
/// they must not have side effects a second process would repeat. Where the executable cannot
/// be found (GameInput in a shared library, the program's file replaced since it started) the
/// guardian is ``LockGuardianStatus/unavailable(_:)`` and says why.
final class LockGuardian {
    /// What the guardian said, or that it ended.
    enum Event: Equatable {
        /// Its window exists and is mapped: a grab may be confined to it.
        case ready
        /// Its window is mapped again after a release.
        case armed
        /// It unmapped its window because the game could not run: the grab confined to it ended.
        case released(LockSuspension)
        /// It is gone (its socket closed), with its error line if it could not set up.
        case ended(String?)
    }

    /// Why a guardian could not be started.
    struct StartFailure: Error, Equatable {
        /// What went wrong, in a few words.
        let reason: String
        /// Whether trying again later cannot help (the program's file cannot be found).
        let isPermanent: Bool
    }

    /// How long a guardian may take to say `ready` before it is given up.
    static let readyTimeout: Duration = .seconds(5)

    /// The guardian's end of the socket pair, for the game's `poll()`.
    let descriptor: Int32
    /// Its process.
    let pid: pid_t
    /// When it was started.
    let startedAt: ContinuousClock.Instant
    /// The interval between heartbeats while watching; nil without hang detection.
    let beatInterval: Duration?
    /// The input-only window the grab is confined to while armed; 0 until `ready`.
    private(set) var confineWindow: UInt = 0
    /// Whether it said `ready`.
    private(set) var isReady = false
    /// Whether its window is mapped (since `ready`, or `armed` after a release), so a grab may
    /// be confined to it.
    private(set) var isArmed = false
    /// Whether it watches the game (a lock confined to its window holds).
    private(set) var isWatching = false
    /// Whether its socket closed (it exited, or was stopped by us).
    private(set) var hasEnded = false
    /// Whether an `arm` was sent and its `armed` has not come yet.
    private var armRequested = false
    private var isWaiting = false
    private var lastBeat = ContinuousClock.now
    private var lines = gameinput_line_reader()
    private var events: [Event] = []
    /// Where bytes from the guardian are read into: allocated once, as the loop checks the
    /// socket at every `pollEvents`.
    private let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 1)

    /// Guardians stopped whose exit has not been reaped yet (retried by ``reapStopped()``), from
    /// every window of the process, whichever thread runs it.
    private static let unreaped = Mutex<[pid_t]>([])

    private init(descriptor: Int32, pid: pid_t, stallTimeout: Duration?) {
        self.descriptor = descriptor
        self.pid = pid
        startedAt = .now
        beatInterval = stallTimeout.map { min(.milliseconds(250), $0 / 4) }
        events.reserveCapacity(4)
    }

    deinit {
        stop()
        chunk.deallocate()
    }

    /// Starts a guardian for `window` on `displayName` (a host's window when `isHostWindow`:
    /// its cursor is left alone), with hang detection after `stallTimeout` (nil: none).
    /// Returns at once; the guardian says `ready` later.
    static func start(
        window: UInt, isHostWindow: Bool = false, displayName: String, stallTimeout: Duration?
    ) -> Result<LockGuardian, StartFailure> {
        reapStopped()
        var path = [CChar](repeating: 0, count: 4096), reason = [CChar](repeating: 0, count: 512)
        guard gameinput_guardian_locate_executable(&path, path.count, &reason, reason.count) == 1 else {
            return .failure(StartFailure(reason: Self.text(reason), isPermanent: true))
        }
        let pair: (Int32, Int32)
        switch Posix.socketPair() {
        case .success(let ends): pair = ends
        case .failure(let error): return .failure(StartFailure(reason: "socketpair: \(error)", isPermanent: false))
        }
        let milliseconds =
            stallTimeout.map { max(1, $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? 0
        let childDescriptor: Int32 = 3
        var environment = ProcessInfo.processInfo.environment
        for variable in ["LD_PRELOAD", "LD_AUDIT", "GAMEINPUT_GUARDIAN"] { environment[variable] = nil }
        environment["DISPLAY"] = displayName
        let variables = environment.map { "\($0.key)=\($0.value)" } + ["GAMEINPUT_GUARDIAN=\(childDescriptor) \(milliseconds) \(getpid())"]
        let spawned = Posix.spawn(
            Self.text(path), arguments: ["gameinput-guardian"], environment: variables, passing: pair.1, as: childDescriptor)
        Posix.close(pair.1)
        guard case .success(let pid) = spawned else {
            Posix.close(pair.0)
            if case .failure(let error) = spawned { return .failure(StartFailure(reason: "posix_spawn: \(error)", isPermanent: false)) }
            return .failure(StartFailure(reason: "posix_spawn", isPermanent: false))
        }
        let guardian = LockGuardian(descriptor: pair.0, pid: pid, stallTimeout: stallTimeout)
        guardian.sendLine("\(isHostWindow ? "hostwindow" : "window") \(window)\n")
        return .success(guardian)
    }

    /// Asks for the window to be mapped again after a release (once; `armed` says when it is).
    func arm() {
        guard !hasEnded, isReady, !isArmed, !armRequested else { return }
        armRequested = true
        send(Self.armLine)
    }

    /// A lock confined to the guardian's window holds: it watches the game from now.
    func watch() {
        guard isArmed, !isWatching else { return }
        isWatching = true
        isWaiting = false
        lastBeat = .now
        send(Self.watchLine)
    }

    /// The lock ended.
    func unwatch() {
        guard isWatching else { return }
        isWatching = false
        send(Self.unwatchLine)
    }

    /// The loop is running: a heartbeat while watching, at most every ``beatInterval`` (and
    /// at once after a wait).
    func checkIn(now: ContinuousClock.Instant) {
        guard isWatching, let beatInterval else { return }
        guard isWaiting || now - lastBeat >= beatInterval else { return }
        isWaiting = false
        lastBeat = now
        send(Self.beatLine)
    }

    /// The loop has slept a heartbeat interval on purpose and sleeps on: no heartbeat is due
    /// until it wakes.
    func beginWait() {
        guard isWatching, beatInterval != nil, !isWaiting else { return }
        isWaiting = true
        send(Self.waitLine)
    }

    /// The next thing the guardian said since the last call, reading its socket without
    /// waiting; nil when nothing new came.
    func nextEvent() -> Event? {
        while events.isEmpty && !hasEnded {
            switch Posix.receive(descriptor, into: chunk) {
            case .bytes(let count):
                feed(count)
            case .wouldBlock:
                return nil
            case .closed, .failed:
                end(nil)
            }
        }
        return events.isEmpty ? nil : events.removeFirst()
    }

    /// Closes the socket (the guardian exits at its end) and kills the process, so a guardian
    /// that is stopped goes too; reaps it when it has gone, without waiting for it.
    func stop() {
        guard !hasEnded else { return }
        hasEnded = true
        isArmed = false
        isWatching = false
        Posix.close(descriptor)
        Posix.signal(pid, SIGKILL)
        if !Posix.reap(pid) { Self.unreaped.withLock { $0.append(pid) } }
    }

    /// Whether a guardian is wanted: not under `GAMEINPUT_NO_GUARDIAN=1`, and not under
    /// `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`, which asks to keep the grab while traced.
    static func isWanted(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["GAMEINPUT_NO_GUARDIAN"] != "1" && environment["GAMEINPUT_GRAB_UNDER_DEBUGGER"] != "1"
    }

    // MARK: - Lines

    /// The lines the loop sends, as static text: sending them allocates nothing.
    private static let beatLine: StaticString = "beat\n"
    private static let waitLine: StaticString = "wait\n"
    private static let armLine: StaticString = "arm\n"
    private static let watchLine: StaticString = "watch\n"
    private static let unwatchLine: StaticString = "unwatch\n"

    private func send(_ line: StaticString) {
        line.withUTF8Buffer { send(UnsafeRawBufferPointer($0)) }
    }

    private func sendLine(_ line: String) {
        Array(line.utf8).withUnsafeBytes { send($0) }
    }

    /// Sends without blocking; a guardian that is gone ends here (its reply, or the end of
    /// its socket, is read by ``nextEvent()``). A full buffer (a stopped guardian) drops a
    /// heartbeat, which costs nothing: it could not act on it anyway.
    private func send(_ bytes: UnsafeRawBufferPointer) {
        guard !hasEnded else { return }
        if case .closed = Posix.send(descriptor, bytes) { end(nil) }
    }

    /// Feeds `count` bytes of `chunk` to the line reader.
    private func feed(_ count: Int) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = gameinput_line_reader_feed(
            &lines, chunk.baseAddress!.assumingMemoryBound(to: CChar.self), count,
            { context, line in
                guard let context, let line else { return true }
                Unmanaged<LockGuardian>.fromOpaque(context).takeUnretainedValue().handle(line)
                return true
            }, context)
    }

    private func handle(_ line: UnsafePointer<CChar>) {
        var window: UInt = 0
        switch gameinput_parse_reply(line, &window) {
        case GAMEINPUT_REPLY_READY:
            guard !isReady else { return }
            isReady = true
            isArmed = true
            confineWindow = window
            events.append(.ready)
        case GAMEINPUT_REPLY_ARMED:
            guard armRequested else { return }
            armRequested = false
            isArmed = true
            events.append(.armed)
        case GAMEINPUT_REPLY_RELEASED_STOPPED: released(.processStopped)
        case GAMEINPUT_REPLY_RELEASED_TRACED: released(.debuggerAttached)
        case GAMEINPUT_REPLY_RELEASED_HUNG: released(.mainLoopStalled)
        case GAMEINPUT_REPLY_ERROR:
            let text = String(cString: line).dropFirst("error".count).trimmingCharacters(in: .whitespaces)
            end(text.isEmpty ? "error" : text)
        default:
            break  // unknown lines are ignored: forward compatible
        }
    }

    /// The guardian unmapped its window (it releases only while watching); it stays unmapped
    /// until the next `arm`.
    private func released(_ reason: LockSuspension) {
        let wasWatching = isWatching
        isArmed = false
        isWatching = false
        if wasWatching { events.append(.released(reason)) }
    }

    private func end(_ failure: String?) {
        guard !hasEnded else { return }
        stop()
        events.append(.ended(failure))
    }

    /// Reaps the stopped guardians that have exited since (a killed process takes a moment to
    /// become a zombie); called at each start and from the loop, never waiting.
    static func reapStopped() {
        unreaped.withLock { pids in
            if !pids.isEmpty { pids.removeAll { Posix.reap($0) } }
        }
    }

    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Whether the lock guardian (the process that frees the pointer while the game cannot run)
/// is there to guard the lock.
public enum LockGuardianStatus: Hashable, Sendable, CustomStringConvertible {
    /// Not started yet: it starts when the window is shown.
    case notStarted
    /// Started and setting up its window. Meanwhile the lock is confined to the game's own
    /// window and a watchdog thread in the game frees it if the loop stalls.
    case starting
    /// Running: a lock is confined to its window, so a stopped, traced or hung game frees
    /// the pointer.
    case running
    /// Turned off by the environment (`GAMEINPUT_NO_GUARDIAN=1`, or
    /// `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`, which keeps the grab while traced), or not needed
    /// (pointer lock is unavailable).
    case disabled
    /// It could not start, and why. The watchdog thread still frees the pointer of a stalled
    /// loop, but a stopped or traced game keeps it. Tried again at a later lock, with growing
    /// pauses, unless the reason cannot change (GameInput in a shared library).
    case unavailable(String)
    /// Not needed: on native Wayland the compositor owns the pointer, and a focus change
    /// (Alt+Tab, a click elsewhere) ends a stopped or hung game's lock; mutter also ends it by
    /// itself once the game stops answering its pings.
    case notNeeded

    /// What a window's guardian can be in this process, checked without starting one:
    /// ``disabled`` when the environment turns it off, ``unavailable(_:)`` when the program's
    /// file cannot be found (GameInput in a shared library, the file replaced since it started),
    /// ``notStarted`` otherwise. For diagnostics (`lockgame --doctor`).
    public static var inThisProcess: LockGuardianStatus {
        guard LockGuardian.isWanted() else { return .disabled }
        var path = [CChar](repeating: 0, count: 4096), reason = [CChar](repeating: 0, count: 512)
        guard gameinput_guardian_locate_executable(&path, path.count, &reason, reason.count) == 1 else {
            return .unavailable(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return .notStarted
    }

    /// "running", "unavailable (…)" and so on.
    public var description: String {
        switch self {
        case .notStarted: "not started"
        case .starting: "starting"
        case .running: "running"
        case .disabled: "disabled"
        case .unavailable(let reason): "unavailable (\(reason))"
        case .notNeeded: "not needed (the compositor frees the pointer)"
        }
    }
}
