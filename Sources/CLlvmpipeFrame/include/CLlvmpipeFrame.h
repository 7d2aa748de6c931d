// CLlvmpipeFrame: draws lockbench's demo frame through Mesa's llvmpipe, with no display, so
// the benchmark can time the project's software renderer against a general-purpose one on the
// same scene. EGL on Mesa's surfaceless platform (EGL_MESA_platform_surfaceless), an OpenGL 4.5
// core context, an offscreen framebuffer object (RGBA8 colour + 32-bit float depth). The
// caller prepares the scene (vertices with flat light, textures) and the camera; this file
// only drives EGL and GL.
#ifndef CLLVMPIPEFRAME_H
#define CLLVMPIPEFRAME_H

#include <stddef.h>
#include <stdint.h>

/// Floats per vertex in `llf_scene.vertices`: x, y, z (world), s, t (texture, repeat wrap;
/// t = 0 is the first texel row), texture layer, light (0...1, the same for a triangle's
/// three vertices).
enum { llf_floats_per_vertex = 7 };

/// The triangles to draw, three vertices each, and their textures.
typedef struct {
    const float *vertices;          // vertex_count * llf_floats_per_vertex
    int32_t vertex_count;
    const uint32_t *texels;         // texture_count layers of texture_width * texture_height, 0xAARRGGBB, rows top first
    int32_t texture_width, texture_height, texture_count;
} llf_scene;

/// The camera and the frame's look, as lockgame's `Renderer` computes them: clip position is
/// (dot(p − eye, right)·focal_x, dot(p − eye, up)·focal_y, w = −dot(p − eye, back)), geometry
/// nearer than near_plane is clipped, fog blends towards fog_color from fog_start to fog_end
/// (view depth w), and the sky is the gradient of `Renderer.drawSky`. Colours are 0xAARRGGBB.
typedef struct {
    float eye[3], right[3], up[3], back[3];
    float focal_x, focal_y, near_plane;
    float pitch, tan_half;
    float fog_start, fog_end;
    uint32_t fog_color, sky_zenith, sky_horizon, ground_haze;
} llf_view;

/// A surfaceless EGL display with one current OpenGL context and the scene uploaded.
typedef struct llf_frame llf_frame;

/// Sets LP_NUM_THREADS to `thread_count` (llvmpipe reads it when EGL creates its screen) and
/// LIBGL_ALWAYS_SOFTWARE=1 and GALLIUM_DRIVER=llvmpipe, initialises EGL (terminated by
/// `llf_destroy`, so the next call creates a new screen with its own thread count), creates
/// a `width` × `height` framebuffer and uploads `scene` and `view`. The context is current on
/// the calling thread. On failure returns NULL with a sentence in `error`.
llf_frame *llf_create(int32_t thread_count, int32_t width, int32_t height, const llf_scene *scene,
                      const llf_view *view, char *error, size_t error_size);

/// One frame: clears depth, draws the triangles (back faces culled, depth test), then the sky
/// where no geometry is (so every pixel is written without a colour clear), and waits with
/// glFinish.
void llf_draw(llf_frame *frame);

/// Reads the last frame back, top row first: `color` as 0xAARRGGBB and `depth` as near_plane/w
/// (0 where no geometry was drawn), `width` × `height` each. Returns 0, or -1 with a sentence
/// in `error` when GL reported an error.
int llf_read(llf_frame *frame, uint32_t *color, float *depth, char *error, size_t error_size);

/// GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
const char *llf_renderer(const llf_frame *frame);

/// GL_VERSION, e.g. "4.5 (Core Profile) Mesa 22.3.6".
const char *llf_version(const llf_frame *frame);

/// Deletes the GL objects and the context and terminates EGL.
void llf_destroy(llf_frame *frame);

#endif
