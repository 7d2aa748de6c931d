// swift-tools-version:6.2
import PackageDescription

/// Strict settings for every Swift target, applied in one place.
let strictSettings: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "lockgame",
    products: [
        .library(name: "GameInput", targets: ["GameInput"]),
        .executable(name: "lockgame", targets: ["lockgame"]),
    ],
    targets: [
        .systemLibrary(
            name: "CXlib",
            pkgConfig: "x11",
            providers: [
                .apt(["libx11-dev"]),
                .apt(["libxi-dev"]),
                .apt(["libxfixes-dev"]),
                .apt(["libxtst-dev"]),
                .apt(["libxext-dev"]),
            ]
        ),
        .target(
            name: "GameInput",
            dependencies: ["CXlib"]
        ),
        .executableTarget(
            name: "lockgame",
            dependencies: ["GameInput", "CXlib"]
        ),
        .testTarget(
            name: "GameInputTests",
            dependencies: ["GameInput", "CXlib", "lockgame"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
