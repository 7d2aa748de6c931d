/// The scene's flattened geometry as raw memory, for tools that feed the same triangles to
/// another renderer (the benchmark's C reference). Valid only inside the closure.
public struct SceneRasterData {
    /// Three world-space positions per triangle (`SIMD3<Float>`, 16-byte stride).
    public let positions: UnsafeBufferPointer<SIMD3<Float>>
    /// Three texture coordinates per triangle.
    public let uvs: UnsafeBufferPointer<SIMD2<Float>>
    /// One unit normal per triangle.
    public let normals: UnsafeBufferPointer<SIMD3<Float>>
    /// One texture index per triangle.
    public let triangleTexture: UnsafeBufferPointer<Int32>
    /// Per texture: texels (power-of-two grid, row-major), width, height, log2(width).
    public let textures: [(texels: UnsafePointer<UInt32>, width: Int, height: Int, shift: Int)]
    /// Per object: its triangles (indexes into `normals`) and world-space bounds.
    public let batches: [(triangles: Range<Int>, lower: SIMD3<Float>, upper: SIMD3<Float>)]
}

extension Scene {
    /// Calls `body` with the scene's geometry and texture memory.
    public func withRasterData<R>(_ body: (SceneRasterData) throws -> R) rethrows -> R {
        let textureViews = textures.map { (UnsafePointer($0.texels), $0.width, $0.height, $0.widthShift) }
        return try positions.withUnsafeBufferPointer { p in
            try uvs.withUnsafeBufferPointer { uv in
                try normals.withUnsafeBufferPointer { n in
                    try triangleTexture.withUnsafeBufferPointer { t in
                        try body(
                            SceneRasterData(
                                positions: p, uvs: uv, normals: n, triangleTexture: t,
                                textures: textureViews,
                                batches: batches.map { ($0.triangles, $0.lower, $0.upper) }))
                    }
                }
            }
        }
    }
}
