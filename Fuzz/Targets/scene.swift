// libFuzzer: -max_len=4096
import FuzzSupport
import LockgameEngine

/// Fuzzes ``SceneLoader/load(directory:)``: the input is written as `scene.txt` into a scratch
/// folder that also holds small meshes and textures under the demo's asset names (so the
/// demo's own scene is a seed that loads), plus `bad.obj` and `bad.png`, which fail.
///
/// Contract checked: no crash and no hang; either a scene whose every number is finite
/// (spawn pose, colliders, object transforms) with no more objects than `object` lines, or
/// an `AssetError`: for `scene.txt` itself one of the parse kinds with a line inside the
/// file, for a file it names whatever that file's loader reports.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let directory = SceneFixture.directory
    let input = FuzzInput(data, count: size)
    FuzzScratch.write(input.remaining, to: SceneLoader.sceneFileName)
    let lines = String(decoding: input.remaining, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    do {
        let scene = try SceneLoader.load(directory: directory)
        FuzzCheck.require(scene.spawn.isFinite, "spawn \(scene.spawn) is not finite")
        let objectLines = lines.filter { $0.split(whereSeparator: { " \t\r".contains($0) }).first == "object" }.count
        FuzzCheck.require(scene.objects.count <= objectLines, "\(scene.objects.count) objects from \(objectLines) object lines")
        for collider in scene.colliders {
            FuzzCheck.require(
                FuzzCheck.allFinite(collider.minX, collider.minZ, collider.maxX, collider.maxZ), "collider \(collider) is not finite")
        }
        for object in scene.objects {
            let c = object.transform.columns
            FuzzCheck.require(
                [c.0, c.1, c.2, c.3].allSatisfy { FuzzCheck.allFinite($0.x, $0.y, $0.z, $0.w) },
                "object transform \(object.transform) is not finite")
        }
    } catch {
        let scenePath = FuzzScratch.path(SceneLoader.sceneFileName)
        if error.file == scenePath {
            FuzzCheck.require(
                [.badNumber, .malformedLine, .unknownDirective].contains(error.kind), "unexpected error for scene.txt: \(error)")
            FuzzCheck.require(error.line.map { (1...lines.count).contains($0) } ?? false, "line outside scene.txt: \(error)")
        }
        FuzzCheck.require(!error.message.isEmpty, "an error without a message: \(error)")
    }
    return 0
}

/// The scratch folder with the meshes and textures a fuzzed `scene.txt` can name.
private enum SceneFixture {
    /// The folder, filled on first use.
    static let directory: String = {
        let triangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nf 1/1 2/1 3/1\n"
        let quad = "v -1 0 -1\nv 1 0 -1\nv 1 0 1\nv -1 0 1\nf 1 2 3 4\n"
        for (name, text) in [("floor.obj", quad), ("wall.obj", quad), ("arch.obj", triangle), ("cube.obj", triangle)] {
            FuzzScratch.write(text, to: name)
        }
        FuzzScratch.write("v 0 0 0\nf 1 2 3\n", to: "bad.obj")
        FuzzScratch.write("not a PNG", to: "bad.png")
        let names = ["floor", "wall_north", "wall_south", "wall_east", "wall_west", "marker", "pillar", "crate"]
        for name in names {
            do {
                try PNGImage.write(
                    pixels: [0xFF80_4020, 0xFF20_4080, 0xFF00_0000, 0xFFFF_FFFF], width: 2, height: 2, path: FuzzScratch.path("\(name).png")
                )
            } catch {
                fatalError("cannot write the fixture texture: \(error)")
            }
        }
        return FuzzScratch.directory
    }()
}
