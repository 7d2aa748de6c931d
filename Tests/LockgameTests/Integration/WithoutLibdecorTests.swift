import Foundation
import TestTags
import Testing
import XServerTestSupport

/// A GameInput program starts where libdecor cannot be loaded: GameInput loads it at run time
/// (SDL's and GLFW 3.4's way) instead of linking it. Each game here runs in a mount namespace of
/// its own (`unshare -m`) where an empty file is bound over libdecor's, so the dynamic loader
/// finds the name and no library: on Xvfb it starts and locks; natively under sway, mutter and
/// KWin it starts and locks too (mutter's window then has no frame), and `--doctor` says who
/// draws the frame, and why nobody does.
@Suite(.serialized, .tags(.integration, .compositor)) struct WithoutLibdecorTests {
    /// The file `libdecor-0.so.0` resolves to, as the dynamic loader's cache lists it.
    static func libdecorFile() throws -> String {
        let cache = try ChildProcess(executable: "/sbin/ldconfig", arguments: ["-p"])
        #expect(cache.waitForExit(timeout: .seconds(10)) == 0)
        let line = try #require(cache.lines.first { $0.contains("libdecor-0.so.0 ") }, "ldconfig lists libdecor-0.so.0")
        let path = try #require(line.components(separatedBy: " => ").last)
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// `executable` with `arguments`, started through `unshare -m` with an empty file bound over
    /// libdecor's (the same process: `unshare` and the shell exec it, so stopping it stops the game).
    static func withoutLibdecor(
        _ executable: String, _ arguments: [String], environment: [String: String]
    ) throws -> ChildProcess {
        let empty = NSTemporaryDirectory() + "no-libdecor-\(getpid())"
        if !FileManager.default.fileExists(atPath: empty) { #expect(FileManager.default.createFile(atPath: empty, contents: Data())) }
        let library = try libdecorFile()
        return try ChildProcess(
            executable: "/usr/bin/unshare",
            arguments: ["--mount", "--", "/bin/sh", "-c", "mount --bind \"$0\" \"$1\" && shift && exec \"$@\"", empty, library, executable]
                + arguments,
            environment: environment)
    }

    /// The doctor's "window frame:" line, with or without libdecor.
    static func windowFrameLine(hidingLibdecor: Bool, environment: [String: String]) throws -> String? {
        let doctor =
            hidingLibdecor
            ? try withoutLibdecor(LockgameLaunch.executable, ["--doctor"], environment: environment)
            : try ChildProcess(executable: LockgameLaunch.executable, arguments: ["--doctor"], environment: environment)
        #expect(doctor.waitForExit(timeout: .seconds(15)) == 0, "\(doctor.lines)")
        return doctor.lines.first { $0.hasPrefix("window frame: ") }
    }

    @Test func onXvfbTheGameStartsAndLocks() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let game = try Self.withoutLibdecor(
            LockgameLaunch.executable, ["--assets", HeadlessTests.assets], environment: ["DISPLAY": server.displayName])
        defer { game.stop() }
        #expect(game.waitForLine { $0 == "lock: locked" } != nil, "\(game.lines)")
        #expect(server.probe.pointerIsGrabbed, "X holds the game's grab")
    }

    @Test(arguments: NativeWaylandCompositor.allCases)
    func nativelyTheGameStartsAndLocksAndTheDoctorSaysWhoDrawsTheFrame(_ compositor: NativeWaylandCompositor) throws {
        let session = try compositor.start()
        defer { session.stop() }
        session.moveTo(x: 640, y: 360)
        let environment = session.waylandEnvironment.merging(["DISPLAY": "", "GAMEINPUT_BACKEND": ""]) { $1 }
        let game = try Self.withoutLibdecor(LockgameLaunch.executable, ["--assets", HeadlessTests.assets], environment: environment)
        defer { game.stop() }
        #expect(game.waitForLine(timeout: .seconds(15)) { $0 == "lock: locked" } != nil, "\(compositor): \(game.lines)")
        #expect(game.lines.contains { $0.hasPrefix("backend: wayland (") }, "\(compositor): \(game.lines.prefix(3))")
        #expect(BoundedWait.until { session.compositorHoldsLock }, "\(compositor): the compositor holds the lock the game reports")

        let hidden = try Self.windowFrameLine(hidingLibdecor: true, environment: environment)
        let present = try Self.windowFrameLine(hidingLibdecor: false, environment: environment)
        switch compositor {
        case .sway, .kwin:
            #expect(hidden == "window frame: the compositor's (xdg-decoration).", "\(compositor)")
            #expect(present == hidden, "\(compositor): libdecor is not needed")
        case .mutter:
            #expect(
                hidden?.hasPrefix("window frame: none: the compositor draws none and libdecor cannot be loaded (") == true,
                "\(compositor): \(hidden ?? "no line")")
            #expect(hidden?.contains("libdecor-0.so.0") == true, "the loader's words name the library: \(hidden ?? "no line")")
            #expect(present == "window frame: libdecor's (the compositor draws none).", "\(compositor): \(present ?? "no line")")
        }
    }
}
