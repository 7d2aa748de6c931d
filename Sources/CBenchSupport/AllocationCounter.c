// Counts heap allocations in-process by interposing the allocator entry points (see the
// header). Each call bumps an atomic counter and forwards to glibc's internal functions.
// Allocations whose caller lies in the windowing systems' client libraries (libxcb, libX11,
// libXi, libXext, libXtst, libwayland-client) are also counted apart, so the game's own
// allocations can be told from the per-event buffers those libraries allocate.
#define _GNU_SOURCE
#include "CBenchSupport.h"
#include <errno.h>
#include <link.h>
#include <stddef.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t allocations, library_allocations;

enum { max_ranges = 32 };
static uintptr_t range_start[max_ranges], range_end[max_ranges];
static int range_count;

static inline int from_client_library(const void *caller) {
    uintptr_t address = (uintptr_t)caller;
    for (int i = 0; i < range_count; i++)
        if (address >= range_start[i] && address < range_end[i]) return 1;
    return 0;
}

static inline void count(const void *caller) {
    __atomic_add_fetch(&allocations, 1, __ATOMIC_RELAXED);
    if (from_client_library(caller)) __atomic_add_fetch(&library_allocations, 1, __ATOMIC_RELAXED);
}

static int note_library(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size; (void)data;
    static const char *names[] = { "libxcb.so", "libX11.so", "libXi.so", "libXext.so", "libXtst.so", "libwayland-client.so" };
    int wanted = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (info->dlpi_name && strstr(info->dlpi_name, names[i])) wanted = 1;
    if (!wanted) return 0;
    for (int i = 0; i < info->dlpi_phnum && range_count < max_ranges; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X)) continue;
        range_start[range_count] = info->dlpi_addr + segment->p_vaddr;
        range_end[range_count] = range_start[range_count] + segment->p_memsz;
        range_count++;
    }
    return 0;
}

int cbs_note_client_libraries(void) {
    range_count = 0;
    dl_iterate_phdr(note_library, NULL);
    return range_count;
}

uint64_t cbs_allocation_count(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }
uint64_t cbs_client_library_allocation_count(void) { return __atomic_load_n(&library_allocations, __ATOMIC_RELAXED); }

void *malloc(size_t size) { count(__builtin_return_address(0)); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(__builtin_return_address(0)); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(__builtin_return_address(0)); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { count(__builtin_return_address(0)); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(__builtin_return_address(0)); return __libc_memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count(__builtin_return_address(0));
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *out = p;
    return 0;
}
