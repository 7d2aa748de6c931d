import Foundation

/// Compiles the C tools of `Tests/WaylandTools` once per run, into a folder every fixture
/// shares (under the temporary directory, named by a hash of the tool's sources and flags, so
/// a changed source builds anew and an unchanged one is never compiled twice):
/// - `wl-pointer-window` (`PointerWindow/main.c`), with the glue of xdg-shell,
///   pointer-constraints-unstable-v1 and relative-pointer-unstable-v1 that wayland-scanner
///   generates from Debian's wayland-protocols, linked with libwayland-client and libxkbcommon;
/// - `wl-virtual-input` (`VirtualInput/main.c`), whose wlroots protocols are declared by hand;
/// - `wl-input-method` (`InputMethod/main.c`), input-method-unstable-v2 declared by hand too;
/// - `kwin-fake-input` (`kwin/kwin-fake-input.c`).
/// Fixtures in parallel workers may build the same tool at once: each compiles into a folder of
/// its own and renames the result into place, so a reader finds either no tool or a whole one.
enum WaylandToolBuilder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let protocols = [
        "stable/xdg-shell/xdg-shell",
        "unstable/pointer-constraints/pointer-constraints-unstable-v1",
        "unstable/relative-pointer/relative-pointer-unstable-v1",
    ]

    private static let flags = ["-std=c11", "-O1"]

    /// The path of `Tests/WaylandTools/<relative>`.
    static func source(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WaylandTools/" + relative).path
    }

    /// The native window tool.
    static func pointerWindow() throws -> String {
        let xmls = protocols.map { "/usr/share/wayland-protocols/\($0).xml" }
        return try cached(
            "wl-pointer-window", sources: [source("PointerWindow/main.c")] + xmls, libraries: ["-lwayland-client", "-lxkbcommon"]
        ) {
            folder, tool in
            let glue = folder + "/wayland-glue"
            try FileManager.default.createDirectory(atPath: glue, withIntermediateDirectories: true)
            let scanner = try XServerFixture.locate("wayland-scanner")
            var code: [String] = []
            for (name, xml) in zip(protocols, xmls) {
                let base = glue + "/" + URL(fileURLWithPath: name).lastPathComponent
                for (kind, output) in [("client-header", base + "-client-protocol.h"), ("private-code", base + "-protocol.c")] {
                    try run(scanner, [kind, xml, output], what: "wayland-scanner \(kind) \(name)")
                }
                code.append(base + "-protocol.c")
            }
            try compile(
                ["-I", glue, "-o", tool, source("PointerWindow/main.c")] + code + ["-lwayland-client", "-lxkbcommon"],
                what: "the native window")
        }
    }

    /// The virtual pointer and keyboard for wlroots compositors.
    static func virtualInput() throws -> String {
        try single(
            "wl-virtual-input", source: "VirtualInput/main.c", libraries: ["-lwayland-client", "-lxkbcommon"],
            what: "the virtual input tool")
    }

    /// The input method for wlroots compositors.
    static func inputMethod() throws -> String {
        try single("wl-input-method", source: "InputMethod/main.c", libraries: ["-lwayland-client"], what: "the input method tool")
    }

    /// KWin's fake input client.
    static func kwinFakeInput() throws -> String {
        try single("kwin-fake-input", source: "kwin/kwin-fake-input.c", libraries: ["-lwayland-client"], what: "the KWin input tool")
    }

    private static func single(_ name: String, source relative: String, libraries: [String], what: String) throws -> String {
        let file = source(relative)
        return try cached(name, sources: [file], libraries: libraries) { _, tool in
            try compile(["-o", tool, file] + libraries, what: what)
        }
    }

    /// `<tmp>/lockgame-wayland-tools/<name>-<hash>`, built by `build(folder, output)` unless it is
    /// there already. The folder is readable by all: sway's fixture runs it as another user.
    private static func cached(
        _ name: String, sources: [String], libraries: [String], build: (_ folder: String, _ output: String) throws -> Void
    ) throws -> String {
        var hash = FNV1a()
        for path in sources {
            hash.add(path)
            hash.add(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        for argument in flags + libraries { hash.add(argument) }
        let cache = NSTemporaryDirectory() + "lockgame-wayland-tools"
        let tool = cache + "/\(name)-\(String(hash.value, radix: 16))"
        if FileManager.default.isExecutableFile(atPath: tool) { return tool }
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let scratch = cache + "/.build-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try build(scratch, scratch + "/" + name)
        chmod(scratch + "/" + name, 0o755)
        guard rename(scratch + "/" + name, tool) == 0 else {
            throw Failure(description: "cannot move \(name) into \(cache): errno \(errno)")
        }
        return tool
    }

    private static func compile(_ arguments: [String], what: String) throws {
        try run(XServerFixture.locate("cc"), flags + arguments, what: "cannot compile \(what)", timeout: .seconds(60))
    }

    private static func run(_ program: String, _ arguments: [String], what: String, timeout: Duration = .seconds(10)) throws {
        let child = try ChildProcess(executable: program, arguments: arguments)
        guard child.waitForExit(timeout: timeout) == 0 else {
            child.stop()
            throw Failure(description: "\(what): \(child.lines.joined(separator: " | "))")
        }
    }
}

/// 64-bit FNV-1a: a stable name for a tool's inputs (Foundation on Linux has no digest).
private struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ data: Data) {
        for byte in data {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
    }

    mutating func add(_ text: String) {
        add(Data(text.utf8))
        add(Data([0]))
    }
}
