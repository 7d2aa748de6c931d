/// The contract checks of the fuzz targets: a broken promise stops the process, so libFuzzer
/// saves the input as a crash (`crash-…` in the run's artifact folder) like any trap.
public enum FuzzCheck {
    /// Stops with `message` when `condition` is false. Unlike `assert`, it is checked in every
    /// build; unlike `precondition`, the message reaches the log in optimised builds too.
    public static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition() else { return }
        fatalError("fuzz contract broken: \(message())", file: file, line: line)
    }

    /// Whether every value is finite.
    public static func allFinite(_ values: Double...) -> Bool { values.allSatisfy(\.isFinite) }

    /// Whether every value is finite.
    public static func allFinite(_ values: Float...) -> Bool { values.allSatisfy(\.isFinite) }
}
