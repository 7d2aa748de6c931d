// swift-tools-version:6.2
// An outside package that shares a GameWindow, its lock controller and its presenter across
// threads: it must not compile. PublicAPIPackageTests builds it and expects Swift 6's error on
// each line marked `refused`, and nowhere else.
import PackageDescription

let package = Package(
    name: "shared-across-threads",
    dependencies: [.package(name: "lockgame", path: "../../../..")],
    targets: [
        .target(
            name: "SharedAcrossThreads",
            dependencies: [.product(name: "GameInput", package: "lockgame"), .product(name: "GamePixels", package: "lockgame")])
    ]
)
