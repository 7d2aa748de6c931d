internal import CFreeType

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

/// Finds font files through fontconfig.
public struct FontLocator: Sendable {
    /// The families tried by default, in order: a monospace HUD font first, then its proportional sibling.
    public static let defaultFamilies: [String] = ["DejaVu Sans Mono", "DejaVu Sans"]

    /// A resolved font file.
    public struct Match: Sendable, Equatable, CustomStringConvertible {
        /// Absolute path of the font file.
        public let path: String
        /// The family name fontconfig reports for the file (first family entry).
        public let family: String
        /// The family that was asked for.
        public let requestedFamily: String
        /// `true` if the file's family list contains `requestedFamily`; `false` for a substitute.
        public let isExactFamily: Bool

        public var description: String {
            "\(family) at \(path)" + (isExactFamily ? "" : " (substitute for \"\(requestedFamily)\")")
        }
    }

    public init() {}

    /// Path of a font file for `family`, falling back to `defaultFamilies` if it is not installed.
    ///
    /// - Throws: `TextError.fontNotFound` naming every family that was looked for.
    public func path(forFamily family: String) throws(TextError) -> String {
        var families = [family]
        families.append(contentsOf: Self.defaultFamilies.filter { Self.normalized($0) != Self.normalized(family) })
        return try locate(families: families).path
    }

    /// Resolve the first of `families` that is actually installed.
    ///
    /// Pass 1 accepts only a match whose family list really contains one of the
    /// requested names. If none does and `allowSubstitute` is true, pass 2
    /// accepts whatever scalable font fontconfig substitutes for the first
    /// family, as long as the file exists and is readable.
    ///
    /// - Throws: `TextError.fontNotFound(families:)`, or `.fontconfigUnavailable`.
    public func locate(
        families: [String] = FontLocator.defaultFamilies,
        allowSubstitute: Bool = true
    ) throws(TextError) -> Match {
        guard let config = FcInitLoadConfigAndFonts() else { throw .fontconfigUnavailable }
        defer { FcConfigDestroy(config) }

        var substitute: Match?
        for family in families {
            guard let candidate = Self.match(family: family, config: config) else { continue }
            if candidate.isExactFamily { return candidate }
            if substitute == nil { substitute = candidate }
        }
        if allowSubstitute, let substitute { return substitute }
        throw .fontNotFound(families: families)
    }

    // MARK: - fontconfig plumbing

    private static func match(family: String, config: OpaquePointer) -> Match? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }

        let added = family.withCString { cName in
            cName.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { name in
                FcPatternAddString(pattern, cfc_family(), name)
            }
        }
        guard added != 0 else { return nil }
        _ = FcPatternAddBool(pattern, cfc_scalable(), cfc_true())
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        guard result == FcResultMatch else { return nil }

        guard let path = string(matched, cfc_file(), 0), !path.isEmpty else { return nil }
        guard access(path, R_OK) == 0 else { return nil }

        // Only scalable (outline) fonts can be rasterized at an arbitrary pixel size.
        var scalable: FcBool = 0
        if FcPatternGetBool(matched, cfc_scalable(), 0, &scalable) == FcResultMatch, scalable == 0 {
            return nil
        }

        var matchedFamilies: [String] = []
        var index: Int32 = 0
        while let name = string(matched, cfc_family(), index) {
            matchedFamilies.append(name)
            index += 1
        }
        let wanted = normalized(family)
        let exact = matchedFamilies.contains { normalized($0) == wanted }
        return Match(
            path: path,
            family: matchedFamilies.first ?? "",
            requestedFamily: family,
            isExactFamily: exact
        )
    }

    private static func string(_ pattern: OpaquePointer, _ object: UnsafePointer<CChar>, _ index: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, index, &value) == FcResultMatch, let value else { return nil }
        // The string is owned by the pattern; copy it out before the pattern is destroyed.
        return value.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
    }

    static func normalized(_ family: String) -> String {
        String(family.lowercased().filter { !$0.isWhitespace })
    }
}
