// libFuzzer: -max_len=8192
import FuzzSupport
import LockgameEngine

/// Fuzzes ``OBJLoader/parse(text:file:)`` with any text (invalid UTF-8 is repaired the way
/// `TextFile.readLines` repairs a file's bytes).
///
/// Contract checked: no crash and no hang; either a mesh of whole triangles (at least one)
/// whose positions and texture coordinates are all finite, or an `AssetError` of a parse
/// kind naming the file, with a line number inside the text (none only for an empty mesh).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOBJ(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, count: size)
    let text = String(decoding: input.remaining, as: UTF8.self)
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    do {
        let mesh = try OBJLoader.parse(text: text, file: "fuzz.obj")
        FuzzCheck.require(!mesh.vertices.isEmpty && mesh.vertices.count % 3 == 0, "mesh of \(mesh.vertices.count) vertices")
        for vertex in mesh.vertices {
            let p = vertex.position, uv = vertex.uv
            FuzzCheck.require(FuzzCheck.allFinite(p.x, p.y, p.z, uv.x, uv.y), "vertex \(vertex) is not finite")
        }
    } catch {
        let parseKinds: [AssetError.Kind] = [.badNumber, .indexOutOfRange, .degenerateFace, .emptyMesh, .unknownDirective, .malformedLine]
        FuzzCheck.require(parseKinds.contains(error.kind) && error.file == "fuzz.obj", "unexpected error \(error)")
        if error.kind == .emptyMesh {
            FuzzCheck.require(error.line == nil, "an empty mesh names no line: \(error)")
        } else {
            FuzzCheck.require(error.line.map { (1...lineCount).contains($0) } ?? false, "line outside the text: \(error)")
        }
    }
    return 0
}
