// CPU pinning for single-core figures, wrapping the CPU_* macros.
#define _GNU_SOURCE
#include "CBenchSupport.h"
#include <sched.h>

int cbs_pin_thread_to_cpu(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

int cbs_unpin_thread(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int i = 0; i < CPU_SETSIZE; i++) CPU_SET(i, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

int cbs_allowed_cpu_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
    return CPU_COUNT(&set);
}
