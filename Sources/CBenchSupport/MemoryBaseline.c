// The memory-bandwidth baselines, in C so no optimiser can merge them: a compiler barrier
// after each memset/memcpy keeps every pass (Swift's memset is an LLVM intrinsic, and 31 of
// 32 memsets to the same buffer are dead stores it would remove).
#include "CBenchSupport.h"
#include <string.h>

void cbs_memset_block(void *buffer, size_t bytes, int count) {
    for (int i = 0; i < count; i++) {
        memset(buffer, (0x11 * i) & 0xFF, bytes);
        __asm__ volatile("" : : "r"(buffer) : "memory");
    }
}

void cbs_memcpy_block(void *destination, const void *source, size_t bytes, int count) {
    for (int i = 0; i < count; i++) {
        memcpy(destination, source, bytes);
        __asm__ volatile("" : : "r"(destination) : "memory");
    }
}
