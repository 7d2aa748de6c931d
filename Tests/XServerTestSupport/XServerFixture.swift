import Foundation

/// A private X server (Xvfb) on a free display number, with a real window manager (openbox
/// unless another of the desktop matrix is asked for, or none) running on it. Stops both when
/// released, and removes the window manager's temporary home.
public final class XServerFixture {
    public let displayName: String
    /// The same server reached over TCP (`127.0.0.1:N`), when it listens there: a "remote"
    /// display for the client, which cannot use MIT-SHM.
    public let tcpDisplayName: String?
    /// The window manager running, if any.
    public let windowManagerKind: WindowManager?
    /// A second client on the display, closed before the server stops.
    public let probe: XProbe
    private let server: ChildProcess
    private var windowManager: ChildProcess?
    private var home: String?

    public enum Failure: Error, CustomStringConvertible {
        case missingProgram(String)
        case serverDidNotStart(String)
        case windowManagerDidNotStart(String)

        public var description: String {
            switch self {
            case .missingProgram(let name): "\(name) is not installed (make test installs it)"
            case .serverDidNotStart(let output): "Xvfb did not report a display: \(output)"
            case .windowManagerDidNotStart(let name): "\(name) did not take over the display in time"
            }
        }
    }

    /// Starts Xvfb and `windowManager` (none when nil). With `listensOnTCP` the server also
    /// accepts TCP clients from this machine (see ``tcpDisplayName``). `extraServerArguments`
    /// go to Xvfb, for example `["-extension", "MIT-SHM"]`.
    public init(
        windowManager: WindowManager? = .openbox, listensOnTCP: Bool = false,
        extraServerArguments: [String] = []
    ) throws {
        let xvfb = try Self.locate("Xvfb")
        // -displayfd 1: Xvfb picks a free display number and prints it when it is ready.
        // -ac with TCP: the loopback client has no cookie; nothing outside this machine connects.
        let network = listensOnTCP ? ["-listen", "tcp", "-ac"] : ["-nolisten", "tcp"]
        server = try ChildProcess(
            executable: xvfb,
            arguments: ["-displayfd", "1", "-screen", "0", "1280x800x24"] + network + extraServerArguments)
        guard let number = server.waitForLine(timeout: .seconds(15), where: { Int($0) != nil }) else {
            let output = server.lines.joined(separator: " | ")
            server.stop()
            throw Failure.serverDidNotStart(output)
        }
        displayName = ":" + number
        tcpDisplayName = listensOnTCP ? "127.0.0.1:" + number : nil
        windowManagerKind = windowManager
        do {
            probe = try XProbe(displayName: displayName)
        } catch {
            server.stop()
            throw error
        }
        if let windowManager {
            let home = NSTemporaryDirectory() + "xserverfixture-\(getpid())-\(number)-\(windowManager)"
            self.home = home
            do {
                self.windowManager = try windowManager.start(displayName: displayName, home: home)
            } catch {
                stop()
                throw error
            }
        }
        if let windowManager {
            guard probe.waitForWindowManager(timeout: .seconds(30)) else {
                stop()
                throw Failure.windowManagerDidNotStart(windowManager.rawValue)
            }
            // kwin and mutter drop the first synthetic key after they start: a harmless one.
            probe.press(Keysym.shiftL)
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
        if let home { try? FileManager.default.removeItem(atPath: home) }
        home = nil
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
