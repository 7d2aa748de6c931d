// The Swift renderer's algorithm in C (see Renderer.swift, Renderer+Sky.swift,
// Renderer+Clipping.swift, Renderer+Rasterize.swift, TriangleRaster.swift): sky gradient,
// depth clear, objects ordered nearest first, back-face culling, outcodes, clip-space Sutherland-Hodgman clipping against the
// near plane and a guard band, fixed-point edge spans with the top-left rule, perspective-correct
// nearest texturing, flat light and fog. Built by SwiftPM with the package's release
// optimisation (-O2 for C under `swift build -c release`).
#include "CRenderReference.h"
#include <math.h>
#include <string.h>

typedef struct { float x, y, w, u, v; } clip_vertex;
typedef struct { float x, y, z; } v3;

static const float guard_band = 8.0f;
enum { clip_capacity = 16 };

static inline float dot3(v3 a, v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static inline v3 load3(const float *p) { v3 r = { p[0], p[1], p[2] }; return r; }
static inline v3 sub3(v3 a, v3 b) { v3 r = { a.x - b.x, a.y - b.y, a.z - b.z }; return r; }

static uint32_t mix(uint32_t a, uint32_t b, float t) {
    float k = t >= 0 ? (t <= 1 ? t : 1) : 0;
    uint32_t kb = (uint32_t)(k * 256), ka = 256 - kb;
    uint32_t rb = ((a & 0xFF00FF) * ka + (b & 0xFF00FF) * kb) >> 8 & 0xFF00FF;
    uint32_t g = ((a & 0xFF00) * ka + (b & 0xFF00) * kb) >> 8 & 0xFF00;
    return 0xFF000000u | rb | g;
}

static void draw_sky(const crr_frame *f, uint32_t *color, int32_t width, int32_t height) {
    float sp = sinf(f->pitch), cp = cosf(f->pitch);
    for (int32_t y = 0; y < height; y++) {
        float ndc_y = (1 - 2 * ((float)y + 0.5f) / (float)height) * f->tan_half;
        float elevation = (cp * ndc_y + sp) / sqrtf(1 + ndc_y * ndc_y);
        uint32_t row = elevation >= 0 ? mix(f->sky_horizon, f->sky_zenith, sqrtf(elevation))
                                      : mix(f->sky_horizon, f->ground_haze, -elevation * 3);
        uint32_t *p = color + (int64_t)y * width;
        for (int32_t x = 0; x < width; x++) p[x] = row;
    }
}

static inline int outcode(float x, float y, float w, float near, float g) {
    int code = 0;
    if (w < near) code |= 0x001 | 0x020;
    if (x > w) code |= 0x002;
    if (x < -w) code |= 0x004;
    if (y > w) code |= 0x008;
    if (y < -w) code |= 0x010;
    if (x > g * w) code |= 0x040;
    if (x < -g * w) code |= 0x080;
    if (y > g * w) code |= 0x100;
    if (y < -g * w) code |= 0x200;
    return code;
}

static inline float period(float value, float p) {
    if (!isfinite(value) || fabsf(value) >= 1e7f) return 0;
    return floorf(value / p) * p;
}

static inline float plane_distance(clip_vertex v, int plane, float near, float g) {
    switch (plane) {
    case 0: return v.w - near;
    case 1: return g * v.w - v.x;
    case 2: return g * v.w + v.x;
    case 3: return g * v.w - v.y;
    default: return g * v.w + v.y;
    }
}

static inline clip_vertex lerp(clip_vertex p, clip_vertex q, float t) {
    clip_vertex r = { p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t, p.w + (q.w - p.w) * t,
                      p.u + (q.u - p.u) * t, p.v + (q.v - p.v) * t };
    return r;
}

/// Clips a triangle against near + guard band into `out`; returns the vertex count.
static int clip(clip_vertex a, clip_vertex b, clip_vertex c, float near, float g, clip_vertex *out) {
    clip_vertex bufA[clip_capacity], bufB[clip_capacity];
    clip_vertex *in = bufA, *o = bufB;
    in[0] = a; in[1] = b; in[2] = c;
    int count = 3;
    for (int plane = 0; plane < 5; plane++) {
        int n = 0;
        clip_vertex prev = in[count - 1];
        float dprev = plane_distance(prev, plane, near, g);
        for (int i = 0; i < count; i++) {
            clip_vertex cur = in[i];
            float dcur = plane_distance(cur, plane, near, g);
            if ((dcur >= 0) != (dprev >= 0)) {
                float t = dprev / (dprev - dcur);
                if (isfinite(t) && n < clip_capacity) o[n++] = lerp(prev, cur, t);
            }
            if (dcur >= 0 && n < clip_capacity) o[n++] = cur;
            prev = cur;
            dprev = dcur;
        }
        count = n;
        if (count < 3) return 0;
        clip_vertex *s = in; in = o; o = s;
    }
    memcpy(out, in, sizeof(clip_vertex) * (size_t)count);
    return count;
}

static inline int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static inline int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }

static inline int snap(float v, int64_t *out) {
    if (!isfinite(v) || fabsf(v) > 1048576.0f) return 0;
    *out = (int64_t)roundf(v * 16.0f);
    return 1;
}

static inline int clip_edge(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t py,
                            int64_t *lo, int64_t *hi) {
    int64_t dx = bx - ax, dy = by - ay;
    int64_t bias = (dy < 0 || (dy == 0 && dx > 0)) ? 0 : -1;
    int64_t k = dx * (py - ay) - dy * (8 - ax) + bias;
    int64_t s = -dy * 16;
    if (s > 0) { int64_t v = ceil_div(-k, s); if (v > *lo) *lo = v; }
    else if (s < 0) { int64_t v = floor_div(k, -s); if (v < *hi) *hi = v; }
    else if (k < 0) return 0;
    return *lo <= *hi;
}

static inline uint32_t float_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

typedef struct {
    uint32_t *color; float *depth; int32_t width, height;
    float half_w, half_h, fog_start, fog_inv_range;
    uint32_t fog_rb, fog_g;
    crr_texture texture;
    float light256;
} raster_target;

static void rasterize(clip_vertex a, clip_vertex b, clip_vertex c, const raster_target *t) {
    float sx[3], sy[3], at[3][3];
    const clip_vertex *vs[3] = { &a, &b, &c };
    for (int i = 0; i < 3; i++) {
        float iw = 1 / vs[i]->w;
        sx[i] = (vs[i]->x * iw + 1) * t->half_w;
        sy[i] = (1 - vs[i]->y * iw) * t->half_h;
        at[i][0] = iw; at[i][1] = vs[i]->u * iw; at[i][2] = vs[i]->v * iw;
    }
    int64_t x[3], y[3];
    for (int i = 0; i < 3; i++) if (!snap(sx[i], &x[i]) || !snap(sy[i], &y[i])) return;
    int64_t area2 = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
    if (area2 == 0) return;
    int o1 = 1, o2 = 2;
    if (area2 < 0) { o1 = 2; o2 = 1; }
    int64_t x0 = x[0], y0 = y[0], x1 = x[o1], y1 = y[o1], x2 = x[o2], y2 = y[o2];
    int64_t top = ceil_div((y0 < y1 ? (y0 < y2 ? y0 : y2) : (y1 < y2 ? y1 : y2)) - 8, 16);
    int64_t bottom = floor_div((y0 > y1 ? (y0 > y2 ? y0 : y2) : (y1 > y2 ? y1 : y2)) - 8, 16);
    int64_t first = top > 0 ? top : 0, last = bottom < t->height - 1 ? bottom : t->height - 1;
    if (first > last) return;

    float p0x = (float)x0 / 16, p0y = (float)y0 / 16, p1x = (float)x1 / 16, p1y = (float)y1 / 16;
    float p2x = (float)x2 / 16, p2y = (float)y2 / 16;
    float e1x = p1x - p0x, e1y = p1y - p0y, e2x = p2x - p0x, e2y = p2y - p0y;
    float area = e1x * e2y - e1y * e2x;
    if (!(area > 0) || !isfinite(area)) return;
    float inv_area = 1 / area;
    float ddx[3], ddy[3], base[3];
    for (int k = 0; k < 3; k++) {
        float d1 = at[o1][k] - at[0][k], d2 = at[o2][k] - at[0][k];
        ddx[k] = (d1 * e2y - d2 * e1y) * inv_area;
        ddy[k] = (d2 * e1x - d1 * e2x) * inv_area;
        base[k] = at[0][k] - ddx[k] * p0x - ddy[k] * p0y;
        if (!isfinite(ddx[k]) || !isfinite(ddy[k]) || !isfinite(base[k])) return;
    }

    const int32_t width = t->width;
    uint32_t *color = t->color;
    float *depth = t->depth;
    const uint32_t *texels = t->texture.texels;
    const int64_t w_mask = t->texture.width - 1, h_mask = t->texture.height - 1;
    const int shift = t->texture.shift;
    const float fog_start = t->fog_start, fog_inv_range = t->fog_inv_range;
    const uint32_t fog_rb = t->fog_rb, fog_g = t->fog_g;
    const float light256 = t->light256, magic = 12582912.0f;

    for (int64_t row_y = first; row_y <= last; row_y++) {
        int64_t py = row_y * 16 + 8, lo = 0, hi = width - 1;
        if (!clip_edge(x1, y1, x2, y2, py, &lo, &hi)) continue;
        if (!clip_edge(x2, y2, x0, y0, py, &lo, &hi)) continue;
        if (!clip_edge(x0, y0, x1, y1, py, &lo, &hi)) continue;
        float fx = (float)lo + 0.5f, fy = (float)row_y + 0.5f;
        float s0 = base[0] + ddx[0] * fx + ddy[0] * fy;
        float s1 = base[1] + ddx[1] * fx + ddy[1] * fy;
        float s2 = base[2] + ddx[2] * fx + ddy[2] * fy;
        int64_t row = row_y * width;
        // Pixel k of the span: start + step * k, never an accumulated sum (k itself is counted
        // in a float, exact below 2^24 pixels).
        float k = 0;
        for (int64_t i = row + lo, end = row + hi; i <= end; i++, k += 1) {
            float iw = s0 + ddx[0] * k;
            if (iw > depth[i]) {
                float w = 1 / iw;
                float a1 = s1 + ddx[1] * k, a2 = s2 + ddx[2] * k;
                int64_t tu = (int64_t)float_bits(a1 * w + magic) & w_mask;
                int64_t tv = (int64_t)float_bits(a2 * w + magic) & h_mask;
                uint32_t texel = texels[(tv << shift) | tu];
                float f = (w - fog_start) * fog_inv_range;
                f = f >= 0 ? f : 0;
                f = f <= 1 ? f : 1;
                uint32_t kf = float_bits(f * 256 + magic) & 0x1FF;
                uint32_t ka = float_bits((1 - f) * light256 + magic) & 0x1FF;
                uint32_t rb = ((texel & 0xFF00FF) * ka + fog_rb * kf) >> 8 & 0xFF00FF;
                uint32_t g = ((texel & 0xFF00) * ka + fog_g * kf) >> 8 & 0xFF00;
                color[i] = 0xFF000000u | rb | g;
                depth[i] = iw;
            }
        }
    }
}

/// Nearest batch first, by the distance from the eye to the farthest corner of its bounds.
static void order_batches(const crr_scene *scene, v3 eye) {
    for (int32_t i = 0; i < scene->batch_count; i++) {
        const crr_batch *b = &scene->batches[i];
        float e[3] = { eye.x, eye.y, eye.z }, key = 0;
        for (int k = 0; k < 3; k++) {
            float a = fabsf(e[k] - b->lower[k]), c = fabsf(e[k] - b->upper[k]);
            float far = a > c ? a : c;
            key += far * far;
        }
        int32_t j = i;
        while (j > 0 && scene->batch_keys[j - 1] > key) {
            scene->batch_keys[j] = scene->batch_keys[j - 1];
            scene->batch_order[j] = scene->batch_order[j - 1];
            j--;
        }
        scene->batch_keys[j] = key;
        scene->batch_order[j] = i;
    }
}

void crr_render(const crr_scene *scene, const crr_frame *f,
                uint32_t *color, float *depth, int32_t width, int32_t height) {
    if (width <= 0 || height <= 0) return;
    draw_sky(f, color, width, height);
    memset(depth, 0, sizeof(float) * (size_t)width * (size_t)height);
    v3 eye = load3(f->eye), right = load3(f->right), up = load3(f->up), back = load3(f->back);
    v3 light = load3(f->light_towards);
    float focal = 1 / f->tan_half, aspect = (float)width / (float)height;
    float fx = focal / aspect, fy = focal, near = f->near_plane, g = guard_band;
    raster_target t = {
        color, depth, width, height, (float)width * 0.5f, (float)height * 0.5f,
        isfinite(f->fog_start) ? f->fog_start : 1e30f,
        (isfinite(f->fog_end - f->fog_start) && f->fog_end > f->fog_start) ? 1 / (f->fog_end - f->fog_start) : 0,
        f->fog_color & 0x00FF00FF, f->fog_color & 0x0000FF00, scene->textures[0], 256 };
    clip_vertex clipped[clip_capacity];
    order_batches(scene, eye);
    for (int32_t k = 0; k < scene->batch_count; k++)
    for (int32_t tri = scene->batches[scene->batch_order[k]].first,
         tri_end = scene->batches[scene->batch_order[k]].end; tri < tri_end; tri++) {
        v3 p[3];
        for (int k = 0; k < 3; k++) p[k] = load3(scene->positions + 4 * (3 * tri + k));
        v3 n = load3(scene->normals + 4 * tri);
        if (!(dot3(n, sub3(eye, p[0])) > 0)) continue;
        float cx[3], cy[3], cw[3];
        int codes[3];
        for (int k = 0; k < 3; k++) {
            v3 d = sub3(p[k], eye);
            cx[k] = dot3(d, right) * fx; cy[k] = dot3(d, up) * fy; cw[k] = -dot3(d, back);
            if (!isfinite(cx[k]) || !isfinite(cy[k]) || !isfinite(cw[k])) goto next;
        }
        for (int k = 0; k < 3; k++) codes[k] = outcode(cx[k], cy[k], cw[k], near, g);
        if (codes[0] & codes[1] & codes[2] & 0x1F) continue;
        {
            crr_texture tex = scene->textures[scene->triangle_texture[tri]];
            t.texture = tex;
            float lambert = dot3(n, light);
            lambert = lambert > 0 ? lambert : 0;
            float l = f->ambient + f->diffuse * lambert;
            t.light256 = (l < 1 ? l : 1) * 256;
            float tw = (float)tex.width, th = (float)tex.height;
            const float *uv = scene->uvs + 6 * tri;
            float u[3], v[3];
            for (int k = 0; k < 3; k++) { u[k] = uv[2 * k] * tw; v[k] = (1 - uv[2 * k + 1]) * th; }
            float umin = fminf(fminf(u[0], u[1]), u[2]), vmin = fminf(fminf(v[0], v[1]), v[2]);
            float us = period(umin, tw) + 0.5f, vs = period(vmin, th) + 0.5f;
            clip_vertex cv[3];
            for (int k = 0; k < 3; k++) {
                clip_vertex c = { cx[k], cy[k], cw[k], u[k] - us, v[k] - vs };
                cv[k] = c;
            }
            if (((codes[0] | codes[1] | codes[2]) & 0x3E0) == 0) {
                rasterize(cv[0], cv[1], cv[2], &t);
                continue;
            }
            int count = clip(cv[0], cv[1], cv[2], near, g, clipped);
            for (int k = 1; k + 1 < count; k++) rasterize(clipped[0], clipped[k], clipped[k + 1], &t);
        }
    next:;
    }
}
