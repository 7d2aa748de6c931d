// swift-tools-version:6.2
// GLFW 3.3 owns the window and draws with OpenGL; GameInput attaches to the window and owns the lock.
import PackageDescription

let package = Package(
    name: "glfw-attach",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        // GLFW, its native X11 access and OpenGL (Debian: libglfw3-dev, libgl-dev). To run, a
        // driver as well: on Debian libgl1-mesa-dri (Mesa; llvmpipe without a GPU).
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev", "libgl-dev"])]),
        .executableTarget(
            name: "glfw-attach",
            dependencies: ["CGLFW", .product(name: "GameInput", package: "lockgame")]),
    ]
)
