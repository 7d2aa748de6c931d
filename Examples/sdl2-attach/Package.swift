// swift-tools-version:6.2
// SDL2 owns the window and draws with SDL_Renderer; GameInput attaches to the window and owns the lock.
import PackageDescription

let package = Package(
    name: "sdl2-attach",
    dependencies: [.package(name: "lockgame", path: "../..")],
    targets: [
        // SDL2's headers and library (Debian: libsdl2-dev). No pkgConfig: sdl2's cflags carry
        // -D_REENTRANT, which SwiftPM refuses with a warning at every build; shim.h includes the
        // headers by their SDL2/ path instead.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .executableTarget(
            name: "sdl2-attach",
            dependencies: ["CSDL2", .product(name: "GameInput", package: "lockgame")]),
    ]
)
