/// Loads a scene directory: `scene.txt` plus the OBJ meshes and PNG textures it names.
///
/// `scene.txt` format (one directive per line, words separated by spaces or tabs, `#` starts
/// a comment, file names are relative to the directory and contain no spaces):
///
///     spawn X Y Z YAW_DEG PITCH_DEG
///         Eye position in metres and view direction in degrees (see `CameraPose`).
///         Optional; default is (0, 1.6, 0) looking along −Z. At most once.
///     object MESH.obj TEXTURE.png [at X Y Z] [rotate YAW_DEG] [scale S | scale SX SY SZ] [solid]
///         Draws a mesh. World transform = translate(at) · rotateY(rotate) · scale; rotate
///         turns +Z towards +X. `solid` makes the object's world XZ bounding box a collider.
///     collider MINX MINZ MAXX MAXZ
///         An extra invisible wall on the floor plane (metres).
///
/// Anything else is an error naming `scene.txt` and the line. Each mesh and texture file is
/// loaded once even if used by several objects. Loading is all or nothing: the first problem
/// (in `scene.txt`, an OBJ or a PNG) is thrown and no partial scene is returned.
public enum SceneLoader {
    /// The scene description's file name inside the directory.
    public static let sceneFileName = "scene.txt"

    /// Loads `directory/scene.txt` and everything it references.
    public static func load(directory: String) throws(AssetError) -> Scene {
        let path = TextFile.join(directory, sceneFileName)
        let lines = try TextFile.readLines(path)
        var meshes: [String: Mesh] = [:]
        var textures: [String: Texture] = [:]
        var objects: [SceneObject] = []
        var colliders: [Collider] = []
        var spawn: CameraPose?

        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard let directive = words.first else { continue }
            var args = Array(words.dropFirst())[...]

            func fail(_ kind: AssetError.Kind, _ message: String) -> AssetError {
                AssetError(kind, file: path, line: lineNumber, message)
            }
            func number(_ word: Substring) throws(AssetError) -> Float {
                guard let value = Float(word), value.isFinite else {
                    throw fail(.badNumber, "bad number \"\(word)\" in \"\(directive)\"")
                }
                return value
            }
            /// `degrees` in radians; a finite angle above about 1e38° overflows Float on the way.
            func radians(_ degrees: Float) throws(AssetError) -> Float {
                let radians = degrees * .pi / 180
                guard radians.isFinite else { throw fail(.badNumber, "angle \(degrees)° out of range in \"\(directive)\"") }
                return radians
            }
            func numbers(_ n: Int, for what: String) throws(AssetError) -> [Float] {
                guard args.count >= n else {
                    throw fail(.malformedLine, "\"\(what)\" needs \(n) numbers")
                }
                var result: [Float] = []
                for _ in 0..<n { result.append(try number(args.removeFirst())) }
                return result
            }

            switch directive {
            case "spawn":
                guard spawn == nil else { throw fail(.malformedLine, "\"spawn\" given twice") }
                let n = try numbers(5, for: "spawn")
                guard args.isEmpty else { throw fail(.malformedLine, "\"spawn\" takes exactly 5 numbers") }
                spawn = CameraPose(
                    position: SIMD3(n[0], n[1], n[2]),
                    yaw: try radians(n[3]), pitch: try radians(n[4]))
            case "collider":
                let n = try numbers(4, for: "collider")
                guard args.isEmpty else { throw fail(.malformedLine, "\"collider\" takes exactly 4 numbers") }
                colliders.append(Collider(minX: n[0], minZ: n[1], maxX: n[2], maxZ: n[3]))
            case "object":
                guard args.count >= 2 else {
                    throw fail(.malformedLine, "\"object\" needs a mesh file and a texture file")
                }
                let meshName = String(args.removeFirst())
                let textureName = String(args.removeFirst())
                var translation = SIMD3<Float>.zero
                var rotation: Float = 0
                var scale = SIMD3<Float>(1, 1, 1)
                var solid = false
                while let option = args.first {
                    args.removeFirst()
                    switch option {
                    case "at":
                        let n = try numbers(3, for: "at")
                        translation = SIMD3(n[0], n[1], n[2])
                    case "rotate":
                        rotation = try radians(numbers(1, for: "rotate")[0])
                    case "scale":
                        let s = try numbers(1, for: "scale")[0]
                        scale = SIMD3(repeating: s)
                        if let next = args.first, Float(next) != nil {
                            let rest = try numbers(2, for: "scale")
                            scale = SIMD3(s, rest[0], rest[1])
                        }
                    case "solid":
                        solid = true
                    default:
                        throw fail(.malformedLine, "unknown object option \"\(option)\"")
                    }
                }
                let mesh: Mesh
                if let cached = meshes[meshName] {
                    mesh = cached
                } else {
                    mesh = try OBJLoader.load(path: TextFile.join(directory, meshName))
                    meshes[meshName] = mesh
                }
                let texture: Texture
                if let cached = textures[textureName] {
                    texture = cached
                } else {
                    texture = Texture(try PNGImage.read(path: TextFile.join(directory, textureName)))
                    textures[textureName] = texture
                }
                let transform = Mat4.translation(translation) * Mat4.rotationY(rotation) * Mat4.scale(scale)
                objects.append(SceneObject(mesh: mesh, texture: texture, transform: transform, isSolid: solid))
            default:
                throw fail(.unknownDirective, "unknown directive \"\(directive)\"")
            }
        }
        return Scene(
            objects: objects, colliders: colliders,
            spawn: spawn ?? CameraPose(position: SIMD3(0, 1.6, 0)))
    }
}
