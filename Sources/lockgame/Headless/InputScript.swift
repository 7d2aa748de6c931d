import Foundation
import GameInput

/// A scripted player for headless runs: what to do at which frame.
///
/// The format, one command per line, `#` starting a comment:
///
///     wait N                  let N frames pass
///     look DX DY              a relative pointer motion of DX, DY counts (as if locked)
///     key NAME down|up        press or release a key: a letter or digit, escape, return,
///                             shift, alt, space, tab, slash, f1…f12
///     press [MODS+]NAME       press and release a key, e.g. press ctrl+c
///     click X Y [BUTTON] [MODS]
///                             a click at window pixel X, Y; BUTTON is primary (default),
///                             secondary or middle; MODS like ctrl or ctrl+shift
///     scroll DY               wheel steps (discrete); smooth DY for continuous scrolling
///     pinch SCALE             a whole pinch gesture ending at SCALE
struct InputScript {
    /// The events to apply before each frame, by frame index.
    private(set) var eventsByFrame: [Int: [InputEvent]] = [:]
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
                add(
                    .relativeMotion(
                        RelativeMotion(
                            unaccelerated: delta, accelerated: delta, sourceDeviceID: 0,
                            systemTimestamp: 0)), at: frame)
            case ("key", 3):
                let (key, modifiers) = try Self.key(named: words[1], fail: fail)
                switch words[2] {
                case "down": add(Self.keyEvent(key, .down, modifiers), at: frame)
                case "up": add(Self.keyEvent(key, .up, modifiers), at: frame)
                default: throw fail("key wants \"down\" or \"up\", not \"\(words[2])\"")
                }
            case ("press", 2):
                let (key, modifiers) = try Self.key(named: words[1], fail: fail)
                add(Self.keyEvent(key, .down, modifiers), at: frame)
                add(Self.keyEvent(key, .up, modifiers), at: frame)
            case ("click", 3...5):
                let location = WindowPoint(x: try number(words[1]), y: try number(words[2]))
                var button = MouseButton.primary
                var modifiers: ModifierFlags = []
                for word in words.dropFirst(3) {
                    switch word {
                    case "primary": button = .primary
                    case "secondary": button = .secondary
                    case "middle": button = .middle
                    default: modifiers = try Self.modifiers(word, fail: fail)
                    }
                }
                for phase in [PressPhase.down, .up] {
                    add(
                        .button(
                            ButtonEvent(
                                phase: phase, button: button, location: location, modifierFlags: modifiers,
                                systemTimestamp: 0)), at: frame)
                }
            case ("scroll", 2), ("smooth", 2):
                add(
                    .scroll(
                        ScrollEvent(
                            type: command == "scroll" ? .discrete : .continuous,
                            delta: PointerDelta(dx: 0, dy: try number(words[1])),
                            location: WindowPoint(x: 0, y: 0))), at: frame)
            case ("pinch", 2):
                let scale = try number(words[1])
                guard scale > 0 else { throw fail("pinch wants a scale above 0, not \"\(words[1])\"") }
                for (phase, value) in [(InteractionPhase.began, 1.0), (.changed, scale), (.ended, scale)] {
                    add(
                        .transform(
                            TransformEvent(
                                phase: phase, scale: value, rotationDelta: 0,
                                location: WindowPoint(x: 0, y: 0), fingerCount: 2)), at: frame)
                }
            case ("wait", _), ("look", _), ("key", _), ("press", _), ("click", _), ("scroll", _), ("smooth", _), ("pinch", _):
                throw fail("wrong number of words for \"\(command)\"")
            default:
                throw fail("unknown command \"\(command)\" (expected wait, look, key, press, click, scroll, smooth or pinch)")
            }
        }
        length = frame
    }

    /// The events due before frame `frame`.
    func events(atFrame frame: Int) -> [InputEvent] { eventsByFrame[frame] ?? [] }

    private mutating func add(_ event: InputEvent, at frame: Int) {
        eventsByFrame[frame, default: []].append(event)
    }

    private static func keyEvent(_ key: KeySymbol, _ phase: PressPhase, _ modifiers: ModifierFlags) -> InputEvent {
        .key(
            KeyEvent(
                phase: phase, key: key, keyCode: USKeyPositions.usage(of: key), modifierFlags: modifiers,
                isRepeat: false, systemTimestamp: 0))
    }

    private static let namedKeys: [String: KeySymbol] = [
        "escape": .escape, "esc": .escape, "return": .return, "enter": .return, "shift": .shiftLeft,
        "alt": .altLeft, "space": .space, "tab": .tab, "slash": .slash, "f1": .f1, "f11": .f11, "f12": .f12,
        "up": .upArrow, "down": .downArrow, "left": .leftArrow, "right": .rightArrow,
    ]

    private static let namedModifiers: [String: ModifierFlags] = [
        "ctrl": .control, "control": .control, "shift": .shift, "alt": .alternate, "super": .command,
    ]

    private static func modifiers(_ word: String, fail: (String) -> Invalid) throws(Invalid) -> ModifierFlags {
        var flags: ModifierFlags = []
        for part in word.lowercased().split(separator: "+") {
            guard let flag = namedModifiers[String(part)] else { throw fail("unknown modifier \"\(part)\"") }
            flags.insert(flag)
        }
        return flags
    }

    private static func key(named name: String, fail: (String) -> Invalid) throws(Invalid) -> (KeySymbol, ModifierFlags) {
        var parts = name.lowercased().split(separator: "+").map(String.init)
        let last = parts.popLast() ?? ""
        let modifiers = try modifiers(parts.joined(separator: "+"), fail: fail)
        if let key = namedKeys[last] { return (key, modifiers) }
        if last.count == 1, let character = last.first, character.isLetter || character.isNumber, character.isASCII {
            return (KeySymbol(character: character), modifiers)
        }
        throw fail("unknown key \"\(name)\"")
    }
}
