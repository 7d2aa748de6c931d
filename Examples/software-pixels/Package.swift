// swift-tools-version:6.2
// Pixels drawn on the CPU, on a GameInput window: GamePixels' presenter, as an outside package uses it.
import PackageDescription

let package = Package(
    name: "software-pixels",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        .executableTarget(
            name: "software-pixels",
            dependencies: [
                .product(name: "GameInput", package: "lockgame"), .product(name: "GamePixels", package: "lockgame"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
