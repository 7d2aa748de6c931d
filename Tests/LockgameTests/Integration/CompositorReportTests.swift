import Foundation
import TestTags
import Testing
import XServerTestSupport

/// `lockgame --doctor` reads the Wayland compositor `WAYLAND_DISPLAY` names, with GameInput's
/// own Wayland connection (protocol glue generated at build time by wayland-scanner): under
/// sway 1.7, mutter 43.8 and kwin_wayland 5.27.5 headless it lists the lock's protocols and
/// their versions; a socket nobody answers on and an unset `WAYLAND_DISPLAY` are each one
/// clear line.
@Suite(.serialized, .tags(.integration, .compositor)) struct CompositorReportTests {
    static func doctorLine(display: String, environment: [String: String]) throws -> String? {
        var environment = environment
        environment["DISPLAY"] = display
        let doctor = try ChildProcess(executable: LockgameLaunch.executable, arguments: ["--doctor"], environment: environment)
        #expect(doctor.waitForExit(timeout: .seconds(15)) == 0, "\(doctor.lines)")
        return doctor.lines.first { $0.hasPrefix("Wayland:") }
    }

    static func expectTheLockProtocols(_ line: String?, socket: String, _ label: String) {
        let prefix = "Wayland:        \(socket), with what a native lock needs (xdg_wm_base "
        #expect(line?.hasPrefix(prefix) == true, "\(label): \(line ?? "no Wayland line")")
        #expect(
            line?.hasSuffix(", zwp_pointer_constraints_v1 1, zwp_relative_pointer_manager_v1 1)") == true,
            "\(label): \(line ?? "no Wayland line")")
    }

    @Test func underSwayTheDoctorListsTheLocksProtocols() throws {
        let session = try SwayFixture()
        defer { session.stop() }
        let environment = session.waylandEnvironment
        let line = try Self.doctorLine(display: session.displayName, environment: environment)
        Self.expectTheLockProtocols(line, socket: environment["WAYLAND_DISPLAY"] ?? "", "sway")
    }

    @Test(arguments: GnomeKDEFixture.Compositor.allCases)
    func underGnomeAndKDETheDoctorListsTheLocksProtocols(_ compositor: GnomeKDEFixture.Compositor) throws {
        let desktop = try GnomeKDEFixture(compositor)
        defer { desktop.stop() }
        let line = try Self.doctorLine(
            display: desktop.displayName, environment: desktop.xEnvironment.merging(desktop.waylandEnvironment) { $1 })
        Self.expectTheLockProtocols(line, socket: "wl-test", "\(compositor)")
    }

    @Test func noCompositorAndNoSocketNameAreEachOneClearLine() throws {
        let server = try XServerFixture(windowManager: nil)
        defer { server.stop() }
        let runtime = NSTemporaryDirectory() + "compositorreport-\(getpid())"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        let absent = try Self.doctorLine(
            display: server.displayName, environment: ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": "wayland-none"])
        #expect(absent == "Wayland:        no Wayland compositor answers on wayland-none")
        let unset = try Self.doctorLine(display: server.displayName, environment: ["WAYLAND_DISPLAY": ""])
        #expect(unset == "Wayland:        none (WAYLAND_DISPLAY is not set)")
    }
}
