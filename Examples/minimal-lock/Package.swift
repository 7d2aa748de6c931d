// swift-tools-version:6.2
// A program outside the repository's package that uses GameInput as a dependency would.
import PackageDescription

let package = Package(
    name: "minimal-lock",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        .executableTarget(name: "minimal-lock", dependencies: [.product(name: "GameInput", package: "lockgame")])
    ]
)
