import Foundation

/// Turns SIGINT, SIGTERM and SIGHUP into a flag the main loop checks, so the game leaves
/// through its normal teardown (ungrab, restore the cursor, close the display) instead of
/// dying with the pointer grabbed. Installed without `SA_RESTART`, so a signal also wakes
/// the loop from `poll()`.
enum TerminationSignals {
    nonisolated(unsafe) private static var received: sig_atomic_t = 0

    /// The signal number received, or nil.
    static var pending: Int32? { received == 0 ? nil : Int32(received) }

    static func install() {
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { TerminationSignals.received = sig_atomic_t($0) }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }
}
