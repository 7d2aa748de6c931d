import Foundation
import Testing

@testable import GameInput

/// The wake descriptor's epoll set, without a server: a pipe stands in for the X connection.
@Suite struct WakeSetTests {
    static func readable(_ descriptor: Int32, within milliseconds: Int32 = 0) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1
    }

    @Test func itIsReadableForItsDescriptorsAndItsTimerOnly() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let wake = try #require(WakeSet(connection: ends[0]))
        #expect(!Self.readable(wake.descriptor), "nothing to do yet")

        // Bytes on the connection make it readable until they are read.
        var byte: UInt8 = 1
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(Self.readable(wake.descriptor))
        #expect(read(ends[0], &byte, 1) == 1)
        #expect(!Self.readable(wake.descriptor))

        // A deadline makes it readable when due, not before; setting it again clears it.
        wake.schedule(after: .milliseconds(50))
        #expect(!Self.readable(wake.descriptor))
        #expect(Self.readable(wake.descriptor, within: 1000))
        wake.schedule(after: nil)
        #expect(!Self.readable(wake.descriptor))
        wake.schedule(after: .zero)
        #expect(Self.readable(wake.descriptor, within: 100), "zero is at once")
    }

    @Test func aNewGuardianIsWatchedEvenOnTheOldSocketsNumber() throws {
        var connection: [Int32] = [0, 0]
        #expect(pipe(&connection) == 0)
        defer { connection.forEach { close($0) } }
        let wake = try #require(WakeSet(connection: connection[0]))
        var first: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &first) == 0)
        wake.watchGuardian(first[0], pid: 100)
        var byte: UInt8 = 1
        #expect(send(first[1], &byte, 1, 0) == 1)
        #expect(Self.readable(wake.descriptor))
        // That guardian ends; the next one's socket gets the same number.
        close(first[0])
        close(first[1])
        var second: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &second) == 0)
        defer { second.forEach { close($0) } }
        #expect(second[0] == first[0] || second[1] == first[0], "the kernel reuses the lowest number")
        let guardianEnd = second[0] == first[0] ? second[0] : second[1]
        let otherEnd = guardianEnd == second[0] ? second[1] : second[0]
        #expect(!Self.readable(wake.descriptor))
        wake.watchGuardian(guardianEnd, pid: 101)
        #expect(send(otherEnd, &byte, 1, 0) == 1)
        #expect(Self.readable(wake.descriptor), "the new guardian's news wakes the host")
    }
}
