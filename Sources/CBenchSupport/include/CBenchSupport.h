// CBenchSupport: the few things lockbench needs from C that Swift cannot express.
// - An allocation counter: this target defines malloc/calloc/realloc/free/posix_memalign/
//   aligned_alloc/memalign, which win over libc's for the whole lockbench process (the
//   executable's symbols come first in the dynamic linker's lookup) and forward to glibc's
//   __libc_* entry points. Only lockbench links this target.
// - CPU pinning: CPU_SET and friends are macros Swift cannot import.
// - Memory baselines that the optimiser cannot shorten (see MemoryBaseline.c).
#ifndef CBENCHSUPPORT_H
#define CBENCHSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/// `count` memsets of `bytes` bytes at `buffer`, each with a different byte value.
void cbs_memset_block(void *buffer, size_t bytes, int count);

/// `count` memcpys of `bytes` bytes from `source` to `destination`.
void cbs_memcpy_block(void *destination, const void *source, size_t bytes, int count);

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) so far.
uint64_t cbs_allocation_count(void);

/// Of those, the ones called from the client libraries noted by `cbs_note_client_libraries`.
uint64_t cbs_client_library_allocation_count(void);

/// Records where libxcb, libX11, libXi, libXext, libXtst and libwayland-client are loaded;
/// returns the number of code segments found.
int cbs_note_client_libraries(void);

/// Restricts the calling thread to CPU `cpu`; returns 0 on success, -1 with errno otherwise.
int cbs_pin_thread_to_cpu(int cpu);

/// Lets the calling thread run on every CPU the process may use; 0 on success.
int cbs_unpin_thread(void);

/// Number of CPUs the calling thread may run on.
int cbs_allowed_cpu_count(void);

#endif
