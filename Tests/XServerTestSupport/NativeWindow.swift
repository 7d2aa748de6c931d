import Foundation

/// A native Wayland window of the tests' own (`Tests/WaylandTools/PointerWindow`), mapped by a
/// ``WaylandSession``: an xdg-shell toplevel that logs what the compositor tells it, and can take
/// a pointer lock or confinement of its own on request. Its log is the tests' view of where the
/// compositor's pointer and keyboard focus are and what keys type:
///
/// ```
/// enter X Y | motion X Y | leave | button CODE STATE      pointer, surface coordinates
/// focus in | focus out                                    keyboard focus
/// key CODE STATE TEXT                                     evdev code, 1 down / 0 up, what it types
/// relative DX DY                                          relative motion, unaccelerated
/// locked | unlocked | confined | unconfined               its own constraint's events
/// ```
public final class NativeWindow {
    public let title: String
    /// The log file the window appends to.
    public let logPath: String
    private let process: ChildProcess

    init(title: String, tool: String, folder: String, environment: [String: String]) throws {
        self.title = title
        logPath = folder + "/\(title)-\(UInt32.random(in: 0...UInt32.max)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process = try ChildProcess(
            executable: tool, arguments: [title, logPath], environment: environment.merging(["DISPLAY": ""]) { $1 },
            takesInput: true)
        guard process.waitForLine(timeout: .seconds(10), where: { $0 == "mapped" }) != nil else {
            process.stop()
            throw WaylandToolBuilder.Failure(description: "the native window \(title) did not map: \(process.lines)")
        }
        // Let the focus settle: a compositor that gives a new window the focus does so within
        // milliseconds of its first frame (sway, KWin; mutter unless keys were typed before),
        // and a test must not act on the previous window's stale `focus in`.
        _ = waitForLine(timeout: .milliseconds(500)) { $0 == "focus in" }
    }

    deinit { close() }

    /// Every line of the log so far.
    public var log: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Whether the window has the keyboard focus (its last focus line is `focus in`).
    public var hasKeyboardFocus: Bool { log.last { $0.hasPrefix("focus ") } == "focus in" }

    /// Whether the compositor's pointer is on the window (its last enter/leave is an enter).
    public var hasPointer: Bool { log.last { $0.hasPrefix("enter ") || $0 == "leave" }?.hasPrefix("enter ") == true }

    /// Whether the window's own pointer lock or confinement is in force, by the compositor's
    /// events to it.
    public var isConstrained: Bool {
        let last = log.last { ["locked", "unlocked", "confined", "unconfined"].contains($0) }
        return last == "locked" || last == "confined"
    }

    /// The keys the window received, in order.
    public var keys: [(code: Int, down: Bool, text: String)] {
        log.compactMap { line in
            guard line.hasPrefix("key ") else { return nil }
            let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard words.count >= 3, let code = Int(words[1]) else { return nil }
            return (code, words[2] == "1", words.count == 4 ? String(words[3]) : "")
        }
    }

    /// What the key presses typed, in the compositor's keymap.
    public var typedText: String { keys.filter(\.down).map(\.text).joined() }

    /// The sum of the relative motion the window received (unaccelerated).
    public var relativeMotion: (dx: Double, dy: Double) {
        log.reduce(into: (0.0, 0.0)) { sum, line in
            let words = line.split(separator: " ")
            if words.count == 3, words[0] == "relative", let dx = Double(words[1]), let dy = Double(words[2]) {
                sum.0 += dx
                sum.1 += dy
            }
        }
    }

    /// The number of log lines; with ``lines(after:)``, what happened since a point in a test.
    public var lineCount: Int { log.count }

    /// The log lines after the first `count`.
    public func lines(after count: Int) -> [String] { Array(log.dropFirst(count)) }

    /// Waits until a log line satisfying `predicate` has been written, at most `timeout`.
    @discardableResult
    public func waitForLine(timeout: Duration = .seconds(5), after count: Int = 0, where predicate: (String) -> Bool) -> String? {
        var found: String?
        _ = BoundedWait.until(timeout: timeout) {
            found = lines(after: count).first(where: predicate)
            return found != nil
        }
        return found
    }

    /// Asks for a persistent pointer lock on the whole window (`zwp_pointer_constraints_v1`).
    /// Returns once the compositor has received the request; whether it put the lock in force
    /// shows as `locked` in the log (``isConstrained``).
    public func lock() { command("lock") }

    /// Asks for a persistent confinement to the whole window.
    public func confine() { command("confine") }

    /// Destroys the window's lock or confinement.
    public func unlock() { command("unlock") }

    /// Closes the window (ends its process).
    public func close() {
        process.send(line: "quit")
        if process.waitForExit(timeout: .seconds(2)) == nil { process.stop() }
        process.closeInput()
    }

    private func command(_ line: String) { process.command(line, timeout: .seconds(5)) }
}
