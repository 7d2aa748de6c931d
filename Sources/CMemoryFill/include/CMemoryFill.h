// CMemoryFill: a 32-bit fill at memset speed for the renderer. Swift's Glibc module does not
// import <wchar.h>, whose wmemset is glibc's vectorised memset for 4-byte patterns (wchar_t
// is 32 bits on Linux), so it is wrapped here.
#ifndef CMEMORYFILL_H
#define CMEMORYFILL_H

#include <stddef.h>
#include <stdint.h>

/// Sets `count` 32-bit values at `pixels` to `value`.
void cmf_fill32(uint32_t *pixels, uint32_t value, size_t count);

#endif
