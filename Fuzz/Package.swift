// swift-tools-version:6.2
import PackageDescription

// The fuzz targets of `make fuzz` (scripts/fuzz builds and runs them; see Fuzz/README.md).
// A package of its own, so the fuzzer's instrumentation (libFuzzer coverage and
// AddressSanitizer, over the project's modules too) never touches the main package's builds.

/// Strict settings for every Swift target, as in the main package.
let strictSettings: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let gameInput: Target.Dependency = .product(name: "GameInput", package: "lockgame")
let engine: Target.Dependency = .product(name: "LockgameEngine", package: "lockgame")

/// One line per fuzz target: its name (`Targets/NAME.swift`, product `fuzz-NAME`, seeds in
/// `Corpus/NAME/`) and the modules it needs.
let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("raw-motion", [gameInput]),
    ("xinput-events", [gameInput]),
    ("scene", [engine]),
    ("obj", [engine]),
    ("png", [engine]),
    ("headless-script", [gameInput, "LockgameParsers"]),
    ("pose-text", [engine, "LockgameParsers"]),
    ("guardian-commands", [gameInput]),
    ("guardian-replies", [gameInput]),
    ("guardian-spec", [gameInput]),
]

let package = Package(
    name: "lockgame-fuzz",
    dependencies: [.package(name: "lockgame", path: "..")],
    targets: [
        // What every target uses: reading typed values off the input, contract checks,
        // scratch files, coverage for uninstrumented code.
        .target(name: "FuzzSupport", dependencies: ["CFuzzFeedback"], path: "Support"),
        .target(name: "CFuzzFeedback", path: "CFuzzFeedback"),
        // The demo's text parsers that live in the lockgame executable (headless scripts,
        // the clipboard's pose), compiled from its own files (symbolic links) into a library
        // the targets can link: the app stays as it is.
        .target(name: "LockgameParsers", dependencies: [gameInput, engine], path: "LockgameParsers"),
    ]
        + fuzzTargets.map { target in
            // All targets share the Targets folder: each takes its file and excludes the others.
            .executableTarget(
                name: "fuzz-\(target.name)", dependencies: ["FuzzSupport"] + target.dependencies, path: "Targets",
                exclude: fuzzTargets.map { "\($0.name).swift" }.filter { $0 != "\(target.name).swift" },
                sources: ["\(target.name).swift"])
        },
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
