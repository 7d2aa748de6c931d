// The demo frame through Mesa's llvmpipe: EGL surfaceless platform, OpenGL 4.5 core, an
// offscreen FBO. GL entry points are looked up with eglGetProcAddress, so only libEGL is
// linked. Depth is reversed and linear in 1/w, like lockgame's renderer: glClipControl
// (lower left, zero to one) with clip z = near_plane gives depth = near_plane / w, cleared to
// 0 and tested with GL_GREATER; the sky is drawn last, at depth 0 with GL_GEQUAL, so it only
// shades pixels without geometry.
#define _POSIX_C_SOURCE 200809L  // setenv
#include "CLlvmpipeFrame.h"
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LLF_GL_FUNCTIONS(X) \
    X(PFNGLGETSTRINGPROC, glGetString) \
    X(PFNGLGETERRORPROC, glGetError) \
    X(PFNGLVIEWPORTPROC, glViewport) \
    X(PFNGLCLEARPROC, glClear) \
    X(PFNGLCLEARDEPTHPROC, glClearDepth) \
    X(PFNGLENABLEPROC, glEnable) \
    X(PFNGLDEPTHFUNCPROC, glDepthFunc) \
    X(PFNGLDEPTHMASKPROC, glDepthMask) \
    X(PFNGLCLIPCONTROLPROC, glClipControl) \
    X(PFNGLGENFRAMEBUFFERSPROC, glGenFramebuffers) \
    X(PFNGLBINDFRAMEBUFFERPROC, glBindFramebuffer) \
    X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, glCheckFramebufferStatus) \
    X(PFNGLGENRENDERBUFFERSPROC, glGenRenderbuffers) \
    X(PFNGLBINDRENDERBUFFERPROC, glBindRenderbuffer) \
    X(PFNGLRENDERBUFFERSTORAGEPROC, glRenderbufferStorage) \
    X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, glFramebufferRenderbuffer) \
    X(PFNGLCREATESHADERPROC, glCreateShader) \
    X(PFNGLSHADERSOURCEPROC, glShaderSource) \
    X(PFNGLCOMPILESHADERPROC, glCompileShader) \
    X(PFNGLGETSHADERIVPROC, glGetShaderiv) \
    X(PFNGLGETSHADERINFOLOGPROC, glGetShaderInfoLog) \
    X(PFNGLDELETESHADERPROC, glDeleteShader) \
    X(PFNGLCREATEPROGRAMPROC, glCreateProgram) \
    X(PFNGLATTACHSHADERPROC, glAttachShader) \
    X(PFNGLLINKPROGRAMPROC, glLinkProgram) \
    X(PFNGLGETPROGRAMIVPROC, glGetProgramiv) \
    X(PFNGLGETPROGRAMINFOLOGPROC, glGetProgramInfoLog) \
    X(PFNGLDELETEPROGRAMPROC, glDeleteProgram) \
    X(PFNGLUSEPROGRAMPROC, glUseProgram) \
    X(PFNGLUNIFORM1FPROC, glUniform1f) \
    X(PFNGLUNIFORM2FPROC, glUniform2f) \
    X(PFNGLUNIFORM3FPROC, glUniform3f) \
    X(PFNGLUNIFORM3FVPROC, glUniform3fv) \
    X(PFNGLGENVERTEXARRAYSPROC, glGenVertexArrays) \
    X(PFNGLBINDVERTEXARRAYPROC, glBindVertexArray) \
    X(PFNGLGENBUFFERSPROC, glGenBuffers) \
    X(PFNGLBINDBUFFERPROC, glBindBuffer) \
    X(PFNGLBUFFERDATAPROC, glBufferData) \
    X(PFNGLVERTEXATTRIBPOINTERPROC, glVertexAttribPointer) \
    X(PFNGLENABLEVERTEXATTRIBARRAYPROC, glEnableVertexAttribArray) \
    X(PFNGLGENTEXTURESPROC, glGenTextures) \
    X(PFNGLBINDTEXTUREPROC, glBindTexture) \
    X(PFNGLTEXIMAGE3DPROC, glTexImage3D) \
    X(PFNGLTEXPARAMETERIPROC, glTexParameteri) \
    X(PFNGLPIXELSTOREIPROC, glPixelStorei) \
    X(PFNGLREADPIXELSPROC, glReadPixels) \
    X(PFNGLDRAWARRAYSPROC, glDrawArrays) \
    X(PFNGLFINISHPROC, glFinish)

typedef struct {
#define LLF_DECLARE(type, name) type name;
    LLF_GL_FUNCTIONS(LLF_DECLARE)
#undef LLF_DECLARE
} llf_gl;

// GL objects other than the programs are not kept: destroying the context deletes them all.
struct llf_frame {
    llf_gl gl;
    EGLDisplay display;
    EGLContext context;
    int32_t width, height, vertex_count;
    GLuint scene_program, sky_program;
};

// Uniform locations (layout(location = N) in the shaders).
enum { u_eye, u_right, u_up, u_back, u_projection, u_fog, u_fog_color };
enum { u_sky_pitch, u_sky_tan_half_height, u_sky_zenith, u_sky_horizon, u_sky_ground };

static const char *scene_vertex_shader =
    "#version 450 core\n"
    "layout(location = 0) in vec3 position;\n"
    "layout(location = 1) in vec2 texcoord;\n"
    "layout(location = 2) in float layer;\n"
    "layout(location = 3) in float light;\n"
    "layout(location = 0) uniform vec3 eye;\n"
    "layout(location = 1) uniform vec3 right;\n"
    "layout(location = 2) uniform vec3 up;\n"
    "layout(location = 3) uniform vec3 back;\n"
    "layout(location = 4) uniform vec3 projection; // focal x, focal y, near plane\n"
    "out vec2 uv;\n"
    "flat out float textureLayer;\n"
    "flat out float triangleLight;\n"
    "void main() {\n"
    "    vec3 d = position - eye;\n"
    "    gl_Position = vec4(dot(d, right) * projection.x, dot(d, up) * projection.y, projection.z, -dot(d, back));\n"
    "    uv = texcoord;\n"
    "    textureLayer = layer;\n"
    "    triangleLight = light;\n"
    "}\n";

static const char *scene_fragment_shader =
    "#version 450 core\n"
    "layout(location = 5) uniform vec2 fog; // start, 1 / (end - start)\n"
    "layout(location = 6) uniform vec3 fogColor;\n"
    "layout(binding = 0) uniform sampler2DArray textures;\n"
    "in vec2 uv;\n"
    "flat in float textureLayer;\n"
    "flat in float triangleLight;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "    vec3 texel = texture(textures, vec3(uv, textureLayer)).rgb;\n"
    "    float f = clamp((1.0 / gl_FragCoord.w - fog.x) * fog.y, 0.0, 1.0);\n"
    "    color = vec4(mix(texel * triangleLight, fogColor, f), 1.0);\n"
    "}\n";

// One triangle over the whole viewport, at depth 0.
static const char *sky_vertex_shader =
    "#version 450 core\n"
    "void main() {\n"
    "    vec2 corner = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
    "    gl_Position = vec4(corner, 0.0, 1.0);\n"
    "}\n";

// Renderer.drawSky: the elevation of the ray through the row's centre picks the colour.
static const char *sky_fragment_shader =
    "#version 450 core\n"
    "layout(location = 0) uniform float pitch;\n"
    "layout(location = 1) uniform vec2 tanHalfAndHeight;\n"
    "layout(location = 2) uniform vec3 zenith;\n"
    "layout(location = 3) uniform vec3 horizon;\n"
    "layout(location = 4) uniform vec3 ground;\n"
    "out vec4 color;\n"
    "void main() {\n"
    "    float rowCentreFromTop = tanHalfAndHeight.y - gl_FragCoord.y;\n"
    "    float ndcY = (1.0 - 2.0 * rowCentreFromTop / tanHalfAndHeight.y) * tanHalfAndHeight.x;\n"
    "    float elevation = (cos(pitch) * ndcY + sin(pitch)) / sqrt(1.0 + ndcY * ndcY);\n"
    "    vec3 sky = elevation >= 0.0 ? mix(horizon, zenith, clamp(sqrt(elevation), 0.0, 1.0))\n"
    "                                : mix(horizon, ground, clamp(-elevation * 3.0, 0.0, 1.0));\n"
    "    color = vec4(sky, 1.0);\n"
    "}\n";

__attribute__((format(printf, 3, 4)))
static void fail(char *error, size_t error_size, const char *format, ...) {
    if (error == NULL || error_size == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(error, error_size, format, arguments);
    va_end(arguments);
}

static void color_components(uint32_t color, float rgb[3]) {
    rgb[0] = (float)(color >> 16 & 0xFF) / 255.0f;
    rgb[1] = (float)(color >> 8 & 0xFF) / 255.0f;
    rgb[2] = (float)(color & 0xFF) / 255.0f;
}

static int has_word(const char *list, const char *word) {
    size_t length = strlen(word);
    for (const char *p = list; p != NULL && (p = strstr(p, word)) != NULL; p += length) {
        if ((p == list || p[-1] == ' ') && (p[length] == ' ' || p[length] == '\0')) return 1;
    }
    return 0;
}

static GLuint compile_shader(const llf_gl *gl, GLenum kind, const char *source, char *error, size_t error_size) {
    GLuint shader = gl->glCreateShader(kind);
    gl->glShaderSource(shader, 1, &source, NULL);
    gl->glCompileShader(shader);
    GLint compiled = 0;
    gl->glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
    if (compiled) return shader;
    char log[512] = "";
    gl->glGetShaderInfoLog(shader, sizeof log, NULL, log);
    fail(error, error_size, "shader does not compile: %s", log);
    gl->glDeleteShader(shader);
    return 0;
}

static GLuint link_program(const llf_gl *gl, const char *vertex_source, const char *fragment_source,
                   char *error, size_t error_size) {
    GLuint vertex = compile_shader(gl, GL_VERTEX_SHADER, vertex_source, error, error_size);
    GLuint fragment = vertex ? compile_shader(gl, GL_FRAGMENT_SHADER, fragment_source, error, error_size) : 0;
    if (!fragment) {
        if (vertex) gl->glDeleteShader(vertex);
        return 0;
    }
    GLuint program = gl->glCreateProgram();
    gl->glAttachShader(program, vertex);
    gl->glAttachShader(program, fragment);
    gl->glLinkProgram(program);
    gl->glDeleteShader(vertex);
    gl->glDeleteShader(fragment);
    GLint linked = 0;
    gl->glGetProgramiv(program, GL_LINK_STATUS, &linked);
    if (linked) return program;
    char log[512] = "";
    gl->glGetProgramInfoLog(program, sizeof log, NULL, log);
    fail(error, error_size, "shaders do not link: %s", log);
    gl->glDeleteProgram(program);
    return 0;
}

static int load_gl(llf_gl *gl, char *error, size_t error_size) {
#define LLF_LOAD(type, name) \
    gl->name = (type)eglGetProcAddress(#name); \
    if (gl->name == NULL) { fail(error, error_size, "eglGetProcAddress(\"" #name "\") found nothing"); return -1; }
    LLF_GL_FUNCTIONS(LLF_LOAD)
#undef LLF_LOAD
    return 0;
}

static int open_context(llf_frame *frame, int32_t thread_count, char *error, size_t error_size) {
    char threads[16];
    snprintf(threads, sizeof threads, "%d", (int)thread_count);
    setenv("LP_NUM_THREADS", threads, 1);
    setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1);
    setenv("GALLIUM_DRIVER", "llvmpipe", 1);

    const char *client_extensions = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (!has_word(client_extensions, "EGL_MESA_platform_surfaceless")) {
        fail(error, error_size, "EGL has no surfaceless platform (EGL_MESA_platform_surfaceless missing: is Mesa's libegl-mesa0 installed?)");
        return -1;
    }
    frame->display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (frame->display == EGL_NO_DISPLAY || !eglInitialize(frame->display, NULL, NULL)) {
        fail(error, error_size, "eglInitialize on the surfaceless platform failed (EGL error 0x%x; is libgl1-mesa-dri installed?)", eglGetError());
        frame->display = EGL_NO_DISPLAY;
        return -1;
    }
    if (!eglBindAPI(EGL_OPENGL_API)) {
        fail(error, error_size, "eglBindAPI(EGL_OPENGL_API) failed (EGL error 0x%x)", eglGetError());
        return -1;
    }
    const EGLint attributes[] = {
        EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE,
    };
    frame->context = eglCreateContext(frame->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (frame->context == EGL_NO_CONTEXT) {
        fail(error, error_size, "no OpenGL 4.5 core context (EGL error 0x%x)", eglGetError());
        return -1;
    }
    if (!eglMakeCurrent(frame->display, EGL_NO_SURFACE, EGL_NO_SURFACE, frame->context)) {
        fail(error, error_size, "eglMakeCurrent without a surface failed (EGL error 0x%x)", eglGetError());
        return -1;
    }
    return load_gl(&frame->gl, error, error_size);
}

static int create_framebuffer(llf_frame *frame, char *error, size_t error_size) {
    const llf_gl *gl = &frame->gl;
    GLuint color_buffer, depth_buffer, framebuffer;
    gl->glGenRenderbuffers(1, &color_buffer);
    gl->glBindRenderbuffer(GL_RENDERBUFFER, color_buffer);
    gl->glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, frame->width, frame->height);
    gl->glGenRenderbuffers(1, &depth_buffer);
    gl->glBindRenderbuffer(GL_RENDERBUFFER, depth_buffer);
    gl->glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, frame->width, frame->height);
    gl->glGenFramebuffers(1, &framebuffer);
    gl->glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    gl->glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_buffer);
    gl->glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_buffer);
    GLenum status = gl->glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        fail(error, error_size, "framebuffer incomplete (status 0x%x)", status);
        return -1;
    }
    gl->glViewport(0, 0, frame->width, frame->height);
    gl->glClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
    gl->glClearDepth(0);
    gl->glEnable(GL_DEPTH_TEST);
    gl->glEnable(GL_CULL_FACE);
    return 0;
}

static void upload_scene(llf_frame *frame, const llf_scene *scene) {
    const llf_gl *gl = &frame->gl;
    frame->vertex_count = scene->vertex_count;
    GLuint vertex_array, vertex_buffer, texture_array;
    gl->glGenVertexArrays(1, &vertex_array);
    gl->glBindVertexArray(vertex_array);
    gl->glGenBuffers(1, &vertex_buffer);
    gl->glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer);
    gl->glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)((size_t)scene->vertex_count * llf_floats_per_vertex * sizeof(float)),
                     scene->vertices, GL_STATIC_DRAW);
    const GLsizei stride = llf_floats_per_vertex * sizeof(float);
    const GLint sizes[] = { 3, 2, 1, 1 };
    size_t offset = 0;
    for (GLuint attribute = 0; attribute < 4; attribute++) {
        gl->glVertexAttribPointer(attribute, sizes[attribute], GL_FLOAT, GL_FALSE, stride, (const void *)offset);
        gl->glEnableVertexAttribArray(attribute);
        offset += (size_t)sizes[attribute] * sizeof(float);
    }

    gl->glGenTextures(1, &texture_array);
    gl->glBindTexture(GL_TEXTURE_2D_ARRAY, texture_array);
    gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    gl->glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, scene->texture_width, scene->texture_height,
                     scene->texture_count, 0, GL_BGRA, GL_UNSIGNED_BYTE, scene->texels);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl->glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 0);
}

static int create_programs(llf_frame *frame, const llf_view *view, char *error, size_t error_size) {
    const llf_gl *gl = &frame->gl;
    frame->scene_program = link_program(gl, scene_vertex_shader, scene_fragment_shader, error, error_size);
    frame->sky_program = frame->scene_program ? link_program(gl, sky_vertex_shader, sky_fragment_shader, error, error_size) : 0;
    if (!frame->sky_program) return -1;

    float rgb[3];
    gl->glUseProgram(frame->scene_program);
    gl->glUniform3fv(u_eye, 1, view->eye);
    gl->glUniform3fv(u_right, 1, view->right);
    gl->glUniform3fv(u_up, 1, view->up);
    gl->glUniform3fv(u_back, 1, view->back);
    gl->glUniform3f(u_projection, view->focal_x, view->focal_y, view->near_plane);
    float fog_range = view->fog_end - view->fog_start;
    gl->glUniform2f(u_fog, view->fog_start, fog_range > 0 ? 1 / fog_range : 0);
    color_components(view->fog_color, rgb);
    gl->glUniform3fv(u_fog_color, 1, rgb);

    gl->glUseProgram(frame->sky_program);
    gl->glUniform1f(u_sky_pitch, view->pitch);
    gl->glUniform2f(u_sky_tan_half_height, view->tan_half, (float)frame->height);
    color_components(view->sky_zenith, rgb);
    gl->glUniform3fv(u_sky_zenith, 1, rgb);
    color_components(view->sky_horizon, rgb);
    gl->glUniform3fv(u_sky_horizon, 1, rgb);
    color_components(view->ground_haze, rgb);
    gl->glUniform3fv(u_sky_ground, 1, rgb);
    return 0;
}

llf_frame *llf_create(int32_t thread_count, int32_t width, int32_t height, const llf_scene *scene,
                      const llf_view *view, char *error, size_t error_size) {
    llf_frame *frame = calloc(1, sizeof *frame);
    if (frame == NULL) {
        fail(error, error_size, "out of memory");
        return NULL;
    }
    frame->display = EGL_NO_DISPLAY;
    frame->context = EGL_NO_CONTEXT;
    frame->width = width;
    frame->height = height;
    if (open_context(frame, thread_count, error, error_size) != 0
        || create_framebuffer(frame, error, error_size) != 0) {
        llf_destroy(frame);
        return NULL;
    }
    upload_scene(frame, scene);
    if (create_programs(frame, view, error, error_size) != 0) {
        llf_destroy(frame);
        return NULL;
    }
    GLenum status = frame->gl.glGetError();
    if (status != GL_NO_ERROR) {
        fail(error, error_size, "GL error 0x%x while uploading the scene", status);
        llf_destroy(frame);
        return NULL;
    }
    return frame;
}

void llf_draw(llf_frame *frame) {
    const llf_gl *gl = &frame->gl;
    gl->glDepthMask(GL_TRUE);  // before the clear, which writes depth only through the mask
    gl->glClear(GL_DEPTH_BUFFER_BIT);  // colour needs none: geometry or sky covers every pixel
    gl->glUseProgram(frame->scene_program);
    gl->glDepthFunc(GL_GREATER);
    gl->glDrawArrays(GL_TRIANGLES, 0, frame->vertex_count);
    gl->glUseProgram(frame->sky_program);
    gl->glDepthFunc(GL_GEQUAL);
    gl->glDepthMask(GL_FALSE);
    gl->glDrawArrays(GL_TRIANGLES, 0, 3);
    gl->glFinish();
}

// Reverses the order of `height` rows of `width` 4-byte values (GL reads bottom row first).
static void flip_rows(uint32_t *values, int32_t width, int32_t height) {
    for (int32_t y = 0; y < height / 2; y++) {
        uint32_t *top = values + (size_t)y * (size_t)width;
        uint32_t *bottom = values + (size_t)(height - 1 - y) * (size_t)width;
        for (int32_t x = 0; x < width; x++) {
            uint32_t value = top[x];
            top[x] = bottom[x];
            bottom[x] = value;
        }
    }
}

int llf_read(llf_frame *frame, uint32_t *color, float *depth, char *error, size_t error_size) {
    const llf_gl *gl = &frame->gl;
    gl->glPixelStorei(GL_PACK_ALIGNMENT, 4);
    gl->glReadPixels(0, 0, frame->width, frame->height, GL_BGRA, GL_UNSIGNED_BYTE, color);
    gl->glReadPixels(0, 0, frame->width, frame->height, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
    GLenum status = gl->glGetError();
    if (status != GL_NO_ERROR) {
        fail(error, error_size, "GL error 0x%x while reading the frame back", status);
        return -1;
    }
    flip_rows(color, frame->width, frame->height);
    flip_rows((uint32_t *)depth, frame->width, frame->height);
    return 0;
}

const char *llf_renderer(const llf_frame *frame) {
    return (const char *)frame->gl.glGetString(GL_RENDERER);
}

const char *llf_version(const llf_frame *frame) {
    return (const char *)frame->gl.glGetString(GL_VERSION);
}

void llf_destroy(llf_frame *frame) {
    if (frame == NULL) return;
    if (frame->display != EGL_NO_DISPLAY) {
        eglMakeCurrent(frame->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (frame->context != EGL_NO_CONTEXT) eglDestroyContext(frame->display, frame->context);
        eglTerminate(frame->display);
    }
    eglReleaseThread();
    free(frame);
}
