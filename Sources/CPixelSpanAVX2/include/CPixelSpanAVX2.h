// The AVX2 operations Swift's SIMD types cannot express: an eight-lane texel gather and
// masked loads and stores for a span's last, partial group of eight pixels; and the run-time
// check that the CPU (and the kernel, which must save the YMM registers) supports AVX2.
//
// The inline functions carry target("avx2"): they are inlined only into code compiled for
// AVX2 (the PixelSpanAVX2 module), which runs only after cpsa_cpu_has_avx2() said yes.
#ifndef CPIXELSPANAVX2_H
#define CPIXELSPANAVX2_H

#include <stdint.h>
#include <immintrin.h>

/// Eight 32-bit integer lanes; Swift sees SIMD8<Int32>.
typedef int32_t cpsa_int8 __attribute__((ext_vector_type(8)));
/// Eight float lanes; Swift sees SIMD8<Float>.
typedef float cpsa_float8 __attribute__((ext_vector_type(8)));

/// 1 when this CPU runs AVX2 code and the OS saves its registers (CPUID and XGETBV, through
/// the compiler's __builtin_cpu_supports), else 0.
int cpsa_cpu_has_avx2(void);

/// texels[index[i]] for each lane i: one vpgatherdd.
__attribute__((target("avx2"), always_inline))
static inline cpsa_int8 cpsa_gather(const uint32_t *texels, cpsa_int8 index) {
    return (cpsa_int8)_mm256_i32gather_epi32((const int *)texels, (__m256i)index, 4);
}

/// Loads the lanes whose mask lane is negative (all ones); the others read as 0 and their
/// memory is not touched.
__attribute__((target("avx2"), always_inline))
static inline cpsa_float8 cpsa_masked_load(const float *source, cpsa_int8 mask) {
    return (cpsa_float8)_mm256_maskload_ps(source, (__m256i)mask);
}

/// Stores the lanes whose mask lane is negative; the other lanes' memory is not touched.
__attribute__((target("avx2"), always_inline))
static inline void cpsa_masked_store_float(float *destination, cpsa_int8 mask, cpsa_float8 value) {
    _mm256_maskstore_ps(destination, (__m256i)mask, (__m256)value);
}

/// Stores the lanes whose mask lane is negative; the other lanes' memory is not touched.
__attribute__((target("avx2"), always_inline))
static inline void cpsa_masked_store_int(uint32_t *destination, cpsa_int8 mask, cpsa_int8 value) {
    _mm256_maskstore_epi32((int *)destination, (__m256i)mask, (__m256i)value);
}

/// One bit per lane, set where the lane's sign bit is (vmovmskps).
__attribute__((target("avx2"), always_inline))
static inline int cpsa_lane_bits(cpsa_int8 mask) {
    return _mm256_movemask_ps((__m256)mask);
}

#endif
