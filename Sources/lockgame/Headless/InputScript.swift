import Foundation
import GameInput

/// A scripted player for headless runs: what to do at which frame.
///
/// The format, one command per line, `#` starting a comment:
///
///     wait N            let N frames pass
///     look DX DY        a relative pointer motion of DX, DY counts (as if locked)
///     key NAME down     press a key: a letter or digit, or escape, return, shift,
///     key NAME up       space, tab, f1…f12
///     press NAME        press and release a key
///     click X Y         a primary click at window pixel X, Y
struct InputScript: Equatable {
    /// The actions to apply before each frame, by frame index.
    private(set) var actionsByFrame: [Int: [PlayerAction]] = [:]
    /// The frame after the last `wait`: the script's length.
    private(set) var length = 0

    struct Invalid: Error, CustomStringConvertible {
        let file: String
        let line: Int
        let message: String
        var description: String { "\(file):\(line): \(message)" }
    }

    /// Reads and parses the script at `path`.
    init(contentsOf path: String) throws(Invalid) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Invalid(file: path, line: 0, message: "cannot read the script: \((error as NSError).localizedDescription)")
        }
        try self.init(parsing: text, file: path)
    }

    init(parsing text: String, file: String) throws(Invalid) {
        var frame = 0
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let command = words.first else { continue }
            func fail(_ message: String) -> Invalid { Invalid(file: file, line: lineNumber, message: message) }
            func number(_ word: String) throws(Invalid) -> Double {
                guard let value = Double(word), value.isFinite, abs(value) <= 1e6 else {
                    throw fail("\"\(word)\" is not a finite number within ±1000000")
                }
                return value
            }
            switch (command, words.count) {
            case ("wait", 2):
                guard let frames = Int(words[1]), (0...1_000_000).contains(frames) else {
                    throw fail("wait wants a frame count 0…1000000, not \"\(words[1])\"")
                }
                frame += frames
            case ("look", 3):
                let delta = PointerDelta(dx: try number(words[1]), dy: try number(words[2]))
                add(.look(unaccelerated: delta, accelerated: delta, receivedAt: nil), at: frame)
            case ("key", 3):
                let key = try Self.key(named: words[1], fail: fail)
                switch words[2] {
                case "down": add(.key(key, .down, isRepeat: false), at: frame)
                case "up": add(.key(key, .up, isRepeat: false), at: frame)
                default: throw fail("key wants \"down\" or \"up\", not \"\(words[2])\"")
                }
            case ("press", 2):
                let key = try Self.key(named: words[1], fail: fail)
                add(.key(key, .down, isRepeat: false), at: frame)
                add(.key(key, .up, isRepeat: false), at: frame)
            case ("click", 3):
                let x = try number(words[1]), y = try number(words[2])
                add(.button(ButtonEvent.primary, .down, x: x, y: y), at: frame)
                add(.button(ButtonEvent.primary, .up, x: x, y: y), at: frame)
            case ("wait", _), ("look", _), ("key", _), ("press", _), ("click", _):
                throw fail("wrong number of words for \"\(command)\"")
            default:
                throw fail("unknown command \"\(command)\" (expected wait, look, key, press or click)")
            }
        }
        length = frame
    }

    /// The actions due before frame `frame`.
    func actions(atFrame frame: Int) -> [PlayerAction] { actionsByFrame[frame] ?? [] }

    private mutating func add(_ action: PlayerAction, at frame: Int) {
        actionsByFrame[frame, default: []].append(action)
    }

    private static let namedKeys: [String: KeySymbol] = [
        "escape": .escape, "esc": .escape, "return": .return, "enter": .return, "shift": .shiftLeft,
        "space": .space, "tab": .tab, "f1": .f1, "f11": .f11, "f12": .f12,
    ]

    private static func key(named name: String, fail: (String) -> Invalid) throws(Invalid) -> KeySymbol {
        let lower = name.lowercased()
        if let key = namedKeys[lower] { return key }
        if lower.count == 1, let character = lower.first, character.isLetter || character.isNumber, character.isASCII {
            return KeySymbol(character: character)
        }
        throw fail("unknown key \"\(name)\"")
    }
}
