/// Reads Wavefront OBJ meshes into a `Mesh`.
///
/// Understood: `v x y z [w]`, `vt u [v [w]]`, `vn x y z` (read, validated, unused: lighting
/// uses face normals), `f a b c ...` with `v`, `v/vt`, `v//vn` or `v/vt/vn` corners. Faces
/// with more than three corners are triangulated as fans from the first corner. Indices are
/// 1-based; negative ones count back from the latest element. `#` starts a comment. `o`, `g`,
/// `s`, `usemtl`, `mtllib`, `l`, `p` and `vp` are ignored. A corner without `vt` gets uv (0, 0).
///
/// Errors name the file and line: bad number, index zero or out of range, face with fewer than
/// three corners, unknown directive, and a file without faces (empty mesh).
public enum OBJLoader {
    /// Loads the OBJ file at `path`.
    public static func load(path: String) throws(AssetError) -> Mesh {
        try parse(lines: TextFile.readLines(path), file: path)
    }

    /// Parses OBJ text; `file` is used only in error messages.
    public static func parse(text: String, file: String) throws(AssetError) -> Mesh {
        try parse(lines: text.split(separator: "\n", omittingEmptySubsequences: false), file: file)
    }

    static func parse(lines: [Substring], file: String) throws(AssetError) -> Mesh {
        var positions: [SIMD3<Float>] = []
        var uvs: [SIMD2<Float>] = []
        var normalCount = 0
        var vertices: [MeshVertex] = []
        var corners: [MeshVertex] = []
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let directive = words.first else { continue }
            let args = words.dropFirst()
            func number(_ word: Substring) throws(AssetError) -> Float {
                guard let value = Float(word), value.isFinite else {
                    throw AssetError(
                        .badNumber, file: file, line: lineNumber,
                        "bad number \"\(word)\" in \"\(directive)\"")
                }
                return value
            }
            func arity(_ range: ClosedRange<Int>) throws(AssetError) {
                guard range.contains(args.count) else {
                    throw AssetError(
                        .malformedLine, file: file, line: lineNumber,
                        "\"\(directive)\" takes \(range.lowerBound)...\(range.upperBound) numbers, got \(args.count)")
                }
            }
            switch directive {
            case "v":
                try arity(3...4)
                let a = Array(args)
                positions.append(SIMD3(try number(a[0]), try number(a[1]), try number(a[2])))
                if a.count == 4 { _ = try number(a[3]) }
            case "vt":
                try arity(1...3)
                let a = Array(args)
                let u = try number(a[0])
                let v = try a.count > 1 ? number(a[1]) : 0
                if a.count > 2 { _ = try number(a[2]) }
                uvs.append(SIMD2(u, v))
            case "vn":
                try arity(3...3)
                for word in args { _ = try number(word) }
                normalCount += 1
            case "f":
                guard args.count >= 3 else {
                    throw AssetError(
                        .degenerateFace, file: file, line: lineNumber,
                        "face has \(args.count) vertices; at least 3 are needed")
                }
                corners.removeAll(keepingCapacity: true)
                for word in args {
                    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
                    guard parts.count <= 3, !parts[0].isEmpty else {
                        throw AssetError(
                            .malformedLine, file: file, line: lineNumber,
                            "bad face corner \"\(word)\"")
                    }
                    let pi = try resolve(parts[0], count: positions.count, what: "vertex", file: file, line: lineNumber)
                    var uv = SIMD2<Float>.zero
                    if parts.count > 1, !parts[1].isEmpty {
                        uv = uvs[try resolve(parts[1], count: uvs.count, what: "texture coordinate", file: file, line: lineNumber)]
                    }
                    if parts.count > 2, !parts[2].isEmpty {
                        _ = try resolve(parts[2], count: normalCount, what: "normal", file: file, line: lineNumber)
                    }
                    corners.append(MeshVertex(positions[pi], uv: uv))
                }
                for k in 1..<(corners.count - 1) {
                    vertices += [corners[0], corners[k], corners[k + 1]]
                }
            case "o", "g", "s", "usemtl", "mtllib", "l", "p", "vp":
                continue
            default:
                throw AssetError(
                    .unknownDirective, file: file, line: lineNumber,
                    "unknown directive \"\(directive)\"")
            }
        }
        guard !vertices.isEmpty else {
            throw AssetError(.emptyMesh, file: file, "mesh has no faces")
        }
        return Mesh(vertices: vertices)
    }

    /// A 0-based index from an OBJ index word (1-based, or negative = relative to the end).
    private static func resolve(
        _ word: Substring, count: Int, what: String, file: String, line: Int
    ) throws(AssetError) -> Int {
        guard let raw = Int(word) else {
            throw AssetError(.badNumber, file: file, line: line, "bad \(what) index \"\(word)\"")
        }
        let resolved = raw > 0 ? raw - 1 : count + raw
        guard raw != 0, resolved >= 0, resolved < count else {
            throw AssetError(
                .indexOutOfRange, file: file, line: line,
                "\(what) index \(raw) is out of range (\(count) defined so far)")
        }
        return resolved
    }
}
