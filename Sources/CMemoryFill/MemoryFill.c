// See CMemoryFill.h.
#include "CMemoryFill.h"
#include <wchar.h>

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t must be 32 bits");

void cmf_fill32(uint32_t *pixels, uint32_t value, size_t count) {
    wmemset((wchar_t *)pixels, (wchar_t)value, count);
}
