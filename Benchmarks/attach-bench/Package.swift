// swift-tools-version:6.2
// GameInput's relative motion against SDL2's and GLFW's own relative modes, on windows those
// libraries create: an outside program that depends on this repository by path (issue 22).
import PackageDescription

/// The repository's strict settings, applied to every Swift target in one place.
let strictSettings: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "attach-bench",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        // SDL2 with its window-manager header (SDL_GetWindowWMInfo: the X11 Display and Window).
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),
        // GLFW 3.3 with its X11 native getters (glfwGetX11Display, glfwGetX11Window).
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        // Xlib and XTest for the injecting connection (and XSetInputFocus without a window manager).
        .systemLibrary(name: "CXTest", pkgConfig: "xtst", providers: [.apt(["libxtst-dev"])]),
        .executableTarget(
            name: "attach-bench",
            dependencies: ["CSDL2", "CGLFW", "CXTest", .product(name: "GameInput", package: "lockgame")]
        ),
    ]
)

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
