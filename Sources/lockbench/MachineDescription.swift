import Glibc

/// The machine a run happened on, for the report: CPU model and core counts.
enum MachineDescription {
    /// "AMD EPYC (family 25 model 1), 2 cores online (2 allowed)" or similar: the family and
    /// model tell CPUs apart that share a name (a Zen 1 and a Zen 3 EPYC).
    static func current(allowedCPUs: Int) -> String {
        let fields = cpuFields(["model name", "cpu family", "model"])
        let name = fields["model name"] ?? "unknown CPU"
        let family = fields["cpu family"].map { " (family \($0) model \(fields["model"] ?? "?"))" } ?? ""
        return "\(name)\(family), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores online (\(allowedCPUs) allowed)"
    }

    /// The first value of each of `keys` in /proc/cpuinfo.
    static func cpuFields(_ keys: Set<String>) -> [String: String] {
        guard let file = fopen("/proc/cpuinfo", "r") else { return [:] }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        var found: [String: String] = [:]
        while found.count < keys.count, getline(&line, &capacity, file) > 0 {
            guard let line else { break }
            let text = String(cString: line)
            guard let colon = text.firstIndex(of: ":") else { continue }
            let key = text[..<colon].trimmingWhitespace()
            if keys.contains(key), found[key] == nil { found[key] = text[text.index(after: colon)...].trimmingWhitespace() }
        }
        return found
    }
}

extension Substring {
    /// Without leading and trailing spaces, tabs and newlines.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
