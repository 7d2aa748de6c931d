import LockgameEngine

/// Draws what lives in the world but is not part of the room's meshes: markers (hidden behind
/// walls by the depth buffer) and outlines around selected objects.
enum WorldOverlayPainter {
    static let markerColor: UInt32 = 0xFF_FF_3B_7A
    static let selectionColor: UInt32 = 0xFF_FF_E0_3A

    static func paint(_ session: GameSession, camera: CameraPose, into framebuffer: Framebuffer) {
        guard !session.markers.isEmpty || !session.selection.isEmpty else { return }
        let projection = Projection(camera: camera, width: framebuffer.width, height: framebuffer.height)
        for marker in session.markers {
            guard let point = projection.project(marker) else { continue }
            let x = Int(point.x), y = Int(point.y)
            guard x >= 0, y >= 0, x < framebuffer.width, y < framebuffer.height else { continue }
            // The depth buffer holds 1/w, larger is nearer: draw only if nothing is nearer.
            let stored = framebuffer.depth[y * framebuffer.width + x]
            guard stored <= point.inverseDepth * 1.02 else { continue }
            drawDiamond(x: x, y: y, radius: 7, color: markerColor, into: framebuffer)
        }
        for index in session.selection where index < session.picking.boxes.count {
            let box = session.picking.boxes[index]
            // The outline is the screen rectangle around the box's eight projected corners; a box
            // partly behind the camera is not outlined.
            var low = SIMD2<Float>(repeating: .greatestFiniteMagnitude), high = -low
            var allInFront = true
            for corner in 0..<8 {
                let point = SIMD3<Float>(
                    corner & 1 == 0 ? box.minimum.x : box.maximum.x,
                    corner & 2 == 0 ? box.minimum.y : box.maximum.y,
                    corner & 4 == 0 ? box.minimum.z : box.maximum.z)
                guard let projected = projection.project(point) else { allInFront = false; break }
                low = pointwiseMin(low, SIMD2(projected.x, projected.y))
                high = pointwiseMax(high, SIMD2(projected.x, projected.y))
            }
            if allInFront { drawRectangleOutline(from: low, to: high, color: selectionColor, into: framebuffer) }
        }
    }

    /// World to window pixels with the renderer's camera conventions.
    struct Projection {
        let viewProjection: Mat4
        let width: Float, height: Float

        init(camera: CameraPose, width: Int, height: Int) {
            let aspect = Float(width) / Float(max(1, height))
            viewProjection = camera.projectionMatrix(aspect: aspect, near: RenderSettings().nearPlane) * camera.viewMatrix
            self.width = Float(width)
            self.height = Float(height)
        }

        /// The window point and 1/w of `point`, or nil behind the near plane.
        func project(_ point: SIMD3<Float>) -> (x: Float, y: Float, inverseDepth: Float)? {
            let clip = viewProjection * SIMD4(point, 1)
            guard clip.w > 0.05, clip.w.isFinite else { return nil }
            let x = (clip.x / clip.w + 1) * 0.5 * width
            let y = (1 - clip.y / clip.w) * 0.5 * height
            guard x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 else { return nil }
            return (x, y, 1 / clip.w)
        }
    }

    private static func drawDiamond(x: Int, y: Int, radius: Int, color: UInt32, into framebuffer: Framebuffer) {
        let pixels = framebuffer.pixels
        for dy in -radius...radius {
            let span = radius - abs(dy)
            let row = y + dy
            guard row >= 0, row < framebuffer.height else { continue }
            for dx in -span...span {
                let column = x + dx
                guard column >= 0, column < framebuffer.width else { continue }
                pixels[row * framebuffer.width + column] = abs(dx) == span || abs(dy) == radius ? 0xFF_20_20_20 : color
            }
        }
    }

    private static func drawRectangleOutline(
        from low: SIMD2<Float>, to high: SIMD2<Float>, color: UInt32,
        into framebuffer: Framebuffer
    ) {
        let width = framebuffer.width, height = framebuffer.height
        let left = max(0, Int(low.x) - 2), right = min(width - 1, Int(high.x) + 2)
        let top = max(0, Int(low.y) - 2), bottom = min(height - 1, Int(high.y) + 2)
        guard left <= right, top <= bottom else { return }
        let pixels = framebuffer.pixels
        for thickness in 0..<2 {
            for x in left...right {
                if top + thickness <= bottom { pixels[(top + thickness) * width + x] = color }
                if bottom - thickness >= top { pixels[(bottom - thickness) * width + x] = color }
            }
            for y in top...bottom {
                if left + thickness <= right { pixels[y * width + left + thickness] = color }
                if right - thickness >= left { pixels[y * width + right - thickness] = color }
            }
        }
    }
}
