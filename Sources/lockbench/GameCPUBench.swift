import Glibc
import XServerTestSupport

/// The real game's CPU use, from `/proc/PID/stat`: `lockgame --fps 60` (built next to
/// lockbench) runs on the benchmark's display, first focused and locked, then unfocused and
/// idle after another window takes the focus.
struct GameCPUBench {
    let displayName: String
    let quick: Bool

    func run(probe: XProbe) -> [Figure] {
        guard let game = GameCPUBench.siblingExecutable("lockgame") else {
            return GameCPUBench.skipped("lockgame is not built next to lockbench (swift build -c release)")
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: game, arguments: ["--display", displayName, "--fps", "60"])
        } catch {
            return GameCPUBench.skipped("cannot start lockgame: \(error)")
        }
        defer { child.stop() }
        let window = quick ? 0.5 : 3.0
        sleep(seconds: 1.5)
        let locked = cpuPercent(pid: child.pid, over: window)
        probe.showOtherWindow()
        sleep(seconds: 1.0)
        let idle = cpuPercent(pid: child.pid, over: window)
        let lockLog = child.lines.filter { $0.hasPrefix("lock:") }.joined(separator: "; ")
        return [
            Figure(
                key: "cpu_locked_60fps", title: "CPU, locked at --fps 60", value: locked, unit: "% core",
                direction: .atMost, must: nil, goal: nil, note: "lockgame on Xvfb, \(FigureReport.format(window)) s; \(lockLog)"),
            Figure(
                key: "cpu_unfocused_idle", title: "CPU, unfocused and idle", value: idle, unit: "% core",
                direction: .atMost, must: nil, goal: nil, note: "after another window took the focus"),
        ]
    }

    /// Percent of one core used by `pid` over the next `seconds`.
    private func cpuPercent(pid: pid_t, over seconds: Double) -> Double? {
        guard let start = GameCPUBench.cpuTicks(pid: pid) else { return nil }
        sleep(seconds: seconds)
        guard let end = GameCPUBench.cpuTicks(pid: pid) else { return nil }
        return Double(end - start) / Double(sysconf(Int32(_SC_CLK_TCK))) / seconds * 100
    }

    private func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 { request = remaining }
    }

    /// utime + stime of `pid` in clock ticks.
    static func cpuTicks(pid: pid_t) -> Int? {
        guard let file = fopen("/proc/\(pid)/stat", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// `name` in the directory of the running executable, if it exists.
    static func siblingExecutable(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let candidate = String(path[...slash]) + name
        return access(candidate, X_OK) == 0 ? candidate : nil
    }

    static func skipped(_ reason: String) -> [Figure] {
        [
            Figure(
                key: "cpu_locked_60fps", title: "CPU, locked at --fps 60", value: nil, unit: "% core",
                direction: .atMost, must: nil, goal: nil, note: reason)
        ]
    }
}
