import CLockGuardian
import Testing

/// The lock guardian's line protocol and start-up specification (`guardian_protocol.c`): the
/// parsers both ends run on bytes another process wrote, and the constructor on whatever
/// `GAMEINPUT_GUARDIAN` holds. `make fuzz` fuzzes the same functions.
@Suite struct GuardianProtocolTests {
    static func spec(_ text: String) -> gameinput_guardian_spec? {
        var spec = gameinput_guardian_spec()
        return gameinput_parse_guardian_spec(text, &spec) ? spec : nil
    }

    @Test func theSpecificationIsThreeCanonicalNumbers() {
        let parsed = Self.spec("3 1000 4242")
        #expect(parsed?.fd == 3 && parsed?.stall_ms == 1000 && parsed?.game_pid == 4242)
        #expect(Self.spec("3 0 2")?.stall_ms == 0, "zero: no hang detection")
        for stray in ["0", "3 4", "3 4 1000 5", " 3 4 1000", "3  4 1000", "3 4 1000 ", "03 4 1000", "3 -4 1000", "3 4 1", "3 86400001 2"] {
            #expect(Self.spec(stray) == nil, "\"\(stray)\" is not a guardian's specification")
        }
    }

    static func commands(_ text: String) -> [(gameinput_command, UInt)] {
        var reader = gameinput_line_reader()
        var found: [(gameinput_command, UInt)] = []
        withUnsafeMutablePointer(to: &found) { found in
            _ = gameinput_line_reader_feed(
                &reader, text, text.utf8.count,
                { context, line in
                    var window: UInt = 0
                    let command = gameinput_parse_command(line, &window)
                    context!.assumingMemoryBound(to: [(gameinput_command, UInt)].self).pointee.append((command, window))
                    return true
                }, found)
        }
        return found
    }

    @Test func commandsAreWholeLinesAndWindowsAreNonZeroDecimals() {
        let parsed = Self.commands("window 4194305\nwatch\nbeat \r\nwait\nunwatch\narm\npartial")
        #expect(
            parsed.map(\.0) == [
                GAMEINPUT_COMMAND_WINDOW, GAMEINPUT_COMMAND_WATCH, GAMEINPUT_COMMAND_BEAT, GAMEINPUT_COMMAND_WAIT,
                GAMEINPUT_COMMAND_UNWATCH, GAMEINPUT_COMMAND_ARM,
            ])
        #expect(parsed.first?.1 == 4_194_305)
        let unknown = Self.commands(
            "window 0\nwindow 01\nwindow 4294967296\nwindow\nwatchful\n\(String(repeating: "x", count: 300))\nbeat\n")
        #expect(
            unknown.map(\.0) == [
                GAMEINPUT_COMMAND_UNKNOWN, GAMEINPUT_COMMAND_UNKNOWN, GAMEINPUT_COMMAND_UNKNOWN, GAMEINPUT_COMMAND_UNKNOWN,
                GAMEINPUT_COMMAND_UNKNOWN, GAMEINPUT_COMMAND_BEAT,
            ], "an over-long line is dropped whole")
    }

    /// A host's window (an attached one) has a command of its own: the guardian leaves its cursor alone.
    @Test func aHostsWindowIsItsOwnCommand() {
        let parsed = Self.commands("hostwindow 71303169\nhostwindow 0\nhostwindows 5\nhostwindow\n")
        #expect(
            parsed.map(\.0) == [
                GAMEINPUT_COMMAND_HOSTWINDOW, GAMEINPUT_COMMAND_UNKNOWN, GAMEINPUT_COMMAND_UNKNOWN, GAMEINPUT_COMMAND_UNKNOWN,
            ])
        #expect(parsed.first?.1 == 71_303_169)
    }

    @Test func repliesAreRecognisedOnlyWhole() {
        func reply(_ line: String) -> (gameinput_reply, UInt) {
            var window: UInt = 0
            return (gameinput_parse_reply(line, &window), window)
        }
        #expect(reply("ready 6291457") == (GAMEINPUT_REPLY_READY, 6_291_457))
        #expect(reply("armed").0 == GAMEINPUT_REPLY_ARMED)
        #expect(reply("released hung").0 == GAMEINPUT_REPLY_RELEASED_HUNG)
        #expect(reply("error cannot open display").0 == GAMEINPUT_REPLY_ERROR)
        for stray in ["ready 0", "ready", "readying 5", "released", "released  hung", "errors"] {
            #expect(reply(stray).0 == GAMEINPUT_REPLY_UNKNOWN, "\"\(stray)\"")
        }
    }
}
