import GameInput

/// The command line, parsed and checked. Any unknown flag or bad value is an ``Invalid``
/// error whose description is one clear line.
struct LaunchOptions: Equatable {
    var displayName: String?
    var width = 960
    var height = 540
    var framesPerSecond = 60
    var sensitivity = 0.1
    var invertY = false
    var assetsDirectory: String?
    var headless = false
    var frames: Int?
    var scriptPath: String?
    var screenshotPath: String?
    var showHelp = false
    var showVersion = false
    var doctor = false
    /// The monitor to start full-screen on: its name as `xrandr --listmonitors` shows it, or
    /// its number counting from 0.
    var monitor: String?
    /// Whether the frame pacer picks when each frame begins (`--pacing on`), where the system
    /// gives presentation feedback.
    var pacing = false

    struct Invalid: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws(Invalid) {
        var remaining = arguments[...]
        func value(for flag: String) throws(Invalid) -> String {
            guard let value = remaining.popFirst() else { throw Invalid(description: "\(flag) needs a value") }
            return value
        }
        func integer(for flag: String, in range: ClosedRange<Int>) throws(Invalid) -> Int {
            let text = try value(for: flag)
            guard let number = Int(text), range.contains(number) else {
                throw Invalid(description: "\(flag) wants a whole number \(range.lowerBound)…\(range.upperBound), not \"\(text)\"")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": showHelp = true
            case "--version": showVersion = true
            case "--doctor": doctor = true
            case "--display": displayName = try value(for: argument)
            case "--size":
                let text = try value(for: argument)
                let parts = text.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                    (64...8192).contains(w), (64...8192).contains(h)
                else {
                    throw Invalid(description: "--size wants WIDTHxHEIGHT with each side 64…8192, not \"\(text)\"")
                }
                width = w
                height = h
            case "--fps": framesPerSecond = try integer(for: argument, in: 0...1000)
            case "--sensitivity":
                let text = try value(for: argument)
                guard let number = Double(text), number.isFinite, number > 0, number <= 100 else {
                    throw Invalid(description: "--sensitivity wants degrees per count, a number above 0 and at most 100, not \"\(text)\"")
                }
                sensitivity = number
            case "--invert-y": invertY = true
            case "--assets": assetsDirectory = try value(for: argument)
            case "--headless": headless = true
            case "--frames": frames = try integer(for: argument, in: 1...100_000)
            case "--script": scriptPath = try value(for: argument)
            case "--screenshot": screenshotPath = try value(for: argument)
            case "--pacing":
                let text = try value(for: argument)
                guard text == "on" || text == "off" else { throw Invalid(description: "--pacing wants on or off, not \"\(text)\"") }
                pacing = text == "on"
            case "--monitor":
                let text = try value(for: argument)
                guard !text.isEmpty else { throw Invalid(description: "--monitor wants a monitor's name or number, not \"\"") }
                monitor = text
            default:
                throw Invalid(description: "unknown option \"\(argument)\"")
            }
        }
        if showHelp || showVersion { return }
        if doctor && headless { throw Invalid(description: "--doctor inspects an X display and makes no sense with --headless") }
        if headless {
            guard screenshotPath != nil else {
                throw Invalid(description: "--headless needs --screenshot FILE.png to save what it renders")
            }
            guard displayName == nil else { throw Invalid(description: "--display makes no sense with --headless") }
            guard monitor == nil else { throw Invalid(description: "--monitor makes no sense with --headless") }
            guard !pacing else { throw Invalid(description: "--pacing makes no sense with --headless") }
        } else {
            for (flag, given) in [("--frames", frames != nil), ("--script", scriptPath != nil), ("--screenshot", screenshotPath != nil)]
            where given {
                throw Invalid(description: "\(flag) works only with --headless")
            }
        }
    }

    /// The monitor `wanted` names among `monitors`: a name as `xrandr --listmonitors` shows it,
    /// or a number counting from 0.
    static func monitor(named wanted: String, in monitors: [Monitor]) -> Monitor? {
        if let byName = monitors.first(where: { $0.name == wanted }) { return byName }
        guard let index = Int(wanted), monitors.indices.contains(index) else { return nil }
        return monitors[index]
    }
}
