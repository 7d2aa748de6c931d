import Foundation
import XServerTestSupport

/// A tracer attached to this process with `PTRACE_SEIZE`, as a debugger attaches without
/// stopping it: `TracerPid` is set and the process keeps running. The tracer passes on every
/// signal the process receives (each is a stop for it) and detaches when told, or when it dies.
final class SeizingTracer {
    private let process: ChildProcess

    /// The tracer, in Python (`ctypes`): the ptrace requests must come from the thread that
    /// seized, so one loop both relays stops and reads its standard input.
    private static let script = """
        import ctypes, os, select, sys
        libc = ctypes.CDLL(None, use_errno=True)
        libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
        pid = int(sys.argv[1])
        if libc.ptrace(0x4206, pid, None, None) != 0:
            print("error", os.strerror(ctypes.get_errno()), flush=True); sys.exit(1)
        print("seized", flush=True)
        while True:
            if select.select([sys.stdin], [], [], 0.002)[0]:
                break
            try:
                waited, status = os.waitpid(pid, os.WNOHANG | 0x40000000)
            except ChildProcessError:
                sys.exit(0)
            if waited and os.WIFSTOPPED(status):
                libc.ptrace(7, pid, None, ctypes.c_void_p(os.WSTOPSIG(status) & 0x7f))
        libc.ptrace(0x4207, pid, None, None)
        _, status = os.waitpid(pid, 0x40000000)
        # A signal's stop came before the interrupt's: the signal goes on with the detach.
        libc.ptrace(17, pid, None, ctypes.c_void_p(0 if status >> 16 == 128 else os.WSTOPSIG(status)))
        print("detached", flush=True)
        """

    /// Seizes this process; throws when the tracer cannot.
    init() throws {
        let python = try XServerFixture.locate("python3")
        process = try ChildProcess(executable: python, arguments: ["-c", Self.script, "\(getpid())"], takesInput: true)
        guard process.waitForLine(timeout: .seconds(10), where: { $0 == "seized" || $0.hasPrefix("error") }) == "seized" else {
            process.stop()
            throw TracerFailed(lines: process.lines)
        }
    }

    /// Detaches (interrupting the process for the moment `PTRACE_DETACH` needs) and ends.
    func detach() {
        process.send(line: "detach")
        _ = process.waitForLine(timeout: .seconds(10)) { $0 == "detached" }
        _ = process.waitForExit(timeout: .seconds(5))
    }

    func stop() { process.stop() }

    struct TracerFailed: Error, CustomStringConvertible {
        let lines: [String]
        var description: String { "the tracer did not seize this process: \(lines)" }
    }
}
