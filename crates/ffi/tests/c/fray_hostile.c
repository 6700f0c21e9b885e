/*
 * The hostile C suite of libfray (issue 24): every export called as a hostile but realistic
 * host would, run by scripts/test-native against the debug library (overflow checks on) and
 * the release library, plain, under AddressSanitizer + UBSan and under valgrind.
 *
 *   fray_hostile
 *
 * Argument classes, per export:
 *   null    NULL for each pointer argument
 *   length  string lengths 0, 1, the limit, limit + 1, SIZE_MAX - 1, SIZE_MAX (a length over
 *           the limit with a short buffer must be refused before a byte is read); array
 *           counts 0, 1, FRAY_MAX_BATCH + 1, the PTRDIFF_MAX byte gap, SIZE_MAX - 1, SIZE_MAX
 *   integer every integer argument at 0, 1, max - 1, max (and min, min + 1, -1 when signed),
 *           one spec field at a time
 *   json    malformed, not UTF-8, empty, non-object (`[]`, `[1,2,3]`, `7`, `null`, …), nested
 *           10 000 deep, numbers past 64 bits, another ruleset's setup
 *   handle  a freed handle, a double free, a handle of the other kind, numbers that were
 *           never handles
 * Every call: never FRAY_PANIC; a failure leaves its out-parameters alone and a message; a
 * FRAY_RULE refusal has a rule id and every other failure none. Then one check per case of
 * the issue asserts its documented result. The table printed at the end counts the calls.
 * Exit status 1 on any failure.
 */
/* dup, dup2, fileno: POSIX, to look at stderr while a panic is caught. */
#define _POSIX_C_SOURCE 200809L
#include "fray.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures = 0;
static int checks = 0;

enum { C_NULL, C_LENGTH, C_INTEGER, C_JSON, C_HANDLE, C_CASE, CLASSES };
static const char *CLASS_NAMES[CLASSES] = {"null", "length", "integer", "json", "handle", "case"};

/* Every export of the header (fray_test_panic only with FRAY_TEST_HOOKS). */
static const char *EXPORTS[] = {
    "fray_version", "fray_error_message", "fray_last_error", "fray_last_error_rule",
    "fray_string_free", "fray_set_panic_output", "fray_rng_new", "fray_rng_free",
    "fray_rng_roll", "fray_rng_k_die", "fray_rng_fill", "fray_roll", "fray_roll_json",
    "fray_roll_batch", "fray_odds_json", "fray_odds_depth_json", "fray_rulesets_json", "fray_ruleset_count",
    "fray_ruleset_id", "fray_demo_seed", "fray_demo_setup_json", "fray_ruleset_odds_json",
    "fray_describe_events", "fray_simulate_json", "fray_setup_check_json", "fray_replay_verify",
    "fray_encounter_new",
    "fray_encounter_free", "fray_encounter_apply", "fray_encounter_suggest",
    "fray_encounter_state_json", "fray_encounter_events_json", "fray_encounter_replay_json",
    "fray_encounter_ruleset", "fray_encounter_set_language", "fray_encounter_options",
    "fray_encounter_preview", "fray_encounter_lines", "fray_encounter_standing",
    "fray_andromeda_default_spec", "fray_andromeda_check",
    "fray_andromeda_check_batch", "fray_red_check", "fray_red_check_batch", "fray_age_test",
    "fray_age_test_batch", "fray_better_world_check", "fray_better_world_check_batch",
    "fray_hunt_stat_test", "fray_hunt_stat_test_batch",
#ifdef FRAY_TEST_HOOKS
    "fray_test_panic",
#endif
};
#define NEXPORTS (sizeof EXPORTS / sizeof EXPORTS[0])
static int coverage[NEXPORTS][CLASSES];

static void cover(const char *name, int class_) {
    size_t i;
    for (i = 0; i < NEXPORTS; i++) {
        if (strcmp(EXPORTS[i], name) == 0) {
            coverage[i][class_]++;
            return;
        }
    }
    fprintf(stderr, "unknown export %s\n", name);
    failures++;
}

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        checks++;                                                                          \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);       \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

static char *take_last(fray_result (*get)(char **)) {
    char *out = NULL;
    if (get(&out) != FRAY_OK || out == NULL) {
        fprintf(stderr, "reading the last error failed\n");
        exit(2);
    }
    return out;
}

/* The invariants of every failed call: a message, and a rule id exactly for FRAY_RULE. */
static void after(fray_result r, const char *call, const char *file, int line) {
    checks++;
    if (r == FRAY_PANIC) {
        char *m = take_last(fray_last_error);
        fprintf(stderr, "%s:%d: %s panicked: %s\n", file, line, call, m);
        fray_string_free(m);
        failures++;
        return;
    }
    if (r != FRAY_OK) {
        char *m = take_last(fray_last_error);
        char *rule = take_last(fray_last_error_rule);
        if (m[0] == '\0' || (r == FRAY_RULE) != (rule[0] != '\0')) {
            fprintf(stderr, "%s:%d: %s -> %d: message \"%s\", rule \"%s\"\n", file, line, call,
                    (int)r, m, rule);
            failures++;
        }
        fray_string_free(m);
        fray_string_free(rule);
    }
}

/* H(class, name, call): calls an export, records the class, checks the invariants. */
#define H(class_, name, call) hostile_call((class_), #name, (call), #call, __FILE__, __LINE__)
static fray_result hostile_call(int class_, const char *name, fray_result r, const char *call,
                                const char *file, int line) {
    cover(name, class_);
    after(r, call, file, line);
    return r;
}

/* E(code, class, name, call): as H, and the call must return `code`. */
#define E(code, class_, name, call)                                                        \
    do {                                                                                   \
        fray_result e_ = H(class_, name, call);                                            \
        checks++;                                                                          \
        if (e_ != (code)) {                                                                \
            char *m_ = take_last(fray_last_error);                                         \
            fprintf(stderr, "%s:%d: %s\n  returned %d, expected %d (%s)\n", __FILE__,       \
                    __LINE__, #call, (int)e_, (int)(code), m_);                            \
            fray_string_free(m_);                                                          \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

#define S(text) (text), strlen(text)

static void release(char *s) {
    if (s != NULL) CHECK(fray_string_free(s) == FRAY_OK);
}

static fray_rng *new_rng(uint64_t seed, uint64_t stream) {
    fray_rng *r = NULL;
    if (fray_rng_new(seed, stream, &r) != FRAY_OK) exit(2);
    return r;
}

/* The next d1000 of a generator: two generators agree on it when in one state. */
static uint32_t next_die(fray_rng *r) {
    uint32_t face = 0;
    CHECK(fray_rng_roll(r, 1000, &face) == FRAY_OK);
    return face;
}

static const uint64_t U64S[] = {0, 1, UINT64_MAX - 1, UINT64_MAX};
static const uint32_t U32S[] = {0, 1, 2, 3, 5, UINT32_MAX - 1, UINT32_MAX};
static const int32_t I32S[] = {0, 1, -1, 2, INT32_MAX - 1, INT32_MAX, INT32_MIN, INT32_MIN + 1};
#define N(a) (sizeof(a) / sizeof((a)[0]))

static char *ids[16];
static size_t nids = 0;
static char *setups[16];

/* A long text of `len` bytes ending in `tail`, for lengths at and past the JSON limit. */
static char *big = NULL;

static void test_general(void) {
    size_t i;
    const int32_t codes[] = {INT32_MIN, INT32_MIN + 1, -1, 0, 1, 15, 16, INT32_MAX - 1, INT32_MAX};
    char *s = NULL;
    for (i = 0; i < N(codes); i++) {
        const char *text = fray_error_message(codes[i]);
        cover("fray_error_message", C_INTEGER);
        CHECK(text != NULL && text[0] != '\0');
    }
    cover("fray_version", C_CASE);
    CHECK(strcmp(fray_version(), FRAY_VERSION) == 0);
    E(FRAY_NULL_POINTER, C_NULL, fray_last_error, fray_last_error(NULL));
    E(FRAY_NULL_POINTER, C_NULL, fray_last_error_rule, fray_last_error_rule(NULL));
    E(FRAY_OK, C_NULL, fray_string_free, fray_string_free(NULL));
    /* Strings that are not the library's, or freed already. */
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_string_free, fray_string_free((char *)fray_version()));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_string_free,
      fray_string_free((char *)fray_error_message(0)));
    {
        char own[8] = "mine";
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_string_free, fray_string_free(own));
    }
    E(FRAY_OK, C_CASE, fray_rulesets_json, fray_rulesets_json(&s));
    E(FRAY_OK, C_HANDLE, fray_string_free, fray_string_free(s));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_string_free, fray_string_free(s));
    /* The panic switch: every integer gives a 0/1 previous setting. */
    {
        const uint32_t values[] = {0, 1, UINT32_MAX - 1, UINT32_MAX, 0};
        uint32_t expected_previous[] = {0, 0, 1, 1, 1};
        for (i = 0; i < N(values); i++) {
            cover("fray_set_panic_output", C_INTEGER);
            CHECK(fray_set_panic_output(values[i]) == expected_previous[i]);
        }
    }
    E(FRAY_NULL_POINTER, C_NULL, fray_rulesets_json, fray_rulesets_json(NULL));
    E(FRAY_NULL_POINTER, C_NULL, fray_ruleset_count, fray_ruleset_count(NULL));
    {
        const size_t indices[] = {nids, nids + 1, SIZE_MAX - 1, SIZE_MAX};
        for (i = 0; i < N(indices); i++) {
            s = NULL;
            E(FRAY_INVALID_ARGUMENT, C_INTEGER, fray_ruleset_id, fray_ruleset_id(indices[i], &s));
            CHECK(s == NULL);
        }
        E(FRAY_NULL_POINTER, C_NULL, fray_ruleset_id, fray_ruleset_id(0, NULL));
        E(FRAY_OK, C_INTEGER, fray_ruleset_id, fray_ruleset_id(nids - 1, &s));
        release(s);
    }
}

/* Lengths of one string argument: 0, 1, the limit, over it, SIZE_MAX - 1, SIZE_MAX. The
 * buffer is `big` (FRAY_MAX_JSON_BYTES + 1 readable bytes), so every length up to the limit
 * is readable and every length past it must be refused unread. */
static const size_t HUGE_LENS[] = {FRAY_MAX_JSON_BYTES + 1, SIZE_MAX / 2, SIZE_MAX - 1, SIZE_MAX};

static void test_dice(void) {
    size_t i, j;
    fray_rng *rng = NULL, *twin = NULL;
    uint32_t u = 77;
    int64_t total = 77;
    char *s = NULL;
    uint32_t faces[4];
    int64_t totals[4];

    E(FRAY_NULL_POINTER, C_NULL, fray_rng_new, fray_rng_new(1, 2, NULL));
    for (i = 0; i < N(U64S); i++) {
        for (j = 0; j < N(U64S); j++) {
            E(FRAY_OK, C_INTEGER, fray_rng_new, fray_rng_new(U64S[i], U64S[j], &rng));
            E(FRAY_OK, C_INTEGER, fray_rng_roll, fray_rng_roll(rng, 6, &u));
            E(FRAY_OK, C_HANDLE, fray_rng_free, fray_rng_free(rng));
        }
    }
    rng = new_rng(5, 0);
    twin = new_rng(5, 0);
    for (i = 0; i < N(U32S); i++) {
        fray_result r = H(C_INTEGER, fray_rng_roll, fray_rng_roll(rng, U32S[i], &u));
        CHECK((r == FRAY_OK) == (U32S[i] > 0));
        if (r == FRAY_OK) {
            CHECK(u >= 1 && u <= U32S[i]);
            CHECK(fray_rng_roll(twin, U32S[i], &u) == FRAY_OK);
        }
        r = H(C_INTEGER, fray_rng_fill, fray_rng_fill(rng, U32S[i], faces, 4));
        if (r == FRAY_OK) CHECK(fray_rng_fill(twin, U32S[i], faces, 4) == FRAY_OK);
    }
    CHECK(next_die(rng) == next_die(twin));
    E(FRAY_NULL_POINTER, C_NULL, fray_rng_roll, fray_rng_roll(NULL, 6, &u));
    E(FRAY_NULL_POINTER, C_NULL, fray_rng_roll, fray_rng_roll(rng, 6, NULL));
    E(FRAY_NULL_POINTER, C_NULL, fray_rng_k_die, fray_rng_k_die(NULL, &u));
    E(FRAY_NULL_POINTER, C_NULL, fray_rng_k_die, fray_rng_k_die(rng, NULL));
    E(FRAY_OK, C_INTEGER, fray_rng_k_die, fray_rng_k_die(rng, &u));
    CHECK(u <= 1);
    E(FRAY_NULL_POINTER, C_NULL, fray_rng_fill, fray_rng_fill(NULL, 6, faces, 4));
    E(FRAY_NULL_POINTER, C_NULL, fray_rng_fill, fray_rng_fill(rng, 6, NULL, 4));
    /* Array lengths: 0 and 1 are fine; past the limit or the byte size, refused unwritten. */
    E(FRAY_OK, C_LENGTH, fray_rng_fill, fray_rng_fill(rng, 6, faces, 0));
    E(FRAY_OK, C_LENGTH, fray_rng_fill, fray_rng_fill(rng, 6, faces, 1));
    {
        const size_t counts[] = {(size_t)FRAY_MAX_BATCH + 1, PTRDIFF_MAX / sizeof(uint32_t) + 1,
                                 SIZE_MAX - 1, SIZE_MAX};
        for (i = 0; i < N(counts); i++) {
            E(FRAY_LIMIT, C_LENGTH, fray_rng_fill, fray_rng_fill(rng, 6, faces, counts[i]));
            E(FRAY_LIMIT, C_LENGTH, fray_roll_batch,
              fray_roll_batch(rng, S("2d6"), totals, counts[i]));
        }
    }
    /* Notation: NULLs, lengths, bad text. */
    E(FRAY_NULL_POINTER, C_NULL, fray_roll, fray_roll(NULL, S("2d6"), &total));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll, fray_roll(rng, NULL, 3, &total));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll, fray_roll(rng, S("2d6"), NULL));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll_json, fray_roll_json(NULL, S("2d6"), &s));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll_json, fray_roll_json(rng, NULL, 3, &s));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll_json, fray_roll_json(rng, S("2d6"), NULL));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll_batch, fray_roll_batch(NULL, S("2d6"), totals, 4));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll_batch, fray_roll_batch(rng, NULL, 3, totals, 4));
    E(FRAY_NULL_POINTER, C_NULL, fray_roll_batch, fray_roll_batch(rng, S("2d6"), NULL, 4));
    E(FRAY_NULL_POINTER, C_NULL, fray_odds_json, fray_odds_json(NULL, 3, &s));
    E(FRAY_NULL_POINTER, C_NULL, fray_odds_json, fray_odds_json(S("2d6"), NULL));
    E(FRAY_NULL_POINTER, C_NULL, fray_odds_depth_json, fray_odds_depth_json(NULL, 3, 2, &s));
    E(FRAY_NULL_POINTER, C_NULL, fray_odds_depth_json, fray_odds_depth_json(S("2d6"), 2, NULL));
    {
        /* FRAY_MAX_NOTATION_BYTES of "1+1+…+10" parses; one byte more is refused unread. */
        char *text = malloc(FRAY_MAX_NOTATION_BYTES + 1);
        for (i = 0; i < FRAY_MAX_NOTATION_BYTES + 1; i++) text[i] = (i % 2) ? '+' : '1';
        text[FRAY_MAX_NOTATION_BYTES - 1] = '0';
        E(FRAY_OK, C_LENGTH, fray_roll, fray_roll(rng, text, FRAY_MAX_NOTATION_BYTES, &total));
        CHECK(total == (FRAY_MAX_NOTATION_BYTES - 2) / 2 + 10);
        total = 77;
        E(FRAY_LIMIT, C_LENGTH, fray_roll, fray_roll(rng, text, FRAY_MAX_NOTATION_BYTES + 1, &total));
        E(FRAY_LIMIT, C_LENGTH, fray_odds_json, fray_odds_json(text, FRAY_MAX_NOTATION_BYTES + 1, &s));
        free(text);
        for (i = 0; i < N(HUGE_LENS); i++) {
            E(FRAY_LIMIT, C_LENGTH, fray_roll, fray_roll(rng, "2d6", HUGE_LENS[i], &total));
            E(FRAY_LIMIT, C_LENGTH, fray_roll_json, fray_roll_json(rng, "2d6", HUGE_LENS[i], &s));
            E(FRAY_LIMIT, C_LENGTH, fray_roll_batch,
              fray_roll_batch(rng, "2d6", HUGE_LENS[i], totals, 4));
            E(FRAY_LIMIT, C_LENGTH, fray_odds_json, fray_odds_json("2d6", HUGE_LENS[i], &s));
            E(FRAY_LIMIT, C_LENGTH, fray_odds_depth_json,
              fray_odds_depth_json("2d6", HUGE_LENS[i], 2, &s));
        }
        CHECK(total == 77 && s == NULL);
        E(FRAY_PARSE, C_LENGTH, fray_roll, fray_roll(rng, "2d6", 0, &total));
        E(FRAY_OK, C_LENGTH, fray_roll, fray_roll(rng, "2d6", 1, &total));
        CHECK(total == 2);
        E(FRAY_PARSE, C_LENGTH, fray_roll_json, fray_roll_json(rng, "", 0, &s));
        E(FRAY_PARSE, C_LENGTH, fray_odds_json, fray_odds_json("", 0, &s));
        E(FRAY_PARSE, C_LENGTH, fray_roll_batch, fray_roll_batch(rng, "", 0, totals, 4));
    }
    {
        const char *bad[] = {"\xff\xfe", "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1d6))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))",
                             "99999999999999999999d6", "1d99999999999999999999", "1d6/0",
                             "9223372036854775807+1d6", "-9223372036854775807-2", "10000d6*10000d6",
                             "1d1!", "100001d6", "{}", "[]"};
        for (i = 0; i < N(bad); i++) {
            total = 77;
            s = NULL;
            {
                fray_result r1 = H(C_INTEGER, fray_roll, fray_roll(rng, S(bad[i]), &total));
                fray_result r2 = H(C_INTEGER, fray_roll_json, fray_roll_json(rng, S(bad[i]), &s));
                CHECK(r1 == r2);
                if (r1 != FRAY_OK) CHECK(total == 77 && s == NULL);
            }
            release(s);
            s = NULL;
            H(C_INTEGER, fray_odds_json, fray_odds_json(S(bad[i]), &s));
            release(s);
            s = NULL;
            H(C_INTEGER, fray_odds_depth_json, fray_odds_depth_json(S(bad[i]), 0xffffffffu, &s));
            release(s);
            s = NULL;
        }
    }
    /* Extreme counts for the notation batch, with a real buffer. */
    E(FRAY_OK, C_LENGTH, fray_roll_batch, fray_roll_batch(rng, S("2d6"), totals, 0));
    E(FRAY_OK, C_LENGTH, fray_roll_batch, fray_roll_batch(rng, S("2d6"), totals, 1));
    fray_rng_free(rng);
    fray_rng_free(twin);
}

/* One JSON-taking export at a time with every hostile JSON text. */
static const char *BAD_JSON[] = {"", "{", "\xff\xfe", "[]", "[1,2,3]", "7", "null", "\"text\"",
                                 "true", "{\"a\":18446744073709551616}", "1e400", "{}",
                                 "{\"participants\":[]}", "[{}]"};

static char *deep_json(size_t depth) {
    char *text = malloc(2 * depth + 1);
    size_t i;
    for (i = 0; i < depth; i++) {
        text[i] = '[';
        text[2 * depth - 1 - i] = ']';
    }
    text[2 * depth] = '\0';
    return text;
}

static void test_rulesets(void) {
    size_t i, k;
    fray_result r0;
    char *s = NULL;
    uint64_t seed = 99;
    char *deep = deep_json(10000);
    for (k = 0; k < nids; k++) {
        const char *id = ids[k];
        E(FRAY_NULL_POINTER, C_NULL, fray_demo_seed, fray_demo_seed(NULL, 3, &seed));
        E(FRAY_NULL_POINTER, C_NULL, fray_demo_seed, fray_demo_seed(S(id), NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_demo_setup_json, fray_demo_setup_json(NULL, 3, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_demo_setup_json, fray_demo_setup_json(S(id), NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_ruleset_odds_json,
          fray_ruleset_odds_json(NULL, 3, S("{}"), &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_ruleset_odds_json,
          fray_ruleset_odds_json(S(id), NULL, 2, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_ruleset_odds_json,
          fray_ruleset_odds_json(S(id), S("{}"), NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_describe_events,
          fray_describe_events(NULL, 3, S("[]"), &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_describe_events,
          fray_describe_events(S(id), NULL, 2, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_describe_events,
          fray_describe_events(S(id), S("[]"), NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_simulate_json,
          fray_simulate_json(NULL, 3, S(setups[k]), 1, 1, 1, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_simulate_json,
          fray_simulate_json(S(id), NULL, 3, 1, 1, 1, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_simulate_json,
          fray_simulate_json(S(id), S(setups[k]), 1, 1, 1, NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_setup_check_json,
          fray_setup_check_json(NULL, 3, S(setups[k]), &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_setup_check_json,
          fray_setup_check_json(S(id), NULL, 3, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_setup_check_json,
          fray_setup_check_json(S(id), S(setups[k]), NULL));
        for (i = 0; i < N(HUGE_LENS); i++) {
            E(FRAY_LIMIT, C_LENGTH, fray_setup_check_json,
              fray_setup_check_json(S(id), setups[k], HUGE_LENS[i], &s));
            E(FRAY_LIMIT, C_LENGTH, fray_setup_check_json,
              fray_setup_check_json(id, HUGE_LENS[i], S(setups[k]), &s));
            E(FRAY_LIMIT, C_LENGTH, fray_demo_seed, fray_demo_seed(id, HUGE_LENS[i], &seed));
            E(FRAY_LIMIT, C_LENGTH, fray_demo_setup_json, fray_demo_setup_json(id, HUGE_LENS[i], &s));
            E(FRAY_LIMIT, C_LENGTH, fray_ruleset_odds_json,
              fray_ruleset_odds_json(S(id), "{}", HUGE_LENS[i], &s));
            E(FRAY_LIMIT, C_LENGTH, fray_ruleset_odds_json,
              fray_ruleset_odds_json(id, HUGE_LENS[i], S("{}"), &s));
            E(FRAY_LIMIT, C_LENGTH, fray_describe_events,
              fray_describe_events(S(id), "[]", HUGE_LENS[i], &s));
            E(FRAY_LIMIT, C_LENGTH, fray_simulate_json,
              fray_simulate_json(S(id), setups[k], HUGE_LENS[i], 1, 1, 1, &s));
        }
        CHECK(seed == 99 && s == NULL);
        /* A text exactly at the limit is read (and is no JSON); one byte more is not read. */
        E(FRAY_PARSE, C_LENGTH, fray_ruleset_odds_json,
          fray_ruleset_odds_json(S(id), big, FRAY_MAX_JSON_BYTES, &s));
        E(FRAY_UNKNOWN_RULESET, C_LENGTH, fray_demo_seed, fray_demo_seed(id, 0, &seed));
        E(FRAY_UNKNOWN_RULESET, C_LENGTH, fray_demo_setup_json, fray_demo_setup_json(id, 1, &s));
        for (i = 0; i < N(BAD_JSON); i++) {
            fray_result r = H(C_JSON, fray_ruleset_odds_json,
                              fray_ruleset_odds_json(S(id), S(BAD_JSON[i]), &s));
            /* Only objects are odds specs. */
            if (BAD_JSON[i][0] != '{') CHECK(r == FRAY_PARSE || r == FRAY_INVALID_UTF8);
            release(s);
            s = NULL;
            H(C_JSON, fray_describe_events, fray_describe_events(S(id), S(BAD_JSON[i]), &s));
            release(s);
            s = NULL;
            H(C_JSON, fray_simulate_json, fray_simulate_json(S(id), S(BAD_JSON[i]), 1, 1, 1, &s));
            release(s);
            s = NULL;
            /* A setup that is no setup is a finding: OK with an error, or not UTF-8. */
            r = H(C_JSON, fray_setup_check_json, fray_setup_check_json(S(id), S(BAD_JSON[i]), &s));
            CHECK(r == FRAY_INVALID_UTF8
                  || (r == FRAY_OK && s != NULL && strstr(s, "\"severity\":\"error\"") != NULL));
            release(s);
            s = NULL;
            r = H(C_JSON, fray_replay_verify, fray_replay_verify(S(BAD_JSON[i]), &s));
            CHECK(r != FRAY_OK && s == NULL);
        }
        H(C_JSON, fray_ruleset_odds_json, fray_ruleset_odds_json(S(id), S(deep), &s));
        CHECK(s == NULL);
        H(C_JSON, fray_describe_events, fray_describe_events(S(id), S(deep), &s));
        CHECK(s == NULL);
        H(C_JSON, fray_simulate_json, fray_simulate_json(S(id), S(deep), 1, 1, 1, &s));
        CHECK(s == NULL);
        r0 = H(C_JSON, fray_setup_check_json, fray_setup_check_json(S(id), S(deep), &s));
        CHECK(r0 == FRAY_OK && s != NULL && strstr(s, "\"severity\":\"error\"") != NULL);
        release(s);
        s = NULL;
        r0 = H(C_JSON, fray_setup_check_json,
               fray_setup_check_json(S(id), S(setups[(k + 1) % nids]), &s));
        CHECK(r0 == FRAY_OK && s != NULL && strstr(s, "\"severity\":\"error\"") != NULL);
        release(s);
        s = NULL;
        /* Another ruleset's setup. */
        H(C_JSON, fray_simulate_json,
          fray_simulate_json(S(id), S(setups[(k + 1) % nids]), 1, 1, 1, &s));
        release(s);
        s = NULL;
        /* Integer extremes of the simulation: trials, seed, threads. */
        {
            const uint64_t trials[] = {0, 1, FRAY_MAX_TRIALS + 1, UINT64_MAX - 1, UINT64_MAX};
            const uint32_t threads[] = {0, 1, FRAY_MAX_THREADS, FRAY_MAX_THREADS + 1,
                                        UINT32_MAX - 1, UINT32_MAX};
            size_t t, h, e;
            for (t = 0; t < N(trials); t++) {
                for (h = 0; h < N(threads); h++) {
                    for (e = 0; e < N(U64S); e += 3) {
                        fray_result want = (trials[t] > FRAY_MAX_TRIALS ||
                                            threads[h] > FRAY_MAX_THREADS)
                                               ? FRAY_LIMIT
                                               : FRAY_OK;
                        E(want, C_INTEGER, fray_simulate_json,
                          fray_simulate_json(S(id), S(setups[k]), trials[t], U64S[e], threads[h], &s));
                        release(s);
                        s = NULL;
                    }
                }
            }
        }
    }
    for (i = 0; i < N(HUGE_LENS); i++) {
        E(FRAY_LIMIT, C_LENGTH, fray_replay_verify, fray_replay_verify("{}", HUGE_LENS[i], &s));
    }
    E(FRAY_NULL_POINTER, C_NULL, fray_replay_verify, fray_replay_verify(NULL, 2, &s));
    E(FRAY_NULL_POINTER, C_NULL, fray_replay_verify, fray_replay_verify(S("{}"), NULL));
    E(FRAY_PARSE, C_LENGTH, fray_replay_verify, fray_replay_verify(big, FRAY_MAX_JSON_BYTES, &s));
    H(C_JSON, fray_replay_verify, fray_replay_verify(S(deep), &s));
    CHECK(s == NULL);
    free(deep);
}

static void test_encounters(void) {
    size_t i, k;
    char *s = NULL;
    fray_encounter *enc = NULL, *stale = NULL;
    fray_rng *rng = new_rng(1, 0);
    char *deep = deep_json(10000);
    for (k = 0; k < nids; k++) {
        const char *id = ids[k];
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_new,
          fray_encounter_new(NULL, 3, S(setups[k]), 1, 0, &enc));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_new,
          fray_encounter_new(S(id), NULL, 3, 1, 0, &enc));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_new,
          fray_encounter_new(S(id), S(setups[k]), 1, 0, NULL));
        for (i = 0; i < N(HUGE_LENS); i++) {
            E(FRAY_LIMIT, C_LENGTH, fray_encounter_new,
              fray_encounter_new(S(id), setups[k], HUGE_LENS[i], 1, 0, &enc));
        }
        E(FRAY_PARSE, C_LENGTH, fray_encounter_new,
          fray_encounter_new(S(id), big, FRAY_MAX_JSON_BYTES, 1, 0, &enc));
        for (i = 0; i < N(BAD_JSON); i++) {
            fray_result r;
            enc = NULL;
            r = H(C_JSON, fray_encounter_new,
                              fray_encounter_new(S(id), S(BAD_JSON[i]), 1, 0, &enc));
            CHECK((r == FRAY_OK) == (enc != NULL));
            if (enc != NULL) fray_encounter_free(enc);
            enc = NULL;
        }
        H(C_JSON, fray_encounter_new, fray_encounter_new(S(id), S(deep), 1, 0, &enc));
        H(C_JSON, fray_encounter_new,
          fray_encounter_new(S(id), S(setups[(k + 1) % nids]), 1, 0, &enc));
        if (enc != NULL) fray_encounter_free(enc);
        enc = NULL;
        for (i = 0; i < N(U64S); i++) {
            E(FRAY_OK, C_INTEGER, fray_encounter_new,
              fray_encounter_new(S(id), S(setups[k]), U64S[i], U64S[N(U64S) - 1 - i], &enc));
            fray_encounter_free(enc);
        }
        E(FRAY_OK, C_CASE, fray_encounter_new, fray_encounter_new(S(id), S(setups[k]), 7, 0, &enc));
        /* Every encounter export: NULLs, then hostile commands that change nothing. */
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_apply, fray_encounter_apply(NULL, S("{}"), &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_apply, fray_encounter_apply(enc, NULL, 2, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_apply, fray_encounter_apply(enc, S("{}"), NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_suggest, fray_encounter_suggest(NULL, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_suggest, fray_encounter_suggest(enc, NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_state_json, fray_encounter_state_json(NULL, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_state_json, fray_encounter_state_json(enc, NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_events_json, fray_encounter_events_json(NULL, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_events_json, fray_encounter_events_json(enc, NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_replay_json, fray_encounter_replay_json(NULL, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_replay_json, fray_encounter_replay_json(enc, NULL));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_ruleset, fray_encounter_ruleset(NULL, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_ruleset, fray_encounter_ruleset(enc, NULL));
        E(FRAY_OK, C_NULL, fray_encounter_free, fray_encounter_free(NULL));
        {
            char *before = NULL, *after_ = NULL;
            CHECK(fray_encounter_events_json(enc, &before) == FRAY_OK);
            for (i = 0; i < N(HUGE_LENS); i++) {
                E(FRAY_LIMIT, C_LENGTH, fray_encounter_apply,
                  fray_encounter_apply(enc, "{}", HUGE_LENS[i], &s));
            }
            E(FRAY_PARSE, C_LENGTH, fray_encounter_apply,
              fray_encounter_apply(enc, big, FRAY_MAX_JSON_BYTES, &s));
            for (i = 0; i < N(BAD_JSON); i++) {
                fray_result r = H(C_JSON, fray_encounter_apply,
                                  fray_encounter_apply(enc, S(BAD_JSON[i]), &s));
                CHECK(r != FRAY_OK && s == NULL);
            }
            E(FRAY_PARSE, C_JSON, fray_encounter_apply, fray_encounter_apply(enc, S(deep), &s));
            H(C_JSON, fray_encounter_apply, fray_encounter_apply(enc, S(setups[k]), &s));
            CHECK(s == NULL);
            CHECK(fray_encounter_events_json(enc, &after_) == FRAY_OK);
            CHECK(strcmp(before, after_) == 0);
            release(before);
            release(after_);
        }
        E(FRAY_OK, C_CASE, fray_encounter_ruleset, fray_encounter_ruleset(enc, &s));
        CHECK(s != NULL && strcmp(s, id) == 0);
        release(s);
        s = NULL;
        /* Protocol and text: NULLs, bad languages and lengths, then the real answers. */
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_set_language,
          fray_encounter_set_language(enc, NULL, 2));
        E(FRAY_INVALID_ARGUMENT, C_CASE, fray_encounter_set_language,
          fray_encounter_set_language(enc, S("xx")));
        E(FRAY_LIMIT, C_LENGTH, fray_encounter_set_language,
          fray_encounter_set_language(enc, "ru", HUGE_LENS[0]));
        E(FRAY_OK, C_CASE, fray_encounter_set_language, fray_encounter_set_language(enc, S("ru")));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_options, fray_encounter_options(enc, NULL));
        {
            fray_result r = H(C_CASE, fray_encounter_options, fray_encounter_options(enc, &s));
            CHECK((r == FRAY_OK) == (s != NULL));
            CHECK(r == FRAY_OK || r == FRAY_INVALID_ARGUMENT);
            release(s);
            s = NULL;
        }
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_preview,
          fray_encounter_preview(enc, NULL, 2, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_preview,
          fray_encounter_preview(enc, S("{}"), NULL));
        for (i = 0; i < N(BAD_JSON); i++) {
            fray_result r = H(C_JSON, fray_encounter_preview,
                              fray_encounter_preview(enc, S(BAD_JSON[i]), &s));
            CHECK(r != FRAY_OK && s == NULL);
        }
        E(FRAY_LIMIT, C_LENGTH, fray_encounter_preview,
          fray_encounter_preview(enc, "{}", HUGE_LENS[0], &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_lines,
          fray_encounter_lines(enc, NULL, 2, NULL, 0, &s));
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_lines,
          fray_encounter_lines(enc, S("en"), NULL, 0, NULL));
        E(FRAY_INVALID_ARGUMENT, C_CASE, fray_encounter_lines,
          fray_encounter_lines(enc, S("klingon"), NULL, 0, &s));
        E(FRAY_LIMIT, C_LENGTH, fray_encounter_lines,
          fray_encounter_lines(enc, S("en"), "x", HUGE_LENS[0], &s));
        E(FRAY_OK, C_CASE, fray_encounter_lines, fray_encounter_lines(enc, S("ru"), NULL, 0, &s));
        CHECK(s != NULL && s[0] == '[');
        release(s);
        s = NULL;
        E(FRAY_OK, C_CASE, fray_encounter_lines,
          fray_encounter_lines(enc, S("en"), S("nobody"), &s));
        CHECK(s != NULL && s[0] == '[');
        release(s);
        s = NULL;
        E(FRAY_NULL_POINTER, C_NULL, fray_encounter_standing,
          fray_encounter_standing(enc, S("en"), NULL, NULL));
        E(FRAY_INVALID_ARGUMENT, C_CASE, fray_encounter_standing,
          fray_encounter_standing(enc, S("zz"), &s, NULL));
        E(FRAY_OK, C_CASE, fray_encounter_standing, fray_encounter_standing(enc, S("en"), &s, NULL));
        CHECK(s != NULL && s[0] == '[');
        release(s);
        s = NULL;
        /* Handles: the other kind, freed, freed twice, never made. */
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_state_json,
          fray_encounter_state_json((fray_encounter *)rng, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_free,
          fray_encounter_free((fray_encounter *)rng));
        {
            uint32_t u = 0;
            E(FRAY_INVALID_HANDLE, C_HANDLE, fray_rng_roll, fray_rng_roll((fray_rng *)enc, 6, &u));
        }
        stale = enc;
        E(FRAY_OK, C_HANDLE, fray_encounter_free, fray_encounter_free(enc));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_free, fray_encounter_free(stale));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_apply, fray_encounter_apply(stale, S("{}"), &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_suggest, fray_encounter_suggest(stale, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_state_json, fray_encounter_state_json(stale, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_events_json, fray_encounter_events_json(stale, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_replay_json, fray_encounter_replay_json(stale, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_ruleset, fray_encounter_ruleset(stale, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_set_language,
          fray_encounter_set_language(stale, S("en")));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_options, fray_encounter_options(stale, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_preview,
          fray_encounter_preview(stale, S("{}"), &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_lines,
          fray_encounter_lines(stale, S("en"), NULL, 0, &s));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_standing,
          fray_encounter_standing(stale, S("en"), &s, NULL));
        CHECK(s == NULL);
        /* A new encounter may reuse the slot; the stale handle still does not reach it. */
        E(FRAY_OK, C_HANDLE, fray_encounter_new, fray_encounter_new(S(id), S(setups[k]), 7, 0, &enc));
        E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_suggest, fray_encounter_suggest(stale, &s));
        E(FRAY_OK, C_HANDLE, fray_encounter_suggest, fray_encounter_suggest(enc, &s));
        release(s);
        s = NULL;
        fray_encounter_free(enc);
    }
    {
        const uintptr_t junk[] = {(uintptr_t)0xdeadbeefu, UINTPTR_MAX, (uintptr_t)1 << 40,
                                  (uintptr_t)UINTPTR_MAX - 1};
        for (i = 0; i < N(junk); i++) {
            E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_suggest,
              fray_encounter_suggest((fray_encounter *)junk[i], &s));
            E(FRAY_INVALID_HANDLE, C_HANDLE, fray_encounter_free,
              fray_encounter_free((fray_encounter *)junk[i]));
            E(FRAY_INVALID_HANDLE, C_HANDLE, fray_rng_free, fray_rng_free((fray_rng *)junk[i]));
            {
                uint32_t u = 0;
                E(FRAY_INVALID_HANDLE, C_HANDLE, fray_rng_k_die, fray_rng_k_die((fray_rng *)junk[i], &u));
            }
        }
    }
    fray_rng_free(rng);
    free(deep);
}

/* Array counts every batch must refuse before touching the array: past FRAY_MAX_BATCH, and
 * past PTRDIFF_MAX bytes (`elem` bytes per element). */
#define BAD_COUNTS(elem)                                                                   \
    {(size_t)FRAY_MAX_BATCH + 1, (size_t)PTRDIFF_MAX / (elem) + 1, (size_t)1 << 59,         \
     SIZE_MAX / (elem), SIZE_MAX - 1, SIZE_MAX}

/* Seeds and first streams of a batch of `count` (1 or 2): the top stream is usable alone. */
#define BATCH_STREAMS(name, call_with)                                                     \
    do {                                                                                   \
        size_t a_, b_;                                                                     \
        for (a_ = 0; a_ < N(U64S); a_++) {                                                 \
            for (b_ = 0; b_ < N(U64S); b_++) {                                             \
                E(FRAY_OK, C_INTEGER, name, call_with(U64S[a_], U64S[b_], 1));             \
                E(U64S[b_] == UINT64_MAX ? FRAY_INVALID_ARGUMENT : FRAY_OK, C_INTEGER, name, \
                  call_with(U64S[a_], U64S[b_], 2));                                       \
            }                                                                              \
        }                                                                                  \
    } while (0)

static fray_andromeda_check_spec and_spec;
static fray_andromeda_check_result and_out[2];
static fray_red_check_spec red_spec = {5, 12, 1};
static fray_red_check_result red_out[2];
static fray_age_test_spec age_spec = {2, 1, 0, 1, 11, 0};
static fray_age_test_result age_out[2];
static fray_better_world_check_spec bw_spec = {3, 2, 0, 0};
static fray_better_world_check_result bw_out[2];
static fray_hunt_test_result hunt_out[2];

#define AND_BATCH(seed, first, count) fray_andromeda_check_batch(&and_spec, seed, first, and_out, count)
#define RED_BATCH(seed, first, count) fray_red_check_batch(&red_spec, seed, first, red_out, count)
#define AGE_BATCH(seed, first, count) fray_age_test_batch(&age_spec, seed, first, age_out, count)
#define BW_BATCH(seed, first, count) fray_better_world_check_batch(&bw_spec, seed, first, bw_out, count)
#define HUNT_BATCH(seed, first, count) fray_hunt_stat_test_batch(7, 2, seed, first, hunt_out, count)

/* Runs a single check on `rng` and, when accepted, on `twin` too: the two stay in step
 * exactly when refused checks draw nothing. */
#define TWIN(name, call_on)                                                                \
    do {                                                                                   \
        fray_result t_ = H(C_INTEGER, name, call_on(rng));                                 \
        if (t_ == FRAY_OK) CHECK(call_on(twin) == FRAY_OK);                                \
        else CHECK(next_die(rng) == next_die(twin));                                       \
    } while (0)

static void test_typed(void) {
    size_t i, f, e;
    fray_rng *rng = new_rng(8, 0), *twin = new_rng(8, 0), *stale = new_rng(1, 1);
    fray_andromeda_check_spec base;
    E(FRAY_NULL_POINTER, C_NULL, fray_andromeda_default_spec, fray_andromeda_default_spec(NULL));
    E(FRAY_OK, C_CASE, fray_andromeda_default_spec, fray_andromeda_default_spec(&base));
    CHECK(fray_rng_free(stale) == FRAY_OK);

    /* NULLs and stale handles of every typed check. */
    E(FRAY_NULL_POINTER, C_NULL, fray_andromeda_check, fray_andromeda_check(NULL, &base, and_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_andromeda_check, fray_andromeda_check(rng, NULL, and_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_andromeda_check, fray_andromeda_check(rng, &base, NULL));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_andromeda_check, fray_andromeda_check(stale, &base, and_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_red_check, fray_red_check(NULL, &red_spec, red_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_red_check, fray_red_check(rng, NULL, red_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_red_check, fray_red_check(rng, &red_spec, NULL));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_red_check, fray_red_check(stale, &red_spec, red_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_age_test, fray_age_test(NULL, &age_spec, age_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_age_test, fray_age_test(rng, NULL, age_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_age_test, fray_age_test(rng, &age_spec, NULL));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_age_test, fray_age_test(stale, &age_spec, age_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_better_world_check, fray_better_world_check(NULL, &bw_spec, bw_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_better_world_check, fray_better_world_check(rng, NULL, bw_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_better_world_check, fray_better_world_check(rng, &bw_spec, NULL));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_better_world_check, fray_better_world_check(stale, &bw_spec, bw_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_hunt_stat_test, fray_hunt_stat_test(NULL, 7, 2, hunt_out));
    E(FRAY_NULL_POINTER, C_NULL, fray_hunt_stat_test, fray_hunt_stat_test(rng, 7, 2, NULL));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_hunt_stat_test, fray_hunt_stat_test(stale, 7, 2, hunt_out));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_rng_roll, fray_rng_roll(stale, 6, &hunt_out[0].roll));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_rng_fill, fray_rng_fill(stale, 6, &hunt_out[0].roll, 1));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_rng_k_die, fray_rng_k_die(stale, &hunt_out[0].roll));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_roll, fray_roll(stale, S("2d6"), (int64_t *)&e));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_roll_json, fray_roll_json(stale, S("2d6"), (char **)&e));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_roll_batch, fray_roll_batch(stale, S("2d6"), (int64_t *)&e, 1));
    E(FRAY_INVALID_HANDLE, C_HANDLE, fray_rng_free, fray_rng_free(stale));

    /* Batches: NULLs, counts, seeds and streams. */
    and_spec = base;
    E(FRAY_NULL_POINTER, C_NULL, fray_andromeda_check_batch, fray_andromeda_check_batch(NULL, 1, 0, and_out, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_andromeda_check_batch, fray_andromeda_check_batch(&and_spec, 1, 0, NULL, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_red_check_batch, fray_red_check_batch(NULL, 1, 0, red_out, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_red_check_batch, fray_red_check_batch(&red_spec, 1, 0, NULL, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_age_test_batch, fray_age_test_batch(NULL, 1, 0, age_out, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_age_test_batch, fray_age_test_batch(&age_spec, 1, 0, NULL, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_better_world_check_batch, fray_better_world_check_batch(NULL, 1, 0, bw_out, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_better_world_check_batch, fray_better_world_check_batch(&bw_spec, 1, 0, NULL, 1));
    E(FRAY_NULL_POINTER, C_NULL, fray_hunt_stat_test_batch, fray_hunt_stat_test_batch(7, 2, 1, 0, NULL, 1));
    {
        const size_t and_counts[] = BAD_COUNTS(sizeof(fray_andromeda_check_result));
        const size_t red_counts[] = BAD_COUNTS(sizeof(fray_red_check_result));
        const size_t age_counts[] = BAD_COUNTS(sizeof(fray_age_test_result));
        const size_t bw_counts[] = BAD_COUNTS(sizeof(fray_better_world_check_result));
        const size_t hunt_counts[] = BAD_COUNTS(sizeof(fray_hunt_test_result));
        for (i = 0; i < N(and_counts); i++) {
            E(FRAY_LIMIT, C_LENGTH, fray_andromeda_check_batch, AND_BATCH(1, 0, and_counts[i]));
            E(FRAY_LIMIT, C_LENGTH, fray_red_check_batch, RED_BATCH(1, 0, red_counts[i]));
            E(FRAY_LIMIT, C_LENGTH, fray_age_test_batch, AGE_BATCH(1, 0, age_counts[i]));
            E(FRAY_LIMIT, C_LENGTH, fray_better_world_check_batch, BW_BATCH(1, 0, bw_counts[i]));
            E(FRAY_LIMIT, C_LENGTH, fray_hunt_stat_test_batch, HUNT_BATCH(1, 0, hunt_counts[i]));
        }
        for (i = 0; i <= 2; i++) {
            E(FRAY_OK, C_LENGTH, fray_andromeda_check_batch, AND_BATCH(1, 0, i));
            E(FRAY_OK, C_LENGTH, fray_red_check_batch, RED_BATCH(1, 0, i));
            E(FRAY_OK, C_LENGTH, fray_age_test_batch, AGE_BATCH(1, 0, i));
            E(FRAY_OK, C_LENGTH, fray_better_world_check_batch, BW_BATCH(1, 0, i));
            E(FRAY_OK, C_LENGTH, fray_hunt_stat_test_batch, HUNT_BATCH(1, 0, i));
        }
    }
    BATCH_STREAMS(fray_andromeda_check_batch, AND_BATCH);
    BATCH_STREAMS(fray_red_check_batch, RED_BATCH);
    BATCH_STREAMS(fray_age_test_batch, AGE_BATCH);
    BATCH_STREAMS(fray_better_world_check_batch, BW_BATCH);
    BATCH_STREAMS(fray_hunt_stat_test_batch, HUNT_BATCH);

    /* Andromeda: each field at each extreme, under each edge, single and batch. */
    for (f = 0; f < 9; f++) {
        for (i = 0; i < N(I32S); i++) {
            for (e = 0; e < 3; e++) {
                fray_andromeda_check_spec sp = base;
                uint32_t u = U32S[i % N(U32S)];
                sp.edge = (uint32_t)e;
                switch (f) {
                case 0: sp.skill_value = I32S[i]; break;
                case 1: sp.skill_rank = I32S[i]; break;
                case 2: sp.difficulty = I32S[i]; break;
                case 3: sp.edge = u; break;
                case 4: sp.cost_from = I32S[i]; break;
                case 5: sp.success_from = I32S[i]; break;
                case 6: sp.critical_from = I32S[i]; break;
                case 7: sp.advantage_method = u; break;
                default: sp.advantage_amount = I32S[i]; break;
                }
#define AND_ON(r) fray_andromeda_check((r), &sp, and_out)
                TWIN(fray_andromeda_check, AND_ON);
                and_spec = sp;
                H(C_INTEGER, fray_andromeda_check_batch, AND_BATCH(U64S[i % 4], UINT64_MAX - 1, 2));
            }
        }
    }
    for (i = 0; i < N(I32S); i++) {
        size_t j, c;
        for (j = 0; j < N(I32S); j++) {
            for (c = 0; c < 3; c++) {
                fray_red_check_spec sp;
                sp.base = I32S[i];
                sp.dv = I32S[j];
                sp.critical = c == 2 ? UINT32_MAX : (uint32_t)c;
#define RED_ON(r) fray_red_check((r), &sp, red_out)
                TWIN(fray_red_check, RED_ON);
                red_spec = sp;
                H(C_INTEGER, fray_red_check_batch, RED_BATCH(1, 0, 2));
            }
            for (c = 0; c < N(I32S); c++) {
                uint32_t flags;
                for (flags = 0; flags < 8; flags++) {
                    fray_age_test_spec sp;
                    sp.ability = I32S[i];
                    sp.modifier = I32S[j];
                    sp.tn = I32S[c];
                    sp.focus = (flags & 1) ? UINT32_MAX : 0;
                    sp.has_tn = flags & 2;
                    sp.auto_fail = flags & 4;
#define AGE_ON(r) fray_age_test((r), &sp, age_out)
                    TWIN(fray_age_test, AGE_ON);
                    if (flags == 3) {
                        age_spec = sp;
                        H(C_INTEGER, fray_age_test_batch, AGE_BATCH(1, 0, 2));
                    }
                }
            }
        }
    }
    for (i = 0; i < N(U32S); i++) {
        size_t j, t;
        for (j = 0; j < N(U32S); j++) {
            for (t = 0; t < N(U32S); t++) {
                fray_better_world_check_spec sp;
                sp.pool = U32S[i];
                sp.difficulty = U32S[j];
                sp.tie = U32S[t];
                sp.automatic = (uint32_t)(t % 2);
#define BW_ON(r) fray_better_world_check((r), &sp, bw_out)
                TWIN(fray_better_world_check, BW_ON);
                bw_spec = sp;
                H(C_INTEGER, fray_better_world_check_batch, BW_BATCH(1, 0, 2));
            }
        }
    }
    {
        const uint32_t stats[] = {0, 1, FRAY_HUNT_MAX_STAT - 1, FRAY_HUNT_MAX_STAT,
                                  FRAY_HUNT_MAX_STAT + 1u, UINT32_MAX - 1, UINT32_MAX};
        const uint32_t dice[] = {0, 1, 2, FRAY_MAX_DICE, FRAY_MAX_DICE + 1, UINT32_MAX - 1, UINT32_MAX};
        size_t j;
        for (i = 0; i < N(stats); i++) {
            for (j = 0; j < N(dice); j++) {
#define HUNT_ON(r) fray_hunt_stat_test((r), stats[i], dice[j], hunt_out)
                TWIN(fray_hunt_stat_test, HUNT_ON);
                H(C_INTEGER, fray_hunt_stat_test_batch,
                  fray_hunt_stat_test_batch(stats[i], dice[j], 1, 0, hunt_out, 2));
            }
        }
    }
    fray_rng_free(rng);
    fray_rng_free(twin);
}

/* One check per case of issue 24, each asserting the documented result. */
static void test_cases(void) {
    size_t k;
    char *s = NULL;
    fray_rng *rng = new_rng(4, 0), *twin = new_rng(4, 0);
    int64_t total = 77;

    /* The batch length gap: 2^59 elements of 16 bytes. */
    {
        fray_age_test_spec spec = {2, 0, 0, 0, 0, 0};
        fray_age_test_result out;
        memset(&out, 0xab, sizeof out);
        E(FRAY_LIMIT, C_CASE, fray_age_test_batch, fray_age_test_batch(&spec, 1, 0, &out, (size_t)1 << 59));
        CHECK(out.total == (int32_t)0xabababab);
    }
    /* The stream top: first_stream = 2^64 - 1, count = 1 is that stream's check. */
    {
        fray_red_check_spec spec = {5, 10, 1};
        fray_red_check_result one, batch_[3];
        fray_rng *top = new_rng(9, UINT64_MAX);
        CHECK(fray_red_check(top, &spec, &one) == FRAY_OK);
        E(FRAY_OK, C_CASE, fray_red_check_batch, fray_red_check_batch(&spec, 9, UINT64_MAX, batch_, 1));
        CHECK(memcmp(&one, &batch_[0], sizeof one) == 0);
        /* first_stream + count = 2^64 - 1 (used to overflow in debug builds). */
        E(FRAY_OK, C_CASE, fray_red_check_batch, fray_red_check_batch(&spec, 9, UINT64_MAX - 3, batch_, 3));
        E(FRAY_INVALID_ARGUMENT, C_CASE, fray_red_check_batch,
          fray_red_check_batch(&spec, 9, UINT64_MAX - 1, batch_, 3));
        fray_rng_free(top);
    }
    /* Threads and trials of a simulation. */
    for (k = 0; k < nids; k++) {
        E(FRAY_LIMIT, C_CASE, fray_simulate_json,
          fray_simulate_json(S(ids[k]), S(setups[k]), 1, 1, UINT32_MAX, &s));
        E(FRAY_LIMIT, C_CASE, fray_simulate_json,
          fray_simulate_json(S(ids[k]), S(setups[k]), 1, 1, 10000, &s));
        E(FRAY_LIMIT, C_CASE, fray_simulate_json,
          fray_simulate_json(S(ids[k]), S(setups[k]), UINT64_MAX, 1, 1, &s));
        CHECK(s == NULL);
    }
    /* HUNT-02: the margin is exact or the stat is refused. */
    {
        fray_hunt_test_result o;
        memset(&o, 0, sizeof o);
        E(FRAY_INVALID_ARGUMENT, C_CASE, fray_hunt_stat_test, fray_hunt_stat_test(rng, 4294967295u, 2, &o));
        CHECK(o.margin == 0);
        E(FRAY_OK, C_CASE, fray_hunt_stat_test, fray_hunt_stat_test(rng, FRAY_HUNT_MAX_STAT, 2, &o));
        CHECK((int64_t)o.margin == (int64_t)FRAY_HUNT_MAX_STAT - (int64_t)o.roll);
        CHECK(fray_hunt_stat_test(twin, FRAY_HUNT_MAX_STAT, 2, &o) == FRAY_OK);
    }
    /* Odds specs must be objects. */
    for (k = 0; k < nids; k++) {
        E(FRAY_PARSE, C_CASE, fray_ruleset_odds_json, fray_ruleset_odds_json(S(ids[k]), S("[]"), &s));
        E(FRAY_PARSE, C_CASE, fray_ruleset_odds_json, fray_ruleset_odds_json(S(ids[k]), S("[1,2,3]"), &s));
        CHECK(s == NULL);
        E(FRAY_OK, C_CASE, fray_ruleset_odds_json, fray_ruleset_odds_json(S(ids[k]), S("{}"), &s));
        release(s);
        s = NULL;
    }
    /* A failed roll draws nothing. */
    E(FRAY_OVERFLOW, C_CASE, fray_roll, fray_roll(rng, S("1d6/0"), &total));
    E(FRAY_OVERFLOW, C_CASE, fray_roll_json, fray_roll_json(rng, S("1d6/0"), &s));
    CHECK(total == 77 && s == NULL);
    CHECK(next_die(rng) == next_die(twin));
    /* Handles used after free, freed twice. */
    {
        fray_rng *r = new_rng(1, 0);
        uint32_t face = 99;
        E(FRAY_OK, C_CASE, fray_rng_free, fray_rng_free(r));
        E(FRAY_INVALID_HANDLE, C_CASE, fray_rng_roll, fray_rng_roll(r, 6, &face));
        CHECK(face == 99);
        E(FRAY_INVALID_HANDLE, C_CASE, fray_rng_free, fray_rng_free(r));
    }
    /* A caught panic prints nothing unless asked; its message is in fray_last_error. */
#ifdef FRAY_TEST_HOOKS
    {
        FILE *capture = tmpfile();
        int saved = dup(2);
        long quiet, loud;
        char *m;
        fflush(stderr);
        dup2(fileno(capture), 2);
        /* Not through E: FRAY_PANIC is what this call is for. */
        cover("fray_test_panic", C_CASE);
        CHECK(fray_test_panic() == FRAY_PANIC);
        fflush(stderr);
        fseek(capture, 0, SEEK_END);
        quiet = ftell(capture);
        CHECK(fray_set_panic_output(1) == 0);
        CHECK(fray_test_panic() == FRAY_PANIC);
        fflush(stderr);
        fseek(capture, 0, SEEK_END);
        loud = ftell(capture);
        CHECK(fray_set_panic_output(0) == 1);
        dup2(saved, 2);
        close(saved);
        fclose(capture);
        CHECK(quiet == 0);
        CHECK(loud > 0);
        m = take_last(fray_last_error);
        CHECK(strstr(m, "on purpose") != NULL);
        fray_string_free(m);
        printf("a caught panic: %ld bytes on stderr by default, %ld with fray_set_panic_output(1)\n",
               quiet, loud);
    }
#endif
    fray_rng_free(rng);
    fray_rng_free(twin);
}

int main(void) {
    size_t i, c, uncovered = 0;
    size_t count = 0;
    printf("libfray %s: hostile C suite\n", fray_version());
    if (fray_ruleset_count(&count) != FRAY_OK || count == 0 || count > 16) return 2;
    for (i = 0; i < count; i++) {
        if (fray_ruleset_id(i, &ids[i]) != FRAY_OK) return 2;
        if (fray_demo_setup_json(S(ids[i]), &setups[i]) != FRAY_OK) return 2;
    }
    nids = count;
    big = malloc(FRAY_MAX_JSON_BYTES + 1);
    memset(big, ' ', FRAY_MAX_JSON_BYTES + 1);

    test_general();
    test_dice();
    test_rulesets();
    test_encounters();
    test_typed();
    test_cases();

    printf("%-32s", "export");
    for (c = 0; c < CLASSES; c++) printf(" %8s", CLASS_NAMES[c]);
    printf("\n");
    for (i = 0; i < NEXPORTS; i++) {
        int total = 0;
        printf("%-32s", EXPORTS[i]);
        for (c = 0; c < CLASSES; c++) {
            printf(" %8d", coverage[i][c]);
            total += coverage[i][c];
        }
        printf("\n");
        if (total == 0) uncovered++;
    }
    CHECK(uncovered == 0);
    for (i = 0; i < nids; i++) {
        fray_string_free(ids[i]);
        fray_string_free(setups[i]);
    }
    free(big);
    printf("%d checks, %d failures, %zu exports\n", checks, failures, (size_t)NEXPORTS);
    return failures == 0 ? 0 : 1;
}
