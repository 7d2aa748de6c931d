// swift-tools-version:6.2
// A game outside the repository's package that draws with Vulkan on a GameInput window.
import PackageDescription

let package = Package(
    name: "vulkan-camera",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        // The Vulkan loader's header and library, with the Xlib and Wayland surface extensions'
        // declarations.
        .systemLibrary(name: "CVulkan", pkgConfig: "vulkan", providers: [.apt(["libvulkan-dev", "libx11-dev", "libwayland-dev"])]),
        .executableTarget(
            name: "vulkan-camera",
            dependencies: ["CVulkan", .product(name: "GameInput", package: "lockgame")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
