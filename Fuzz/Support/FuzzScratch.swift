import Glibc

/// A private folder for targets whose parser reads files (`scene.txt`, PNG): one per process,
/// under `$TMPDIR` (or `/tmp`), emptied and removed when the process exits through `exit`
/// (as libFuzzer does at the end of a run).
public enum FuzzScratch {
    /// The folder's path (made on first use).
    public static let directory: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/lockgame-fuzz-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            fatalError("cannot make a scratch folder under \(base) (errno \(errno))")
        }
        let path = String(cString: made)
        atexit { FuzzScratch.removeDirectory() }
        return path
    }()

    /// `directory/name`.
    public static func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// Writes `bytes` to `directory/name`, replacing it; stops the process when that fails
    /// (a full disk is no finding).
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, to name: String) {
        let target = path(name)
        guard let file = fopen(target, "wb") else { fatalError("cannot write \(target) (errno \(errno))") }
        let written = bytes.isEmpty ? 0 : fwrite(bytes.baseAddress, 1, bytes.count, file)
        fclose(file)
        guard written == bytes.count else { fatalError("short write to \(target)") }
    }

    /// Writes `text` to `directory/name`.
    public static func write(_ text: String, to name: String) {
        Array(text.utf8).withUnsafeBufferPointer { write($0, to: name) }
    }

    /// Removes the folder's files (the targets make no subfolders) and the folder.
    private static func removeDirectory() {
        guard let folder = opendir(directory) else { return }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { unlink(path(name)) }
        }
        closedir(folder)
        rmdir(directory)
    }
}
