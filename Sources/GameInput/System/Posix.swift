internal import CPosix
import Foundation

/// The system calls GameInput makes outside Xlib, one function each, in the manner of
/// swift-system and swift-nio's `System.swift`: `errno` read at once and returned as an
/// ``Errno``, `EINTR` retried, every descriptor close-on-exec from the call that creates it
/// (a program another thread starts in between inherits nothing), and writes to sockets that
/// can never raise `SIGPIPE` (`MSG_NOSIGNAL`: a peer that is gone is an error to handle).
///
/// Other code in GameInput makes none of these calls itself, so the rules hold at every call
/// site at once.
package enum Posix {
    /// A failed call's `errno`.
    package struct Errno: Error, Equatable, CustomStringConvertible {
        /// The C `errno` value, such as `EPIPE`.
        package let code: Int32

        /// The current thread's `errno`, read right after the failed call.
        static var current: Errno { Errno(code: errno) }

        /// `strerror`'s text.
        package var description: String { String(cString: strerror(code)) }
    }

    /// What a non-blocking transfer on a socket or pipe gave.
    enum Transfer: Equatable {
        /// This many bytes moved (at least one).
        case bytes(Int)
        /// Nothing can move now (`EAGAIN`): the buffer is full, or empty.
        case wouldBlock
        /// The other end is gone: end of file on a read, `EPIPE` or `ECONNRESET` on a write.
        case closed
        /// Any other failure.
        case failed(Errno)
    }

    /// A connected pair of Unix stream sockets (`socketpair(AF_UNIX, SOCK_STREAM |
    /// SOCK_CLOEXEC)`), both close-on-exec. A descriptor a child process should have is
    /// handed to it with `posix_spawn_file_actions_adddup2`, which clears the flag on the copy.
    static func socketPair() -> Result<(Int32, Int32), Errno> {
        var ends: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { return .failure(.current) }
        return .success((ends[0], ends[1]))
    }

    /// A pipe whose ends are close-on-exec and non-blocking (`pipe2(O_CLOEXEC | O_NONBLOCK)`).
    static func pipe() -> Result<(read: Int32, write: Int32), Errno> {
        var ends: [Int32] = [-1, -1]
        guard gameinput_pipe2(&ends, O_CLOEXEC | O_NONBLOCK) == 0 else { return .failure(.current) }
        return .success((ends[0], ends[1]))
    }

    /// Sends `bytes` on a socket without blocking and without `SIGPIPE`
    /// (`send(MSG_NOSIGNAL | MSG_DONTWAIT)`); retried on `EINTR`.
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Transfer {
        while true {
            let sent = Glibc.send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            if sent >= 0 { return .bytes(sent) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case EPIPE, ECONNRESET: return .closed
            default: return .failed(.current)
            }
        }
    }

    /// Receives what a socket holds now, at most `buffer.count` bytes, without blocking
    /// (`recv(MSG_DONTWAIT)`); retried on `EINTR`.
    static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case ECONNRESET: return .closed
            default: return .failed(.current)
            }
        }
    }

    /// Reads what a non-blocking pipe holds, at most `buffer.count` bytes; retried on `EINTR`.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Transfer {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(.current)
            }
        }
    }

    /// Writes what a non-blocking pipe (or socket) takes now, at most `bytes.count` bytes,
    /// without `SIGPIPE`: a reader that is gone is ``Transfer/closed``. Retried on `EINTR`.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Transfer {
        let written = gameinput_write_without_sigpipe(descriptor, bytes.baseAddress, UInt(bytes.count))
        if written >= 0 { return .bytes(written) }
        switch errno {
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case EPIPE, ECONNRESET: return .closed
        default: return .failed(.current)
        }
    }

    /// Makes `descriptor` non-blocking (`fcntl(F_SETFL, O_NONBLOCK)`), for one another process
    /// handed over.
    static func setNonBlocking(_ descriptor: Int32) -> Result<Void, Errno> {
        gameinput_set_nonblocking(descriptor) == 0 ? .success(()) : .failure(.current)
    }

    /// Waits up to `timeout` milliseconds (-1: without limit) for one of `descriptors` to be
    /// ready (`poll`). A signal handler that runs meanwhile (`EINTR`) ends the wait early with
    /// nothing ready: a signal is a reason to look again, and the caller's loop does.
    /// Returns the number of descriptors ready.
    @discardableResult
    static func poll(_ descriptors: UnsafeMutableBufferPointer<pollfd>, timeout: Int32) -> Int {
        let ready = Glibc.poll(descriptors.baseAddress, nfds_t(descriptors.count), timeout)
        return ready > 0 ? Int(ready) : 0
    }

    /// A new epoll set, close-on-exec (`epoll_create1(EPOLL_CLOEXEC)`): one descriptor that
    /// is readable while any descriptor in it is.
    static func epollSet() -> Result<Int32, Errno> {
        let descriptor = gameinput_epoll_create()
        return descriptor >= 0 ? .success(descriptor) : .failure(.current)
    }

    /// Adds `descriptor` to the epoll set `set` for reading, or removes it.
    @discardableResult
    static func epoll(_ set: Int32, watching descriptor: Int32, _ watching: Bool) -> Result<Void, Errno> {
        gameinput_epoll_watch(set, descriptor, watching ? 1 : 0) == 0 ? .success(()) : .failure(.current)
    }

    /// Adds `descriptor` to the epoll set `set` until it can be written to.
    @discardableResult
    static func epoll(_ set: Int32, watchingForWriting descriptor: Int32) -> Result<Void, Errno> {
        gameinput_epoll_watch(set, descriptor, 2) == 0 ? .success(()) : .failure(.current)
    }

    /// Why a shared library, or a function in it, could not be loaded: `dlerror`'s words.
    package struct LibraryError: Error, Equatable, CustomStringConvertible {
        /// What the dynamic loader said, such as "libdecor-0.so.0: cannot open shared object file".
        package let description: String
    }

    /// A shared library `dlopen` opened; it stays loaded for the life of the process.
    struct Library: @unchecked Sendable {
        /// `dlopen`'s handle, only read.
        let handle: UnsafeMutableRawPointer

        /// The function `name` as `Function`, a `@convention(c)` type matching its C declaration.
        func function<Function>(_ name: String) throws(LibraryError) -> Function {
            _ = dlerror()
            guard let symbol = dlsym(handle, name) else {
                throw LibraryError(description: dlerror().map { String(cString: $0) } ?? "\(name) is missing")
            }
            return unsafeBitCast(symbol, to: Function.self)
        }
    }

    /// Opens the shared library `name` (`dlopen`, every symbol resolved at once, none made
    /// global), searched for as the dynamic loader searches.
    static func openLibrary(_ name: String) -> Result<Library, LibraryError> {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LibraryError(description: dlerror().map { String(cString: $0) } ?? "\(name) could not be loaded"))
        }
        return .success(Library(handle: handle))
    }

    /// `CLOCK_MONOTONIC` now, in nanoseconds (`clock_gettime`, which cannot fail for that
    /// clock: its only errors are a bad clock or address).
    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// A monotonic timer descriptor, close-on-exec and non-blocking (`timerfd_create`).
    static func timer() -> Result<Int32, Errno> {
        let descriptor = gameinput_timer_create()
        return descriptor >= 0 ? .success(descriptor) : .failure(.current)
    }

    /// Makes `timer` readable after `delay` (at once for zero or less), or never (nil); it is
    /// not readable before then, whatever expired earlier (`timerfd_settime`).
    static func setTimer(_ timer: Int32, after delay: Duration?) {
        guard let delay else {
            _ = gameinput_timer_set(timer, 0)
            return
        }
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        _ = gameinput_timer_set(timer, max(1, nanoseconds))
    }

    /// Anonymous shared memory of `size` bytes, close-on-exec, mapped for reading and writing
    /// (`memfd_create(MFD_CLOEXEC)`, `ftruncate` retried on `EINTR`, `mmap(MAP_SHARED)`): what a
    /// Wayland client shares with the compositor. Free it with ``unmap(_:size:)`` and
    /// ``close(_:)``.
    package static func sharedMemory(name: String, size: Int) -> Result<(descriptor: Int32, memory: UnsafeMutableRawPointer), Errno> {
        let descriptor = gameinput_memfd_create(name)
        guard descriptor >= 0 else { return .failure(.current) }
        while ftruncate(descriptor, off_t(size)) != 0 {
            guard errno == EINTR else {
                let failure = Errno.current
                close(descriptor)
                return .failure(failure)
            }
        }
        switch map(descriptor, size: size, writable: true) {
        case .success(let memory): return .success((descriptor, memory))
        case .failure(let failure):
            close(descriptor)
            return .failure(failure)
        }
    }

    /// Maps `size` bytes of `descriptor` from its start, shared (`mmap(MAP_SHARED)`), for
    /// reading, and for writing when `writable`: a keymap a compositor sends is mapped read-only
    /// (its memory may be sealed against writes).
    package static func map(_ descriptor: Int32, size: Int, writable: Bool) -> Result<UnsafeMutableRawPointer, Errno> {
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        let memory = mmap(nil, size, protection, MAP_SHARED, descriptor, 0)
        guard let memory, memory != MAP_FAILED else { return .failure(.current) }
        return .success(memory)
    }

    /// Unmaps what ``map(_:size:writable:)`` or ``sharedMemory(name:size:)`` mapped (`munmap`).
    package static func unmap(_ memory: UnsafeMutableRawPointer, size: Int) {
        _ = munmap(memory, size)
    }

    /// Closes `descriptor`. `EINTR` is not retried: on Linux the descriptor is closed anyway,
    /// and a second `close` could close one another thread just opened.
    package static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// Starts `path` with `arguments` and `environment`, with `descriptor` as the child's
    /// descriptor `childDescriptor` (all others it gets are only those without close-on-exec),
    /// in a process group of its own, every signal unblocked and SIGINT, SIGTERM, SIGHUP and
    /// SIGPIPE at their defaults (`posix_spawn` with `POSIX_SPAWN_SETPGROUP`,
    /// `POSIX_SPAWN_SETSIGMASK`, `POSIX_SPAWN_SETSIGDEF`).
    static func spawn(
        _ path: String, arguments: [String], environment: [String], passing descriptor: Int32, as childDescriptor: Int32
    ) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptor, childDescriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        return status == 0 ? .success(pid) : .failure(Errno(code: status))
    }

    /// Reaps `pid` if it has ended (`waitpid(WNOHANG)`); true once it is reaped or is not our
    /// child any more.
    static func reap(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return true }
            if result == 0 { return false }
            if errno == EINTR { continue }
            return true  // ECHILD: reaped already, or never ours
        }
    }

    /// Makes `SIGPIPE` survivable for the whole program if the host left it at its default
    /// (see `gameinput_sigpipe_survivable`): a display server's socket that closes is then an
    /// `EPIPE` on every thread that writes on it. A host's own disposition stays.
    static func makeSIGPIPESurvivable() {
        _ = gameinput_sigpipe_survivable()
    }

    /// Sends `signal` to `pid` (`kill`).
    static func signal(_ pid: pid_t, _ signal: Int32) {
        _ = kill(pid, signal)
    }
}
