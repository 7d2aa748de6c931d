// CPNG: the part of libpng's *simplified* API (png_image_*) that LockgameEngine uses.
//
// The classic libpng API reports errors with setjmp/longjmp, which Swift cannot survive;
// the simplified API returns error codes and fills png_image.message instead, so it is the
// only part we call. Swift imports png_image and the png_image_* functions directly; what it
// cannot import (composite #defines built from other macros, fixed-size char arrays inside a
// struct) is re-exposed below, each with the reason.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>

// PNG_IMAGE_VERSION is a macro; exposed as a typed constant so Swift need not guess its type.
static const png_uint_32 CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;

// PNG_FORMAT_RGBA is an OR of other macros, which the Swift importer skips.
static const png_uint_32 CPNG_FORMAT_RGBA = PNG_FORMAT_RGBA;

// PNG_FORMAT_BGRA is an OR of other macros (0xAARRGGBB words on little-endian are B,G,R,A bytes).
static const png_uint_32 CPNG_FORMAT_BGRA = PNG_FORMAT_BGRA;

// png_image.message is a char[64], which Swift imports as a 64-element tuple; return it as a C string.
static inline const char *CPNG_image_message(const png_image *image) {
    return image->message;
}

#endif
