internal import CPosix
import Foundation
import Synchronization

/// Turns SIGTERM, SIGINT and SIGHUP into a request the game's loop sees at once, so the game
/// leaves through its normal teardown (ungrab, restore the cursor, close the display) instead
/// of dying with the pointer grabbed, or handles the signal its own way (SIGHUP as "reload").
///
/// The handler records the signal and writes a byte to a non-blocking self-pipe that
/// ``GameWindow/waitForEvents(until:)`` polls beside the X connection: a signal that arrives
/// just before the loop goes to sleep still wakes it, where a flag checked before `poll()`
/// would let it sleep out its whole timeout.
///
/// It lives beside the host's own signal handling: a handler installed before ``install()``
/// still runs, after GameInput's, for every signal; a signal the process ignores (`nohup`'s
/// SIGHUP) stays ignored; handlers are installed with `SA_RESTART`, so the host's blocking
/// calls do not fail with `EINTR` because of them. The handler itself is C (`CPosix`):
/// a signal handler may do only async-signal-safe things.
public enum TerminationSignals {
    /// The signals handled, in the order ``pending`` reports them.
    private static let handled = [SIGTERM, SIGINT, SIGHUP]

    /// The self-pipe's ends, once installed.
    private static let wakePipe = Mutex<(read: Int32, write: Int32)?>(nil)

    /// The self-pipe's read end, or -1 before ``install()``.
    static var wakeDescriptor: Int32 { wakePipe.withLock { $0?.read ?? -1 } }

    /// A signal received and not cleared since: SIGTERM before SIGINT before SIGHUP when more
    /// than one came; nil when none.
    public static var pending: Int32? {
        let signal = gameinput_signal_relay_pending()
        return signal == 0 ? nil : signal
    }

    /// Installs the handler for SIGTERM, SIGINT and SIGHUP (once; later calls change nothing).
    public static func install() {
        wakePipe.withLock { pipe in
            guard pipe == nil, case .success(let ends) = Posix.pipe() else { return }
            pipe = ends
            _ = handled.withUnsafeBufferPointer { signals in
                gameinput_signal_relay_install(signals.baseAddress, Int32(signals.count), ends.write)
            }
        }
    }

    /// Forgets that `signal` came (nil: every signal), for a game that handles it and goes on
    /// (SIGHUP as "reload"); ``pending`` then reports the next one, and
    /// ``GameWindow/waitForEvents(until:)`` sleeps again.
    public static func clear(_ signal: Int32? = nil) {
        gameinput_signal_relay_clear(signal ?? 0)
        drainWakePipe()
    }

    /// Empties the self-pipe, so `poll()` does not wake for signals already seen.
    static func drainWakePipe() {
        let descriptor = wakeDescriptor
        guard descriptor >= 0 else { return }
        withUnsafeTemporaryAllocation(byteCount: 64, alignment: 1) { buffer in
            while case .bytes = Posix.read(descriptor, into: buffer) {}
        }
    }
}
