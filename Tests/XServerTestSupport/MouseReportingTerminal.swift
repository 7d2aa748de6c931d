import Foundation

/// foot, the Wayland terminal, as a native Wayland window that proves the cursor is on it: its
/// shell turns on mouse reporting (any motion, SGR encoding) and copies the reports it receives,
/// unbuffered (a raw terminal: they have no newline), into a log file.
///
/// Ready is a signal, not a guess: after asking for the mouse modes, the shell asks foot for its
/// device attributes (`ESC [ c`) and waits for the answer. foot handles what it reads in order,
/// so once it has answered it has turned reporting on; only then does the shell create the
/// `ready` file. A cursor moved onto the window before that would be lost (foot reports nothing
/// yet), which made the Xwayland tests flaky when foot started late.
public struct MouseReportingTerminal {
    /// The command line to start (`foot --title TITLE sh SCRIPT LOG`).
    public let arguments: [String]
    /// Where the mouse reports go.
    public let log: String
    /// Created once reporting is on.
    public let readyFile: String

    /// Writes the shell script into `folder` (which the terminal's user can read) for a window
    /// titled `title`.
    public init(title: String, folder: String) throws {
        log = folder + "/\(title).log"
        readyFile = log + ".ready"
        let script = folder + "/\(title).sh"
        try """
        stty raw -echo
        printf '\\033[?1003h\\033[?1006h\\033[c'
        while c=$(dd bs=1 count=1 status=none) && [ "$c" != c ]; do :; done
        : > "$1.ready"
        exec dd bs=1 of="$1" status=none

        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o644)
        arguments = ["foot", "--title", title, "sh", script, log]
    }

    /// Whether mouse reporting is on.
    public var isReady: Bool { FileManager.default.fileExists(atPath: readyFile) }

    /// Whether a mouse report has arrived.
    public var heardThePointer: Bool { ((try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0) > 0 }

    /// How many times the letter `a` was typed into it (mouse reports hold no lowercase letter).
    public var timesATyped: Int {
        guard let data = FileManager.default.contents(atPath: log) else { return 0 }
        return data.count(where: { $0 == UInt8(ascii: "a") })
    }
}
