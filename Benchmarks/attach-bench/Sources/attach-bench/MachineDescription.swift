import Glibc

/// The CPU model and the cores online, for the report ("Intel(R) Xeon(R) Processor, 2 cores").
enum MachineDescription {
    static var current: String {
        let model = cpuModel() ?? "unknown CPU"
        return "\(model), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores"
    }

    /// The first "model name" line of /proc/cpuinfo.
    private static func cpuModel() -> String? {
        guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
        defer { fclose(file) }
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line)
            guard text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") else { continue }
            return String(text[text.index(after: colon)...]).trimmingWhitespace
        }
        return nil
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed())
    }
}
