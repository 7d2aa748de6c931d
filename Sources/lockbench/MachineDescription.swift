import Glibc

/// The machine a run happened on, for the report: CPU model and core counts.
enum MachineDescription {
    /// "AMD EPYC, 2 cores online (2 allowed)" or similar.
    static func current(allowedCPUs: Int) -> String {
        "\(cpuModel()), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores online (\(allowedCPUs) allowed)"
    }

    /// The first `model name` in /proc/cpuinfo.
    static func cpuModel() -> String {
        guard let file = fopen("/proc/cpuinfo", "r") else { return "unknown CPU" }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0 {
            guard let line else { break }
            let text = String(cString: line)
            if text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") {
                return text[text.index(after: colon)...].trimmingWhitespace()
            }
        }
        return "unknown CPU"
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
