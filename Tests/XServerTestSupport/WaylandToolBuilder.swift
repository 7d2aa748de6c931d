import Foundation

/// Compiles the C tools of `Tests/WaylandTools` into a fixture's folder, once per folder:
/// - `wl-pointer-window` (`PointerWindow/main.c`), with the glue of xdg-shell,
///   pointer-constraints-unstable-v1 and relative-pointer-unstable-v1 that wayland-scanner
///   generates from Debian's wayland-protocols, linked with libwayland-client and libxkbcommon;
/// - `wl-virtual-input` (`VirtualInput/main.c`), whose wlroots protocols are declared by hand;
/// - `wl-input-method` (`InputMethod/main.c`), input-method-unstable-v2 declared by hand too;
/// - `kwin-fake-input` (`kwin/kwin-fake-input.c`).
enum WaylandToolBuilder {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let protocols = [
        "stable/xdg-shell/xdg-shell",
        "unstable/pointer-constraints/pointer-constraints-unstable-v1",
        "unstable/relative-pointer/relative-pointer-unstable-v1",
    ]

    /// The path of `Tests/WaylandTools/<relative>`.
    static func source(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("WaylandTools/" + relative).path
    }

    /// The native window tool, built in `folder` if it is not there yet.
    static func pointerWindow(in folder: String) throws -> String {
        let tool = folder + "/wl-pointer-window"
        if FileManager.default.isExecutableFile(atPath: tool) { return tool }
        let glue = folder + "/wayland-glue"
        try FileManager.default.createDirectory(atPath: glue, withIntermediateDirectories: true)
        let scanner = try XServerFixture.locate("wayland-scanner")
        var code: [String] = []
        for name in protocols {
            let xml = "/usr/share/wayland-protocols/\(name).xml"
            let base = glue + "/" + URL(fileURLWithPath: name).lastPathComponent
            for (kind, output) in [("client-header", base + "-client-protocol.h"), ("private-code", base + "-protocol.c")] {
                try run(scanner, [kind, xml, output], what: "wayland-scanner \(kind) \(name)")
            }
            code.append(base + "-protocol.c")
        }
        try compile(
            ["-I", glue, "-o", tool + ".new", source("PointerWindow/main.c")] + code + ["-lwayland-client", "-lxkbcommon"],
            what: "the native window")
        try FileManager.default.moveItem(atPath: tool + ".new", toPath: tool)
        return tool
    }

    /// The virtual pointer and keyboard for wlroots compositors, built in `folder`.
    static func virtualInput(in folder: String) throws -> String {
        let tool = folder + "/wl-virtual-input"
        if FileManager.default.isExecutableFile(atPath: tool) { return tool }
        try compile(["-o", tool, source("VirtualInput/main.c"), "-lwayland-client", "-lxkbcommon"], what: "the virtual input tool")
        return tool
    }

    /// The input method for wlroots compositors, built in `folder`.
    static func inputMethod(in folder: String) throws -> String {
        let tool = folder + "/wl-input-method"
        if FileManager.default.isExecutableFile(atPath: tool) { return tool }
        try compile(["-o", tool, source("InputMethod/main.c"), "-lwayland-client"], what: "the input method tool")
        return tool
    }

    /// KWin's fake input client, built in `folder`.
    static func kwinFakeInput(in folder: String) throws -> String {
        let tool = folder + "/kwin-fake-input"
        if FileManager.default.isExecutableFile(atPath: tool) { return tool }
        try compile(["-o", tool, source("kwin/kwin-fake-input.c"), "-lwayland-client"], what: "the KWin input tool")
        return tool
    }

    private static func compile(_ arguments: [String], what: String) throws {
        try run(XServerFixture.locate("cc"), ["-std=c11", "-O1"] + arguments, what: "cannot compile \(what)", timeout: .seconds(60))
    }

    private static func run(_ program: String, _ arguments: [String], what: String, timeout: Duration = .seconds(10)) throws {
        let child = try ChildProcess(executable: program, arguments: arguments)
        guard child.waitForExit(timeout: timeout) == 0 else {
            child.stop()
            throw Failure(description: "\(what): \(child.lines.joined(separator: " | "))")
        }
    }
}
