// libFuzzer: -max_len=2048
import CLockGuardian
import FuzzSupport
import Glibc

/// The lines the game reads from its lock guardian, with the same line reader the game uses
/// (`LockGuardian`), and `gameinput_parse_reply` on each: what a guardian (or anything on the
/// other end of its socket) may write.
///
/// Contract checked: no crash; every byte is consumed; a `ready` reply names a window other
/// than 0 and its line says `ready`; `released` replies come only from lines that say
/// `released`; an `error` reply only from a line that says `error`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGuardianReplies(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var reader = gameinput_line_reader()
    let bytes = FuzzInput(data, count: size).remaining
    bytes.withMemoryRebound(to: CChar.self) { characters in
        let consumed = gameinput_line_reader_feed(
            &reader, characters.baseAddress, characters.count,
            { _, line in
                guard let line else { return true }
                var window: UInt = 0
                switch gameinput_parse_reply(line, &window) {
                case GAMEINPUT_REPLY_READY:
                    FuzzCheck.require(window != 0, "a ready reply without a window")
                    FuzzCheck.require(strncmp(line, "ready ", 6) == 0, "a ready reply from another line")
                case GAMEINPUT_REPLY_RELEASED_STOPPED, GAMEINPUT_REPLY_RELEASED_TRACED, GAMEINPUT_REPLY_RELEASED_HUNG:
                    FuzzCheck.require(strncmp(line, "released ", 9) == 0, "a release from another line")
                case GAMEINPUT_REPLY_ERROR:
                    FuzzCheck.require(strncmp(line, "error", 5) == 0, "an error from another line")
                default:
                    break
                }
                return true
            }, nil)
        FuzzCheck.require(consumed == characters.count, "the reader stopped early")
    }
    FuzzCheck.require(reader.length < Int(GAMEINPUT_LINE_MAX), "a partial line past the limit")
    return 0
}
