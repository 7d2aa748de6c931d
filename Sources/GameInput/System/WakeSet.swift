/// One descriptor for a host's own `poll()`: readable while the connection (X11's, or
/// Wayland's) or the lock guardian's socket is, or a descriptor watched for good (the Wayland
/// clipboard's transfers), or once a deadline has passed. An epoll set holding those two and a
/// timer; epoll sets are themselves pollable, so a host adds this one descriptor, whatever
/// changes behind it.
///
/// The timer is set again after each look at the window (``schedule(after:)``), which also
/// clears an expiry that was handled: a host that wakes for it and calls `pollEvents` is not
/// woken again until the next deadline.
final class WakeSet {
    /// The epoll set's descriptor.
    let descriptor: Int32
    private let timer: Int32
    private let connection: Int32
    /// The guardian (its process) whose socket is in the set, if one is.
    private var guardian: (socket: Int32, pid: Int32)?

    /// A set watching the X connection's descriptor `connection`; nil when the system cannot
    /// make one (out of descriptors).
    init?(connection: Int32) {
        guard case .success(let descriptor) = Posix.epollSet() else { return nil }
        guard case .success(let timer) = Posix.timer() else {
            Posix.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.timer = timer
        self.connection = connection
        Posix.epoll(descriptor, watching: connection, true)
        Posix.epoll(descriptor, watching: timer, true)
    }

    deinit {
        Posix.close(timer)
        Posix.close(descriptor)
    }

    /// Watches the socket of the guardian process `pid` (nil: none runs) instead of the one
    /// before. A guardian is known by its process: a new one may get the old socket's number,
    /// and closing the old socket took it out of the set already.
    func watchGuardian(_ socket: Int32?, pid: Int32?) {
        guard pid != guardian?.pid else { return }
        if let guardian { Posix.epoll(descriptor, watching: guardian.socket, false) }
        guardian = nil
        if let socket, let pid {
            Posix.epoll(descriptor, watching: socket, true)
            guardian = (socket, pid)
        }
    }

    /// Watches `descriptor` for reading as long as the set lives (the Wayland clipboard's
    /// epoll set of transfers).
    func watch(_ descriptor: Int32) {
        Posix.epoll(self.descriptor, watching: descriptor, true)
    }

    /// Makes the set readable after `delay` (at once for zero), or only for the descriptors
    /// it watches (nil).
    func schedule(after delay: Duration?) {
        Posix.setTimer(timer, after: delay)
    }
}
