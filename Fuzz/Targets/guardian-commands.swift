// libFuzzer: -max_len=2048
import CLockGuardian
import FuzzSupport
import Glibc

/// The lines the lock guardian reads from the game, with the guardian's own line reader, and
/// `gameinput_parse_command` on each: what a game (or anything that gets hold of the socket)
/// may write.
///
/// The first byte splits the rest in two feeds, as two reads of the socket would. Contract
/// checked: no crash; the reader consumes every byte; every line it hands on is shorter than
/// `GAMEINPUT_LINE_MAX` and holds neither a newline nor a NUL; a partial line stays within the
/// limit; a `window` command names a window other than 0 and its line says `window`; and the
/// commands are the same whatever the split.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGuardianCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, count: size)
    let split = Int(input.byte())
    let bytes = Array(input.remaining)
    let whole = GuardianLines.commands(in: bytes, splitAt: nil)
    let parts = GuardianLines.commands(in: bytes, splitAt: min(split, bytes.count))
    FuzzCheck.require(whole == parts, "the commands depend on how the bytes were read: \(whole) vs \(parts)")
    return 0
}

/// Feeds bytes to a fresh line reader (in one or two pieces) and parses each line.
enum GuardianLines {
    /// Each command found, as its raw value and window.
    static func commands(in bytes: [UInt8], splitAt split: Int?) -> [String] {
        var reader = gameinput_line_reader()
        var found: [String] = []
        let pieces = split.map { [Array(bytes[..<$0]), Array(bytes[$0...])] } ?? [bytes]
        withUnsafeMutablePointer(to: &found) { found in
            for piece in pieces {
                piece.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) { characters in
                        let consumed = gameinput_line_reader_feed(
                            &reader, characters.baseAddress, characters.count,
                            { context, line in
                                guard let context, let line else { return true }
                                let length = strlen(line)
                                FuzzCheck.require(length < Int(GAMEINPUT_LINE_MAX), "a line of \(length) bytes")
                                FuzzCheck.require(strchr(line, 10) == nil, "a newline inside a line")
                                var window: UInt = 0
                                let command = gameinput_parse_command(line, &window)
                                if command == GAMEINPUT_COMMAND_WINDOW {
                                    FuzzCheck.require(window != 0, "a window command without a window")
                                    FuzzCheck.require(strncmp(line, "window ", 7) == 0, "a window command from another line")
                                }
                                context.assumingMemoryBound(to: [String].self).pointee.append("\(command.rawValue) \(window)")
                                return true
                            }, found)
                        FuzzCheck.require(consumed == characters.count, "the reader stopped early")
                    }
                }
            }
        }
        FuzzCheck.require(reader.length < Int(GAMEINPUT_LINE_MAX), "a partial line past the limit")
        return found
    }
}
