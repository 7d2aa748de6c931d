// swift-tools-version: 6.3;(experimentalCGen)
// experimentalCGen: SwiftPM compiles the C that a build tool plugin generates (the Wayland
// protocol glue wayland-scanner makes from the system's XML; see Plugins/WaylandScanner).
// Without it SwiftPM 6.3 drops generated C files with a warning.
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
        // Pixels drawn on the CPU, put on a GameWindow (MIT-SHM, or XPutImage where it cannot be used).
        .library(name: "GamePixels", targets: ["GamePixels"]),
        // For the fuzz package in Fuzz/ (make fuzz), which fuzzes the asset loaders.
        .library(name: "LockgameEngine", targets: ["LockgameEngine"]),
        .executable(name: "lockgame", targets: ["lockgame"]),
        .executable(name: "lockbench", targets: ["lockbench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CXlib",
            pkgConfig: "x11",
            providers: [
                .apt(["libx11-dev"]),
                .apt(["libx11-xcb-dev"]),
                .apt(["libxi-dev"]),
                .apt(["libxfixes-dev"]),
                .apt(["libxtst-dev"]),
                .apt(["libxext-dev"]),
                .apt(["libxss-dev"]),
            ]
        ),
        // libxkbcommon: what keys type in the user's layout, and compose tables (dead keys,
        // Compose sequences); libxkbcommon-x11 reads an X server's keymap.
        .systemLibrary(
            name: "CXKBCommon",
            pkgConfig: "xkbcommon-x11",
            providers: [.apt(["libxkbcommon-dev"]), .apt(["libxkbcommon-x11-dev"])]
        ),
        // libpng's simplified API (png_image_*), for textures and screenshots.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // FreeType and fontconfig, for the demo's HUD text.
        .systemLibrary(
            name: "CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .apt(["libfontconfig-dev"])]
        ),
        // libwayland-client, libwayland-cursor and the protocols GameInput speaks, generated at build time from
        // the system's wayland-protocols XML by wayland-scanner (Debian libwayland-dev,
        // libwayland-bin, wayland-protocols).
        .plugin(name: "WaylandScanner", capability: .buildTool()),
        .target(
            name: "CWayland",
            linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("wayland-cursor")],
            plugins: ["WaylandScanner"]
        ),
        // libdecor draws the window's frame where the compositor draws none (mutter): its
        // declarations only (Debian libdecor-0-dev), with no pkg-config (its flags would link the
        // library). GameInput loads the library at run time, and libdecor its cairo plugin
        // (libdecor-0-plugin-1-cairo).
        .systemLibrary(
            name: "CLibdecor",
            providers: [.apt(["libdecor-0-dev"])]
        ),
        // The lock guardian: a C constructor that turns a copy of the game's executable,
        // started with GAMEINPUT_GUARDIAN set, into the process that frees the pointer when
        // the game cannot run (see LockGuardian.swift). Linked into every program that uses
        // GameInput, so it ships with the library.
        .target(
            name: "CLockGuardian",
            linkerSettings: [.linkedLibrary("X11"), .linkedLibrary("Xext")]
        ),
        // POSIX pieces Swift cannot write or import: the termination-signal relay (a signal
        // handler must be async-signal-safe, so it is C) and pipe2.
        .target(name: "CPosix"),
        .target(
            name: "GameInput",
            dependencies: ["CXlib", "CXKBCommon", "CLockGuardian", "CPosix", "CWayland", "CLibdecor"]
        ),
        .target(name: "GamePixels", dependencies: ["GameInput"]),
        // The demo's engine without X: renderer, scene and assets, camera, text.
        .target(
            name: "LockgameEngine",
            dependencies: ["CPNG", "CFreeType", "CMemoryFill", "PixelSpan", "PixelSpanAVX2", "CPixelSpanAVX2"]
        ),
        // The renderer's pixel loop, one pixel at a time (any x86-64 or other CPU).
        .target(name: "PixelSpan"),
        // The same pixel loop eight pixels at a time, compiled for AVX2 (Swift's default
        // x86-64 target is SSE2); the renderer picks it at run time when the CPU has AVX2.
        // Optimised in debug builds too: unoptimised, its SIMD code made a debug game's frames
        // so slow that it answered SIGTERM after 20-130 ms instead of 4-13 ms.
        .target(
            name: "PixelSpanAVX2",
            dependencies: ["PixelSpan", "CPixelSpanAVX2"],
            swiftSettings: [.unsafeFlags(["-Xcc", "-mavx2", "-O"])]
        ),
        // The AVX2 gather and masked loads/stores Swift's SIMD types lack, and the CPU check.
        .target(name: "CPixelSpanAVX2"),
        // wmemset for the renderer's colour fills (Swift's Glibc module lacks <wchar.h>).
        .target(name: "CMemoryFill"),
        // The demo engine's framebuffer drawn straight into GamePixels' memory, for lockgame and lockbench.
        .target(
            name: "LockgamePlatform",
            dependencies: ["GamePixels", "LockgameEngine"]
        ),
        .executableTarget(
            name: "lockgame",
            dependencies: ["GameInput", "GamePixels", "LockgameEngine", "LockgamePlatform", "CXlib"]
        ),
        // The renderer's algorithm in C, the benchmark's reference. Compiled with the
        // package's optimisation: -O2 under `swift build -c release`, what lockbench uses (seen with -v).
        .target(name: "CRenderReference"),
        // lockbench's C helpers: an in-process allocation counter (malloc interposition) and
        // CPU pinning. Only lockbench links it.
        .target(name: "CBenchSupport"),
        // lockbench's comparison with Mesa's software OpenGL: the demo frame drawn by llvmpipe
        // through EGL's surfaceless platform, offscreen (GL entry points from eglGetProcAddress).
        // Only lockbench links it.
        .target(name: "CLlvmpipeFrame", linkerSettings: [.linkedLibrary("EGL")]),
        // The C reference renderer driven with the demo's scene and pose, for lockbench and
        // the golden-image tests.
        .target(
            name: "RenderReference",
            dependencies: ["LockgameEngine", "CRenderReference"]
        ),
        // The benchmark: `swift run -c release lockbench [--check] [--quick]`.
        .executableTarget(
            name: "lockbench",
            dependencies: [
                "LockgameEngine", "LockgamePlatform", "GameInput", "GamePixels", "CXlib", "RenderReference", "CBenchSupport",
                "XServerTestSupport", "CLlvmpipeFrame",
            ]
        ),
        // Test support shared by the X integration suites: Xvfb + openbox fixtures, a second
        // X client that probes grabs and injects input with XTest, child processes.
        .target(
            name: "XServerTestSupport",
            dependencies: ["CXlib"],
            path: "Tests/XServerTestSupport"
        ),
        // A GameInput program whose loop takes the shapes the tests ask for (closing inside a
        // handler or an observer, sleeping for good, a host's signal handlers); the tests run it.
        .executableTarget(
            name: "LoopShapes",
            dependencies: ["GameInput", "CXlib"],
            path: "Tests/LoopShapes"
        ),
        // The tests' tags (integration, compositor, timing), shared by the test targets.
        .target(name: "TestTags", path: "Tests/TestTags"),
        // GLX and OpenGL 1.x, for the test that draws with GLX into a GameWindow of GLX's visual.
        .systemLibrary(name: "CGLX", path: "Tests/CGLX"),
        .testTarget(
            name: "GameInputTests",
            dependencies: ["GameInput", "GamePixels", "CXlib", "CXKBCommon", "XServerTestSupport", "CGLX", "TestTags"]
        ),
        .testTarget(
            name: "LockgameTests",
            dependencies: [
                "lockgame", "LoopShapes", "GameInput", "GamePixels", "LockgamePlatform", "LockgameEngine", "CXlib",
                "XServerTestSupport", "TestTags",
            ]
        ),
        .testTarget(
            name: "LockgameEngineTests",
            dependencies: ["LockgameEngine", "RenderReference", "PixelSpan", "PixelSpanAVX2"],
            // Golden PNGs are read through #filePath-relative paths, not as resources.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
