import Foundation
import Testing

@testable import GameInput

/// How many SIGPIPEs reached the handler ``PipeTransferTests`` installs.
nonisolated(unsafe) private var sigpipesHandled = 0

/// The pipe writes of the Wayland clipboard, without a compositor: a paste reaches the game as
/// the write end of another program's pipe, and that program may stop reading or go away.
@Suite(.serialized) struct PipeTransferTests {
    /// A reader that is gone is an error to handle, never a SIGPIPE: with a handler counting
    /// them installed, a write to a pipe whose read end is closed fails with `.closed`, no
    /// handler runs, none is left pending, and the thread's signal mask is as it was.
    @Test func writingToAPipeWhoseReaderIsGoneRaisesNoSIGPIPE() throws {
        let previous = signal(SIGPIPE) { _ in sigpipesHandled += 1 }
        defer { signal(SIGPIPE, previous) }
        sigpipesHandled = 0
        guard case .success(let pipe) = Posix.pipe() else { throw PosixFailure() }
        defer { Posix.close(pipe.write) }
        Posix.close(pipe.read)
        let bytes: [UInt8] = Array("lockgame pose".utf8)
        let result = bytes.withUnsafeBytes { Posix.write(pipe.write, $0) }
        #expect(result == .closed)
        #expect(sigpipesHandled == 0, "no SIGPIPE reached the program")
        var pending = sigset_t()
        sigemptyset(&pending)
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "and none is left pending")
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        #expect(sigismember(&mask, SIGPIPE) == 0, "SIGPIPE is not left blocked")

        // The handler counts: a plain write does raise it.
        guard case .success(let plain) = Posix.pipe() else { throw PosixFailure() }
        defer { Posix.close(plain.write) }
        Posix.close(plain.read)
        _ = bytes.withUnsafeBytes { Glibc.write(plain.write, $0.baseAddress, $0.count) }
        #expect(sigpipesHandled == 1, "the check can fail: a plain write raised one")
    }

    /// A reader that is slow: the write takes what the pipe holds and then says `.wouldBlock`,
    /// and the rest goes once the reader has read; nothing waits.
    @Test func aFullPipeTakesWhatItCanAndTheRestLater() throws {
        guard case .success(let pipe) = Posix.pipe() else { throw PosixFailure() }
        defer {
            Posix.close(pipe.read)
            Posix.close(pipe.write)
        }
        let bytes = [UInt8](repeating: 0x61, count: 1 << 20)
        var sent = 0
        var blocked = false
        while sent < bytes.count, !blocked {
            switch bytes.withUnsafeBytes({ Posix.write(pipe.write, UnsafeRawBufferPointer(rebasing: $0[sent...])) }) {
            case .bytes(let count): sent += count
            case .wouldBlock: blocked = true
            case let other: Issue.record("unexpected \(other)"); return
            }
        }
        #expect(blocked && sent > 0 && sent < bytes.count, "the pipe took \(sent) of \(bytes.count) bytes")
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let read = buffer.withUnsafeMutableBytes { Posix.read(pipe.read, into: $0) }
        #expect(read == .bytes(min(sent, buffer.count)))
        let more = bytes.withUnsafeBytes { Posix.write(pipe.write, UnsafeRawBufferPointer(rebasing: $0[sent...])) }
        guard case .bytes(let count) = more else { return #expect(Bool(false), "room again: \(more)") }
        #expect(count > 0)
    }

    /// The clipboard's transfers sit in an epoll set of their own that the wake set watches as
    /// one descriptor: a pipe that can be written to wakes the host, and one taken out of the
    /// set no longer does.
    @Test func aTransferThatCanMoveWakesTheHost() throws {
        guard case .success(let connection) = Posix.pipe(), case .success(let transfers) = Posix.epollSet(),
            case .success(let paste) = Posix.pipe()
        else { throw PosixFailure() }
        defer { [connection.read, connection.write, transfers, paste.read, paste.write].forEach(Posix.close) }
        let wake = try #require(WakeSet(connection: connection.read))
        wake.watch(transfers)
        #expect(!WakeSetTests.readable(wake.descriptor), "no transfer: nothing to do")
        Posix.epoll(transfers, watchingForWriting: paste.write)
        #expect(WakeSetTests.readable(wake.descriptor), "a pipe with room wakes the host")
        Posix.epoll(transfers, watching: paste.write, false)
        #expect(!WakeSetTests.readable(wake.descriptor), "taken out, it no longer does")
    }

    struct PosixFailure: Error {}
}
