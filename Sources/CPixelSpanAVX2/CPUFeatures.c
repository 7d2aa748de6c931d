#include "CPixelSpanAVX2.h"

// Compiled for the baseline CPU (no AVX2 flags): it must run everywhere.
int cpsa_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}
