import Foundation

/// A `ko_KR.UTF-8` locale of the tests' own, compiled with `localedef` into a folder that
/// `LOCPATH` names, for uim-xim and its clients.
///
/// uim-xim serves only the locales of its engine's language that `setlocale` accepts where it
/// runs (byeoru: `ko_KR`, in any of `eucKR`, `EUC`, `UTF-8`). Where none is generated it
/// announces an empty `@locale=` and Xlib's `XOpenIM` refuses every client, whatever its
/// locale; Debian generates only `C.UTF-8` by default. With this folder in `LOCPATH` the
/// server announces `ko_KR`, and a client whose `LC_CTYPE` is `ko_KR.UTF-8` is served.
///
/// The folder lives under the temporary directory, one per user, and is kept between runs
/// (about 1.4 MB; `localedef` takes about 2 s). It is compiled into a folder of its own and
/// renamed into place, so test processes running at once never see half of it.
public enum KoreanLocale {
    /// The locale's name, for `LC_CTYPE`.
    public static let name = "ko_KR.UTF-8"

    /// Why the locale could not be made.
    public struct Failure: Error, CustomStringConvertible {
        /// `localedef`'s own words, or what was missing.
        public let reason: String
        /// A sentence for the test log.
        public var description: String { "no \(KoreanLocale.name) locale for uim: \(reason)" }
    }

    /// The value for `LOCPATH`: the tests' folder first, then the system's, so every other
    /// locale (`C.UTF-8` for the categories `LC_CTYPE` does not cover) is still found.
    public static func locPath() throws -> String { try folder.get() + ":/usr/lib/locale" }

    private static let folder: Result<String, Failure> = {
        do { return .success(try make()) } catch let failure as Failure { return .failure(failure) } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }()

    private static func make() throws -> String {
        let folder = NSTemporaryDirectory() + "xservertestsupport-locales-\(getuid())"
        let compiled = folder + "/" + name + "/LC_CTYPE"
        if FileManager.default.fileExists(atPath: compiled) { return folder }
        for (path, package) in [("/usr/bin/localedef", "libc-bin"), ("/usr/share/i18n/locales/ko_KR", "locales")]
        where !FileManager.default.fileExists(atPath: path) {
            throw Failure(reason: "\(path) is not installed (Debian package \(package); make test installs it)")
        }
        let scratch = NSTemporaryDirectory() + "xservertestsupport-locales-\(getuid())-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let localedef = try ChildProcess(
            executable: "/usr/bin/localedef", arguments: ["-i", "ko_KR", "-f", "UTF-8", scratch + "/" + name])
        defer { localedef.stop() }
        guard localedef.waitForExit(timeout: .seconds(60)) == 0 else {
            throw Failure(reason: "localedef failed: \(localedef.lines.suffix(3))")
        }
        // Another test process may have put its copy in place first: either one serves.
        if rename(scratch, folder) != 0, !FileManager.default.fileExists(atPath: compiled) {
            throw Failure(reason: "cannot move the compiled locale to \(folder): \(String(cString: strerror(errno)))")
        }
        return folder
    }
}
