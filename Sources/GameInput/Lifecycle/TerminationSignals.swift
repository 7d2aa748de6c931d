import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into a request to quit that the game's loop sees at once,
/// so the game leaves through its normal teardown (ungrab, restore the cursor, close the
/// display) instead of dying with the pointer grabbed.
///
/// The handler records the signal and writes a byte to a non-blocking self-pipe that
/// ``GameWindow/waitForEvents(until:)`` polls beside the X connection: a signal that arrives
/// just before the loop goes to sleep still wakes it, where a flag checked before `poll()`
/// would let it sleep out its whole timeout.
public enum TerminationSignals {
    nonisolated(unsafe) private static var received: sig_atomic_t = 0
    nonisolated(unsafe) private static var pipeWrite: Int32 = -1
    /// The self-pipe's read end, or -1 before ``install(_:)``.
    nonisolated(unsafe) private(set) static var wakeDescriptor: Int32 = -1

    /// The signal number received, or nil.
    public static var pending: Int32? { received == 0 ? nil : Int32(received) }

    /// Installs the handler for SIGINT, SIGTERM and SIGHUP (once; later calls change nothing).
    public static func install() {
        guard wakeDescriptor < 0 else { return }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = ends[0]
        pipeWrite = ends[1]
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TerminationSignals.received = sig_atomic_t(number)
                var byte: UInt8 = 1
                _ = write(TerminationSignals.pipeWrite, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}
