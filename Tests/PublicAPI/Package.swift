// swift-tools-version:6.2
// An outside package that uses every public name the README and the DocC articles show, as
// their code blocks use them (scripts/check-public-names keeps the two in step): `make
// examples` builds it against the library, so renaming or removing a name the documentation
// shows breaks the build.
import PackageDescription

let package = Package(
    name: "public-api",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        .target(
            name: "PublicNames",
            dependencies: [.product(name: "GameInput", package: "lockgame"), .product(name: "GamePixels", package: "lockgame")])
    ]
)
