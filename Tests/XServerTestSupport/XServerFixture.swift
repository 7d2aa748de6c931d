import Foundation

/// A private X server (Xvfb) on a free display number, with a real window manager (openbox)
/// running on it. Stops both when released.
public final class XServerFixture {
    public let displayName: String
    /// A second client on the display, closed before the server stops.
    public let probe: XProbe
    private let server: ChildProcess
    private var windowManager: ChildProcess?

    public enum Failure: Error, CustomStringConvertible {
        case missingProgram(String)
        case serverDidNotStart(String)
        case windowManagerDidNotStart

        public var description: String {
            switch self {
            case .missingProgram(let name): "\(name) is not installed (make test installs it)"
            case .serverDidNotStart(let output): "Xvfb did not report a display: \(output)"
            case .windowManagerDidNotStart: "openbox did not take over the display in time"
            }
        }
    }

    /// Starts Xvfb (and openbox unless `windowManager` is false). `extraServerArguments` go to
    /// Xvfb, for example `["-extension", "XInputExtension"]`.
    public init(windowManager: Bool = true, extraServerArguments: [String] = []) throws {
        let xvfb = try Self.locate("Xvfb")
        // -displayfd 1: Xvfb picks a free display number and prints it when it is ready.
        server = try ChildProcess(
            executable: xvfb,
            arguments: ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"] + extraServerArguments)
        guard let number = server.waitForLine(timeout: .seconds(15), where: { Int($0) != nil }) else {
            let output = server.lines.joined(separator: " | ")
            server.stop()
            throw Failure.serverDidNotStart(output)
        }
        displayName = ":" + number
        if windowManager {
            let openbox = try Self.locate("openbox")
            let manager = try ChildProcess(executable: openbox, arguments: ["--sm-disable"],
                                           environment: ["DISPLAY": displayName])
            self.windowManager = manager
        }
        do {
            probe = try XProbe(displayName: displayName)
        } catch {
            self.windowManager?.stop()
            server.stop()
            throw error
        }
        if windowManager {
            guard probe.waitForWindowManager(timeout: .seconds(15)) else {
                stop()
                throw Failure.windowManagerDidNotStart
            }
        }
    }

    /// The server's process, to kill it under a client.
    public var serverProcess: ChildProcess { server }

    public func stop() {
        probe.close()
        stopProcesses()
    }

    private func stopProcesses() {
        windowManager?.stop()
        windowManager = nil
        server.stop()
    }

    deinit { stop() }

    public static func locate(_ program: String) throws -> String {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = directory + "/" + program
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw Failure.missingProgram(program)
    }
}
