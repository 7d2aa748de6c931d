import CEGL
import Glibc

/// What the camera looks at: a stone floor, walls of coloured panels around it and boxes in a
/// ring around the viewer, lit by one directional light, drawn in one call with one shader.
final class Scene {
    /// The clear colour, and what distant surfaces fade into.
    static let sky = SIMD3<Float>(0.55, 0.72, 0.92)

    private let program: GLuint
    private let viewProjectionLocation: GLint
    private let vertexCount: GLsizei
    private var vertexArray: GLuint = 0
    private var buffer: GLuint = 0
    private var projection = Matrix4(columns: [])

    init(width: Int, height: Int) throws(GraphicsError) {
        program = try Self.makeProgram()
        viewProjectionLocation = glGetUniformLocation(program, "viewProjection")
        let vertices = Self.world()
        vertexCount = GLsizei(vertices.count / 9)
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), vertices.count * MemoryLayout<Float>.stride, vertices, GLenum(GL_STATIC_DRAW))
        // Nine floats a vertex: position at location 0, normal at 1, colour at 2 (as in the shader).
        for location in 0..<3 {
            glEnableVertexAttribArray(GLuint(location))
            let offset = UnsafeRawPointer(bitPattern: location * 3 * MemoryLayout<Float>.stride)  // nil, NULL, for 0
            glVertexAttribPointer(GLuint(location), 3, GLenum(GL_FLOAT), GLboolean(GL_FALSE), 9 * 4, offset)
        }
        glEnable(GLenum(GL_DEPTH_TEST))
        glClearColor(Self.sky.x, Self.sky.y, Self.sky.z, 1)
        resize(width: width, height: height)
    }

    /// Draws from now on into a `width` × `height` framebuffer.
    func resize(width: Int, height: Int) {
        glViewport(0, 0, GLsizei(width), GLsizei(height))
        projection = .perspective(fieldOfView: 60, aspect: Float(width) / Float(max(height, 1)), near: 0.1, far: 100)
    }

    func draw(from camera: Camera) {
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT))
        glUseProgram(program)
        glUniformMatrix4fv(viewProjectionLocation, 1, GLboolean(GL_FALSE), (projection * camera.view).elements)
        glBindVertexArray(vertexArray)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, vertexCount)
    }

    func close() {
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
        glDeleteProgram(program)
    }

    // Lighting per vertex is enough here: every face is flat, so its normal is the same at each corner.
    private static let vertexShader = """
        #version 300 es
        layout(location = 0) in vec3 position;
        layout(location = 1) in vec3 normal;
        layout(location = 2) in vec3 color;
        uniform mat4 viewProjection;
        out vec3 shade;
        const vec3 toLight = vec3(0.36, 0.89, 0.27);  // towards the sun: high, behind, to the right
        const vec3 sky = vec3(\(sky.x), \(sky.y), \(sky.z));
        void main() {
            gl_Position = viewProjection * vec4(position, 1.0);
            vec3 lit = color * (0.35 + 0.65 * max(dot(normal, toLight), 0.0));  // ambient + diffuse
            shade = mix(sky, lit, exp(-0.02 * gl_Position.w));  // fog: w is the distance ahead of the eye
        }
        """

    private static let fragmentShader = """
        #version 300 es
        precision mediump float;
        in vec3 shade;
        out vec4 fragColor;
        void main() { fragColor = vec4(shade, 1.0); }
        """

    /// Compiles and links the shaders; a failure carries the driver's log.
    private static func makeProgram() throws(GraphicsError) -> GLuint {
        let program = glCreateProgram()
        for (kind, source, name) in [(GL_VERTEX_SHADER, vertexShader, "vertex"), (GL_FRAGMENT_SHADER, fragmentShader, "fragment")] {
            let shader = glCreateShader(GLenum(kind))
            source.withCString { glShaderSource(shader, 1, [$0], nil) }  // one string, ending in NUL
            glCompileShader(shader)
            var compiled: GLint = 0
            glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
            guard compiled == GL_TRUE else {
                throw GraphicsError(description: "the \(name) shader does not compile: \(log(of: shader, glGetShaderInfoLog))")
            }
            glAttachShader(program, shader)
            glDeleteShader(shader)  // goes when the program goes
        }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            throw GraphicsError(description: "the shaders do not link: \(log(of: program, glGetProgramInfoLog))")
        }
        return program
    }

    /// The driver's log for a shader or a program, on one line.
    private static func log(
        of object: GLuint, _ read: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
    ) -> String {
        var text = [GLchar](repeating: 0, count: 4096)
        var length: GLsizei = 0
        read(object, GLsizei(text.count), &length, &text)
        let log = String(decoding: text.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return log.split(separator: "\n").joined(separator: "; ")  // one line on stderr
    }

    /// Eight colours for the boxes and the wall panels.
    private static let palette: [SIMD3<Float>] = [
        [0.85, 0.25, 0.2], [0.95, 0.6, 0.2], [0.9, 0.85, 0.3], [0.3, 0.7, 0.3],
        [0.2, 0.65, 0.7], [0.25, 0.4, 0.85], [0.6, 0.35, 0.8], [0.9, 0.45, 0.65],
    ]

    /// The scene's triangles, in world coordinates (y up, the viewer at the origin looking along -z).
    private static func world() -> [Float] {
        var mesh = Mesh()
        for i in -12..<12 {
            for j in -12..<12 {
                // A checker of two greys, each tile a little lighter or darker than its neighbours.
                let stone: Float = ((i + j) & 1 == 0 ? 0.5 : 0.4) + 0.05 * Float((i * 7 + j * 13) & 3)
                mesh.quad([Float(i), 0, Float(j)], [0, 0, 1], [1, 0, 0], [stone, stone, stone * 0.9])
            }
        }
        for side in 0..<4 {
            // The wall ahead (z = -12, facing the viewer), turned a quarter about y for each further side.
            let turn = { (p: SIMD3<Float>) in (0..<side).reduce(p) { q, _ in SIMD3(q.z, q.y, -q.x) } }
            for panel in 0..<12 {
                let corner = turn([Float(panel * 2 - 12), 0, -12])
                mesh.quad(corner, turn([2, 0, 0]), [0, 7, 0], palette[(panel + side * 3) % 8])
            }
        }
        for k in 0..<8 {
            let angle = Float(k) * .pi / 4
            let size = SIMD3<Float>(1 + 0.3 * Float(k % 3), 0.8 + 0.6 * Float(k % 4), 1 + 0.3 * Float(k % 3))
            let center = SIMD3<Float>(6 * sin(angle), 0, -6 * cos(angle))
            mesh.box(center - [size.x / 2, 0, size.z / 2], size, palette[k])
        }
        return mesh.floats
    }
}

/// Triangles as the vertex shader reads them: position, normal and colour for each vertex.
private struct Mesh {
    var floats: [Float] = []

    /// The parallelogram from `corner` along `u` and `v`, facing along u × v.
    mutating func quad(_ corner: SIMD3<Float>, _ u: SIMD3<Float>, _ v: SIMD3<Float>, _ color: SIMD3<Float>) {
        let cross = SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
        let normal = cross / (cross * cross).sum().squareRoot()
        for p in [corner, corner + u, corner + u + v, corner, corner + u + v, corner + v] {
            floats += [p.x, p.y, p.z, normal.x, normal.y, normal.z, color.x, color.y, color.z]
        }
    }

    /// The box from `low` to `low + size`, its faces facing out.
    mutating func box(_ low: SIMD3<Float>, _ size: SIMD3<Float>, _ color: SIMD3<Float>) {
        let (x, y, z) = (SIMD3(size.x, 0, 0), SIMD3(0, size.y, 0), SIMD3(0, 0, size.z))
        // Each face from a corner along two edges, in the order whose cross product points out.
        for (corner, u, v) in [(low, y, x), (low + z, x, y), (low, z, y), (low + x, y, z), (low, x, z), (low + y, z, x)] {
            quad(corner, u, v, color)
        }
    }
}
