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
    /// Xorg's configuration and log, for a server of dummy outputs.
    private var serverFolder: String?

    public enum Failure: Error, CustomStringConvertible {
        case missingProgram(String)
        case serverDidNotStart(String)
        case outputsNotSet(String)
        case windowManagerDidNotStart(String)

        public var description: String {
            switch self {
            case .missingProgram(let name): "\(name) is not installed (make test installs it)"
            case .serverDidNotStart(let output): "the X server did not report a display: \(output)"
            case .outputsNotSet(let output): "xrandr could not set the dummy outputs: \(output)"
            case .windowManagerDidNotStart(let name): "\(name) did not take over the display in time"
            }
        }
    }

    /// Starts Xvfb and `windowManager` (none when nil). With `listensOnTCP` the server also
    /// accepts TCP clients from this machine (see ``tcpDisplayName``). `extraServerArguments`
    /// go to Xvfb, for example `["-extension", "MIT-SHM"]`.
    ///
    /// With `outputs` ("1024x768", or "1024x768@60" for a rate) the server is Xorg with its dummy video driver instead,
    /// its outputs `DUMMY0`, `DUMMY1`, … set to those modes left to right (the first is the
    /// primary): real RandR outputs with CRTCs and modes of real refresh rates, which window
    /// managers build their monitors from (Xvfb has a single output). Then `listensOnTCP` and
    /// `extraServerArguments` are not used.
    public init(
        windowManager: WindowManager? = .openbox, listensOnTCP: Bool = false,
        extraServerArguments: [String] = [], outputs: [String]? = nil
    ) throws {
        if outputs != nil {
            let folder = NSTemporaryDirectory() + "xorgdummy-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            serverFolder = folder
            try Self.dummyConfiguration.write(toFile: folder + "/xorg.conf", atomically: true, encoding: .utf8)
            // -sharevts -novtswitch: the servers of parallel test workers share the console's
            // virtual terminal and never switch it away from one another.
            server = try ChildProcess(
                executable: try Self.locate("Xorg"),
                arguments: [
                    "-displayfd", "1", "-config", folder + "/xorg.conf", "-logfile", folder + "/Xorg.log", "-nolisten", "tcp",
                    "-noreset", "-sharevts", "-novtswitch",
                ])
        } else {
            let xvfb = try Self.locate("Xvfb")
            // -displayfd 1: Xvfb picks a free display number and prints it when it is ready.
            // -ac with TCP: the loopback client has no cookie; nothing outside this machine connects.
            let network = listensOnTCP ? ["-listen", "tcp", "-ac"] : ["-nolisten", "tcp"]
            server = try ChildProcess(
                executable: xvfb,
                arguments: ["-displayfd", "1", "-screen", "0", "1280x800x24"] + network + extraServerArguments)
        }
        guard let number = server.waitForLine(timeout: .seconds(15), where: { Int($0) != nil }) else {
            let output = server.lines.joined(separator: " | ")
            server.stop()
            if let serverFolder { try? FileManager.default.removeItem(atPath: serverFolder) }
            throw Failure.serverDidNotStart(output)
        }
        displayName = ":" + number
        if let outputs {
            do {
                try Self.setOutputs(outputs, displayName: displayName)
            } catch {
                server.stop()
                if let serverFolder { try? FileManager.default.removeItem(atPath: serverFolder) }
                throw error
            }
        }
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
        if let serverFolder { try? FileManager.default.removeItem(atPath: serverFolder) }
        serverFolder = nil
    }

    /// Xorg with the dummy driver, no input devices of its own (XTest's are enough) and a
    /// frame buffer large enough for three monitors side by side; the monitor's ranges let the
    /// driver offer its usual modes (up to 85 Hz).
    static let dummyConfiguration = """
        Section "ServerFlags"
          Option "AutoAddDevices" "false"
          Option "AutoEnableDevices" "false"
          Option "DontVTSwitch" "true"
        EndSection
        Section "Device"
          Identifier "dummy"
          Driver "dummy"
          VideoRam 256000
        EndSection
        Section "Monitor"
          Identifier "monitor"
          HorizSync 5-1000
          VertRefresh 5-200
        EndSection
        Section "Screen"
          Identifier "screen"
          Device "dummy"
          Monitor "monitor"
          DefaultDepth 24
          SubSection "Display"
            Depth 24
            Virtual 4096 1200
          EndSubSection
        EndSection

        """

    /// Turns on `DUMMY0`, `DUMMY1`, … in `modes` (each "WxH", or "WxH@RATE"), left to right, with `xrandr` (adding a mode to
    /// an output that does not list it yet), and every other output off.
    private static func setOutputs(_ modes: [String], displayName: String) throws {
        let xrandr = try locate("xrandr")
        var arguments: [String] = []
        for (index, spec) in modes.enumerated() {
            let parts = spec.split(separator: "@").map(String.init)
            let mode = parts[0]
            let add = try ChildProcess(
                executable: xrandr, arguments: ["--addmode", "DUMMY\(index)", mode], environment: ["DISPLAY": displayName])
            _ = add.waitForExit(timeout: .seconds(10))
            arguments += ["--output", "DUMMY\(index)", "--mode", mode] + (parts.count > 1 ? ["--rate", parts[1]] : [])
            arguments += index == 0 ? ["--pos", "0x0", "--primary"] : ["--right-of", "DUMMY\(index - 1)"]
        }
        let set = try ChildProcess(executable: xrandr, arguments: arguments, environment: ["DISPLAY": displayName])
        guard set.waitForExit(timeout: .seconds(10)) == 0 else { throw Failure.outputsNotSet(set.lines.joined(separator: " | ")) }
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
