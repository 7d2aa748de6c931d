import Foundation
import PackagePlugin

/// Generates GameInput's Wayland protocol glue at build time: `wayland-scanner` turns each
/// protocol's XML, read from the system's `wayland-protocols` (Debian `wayland-protocols`; no
/// copy is kept in this repository), into its interface tables (`private-code`, compiled into
/// the `CWayland` target) and its client header (`client-header`, included by `CWayland.h`).
///
/// SwiftPM adds `<plugin work directory>/include` to the include paths of the target and of
/// those that import it, so each header goes there. The header and the C file come from one
/// command: a command whose only output is a header is never scheduled (nothing consumes it).
@main
struct WaylandScanner: BuildToolPlugin {
    /// The protocols GameInput speaks, as paths inside `wayland-protocols`' data folder.
    static let protocols = [
        "stable/xdg-shell/xdg-shell.xml",
        "unstable/pointer-constraints/pointer-constraints-unstable-v1.xml",
        "unstable/relative-pointer/relative-pointer-unstable-v1.xml",
        "unstable/xdg-decoration/xdg-decoration-unstable-v1.xml",
        "unstable/xdg-output/xdg-output-unstable-v1.xml",
        "staging/xdg-activation/xdg-activation-v1.xml",
        "unstable/pointer-gestures/pointer-gestures-unstable-v1.xml",
        "unstable/text-input/text-input-unstable-v3.xml",
        "staging/fractional-scale/fractional-scale-v1.xml",
        "stable/viewporter/viewporter.xml",
        "stable/presentation-time/presentation-time.xml",
    ]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let scanner = URL(fileURLWithPath: "/usr/bin/wayland-scanner")
        guard FileManager.default.isExecutableFile(atPath: scanner.path) else {
            throw Failure("wayland-scanner is not installed at \(scanner.path) (Debian: libwayland-bin; make build installs it)")
        }
        let data = URL(fileURLWithPath: Self.protocolsFolder())
        let output = context.pluginWorkDirectoryURL
        let headers = output.appendingPathComponent("include")
        return try Self.protocols.map { path in
            let xml = data.appendingPathComponent(path)
            guard FileManager.default.isReadableFile(atPath: xml.path) else {
                throw Failure("cannot read \(xml.path) (Debian: wayland-protocols; make build installs it)")
            }
            let name = xml.deletingPathExtension().lastPathComponent
            let code = output.appendingPathComponent("\(name)-protocol.c")
            let header = headers.appendingPathComponent("\(name)-client-protocol.h")
            let script = #"mkdir -p "$1" && "$2" private-code "$3" "$4" && "$2" client-header "$3" "$5""#
            return .buildCommand(
                displayName: "wayland-scanner \(name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", headers.path, scanner.path, xml.path, code.path, header.path],
                inputFiles: [xml, scanner], outputFiles: [code, header])
        }
    }

    /// `pkg-config --variable=pkgdatadir wayland-protocols`, else Debian's folder.
    static func protocolsFolder() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pkg-config", "--variable=pkgdatadir", "wayland-protocols"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if (try? process.run()) != nil {
            let answer = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let folder = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            // Debian's .pc file gives "//usr/share/wayland-protocols".
            if process.terminationStatus == 0, !folder.isEmpty { return URL(fileURLWithPath: folder).standardizedFileURL.path }
        }
        return "/usr/share/wayland-protocols"
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
