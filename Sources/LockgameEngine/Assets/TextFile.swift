import Glibc

/// Reads whole files with libc (`fopen`/`fread`) so the asset loaders need no Foundation.
enum TextFile {
    /// Largest file the loaders accept (64 MiB); bigger is reported as unreadable.
    static let maximumSize = 64 << 20

    /// True when `path` names an existing file or directory (`access(path, F_OK)`).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The bytes of the file at `path`, or an `AssetError` naming it.
    static func readBytes(_ path: String) throws(AssetError) -> [UInt8] {
        guard exists(path) else { throw AssetError(.missingFile, file: path, "file not found") }
        guard let f = fopen(path, "rb") else {
            throw AssetError(.unreadable, file: path, "cannot open (errno \(errno))")
        }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            if bytes.count > maximumSize {
                throw AssetError(.unreadable, file: path, "file is larger than \(maximumSize) bytes")
            }
            if n < chunk.count {
                if ferror(f) != 0 { throw AssetError(.unreadable, file: path, "read error") }
                break
            }
        }
        return bytes
    }

    /// The lines of the text file at `path` (split on \n, \r stripped), 1-based numbering is
    /// the index + 1.
    static func readLines(_ path: String) throws(AssetError) -> [Substring] {
        let bytes = try readBytes(path)
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
    }

    /// Joins a directory and a relative file name (absolute names are kept).
    static func join(_ directory: String, _ name: String) -> String {
        if name.hasPrefix("/") || directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
