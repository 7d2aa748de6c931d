// CFuzzFeedback: extra coverage counters for libFuzzer, for code it cannot instrument.
//
// libFuzzer treats every byte of the __libfuzzer_extra_counters section as coverage, like
// the compiler's own counters (clearing them before each input). A target that calls
// uninstrumented code (the system's libpng) notes what it saw come back, such as a hash of
// libpng's error message, so inputs that reach a new outcome count as progress. Swift cannot
// place an array in a named section, hence this C file.
#ifndef FUZZ_FEEDBACK_H
#define FUZZ_FEEDBACK_H

// How many distinct outcomes can be told apart (values are taken modulo this).
#define FUZZ_FEEDBACK_COUNTERS 4096

// Marks outcome `value` (modulo FUZZ_FEEDBACK_COUNTERS) as seen for the current input.
void FuzzFeedback_note(unsigned value);

#endif
