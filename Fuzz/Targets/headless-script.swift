// libFuzzer: -max_len=4096
import FuzzSupport
import GameInput

@testable import LockgameParsers

/// Fuzzes the headless runner's script parser, `InputScript(parsing:file:)` (the demo's own
/// `Sources/lockgame/Headless/InputScript.swift`, compiled into `LockgameParsers`), with any
/// text. Invalid UTF-8 is repaired first: `InputScript(contentsOf:)` refuses such a file
/// before parsing, so the parser only ever sees valid text.
///
/// Contract checked: no crash and no hang; either a script whose events all fall on frames
/// 0…`length`, with finite numbers within ±1000000 (looks, clicks, scrolls) and pinch
/// scales above 0, or an `Invalid` naming the file and a line inside the text, with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeadlessScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: FuzzInput(data, count: size).remaining, as: UTF8.self)
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    do {
        let script = try InputScript(parsing: text, file: "fuzz.txt")
        FuzzCheck.require(script.length >= 0, "negative length \(script.length)")
        for (frame, events) in script.eventsByFrame {
            FuzzCheck.require((0...script.length).contains(frame), "an event at frame \(frame) of \(script.length)")
            events.forEach(check)
        }
    } catch {
        FuzzCheck.require(
            error.file == "fuzz.txt" && (1...lineCount).contains(error.line) && !error.message.isEmpty, "bad error \(error)")
    }
    return 0
}

/// The numbers a scripted event carries are finite and in the script's range.
private func check(_ event: InputEvent) {
    /// Whether every value is finite and within the script's ±1000000.
    func inRange(_ values: Double...) -> Bool { values.allSatisfy { $0.isFinite && abs($0) <= 1e6 } }
    switch event {
    case .relativeMotion(let motion):
        FuzzCheck.require(inRange(motion.unaccelerated.dx, motion.unaccelerated.dy), "look \(motion)")
    case .button(let button):
        FuzzCheck.require(inRange(button.location.x, button.location.y), "click \(button)")
    case .scroll(let scroll):
        FuzzCheck.require(inRange(scroll.delta.dx, scroll.delta.dy), "scroll \(scroll)")
    case .transform(let pinch):
        FuzzCheck.require(inRange(pinch.scale) && pinch.scale > 0, "pinch \(pinch)")
    case .key:
        break
    default:
        FuzzCheck.require(false, "a script made \(event)")
    }
}
