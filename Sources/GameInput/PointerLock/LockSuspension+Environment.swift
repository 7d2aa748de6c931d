import Foundation

extension LockSuspension {
    /// The suspension the process environment asks for: `GAMEINPUT_NO_GRAB=1` disables
    /// grabbing, and so does an attached debugger (`TracerPid` in `/proc/self/status`) unless
    /// `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`.
    static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        status: String? = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    ) -> LockSuspension? {
        if let value = environment["GAMEINPUT_NO_GRAB"], !value.isEmpty, value != "0" {
            return .disabledByEnvironment
        }
        if environment["GAMEINPUT_GRAB_UNDER_DEBUGGER"] != "1", let status {
            for line in status.split(separator: "\n") where line.hasPrefix("TracerPid:") {
                let pid = line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces)
                if pid != "0" && !pid.isEmpty { return .debuggerAttached }
            }
        }
        return nil
    }
}
