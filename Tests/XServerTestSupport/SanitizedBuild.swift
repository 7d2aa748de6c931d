import Foundation

/// What the tests allow a sanitized build (scripts/sanitize, `swift build --sanitize=...`):
/// time for the game's own speed, and a heap measure that leaves out the sanitizer's memory.
public enum SanitizedBuild {
    /// How many times slower than a normal debug build the programs under test run: 1, or what
    /// `LOCKGAME_TEST_TIME_SCALE` says (scripts/sanitize sets it: a sanitized build's
    /// software-rendered frames take several times longer). Only bounds on how fast the game
    /// itself answers (a locker's wait, an exit after SIGTERM) are scaled; what the library
    /// promises whatever the frame time (a stall timeout, the guardian's release) is not.
    public static let timeScale: Double = {
        guard let text = ProcessInfo.processInfo.environment["LOCKGAME_TEST_TIME_SCALE"], let value = Double(text),
            value >= 1
        else { return 1 }
        return value
    }()

    /// `milliseconds` times ``timeScale``.
    public static func milliseconds(_ milliseconds: Double) -> Double { milliseconds * timeScale }

    /// The bytes this process has allocated and not freed, as the sanitizer's allocator counts
    /// them; nil without a sanitizer. Under one, the resident size is no measure of the
    /// program's memory: AddressSanitizer keeps freed blocks in quarantine (tens of MB) and
    /// both keep shadow memory and histories.
    public static var allocatedBytes: Int? {
        guard let symbol = dlsym(nil, "__sanitizer_get_current_allocated_bytes") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int).self)()
    }
}
