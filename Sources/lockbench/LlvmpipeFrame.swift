import CLlvmpipeFrame

/// The demo frame drawn by Mesa's llvmpipe: owns one `llf_frame` of `CLlvmpipeFrame` (an EGL
/// surfaceless display, an OpenGL 4.5 core context current on the creating thread, an
/// offscreen RGBA8 + depth framebuffer and the uploaded `LlvmpipeScene`). Use it on the
/// thread that created it, and keep one alive at a time: each initialises EGL's surfaceless
/// display with its own `LP_NUM_THREADS` and terminates it when released.
final class LlvmpipeFrame {
    /// Why llvmpipe could not be set up or read back, in EGL's or GL's words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let width: Int
    let height: Int
    /// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    let rendererName: String
    /// GL_VERSION, e.g. "4.5 (Core Profile) Mesa 22.3.6".
    let glVersion: String
    private let frame: OpaquePointer
    /// Room for the C side's error sentence.
    private static let errorCapacity = 512

    /// Sets llvmpipe up with `threadCount` rasterizer threads and uploads `scene`.
    init(threadCount: Int, width: Int, height: Int, scene: LlvmpipeScene) throws(Failure) {
        var error = [CChar](repeating: 0, count: LlvmpipeFrame.errorCapacity)
        let created = scene.vertices.withUnsafeBufferPointer { vertices in
            scene.texels.withUnsafeBufferPointer { texels in
                var description = llf_scene(
                    vertices: vertices.baseAddress, vertex_count: Int32(vertices.count) / Int32(llf_floats_per_vertex),
                    texels: texels.baseAddress, texture_width: Int32(scene.textureWidth),
                    texture_height: Int32(scene.textureHeight), texture_count: Int32(scene.textureCount))
                var view = scene.view
                return llf_create(
                    Int32(threadCount), Int32(width), Int32(height), &description, &view, &error,
                    LlvmpipeFrame.errorCapacity)
            }
        }
        guard let created else { throw Failure(description: LlvmpipeFrame.text(error)) }
        frame = created
        self.width = width
        self.height = height
        rendererName = String(cString: llf_renderer(created))
        glVersion = String(cString: llf_version(created))
    }

    deinit {
        llf_destroy(frame)
    }

    /// Mesa's version, from GL_VERSION ("4.5 (Core Profile) Mesa 22.3.6" gives "22.3.6").
    var mesaVersion: String {
        let words = glVersion.split(separator: " ")
        guard let mesa = words.firstIndex(of: "Mesa"), mesa + 1 < words.endIndex else { return "unknown" }
        return String(words[mesa + 1])
    }

    /// One frame: clear, draw, glFinish.
    func draw() {
        llf_draw(frame)
    }

    /// The last frame, top row first: colours as 0xAARRGGBB and depth as near plane ÷ w (0
    /// where nothing was drawn). Each buffer holds `width × height` values.
    func read(color: UnsafeMutableBufferPointer<UInt32>, depth: UnsafeMutableBufferPointer<Float>) throws(Failure) {
        precondition(color.count == width * height && depth.count == width * height)
        var error = [CChar](repeating: 0, count: LlvmpipeFrame.errorCapacity)
        guard llf_read(frame, color.baseAddress, depth.baseAddress, &error, LlvmpipeFrame.errorCapacity) == 0 else {
            throw Failure(description: LlvmpipeFrame.text(error))
        }
    }

    private static func text(_ characters: [CChar]) -> String {
        String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
