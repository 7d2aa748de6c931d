import Foundation

/// Xephyr with several screens joined by Xinerama (`-screen 640x480 -screen 640x480
/// +xinerama`), nested in a private Xvfb, with a window manager (or none): a desktop of two
/// monitors that RandR alone does not describe (Xephyr's RandR sees its first screen only;
/// Xinerama lists both). Stops everything it started when released.
public final class XephyrFixture {
    public let displayName: String
    /// A second client on the Xephyr display.
    public let probe: XProbe
    private let host: XServerFixture
    private let server: ChildProcess
    private var windowManager: ChildProcess?
    private var home: String?
    private var isStopped = false

    /// Starts Xephyr with one screen of each size in `screens` ("640x480"), and
    /// `windowManager` on it.
    public init(screens: [String], windowManager: WindowManager? = nil) throws {
        host = try XServerFixture(windowManager: nil)
        let xephyr: String
        do {
            xephyr = try XServerFixture.locate("Xephyr")
            server = try ChildProcess(
                executable: xephyr,
                arguments: ["-displayfd", "1", "-nolisten", "tcp"] + screens.flatMap { ["-screen", $0] } + ["+xinerama"],
                environment: ["DISPLAY": host.displayName])
        } catch {
            host.stop()
            throw error
        }
        guard let number = server.waitForLine(timeout: .seconds(15), where: { Int($0) != nil }) else {
            let output = server.lines.joined(separator: " | ")
            server.stop()
            host.stop()
            throw XServerFixture.Failure.serverDidNotStart("Xephyr: " + output)
        }
        displayName = ":" + number
        do {
            probe = try XProbe(displayName: displayName)
        } catch {
            server.stop()
            host.stop()
            throw error
        }
        if let windowManager {
            let home = NSTemporaryDirectory() + "xephyrfixture-\(getpid())-\(number)-\(windowManager)"
            self.home = home
            do {
                self.windowManager = try windowManager.start(displayName: displayName, home: home)
            } catch {
                stop()
                throw error
            }
            guard probe.waitForWindowManager(timeout: .seconds(30)) else {
                stop()
                throw XServerFixture.Failure.windowManagerDidNotStart(windowManager.rawValue)
            }
            probe.press(Keysym.shiftL)
        }
    }

    public func stop() {
        guard !isStopped else { return }
        isStopped = true
        probe.close()
        windowManager?.stop()
        server.stop()
        host.stop()
        if let home { try? FileManager.default.removeItem(atPath: home) }
    }

    deinit { stop() }
}
