import Glibc

/// llvmpipe's rasterizer threads in this process, counted by name ("llvmpipe-0",
/// "llvmpipe-1", … in /proc/self/task/*/comm): how lockbench checks that the `LP_NUM_THREADS`
/// it set really took effect.
enum LlvmpipeThreads {
    /// Rasterizer threads running now (0 when /proc cannot be read).
    static func running() -> Int {
        guard let tasks = opendir("/proc/self/task") else { return 0 }
        defer { closedir(tasks) }
        var count = 0
        while let entry = readdir(tasks) {
            let task = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard task.first != "." else { continue }
            if threadName(task: task).hasPrefix("llvmpipe-") { count += 1 }
        }
        return count
    }

    /// The name (comm) of thread `task` of this process.
    private static func threadName(task: String) -> String {
        let file = open("/proc/self/task/\(task)/comm", O_RDONLY)
        guard file >= 0 else { return "" }
        defer { close(file) }
        let capacity = 64
        var bytes = [UInt8](repeating: 0, count: capacity)
        let length = read(file, &bytes, capacity)
        return String(decoding: bytes.prefix(max(length, 0)), as: UTF8.self)
    }
}
