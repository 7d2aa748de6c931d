/// Why an asset (scene file, OBJ mesh or PNG image) could not be loaded or written.
///
/// `description` names the file, the line for text files, and what is wrong, e.g.
/// `assets/room.obj:12: bad number "1.2.3" in "v"`.
public struct AssetError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What kind of problem it is (stable, for code that wants to react to it).
    public enum Kind: String, Sendable {
        /// The file does not exist.
        case missingFile
        /// The file exists but could not be read.
        case unreadable
        /// A PNG that libpng refused (truncated, corrupt, not a PNG); the message is libpng's.
        case corruptImage
        /// A PNG larger than `PNGImage.maximumDimension` on a side, or empty.
        case imageTooLarge
        /// A number that does not parse or is not finite.
        case badNumber
        /// An OBJ index that is zero or points past the data read so far.
        case indexOutOfRange
        /// An OBJ face with fewer than three vertices.
        case degenerateFace
        /// An OBJ file with no faces.
        case emptyMesh
        /// A directive (first word of a line) the parser does not know.
        case unknownDirective
        /// A known directive with the wrong number or kind of arguments.
        case malformedLine
        /// Writing a file failed.
        case writeFailed
    }

    /// The kind of problem.
    public var kind: Kind
    /// The file concerned, as given to the loader.
    public var file: String
    /// 1-based line number for text files, when known.
    public var line: Int?
    /// Human-readable detail.
    public var message: String

    /// An error about `file` (and `line`, for text files).
    public init(_ kind: Kind, file: String, line: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
