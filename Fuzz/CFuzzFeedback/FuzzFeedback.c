#include "FuzzFeedback.h"

// The counters libFuzzer reads (see the header); used, so the linker keeps the section.
__attribute__((section("__libfuzzer_extra_counters"), used))
static unsigned char counters[FUZZ_FEEDBACK_COUNTERS];

void FuzzFeedback_note(unsigned value) {
    unsigned char *counter = &counters[value % FUZZ_FEEDBACK_COUNTERS];
    if (*counter < 255) *counter += 1;
}
