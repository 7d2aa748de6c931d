/*
 * guardian_protocol.c - the lock guardian's line protocol and start-up specification.
 * See guardian_protocol.h.
 */
#include "guardian_protocol.h"

#include <limits.h>
#include <string.h>

size_t gameinput_line_reader_feed(gameinput_line_reader *reader, const char *bytes, size_t count,
                                  bool (*on_line)(void *context, const char *line), void *context)
{
    for (size_t i = 0; i < count; i++) {
        char c = bytes[i];
        if (c == '\n') {
            bool complete = !reader->overflow;
            reader->line[reader->length] = '\0';
            size_t length = reader->length;
            reader->length = 0;
            reader->overflow = false;
            /* A NUL inside the line would make it look shorter than it is: drop it. */
            if (complete && strlen(reader->line) == length && !on_line(context, reader->line))
                return i + 1;
        } else if (!reader->overflow) {
            if (reader->length < sizeof reader->line - 1)
                reader->line[reader->length++] = c;
            else
                reader->overflow = true;
        }
    }
    return count;
}

/* The length of `line` without trailing spaces, tabs and carriage returns. */
static size_t trimmed_length(const char *line)
{
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == ' ' || line[length - 1] == '\t' || line[length - 1] == '\r'))
        length--;
    return length;
}

/* Whether `line` (of `length`) is exactly `word`. */
static bool is_word(const char *line, size_t length, const char *word)
{
    return length == strlen(word) && memcmp(line, word, length) == 0;
}

/*
 * Parses the decimal number at the start of `text`, at most `limit`, into `*value`; returns
 * the characters used (0 for none, a leading zero before other digits, or a number over the
 * limit). No sign, no spaces.
 */
static size_t parse_decimal(const char *text, size_t length, unsigned long limit, unsigned long *value)
{
    size_t used = 0;
    unsigned long result = 0;
    while (used < length && text[used] >= '0' && text[used] <= '9') {
        unsigned long digit = (unsigned long)(text[used] - '0');
        if (used == 1 && text[0] == '0')
            return 0;
        if (result > (limit - digit) / 10)
            return 0;
        result = result * 10 + digit;
        used++;
    }
    if (used > 0)
        *value = result;
    return used;
}

/* "WORD NUMBER" with a non-zero window id: the id, or 0. */
static unsigned long window_argument(const char *line, size_t length, const char *word)
{
    size_t prefix = strlen(word);
    if (length <= prefix + 1 || memcmp(line, word, prefix) != 0 || line[prefix] != ' ')
        return 0;
    unsigned long window = 0;
    size_t digits = parse_decimal(line + prefix + 1, length - prefix - 1, 0xFFFFFFFFul, &window);
    return digits == length - prefix - 1 ? window : 0;
}

gameinput_command gameinput_parse_command(const char *line, unsigned long *window)
{
    size_t length = trimmed_length(line);
    if (is_word(line, length, "beat"))
        return GAMEINPUT_COMMAND_BEAT;
    if (is_word(line, length, "wait"))
        return GAMEINPUT_COMMAND_WAIT;
    if (is_word(line, length, "arm"))
        return GAMEINPUT_COMMAND_ARM;
    if (is_word(line, length, "watch"))
        return GAMEINPUT_COMMAND_WATCH;
    if (is_word(line, length, "unwatch"))
        return GAMEINPUT_COMMAND_UNWATCH;
    unsigned long id = window_argument(line, length, "window");
    if (id != 0) {
        *window = id;
        return GAMEINPUT_COMMAND_WINDOW;
    }
    id = window_argument(line, length, "hostwindow");
    if (id != 0) {
        *window = id;
        return GAMEINPUT_COMMAND_HOSTWINDOW;
    }
    return GAMEINPUT_COMMAND_UNKNOWN;
}

gameinput_reply gameinput_parse_reply(const char *line, unsigned long *window)
{
    size_t length = trimmed_length(line);
    if (is_word(line, length, "armed"))
        return GAMEINPUT_REPLY_ARMED;
    if (is_word(line, length, "released stopped"))
        return GAMEINPUT_REPLY_RELEASED_STOPPED;
    if (is_word(line, length, "released traced"))
        return GAMEINPUT_REPLY_RELEASED_TRACED;
    if (is_word(line, length, "released hung"))
        return GAMEINPUT_REPLY_RELEASED_HUNG;
    if (length >= 5 && memcmp(line, "error", 5) == 0 && (length == 5 || line[5] == ' '))
        return GAMEINPUT_REPLY_ERROR;
    unsigned long id = window_argument(line, length, "ready");
    if (id != 0) {
        *window = id;
        return GAMEINPUT_REPLY_READY;
    }
    return GAMEINPUT_REPLY_UNKNOWN;
}

bool gameinput_parse_guardian_spec(const char *text, gameinput_guardian_spec *spec)
{
    const unsigned long limits[3] = {INT_MAX, 86400000ul, INT_MAX};
    unsigned long values[3] = {0, 0, 0};
    size_t length = strlen(text), at = 0;
    for (int i = 0; i < 3; i++) {
        if (i > 0) {
            if (at >= length || text[at] != ' ')
                return false;
            at++;
        }
        size_t used = parse_decimal(text + at, length - at, limits[i], &values[i]);
        if (used == 0)
            return false;
        at += used;
    }
    if (at != length || values[2] <= 1)
        return false;
    spec->fd = (int)values[0];
    spec->stall_ms = (long)values[1];
    spec->game_pid = (long)values[2];
    return true;
}
