// swift-tools-version:6.2
// An outside package that uses one GameWindow from two tasks at once: it must not compile.
// PublicAPIPackageTests builds it and expects Swift 6's error on each line marked `refused`,
// and nowhere else. A package of its own: the compiler checks regions only in a module without
// type errors, so beside SharedAcrossThreads' errors this one would not be reported.
import PackageDescription

let package = Package(
    name: "used-from-two-tasks",
    dependencies: [.package(name: "lockgame", path: "../../../..")],
    targets: [
        .target(name: "UsedFromTwoTasks", dependencies: [.product(name: "GameInput", package: "lockgame")])
    ]
)
