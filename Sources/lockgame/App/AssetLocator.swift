import Foundation

/// Finds the demo's `assets/` folder: the one given with `--assets`, else one next to the
/// package (found upwards from the executable, as `swift build` places it under `.build/`),
/// else `./assets`.
enum AssetLocator {
    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "cannot find the game's assets (a folder with scene.txt); looked in \(searched.joined(separator: ", ")); pass --assets DIR"
        }
    }

    static func locate(explicit: String?) throws(NotFound) -> String {
        if let explicit { return explicit }
        var candidates: [String] = []
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        for _ in 0..<6 {
            candidates.append(directory.appendingPathComponent("assets").path)
            directory.deleteLastPathComponent()
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/assets")
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate + "/scene.txt") {
            return candidate
        }
        throw NotFound(searched: [candidates.first ?? "", candidates.last ?? ""])
    }
}
