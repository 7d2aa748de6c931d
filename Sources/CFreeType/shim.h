#ifndef LOCKGAME_CFREETYPE_SHIM_H
#define LOCKGAME_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>

/* FreeType ---------------------------------------------------------------- */

// FT_LOAD_RENDER / FT_LOAD_TARGET_NORMAL are composite macros; give Swift one typed FT_Int32 value.
static inline FT_Int32 cft_load_render_gray(void) { return (FT_Int32)(FT_LOAD_RENDER | FT_LOAD_TARGET_NORMAL); }

// FT_HAS_KERNING is a function-like macro, which Swift cannot import.
static inline int cft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }

// FT_IS_SCALABLE is a function-like macro, which Swift cannot import.
static inline int cft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

// FT_PIXEL_MODE_* are enum constants of a C enum; expose them as plain ints to compare with FT_Bitmap.pixel_mode.
static inline int cft_pixel_mode_gray(void) { return (int)FT_PIXEL_MODE_GRAY; }

// FT_PIXEL_MODE_MONO is a C enum constant; expose it as a plain int to compare with FT_Bitmap.pixel_mode.
static inline int cft_pixel_mode_mono(void) { return (int)FT_PIXEL_MODE_MONO; }

// FT_Error_String needs a FreeType build option; expand the FT_ERRORDEF X-macro table into a switch instead.
static inline const char *cft_error_string(FT_Error error) {
#undef FTERRORS_H_
#define FT_ERRORDEF( e, v, s )  case v: return s;
#define FT_ERROR_START_LIST     switch ( error ) {
#define FT_ERROR_END_LIST       default: break; }
#include FT_ERRORS_H
    return "unknown FreeType error";
}

/* Fontconfig -------------------------------------------------------------- */

// FC_FILE is a string macro; a function keeps the C type (const char *) explicit for FcPattern calls.
static inline const char *cfc_file(void) { return FC_FILE; }

// FC_FAMILY is a string macro; a function gives Swift a plain const char * for FcPattern calls.
static inline const char *cfc_family(void) { return FC_FAMILY; }

// FC_SCALABLE is a string macro; a function gives Swift a plain const char * for FcPattern calls.
static inline const char *cfc_scalable(void) { return FC_SCALABLE; }

// FcTrue is an untyped macro; expose it as FcBool.
static inline FcBool cfc_true(void) { return FcTrue; }

#endif
