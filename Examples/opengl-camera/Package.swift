// swift-tools-version:6.2
// OpenGL ES 3 through EGL on a GameInput window: a lit scene that the locked pointer looks around in.
import PackageDescription

let package = Package(
    name: "opengl-camera",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        // EGL, OpenGL ES 3 and libwayland-egl. To run, a driver as well: on Debian libegl-mesa0 and
        // libgl1-mesa-dri (Mesa).
        .systemLibrary(name: "CEGL", providers: [.apt(["libegl-dev", "libgles-dev", "libwayland-dev"])]),
        .executableTarget(
            name: "opengl-camera",
            dependencies: ["CEGL", .product(name: "GameInput", package: "lockgame")]),
    ]
)
