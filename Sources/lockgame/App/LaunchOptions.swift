/// The command line, parsed. Any unknown flag or bad value is an error with one clear line.
struct LaunchOptions: Equatable {
    var displayName: String?
    var width = 960
    var height = 540
    var showHelp = false
    var showVersion = false

    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws(Invalid) {
        var remaining = arguments[...]
        func value(for flag: String) throws(Invalid) -> String {
            guard let value = remaining.popFirst() else { throw Invalid(description: "\(flag) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h": showHelp = true
            case "--version": showVersion = true
            case "--display": displayName = try value(for: argument)
            case "--size":
                let text = try value(for: argument)
                let parts = text.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                      (64...16384).contains(w), (64...16384).contains(h) else {
                    throw Invalid(description: "--size wants WIDTHxHEIGHT with each side 64…16384, not \"\(text)\"")
                }
                width = w
                height = h
            default:
                throw Invalid(description: "unknown option \"\(argument)\"")
            }
        }
    }
}
