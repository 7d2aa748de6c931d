// CRenderReference: the lockgame renderer's algorithm written in plain C, so the benchmark
// can compare the Swift renderer with what a C compiler makes of the same work (same
// process, same scene, same pose). It is a reference for speed and for pixels, not a second
// renderer for the game.
#ifndef CRENDERREFERENCE_H
#define CRENDERREFERENCE_H

#include <stdint.h>

/// One texture: power-of-two texels, row-major, 0xAARRGGBB.
typedef struct {
    const uint32_t *texels;
    int32_t width, height, shift;
} crr_texture;

/// One object's run of triangles and its world-space bounds.
typedef struct {
    int32_t first, end;
    float lower[3], upper[3];
} crr_batch;

/// The scene's flattened triangles, laid out as Swift stores them.
typedef struct {
    const float *positions;        // 3 per triangle, 4 floats each (SIMD3<Float> stride)
    const float *uvs;              // 3 per triangle, 2 floats each
    const float *normals;          // 1 per triangle, 4 floats each
    const int32_t *triangle_texture;
    int32_t triangle_count;
    const crr_texture *textures;
    const crr_batch *batches;      // drawn nearest first, like the Swift renderer
    int32_t batch_count;
    int32_t *batch_order;          // scratch, batch_count entries
    float *batch_keys;             // scratch, batch_count entries
} crr_scene;

/// Per-frame constants, computed by the caller exactly as the Swift renderer computes them.
typedef struct {
    float eye[3], right[3], up[3], back[3], light_towards[3];
    float pitch, tan_half, near_plane, ambient, diffuse, fog_start, fog_end;
    uint32_t sky_zenith, sky_horizon, ground_haze, fog_color;
} crr_frame;

/// Draws sky, clears depth and rasterizes every triangle, like `Renderer.render`.
void crr_render(const crr_scene *scene, const crr_frame *frame,
                uint32_t *color, float *depth, int32_t width, int32_t height);

#endif
