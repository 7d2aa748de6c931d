import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The lock guardian frees the pointer whenever the game cannot run: stopped, stopped by a
/// debugger, or killed; its own death frees it too, and the game says so. Checked from
/// outside with a second client's grab, timed, over `LOCKGAME_TRIALS` trials.
@Suite(.serialized, .tags(.integration)) final class LockGuardianTests {
    let server: XServerFixture
    let probe: XProbe

    init() throws {
        server = try XServerFixture()
        probe = server.probe
    }

    func launchLocked() throws -> ChildProcess { try LockgameLaunch.startLocked(on: server) }

    /// The processes whose parent is `pid` (the game's guardian).
    static func children(of pid: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { candidate in
            guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == pid
        }
    }

    /// Whether `pid` has ended (gone, or a zombie waiting for its new parent).
    static func hasEnded(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return true }
        return stat[stat.index(after: close)...].split(separator: " ").first == "Z"
    }

    /// Polls the probe every 5 ms until the pointer is free; returns how long it took.
    func timeUntilFree(since start: ContinuousClock.Instant, limit: Duration = .seconds(3)) -> Double? {
        probe.millisecondsUntilPointerIsFree(since: start, limit: limit)
    }

    /// SIGSTOP (what Ctrl+Z does to a game started from a terminal) frees the pointer within
    /// 1.5 s; SIGCONT brings the lock back, and the state said why it was gone.
    @Test(.tags(.timing)) func aStoppedGameFreesThePointerAndTheLockReturns() throws {
        let game = try launchLocked()
        defer { game.stop() }
        var times: [Double] = []
        for trial in 0..<SafetyValveTests.trials {
            let seen = game.lines.count
            let stopped = ContinuousClock.now
            game.send(SIGSTOP)
            let freed = timeUntilFree(since: stopped)
            #expect(freed.map { $0 <= 1500 } == true, "trial \(trial): freed after \(String(describing: freed)) ms")
            if let freed { times.append(freed) }
            game.send(SIGCONT)
            #expect(
                LockgameLaunch.waitForNewLine("lock: unlocked (suspended: process stopped)", in: game, after: seen),
                "\(game.lines.dropFirst(seen))")
            #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen))
            #expect(LockgameLaunch.waitUntil { self.probe.pointerIsGrabbed })
        }
        print("guardian: SIGSTOP freed the pointer in \(times.min() ?? .nan)–\(times.max() ?? .nan) ms over \(times.count) trials")
    }

    /// A debugger attaching (`gdb -p`: a ptrace stop) frees the pointer within 1.5 s of the
    /// attach; when it detaches the lock comes back by itself.
    @Test(.tags(.timing)) func aDebuggerAttachingFreesThePointerAndDetachingBringsTheLockBack() throws {
        let gdb = try XServerFixture.locate("gdb")
        let game = try launchLocked()
        defer { game.stop() }
        var times: [Double] = []
        for trial in 0..<SafetyValveTests.trials {
            let seen = game.lines.count
            let debugger = try ChildProcess(executable: gdb, arguments: ["-p", "\(game.pid)", "-batch", "-nx", "-ex", "shell sleep 1"])
            defer { debugger.stop() }
            var attached: ContinuousClock.Instant?
            let deadline = ContinuousClock.now + .seconds(10)
            while attached == nil && ContinuousClock.now < deadline {
                if Self.tracerPID(of: game.pid) != 0 { attached = .now } else { Thread.sleep(forTimeInterval: 0.002) }
            }
            let since = try #require(attached, "trial \(trial): gdb attached")
            let freed = timeUntilFree(since: since)
            #expect(freed.map { $0 <= 1500 } == true, "trial \(trial): freed after \(String(describing: freed)) ms")
            if let freed { times.append(freed) }
            #expect(debugger.waitForExit(timeout: .seconds(20)) == 0, "gdb detached: \(debugger.lines.suffix(3))")
            #expect(
                LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen, timeout: .seconds(5)),
                "the lock returns after the detach: \(game.lines.dropFirst(seen))")
            #expect(game.lines.dropFirst(seen).contains("lock: unlocked (suspended: debugger attached)"))
            #expect(LockgameLaunch.waitUntil { self.probe.pointerIsGrabbed })
        }
        print("guardian: gdb attach freed the pointer in \(times.min() ?? .nan)–\(times.max() ?? .nan) ms over \(times.count) trials")
    }

    static func tracerPID(of pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("TracerPid:") {
            return Int(line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        return 0
    }

    /// Killed with -9, the game takes its guardian with it: nothing stays grabbed and no
    /// guardian outlives the game.
    @Test func aKilledGameLeavesNoGuardianBehind() throws {
        for trial in 0..<SafetyValveTests.trials {
            let game = try launchLocked()
            defer { game.stop() }
            let guardians = Self.children(of: game.pid)
            #expect(guardians.count == 1, "trial \(trial): one guardian while locked: \(guardians)")
            game.send(SIGKILL)
            #expect(game.waitForExit(timeout: .seconds(5)) == 128 + SIGKILL)
            #expect(LockgameLaunch.waitUntil { guardians.allSatisfy(Self.hasEnded) }, "trial \(trial): the guardian ended with the game")
            #expect(LockgameLaunch.waitUntil { !self.probe.pointerIsGrabbed })
        }
    }

    /// The guardian killed alone ends the grab with its window; the game does not go on
    /// believing in its lock: it says why and takes the lock again with a new guardian.
    @Test func aKilledGuardianIsReportedAndReplaced() throws {
        let game = try launchLocked()
        defer { game.stop() }
        let first = try #require(Self.children(of: game.pid).first)
        let seen = game.lines.count
        kill(first, SIGKILL)
        #expect(
            LockgameLaunch.waitForNewLine("lock: unlocked (suspended: lock guardian exited)", in: game, after: seen),
            "\(game.lines.dropFirst(seen))")
        #expect(LockgameLaunch.waitForNewLine("lock: locked", in: game, after: seen))
        #expect(LockgameLaunch.waitUntil { self.probe.pointerIsGrabbed })
        let replacement = Self.children(of: game.pid)
        #expect(replacement.count == 1 && replacement.first != first, "a new guardian: \(replacement)")
    }

    /// Without a guardian the in-process watchdog still frees the pointer of a hung loop (H).
    @Test(.tags(.timing)) func withoutTheGuardianTheWatchdogFreesAHungGame() throws {
        let game = try LockgameLaunch.start(on: server, environment: ["GAMEINPUT_NO_GUARDIAN": "1"])
        defer { game.stop() }
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        #expect(probe.pointerIsGrabbed)
        let seen = game.lines.count
        probe.press(UInt32(XK_h))
        #expect(LockgameLaunch.waitForNewLine("hang: 3 s", in: game, after: seen))
        #expect(LockgameLaunch.waitUntil(timeout: .milliseconds(1800)) { !self.probe.pointerIsGrabbed }, "freed while hung")
        #expect(!game.lines.dropFirst(seen).contains("hang: over"))
    }

    /// Without a guardian (`GAMEINPUT_NO_GUARDIAN=1`) a stopped game keeps the pointer: the
    /// guardian is what frees it.
    @Test func withoutTheGuardianAStoppedGameKeepsThePointer() throws {
        let game = try LockgameLaunch.start(on: server, environment: ["GAMEINPUT_NO_GUARDIAN": "1"])
        defer { game.stop() }
        #expect(game.waitForLine { $0 == "lock: locked" } != nil)
        #expect(Self.children(of: game.pid).isEmpty)
        game.send(SIGSTOP)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(probe.pointerIsGrabbed)
        game.send(SIGCONT)
    }
}
