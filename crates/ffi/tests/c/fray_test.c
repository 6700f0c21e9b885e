/*
 * The C test suite of libfray, built against include/fray.h with -DFRAY_TEST_HOOKS and run
 * (also under valgrind) by scripts/test-native.
 *
 *   fray_test [OUT_DIR]
 *
 * It calls every exported function with NULL for each pointer argument and with garbage
 * strings and expects an error code each time; plays the demo of every registered ruleset
 * to its end through suggest/apply, printing the log; checks replays, refusals, the panic
 * boundary and the typed Andromeda check. With OUT_DIR it writes each demo's events JSON to
 * OUT_DIR/<ruleset>.c.json for the cross-language conformance check.
 */
#include "fray.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        checks++;                                                                          \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);       \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

/* The call must return `code`, and a failure must leave a detail message. */
#define EXPECT(code, call)                                                                 \
    do {                                                                                   \
        set_sentinel();                                                                    \
        fray_result r_ = (call);                                                           \
        checks++;                                                                          \
        if (r_ != (code)) {                                                                \
            char *m_ = last_error();                                                       \
            fprintf(stderr, "%s:%d: %s\n  returned %d (%s), expected %d (%s)\n  last error: %s\n", \
                    __FILE__, __LINE__, #call, (int)r_, fray_error_message(r_), (int)(code),  \
                    fray_error_message(code), m_);                                         \
            fray_string_free(m_);                                                          \
            failures++;                                                                    \
        } else if (r_ != FRAY_OK && !has_message()) {                                      \
            fprintf(stderr, "%s:%d: %s failed without a message\n", __FILE__, __LINE__, #call); \
            failures++;                                                                    \
        }                                                                                  \
    } while (0)

#define OK(call) EXPECT(FRAY_OK, call)
#define NUL(call) EXPECT(FRAY_NULL_POINTER, call)
/* A string argument as pointer and length. */
#define S(text) (text), strlen(text)

static char *last_error(void) {
    char *out = NULL;
    if (fray_last_error(&out) != FRAY_OK) {
        fprintf(stderr, "fray_last_error failed\n");
        exit(2);
    }
    return out;
}

/* Makes the last error a known text, so a check can see that a failure left its own. */
static const char *SENTINEL = "18446744073709551615 is past the end";
static void set_sentinel(void) {
    char *s = NULL;
    if (fray_ruleset_id((size_t)-1, &s) != FRAY_INVALID_ARGUMENT) {
        fprintf(stderr, "fray_ruleset_id(SIZE_MAX) did not fail\n");
        exit(2);
    }
}

/* Whether the last failure left a message of its own. */
static int has_message(void) {
    char *m = last_error();
    int ok = m != NULL && m[0] != '\0' && strstr(m, SENTINEL) == NULL;
    fray_string_free(m);
    return ok;
}

static int last_error_contains(const char *needle) {
    char *m = last_error();
    int ok = strstr(m, needle) != NULL;
    if (!ok) fprintf(stderr, "  last error \"%s\" lacks \"%s\"\n", m, needle);
    fray_string_free(m);
    return ok;
}

static const char *BAD_UTF8 = "\xff\xfe\xc3(";

static void test_version_and_messages(void) {
    char built[64];
    snprintf(built, sizeof built, "%d.%d.%d", FRAY_VERSION_MAJOR, FRAY_VERSION_MINOR,
             FRAY_VERSION_PATCH);
    CHECK(strcmp(built, FRAY_VERSION) == 0);
    CHECK(strcmp(fray_version(), FRAY_VERSION) == 0);
    for (int code = -3; code < 40; code++) {
        const char *text = fray_error_message(code);
        CHECK(text != NULL && text[0] != '\0');
    }
    CHECK(strcmp(fray_error_message(FRAY_OK), "success") == 0);
    CHECK(strcmp(fray_error_message(12345), "unknown fray_result code") == 0);
    CHECK(strcmp(fray_error_message(FRAY_UNKNOWN_RULESET), "unknown ruleset") == 0);
}

/* Every exported function with NULL for each pointer argument. `id` is a registered
 * ruleset (or any text when none is), so only the NULL can be the failure. */
static void test_null_pointers(const char *id) {
    fray_rng *rng = NULL;
    OK(fray_rng_new(1, 0, &rng));
    uint32_t u = 0;
    uint64_t u64 = 0;
    int64_t i64 = 0;
    char *s = NULL;
    uint32_t buf[4];
    int64_t totals[4];

    NUL(fray_last_error(NULL));
    NUL(fray_rng_new(1, 0, NULL));
    NUL(fray_rng_roll(NULL, 6, &u));
    NUL(fray_rng_roll(rng, 6, NULL));
    NUL(fray_rng_k_die(NULL, &u));
    NUL(fray_rng_k_die(rng, NULL));
    NUL(fray_rng_fill(NULL, 6, buf, 4));
    NUL(fray_rng_fill(rng, 6, NULL, 4));
    NUL(fray_roll(NULL, S("2d6"), &i64));
    NUL(fray_roll(rng, NULL, 3, &i64));
    NUL(fray_roll(rng, S("2d6"), NULL));
    NUL(fray_roll_json(NULL, S("2d6"), &s));
    NUL(fray_roll_json(rng, NULL, 3, &s));
    NUL(fray_roll_json(rng, S("2d6"), NULL));
    NUL(fray_roll_batch(NULL, S("2d6"), totals, 4));
    NUL(fray_roll_batch(rng, NULL, 3, totals, 4));
    NUL(fray_roll_batch(rng, S("2d6"), NULL, 4));
    NUL(fray_odds_json(NULL, 3, &s));
    NUL(fray_odds_json(S("2d6"), NULL));
    NUL(fray_rulesets_json(NULL));
    NUL(fray_ruleset_count(NULL));
    NUL(fray_ruleset_id(0, NULL));
    NUL(fray_demo_seed(NULL, 3, &u64));
    NUL(fray_demo_seed(S(id), NULL));
    NUL(fray_demo_setup_json(NULL, 3, &s));
    NUL(fray_demo_setup_json(S(id), NULL));
    NUL(fray_ruleset_odds_json(NULL, 3, S("{}"), &s));
    NUL(fray_ruleset_odds_json(S(id), NULL, 2, &s));
    NUL(fray_ruleset_odds_json(S(id), S("{}"), NULL));
    NUL(fray_describe_events(NULL, 3, S("[]"), &s));
    NUL(fray_describe_events(S(id), NULL, 2, &s));
    NUL(fray_describe_events(S(id), S("[]"), NULL));
    NUL(fray_simulate_json(NULL, 3, S("{}"), 1, 1, 1, &s));
    NUL(fray_simulate_json(S(id), NULL, 2, 1, 1, 1, &s));
    NUL(fray_simulate_json(S(id), S("{}"), 1, 1, 1, NULL));
    NUL(fray_setup_check_json(NULL, 3, S("{}"), &s));
    NUL(fray_setup_check_json(S(id), NULL, 2, &s));
    NUL(fray_setup_check_json(S(id), S("{}"), NULL));
    NUL(fray_replay_verify(NULL, 2, &s));
    NUL(fray_replay_verify(S("{}"), NULL));

    fray_encounter *enc = NULL;
    NUL(fray_encounter_new(NULL, 3, S("{}"), 7, 0, &enc));
    NUL(fray_encounter_new(S(id), NULL, 2, 7, 0, &enc));
    NUL(fray_encounter_new(S(id), S("{}"), 7, 0, NULL));
    CHECK(enc == NULL);
    NUL(fray_encounter_apply(NULL, S("{}"), &s));
    NUL(fray_encounter_suggest(NULL, &s));
    NUL(fray_encounter_state_json(NULL, &s));
    NUL(fray_encounter_events_json(NULL, &s));
    NUL(fray_encounter_replay_json(NULL, &s));
    NUL(fray_encounter_ruleset(NULL, &s));
    CHECK(s == NULL);

    /* Pointer arguments of a live encounter, one at a time. */
    char *setup = NULL;
    uint64_t seed = 0;
    if (fray_demo_setup_json(S(id), &setup) == FRAY_OK) {
        OK(fray_demo_seed(S(id), &seed));
        OK(fray_encounter_new(S(id), S(setup), seed, 0, &enc));
        char *cmd = NULL;
        OK(fray_encounter_suggest(enc, &cmd));
        if (cmd != NULL) {
            NUL(fray_encounter_apply(enc, NULL, strlen(cmd), &s));
            NUL(fray_encounter_apply(enc, S(cmd), NULL));
        }
        NUL(fray_encounter_suggest(enc, NULL));
        NUL(fray_encounter_state_json(enc, NULL));
        NUL(fray_encounter_events_json(enc, NULL));
        NUL(fray_encounter_replay_json(enc, NULL));
        NUL(fray_encounter_ruleset(enc, NULL));
        fray_string_free(cmd);
        fray_encounter_free(enc);
        fray_string_free(setup);
    }

    fray_andromeda_check_spec spec;
    fray_andromeda_check_result result;
    fray_andromeda_check_result results[2];
    NUL(fray_andromeda_default_spec(NULL));
    OK(fray_andromeda_default_spec(&spec));
    NUL(fray_andromeda_check(NULL, &spec, &result));
    NUL(fray_andromeda_check(rng, NULL, &result));
    NUL(fray_andromeda_check(rng, &spec, NULL));
    NUL(fray_andromeda_check_batch(NULL, 1, 0, results, 2));
    NUL(fray_andromeda_check_batch(&spec, 1, 0, NULL, 2));

    fray_red_check_spec red = {12, 15, 1};
    fray_red_check_result red_out[2];
    NUL(fray_red_check(NULL, &red, red_out));
    NUL(fray_red_check(rng, NULL, red_out));
    NUL(fray_red_check(rng, &red, NULL));
    NUL(fray_red_check_batch(NULL, 1, 0, red_out, 2));
    NUL(fray_red_check_batch(&red, 1, 0, NULL, 2));
    fray_age_test_spec age = {2, 1, 0, 1, 11, 0};
    fray_age_test_result age_out[2];
    NUL(fray_age_test(NULL, &age, age_out));
    NUL(fray_age_test(rng, NULL, age_out));
    NUL(fray_age_test(rng, &age, NULL));
    NUL(fray_age_test_batch(NULL, 1, 0, age_out, 2));
    NUL(fray_age_test_batch(&age, 1, 0, NULL, 2));
    fray_better_world_check_spec bw = {5, 3, FRAY_BETTER_WORLD_TIE_ACTOR_WINS, 0};
    fray_better_world_check_result bw_out[2];
    NUL(fray_better_world_check(NULL, &bw, bw_out));
    NUL(fray_better_world_check(rng, NULL, bw_out));
    NUL(fray_better_world_check(rng, &bw, NULL));
    NUL(fray_better_world_check_batch(NULL, 1, 0, bw_out, 2));
    NUL(fray_better_world_check_batch(&bw, 1, 0, NULL, 2));
    fray_hunt_test_result hunt_out[2];
    NUL(fray_hunt_stat_test(NULL, 7, 2, hunt_out));
    NUL(fray_hunt_stat_test(rng, 7, 2, NULL));
    NUL(fray_hunt_stat_test_batch(7, 2, 1, 0, NULL, 2));

    /* Frees of NULL are no-ops. */
    fray_rng_free(NULL);
    fray_encounter_free(NULL);
    fray_string_free(NULL);
    fray_rng_free(rng);
}

/* Invalid UTF-8, unknown rulesets, malformed JSON, bad notation and absurd lengths. */
static void test_garbage(const char *id) {
    fray_rng *rng = NULL;
    OK(fray_rng_new(3, 0, &rng));
    char *s = NULL;
    int64_t total = -99;
    uint64_t u64 = 0;
    fray_encounter *enc = NULL;

    EXPECT(FRAY_INVALID_UTF8, fray_roll(rng, S(BAD_UTF8), &total));
    EXPECT(FRAY_INVALID_UTF8, fray_roll_json(rng, S(BAD_UTF8), &s));
    int64_t batch[2] = {-99, -99};
    EXPECT(FRAY_INVALID_UTF8, fray_roll_batch(rng, S(BAD_UTF8), batch, 2));
    EXPECT(FRAY_PARSE, fray_roll_batch(rng, S("2d6+"), batch, 2));
    CHECK(batch[0] == -99 && batch[1] == -99);
    EXPECT(FRAY_INVALID_UTF8, fray_ruleset_odds_json(S(BAD_UTF8), S("{}"), &s));
    EXPECT(FRAY_INVALID_UTF8, fray_describe_events(S(BAD_UTF8), S("[]"), &s));
    EXPECT(FRAY_INVALID_UTF8, fray_simulate_json(S(BAD_UTF8), S("{}"), 1, 1, 1, &s));
    EXPECT(FRAY_INVALID_UTF8, fray_odds_json(S(BAD_UTF8), &s));
    EXPECT(FRAY_INVALID_UTF8, fray_demo_seed(S(BAD_UTF8), &u64));
    EXPECT(FRAY_INVALID_UTF8, fray_demo_setup_json(S(BAD_UTF8), &s));
    EXPECT(FRAY_INVALID_UTF8, fray_ruleset_odds_json(S(id), S(BAD_UTF8), &s));
    EXPECT(FRAY_INVALID_UTF8, fray_describe_events(S(id), S(BAD_UTF8), &s));
    EXPECT(FRAY_INVALID_UTF8, fray_simulate_json(S(id), S(BAD_UTF8), 1, 1, 1, &s));
    EXPECT(FRAY_INVALID_UTF8, fray_replay_verify(S(BAD_UTF8), &s));
    EXPECT(FRAY_INVALID_UTF8, fray_encounter_new(S(BAD_UTF8), S("{}"), 1, 0, &enc));
    EXPECT(FRAY_INVALID_UTF8, fray_encounter_new(S(id), S(BAD_UTF8), 1, 0, &enc));

    EXPECT(FRAY_UNKNOWN_RULESET, fray_demo_seed(S("chess"), &u64));
    CHECK(last_error_contains("chess"));
    EXPECT(FRAY_UNKNOWN_RULESET, fray_demo_setup_json(S("chess"), &s));
    EXPECT(FRAY_UNKNOWN_RULESET, fray_ruleset_odds_json(S("chess"), S("{}"), &s));
    EXPECT(FRAY_UNKNOWN_RULESET, fray_describe_events(S("chess"), S("[]"), &s));
    EXPECT(FRAY_UNKNOWN_RULESET, fray_simulate_json(S("chess"), S("{}"), 1, 1, 1, &s));
    EXPECT(FRAY_UNKNOWN_RULESET, fray_encounter_new(S("chess"), S("{}"), 1, 0, &enc));
    EXPECT(FRAY_UNKNOWN_RULESET, fray_replay_verify(S("{\"ruleset\":\"chess\"}"), &s));
    EXPECT(FRAY_INVALID_ARGUMENT, fray_ruleset_id(100000, &s));
    CHECK(last_error_contains("100000"));

    EXPECT(FRAY_PARSE, fray_roll(rng, S("2d"), &total));
    CHECK(last_error_contains("column"));
    EXPECT(FRAY_PARSE, fray_roll(rng, S(""), &total));
    EXPECT(FRAY_PARSE, fray_odds_json(S("d6+"), &s));
    EXPECT(FRAY_PARSE, fray_roll(rng, S("1d0"), &total));
    EXPECT(FRAY_LIMIT, fray_roll(rng, S("100000000d6"), &total));
    EXPECT(FRAY_OVERFLOW, fray_roll(rng, S("9223372036854775807+1d2"), &total));
    EXPECT(FRAY_OVERFLOW, fray_roll(rng, S("1d6/0"), &total));
    /* A length over FRAY_MAX_NOTATION_BYTES is refused before a byte is read. */
    EXPECT(FRAY_LIMIT, fray_roll(rng, "2d6", (size_t)-1, &total));
    EXPECT(FRAY_PARSE, fray_replay_verify(S("{"), &s));
    EXPECT(FRAY_PARSE, fray_ruleset_odds_json(S(id), S("{"), &s));
    EXPECT(FRAY_PARSE, fray_describe_events(S(id), S("[{"), &s));
    EXPECT(FRAY_PARSE, fray_simulate_json(S(id), S("{"), 1, 1, 1, &s));
    EXPECT(FRAY_PARSE, fray_encounter_new(S(id), S("[1,2"), 1, 0, &enc));
    EXPECT(FRAY_REPLAY_INVALID, fray_replay_verify(S("{\"format\":1}"), &s));
    EXPECT(FRAY_REPLAY_INVALID, fray_replay_verify(S("[1,2]"), &s));
    EXPECT(FRAY_INVALID_ARGUMENT, fray_rng_roll(rng, 0, (uint32_t *)&u64));
    uint32_t buf[3] = {7, 7, 7};
    EXPECT(FRAY_INVALID_ARGUMENT, fray_rng_fill(rng, 0, buf, 3));
    CHECK(buf[0] == 7 && buf[1] == 7 && buf[2] == 7);
    /* Nothing was written by any failed call. */
    CHECK(total == -99);
    CHECK(s == NULL);
    CHECK(enc == NULL);

    /* Pseudo-random bytes: every call returns some code, never crashes, and writes its
     * out-parameter exactly when it succeeds. */
    unsigned state = 12345;
    for (int round = 0; round < 300; round++) {
        char junk[24];
        size_t len = (size_t)(round % 23);
        for (size_t i = 0; i < len; i++) {
            state = state * 1103515245u + 12345u;
            unsigned bits = state >> 16;
            junk[i] = round < 150 ? "0123456789d+-*/()!<>=khl% "[bits % 26] : (char)(bits & 0xff);
        }
        char *out = NULL;
        int64_t t = -1;
        fray_result r = fray_roll(rng, junk, len, &t);
        CHECK((r == FRAY_OK) || t == -1);
        r = fray_odds_json(junk, len, &out);
        CHECK((r == FRAY_OK) == (out != NULL));
        fray_string_free(out);
        out = NULL;
        r = fray_replay_verify(junk, len, &out);
        CHECK(r != FRAY_OK && out == NULL);
        r = fray_encounter_new(S(id), junk, len, 1, 0, &enc);
        CHECK(r != FRAY_OK && enc == NULL);
    }
    fray_rng_free(rng);
}

static void test_panic_boundary(void) {
#ifdef FRAY_TEST_HOOKS
    EXPECT(FRAY_PANIC, fray_test_panic());
    CHECK(last_error_contains("on purpose"));
    /* The process goes on, and the library still works. */
    fray_rng *rng = NULL;
    OK(fray_rng_new(1, 1, &rng));
    uint32_t face = 0;
    OK(fray_rng_roll(rng, 6, &face));
    CHECK(face >= 1 && face <= 6);
    fray_rng_free(rng);
    printf("panic boundary: FRAY_PANIC came back and the process went on\n");
#else
    fprintf(stderr, "built without FRAY_TEST_HOOKS: the panic boundary is not tested\n");
    failures++;
#endif
}

static void test_dice(void) {
    fray_rng *a = NULL, *b = NULL;
    OK(fray_rng_new(42, 7, &a));
    OK(fray_rng_new(42, 7, &b));
    uint32_t filled[64];
    OK(fray_rng_fill(a, 20, filled, 64));
    for (int i = 0; i < 64; i++) {
        uint32_t one = 0;
        OK(fray_rng_roll(b, 20, &one));
        CHECK(one == filled[i] && one >= 1 && one <= 20);
    }
    uint32_t k = 9;
    OK(fray_rng_k_die(a, &k));
    CHECK(k <= 1);
    OK(fray_rng_k_die(b, &k));

    int64_t totals[100];
    OK(fray_roll_batch(a, S("4d6dl1"), totals, 100));
    for (int i = 0; i < 100; i++) {
        int64_t one = 0;
        OK(fray_roll(b, S("4d6dl1"), &one));
        CHECK(one == totals[i] && one >= 3 && one <= 18);
    }
    char *json = NULL;
    OK(fray_roll_json(a, S("3d8kh2+2"), &json));
    CHECK(json != NULL && strstr(json, "\"expression\":\"3d8kh2+2\"") != NULL);
    CHECK(json != NULL && strstr(json, "\"fate\":\"dropped\"") != NULL);
    printf("roll 3d8kh2+2: %s\n", json);
    fray_string_free(json);

    OK(fray_odds_json(S("2d6"), &json));
    CHECK(strstr(json, "\"denominator\":36") != NULL);
    CHECK(strstr(json, "{\"value\":7,\"count\":6,") != NULL);
    fray_string_free(json);
    /* Past 128 bits the integers are written in full: 6^100. */
    OK(fray_odds_json(S("100d6"), &json));
    CHECK(strstr(json, "\"denominator\":653318623500070906096690267158057820537143710472954871543071966369497141477376,") != NULL);
    fray_string_free(json);
    /* One extra die deep, 1d6! leaves the chains 6,6,… (1/36) unresolved. */
    OK(fray_odds_depth_json(S("1d6!"), 1, &json));
    CHECK(strstr(json, "\"unresolved\":{\"numerator\":1,\"denominator\":36}") != NULL);
    CHECK(strstr(json, "\"unresolved_range\":[13,") != NULL);
    fray_string_free(json);
    fray_rng_free(a);
    fray_rng_free(b);
}

static void test_andromeda_check(void) {
    fray_andromeda_check_spec spec;
    OK(fray_andromeda_default_spec(&spec));
    CHECK(spec.cost_from == 10 && spec.success_from == 13 && spec.critical_from == 16);
    spec.skill_value = 3;
    spec.skill_rank = 2;
    spec.difficulty = 3;
    spec.edge = FRAY_ANDROMEDA_EDGE_ADVANTAGE;

    enum { N = 200 };
    static fray_andromeda_check_result batch[N];
    OK(fray_andromeda_check_batch(&spec, 99, 1000, batch, N));
    int tiers[4] = {0, 0, 0, 0};
    for (int i = 0; i < N; i++) {
        /* Trial i is stream first_stream + i. */
        fray_rng *rng = NULL;
        OK(fray_rng_new(99, 1000 + (uint64_t)i, &rng));
        fray_andromeda_check_result one;
        OK(fray_andromeda_check(rng, &spec, &one));
        CHECK(memcmp(&one, &batch[i], sizeof one) == 0);
        CHECK(one.dice_count == 3 && one.shift == -1 && one.tier <= 3);
        CHECK(one.total == 3 + one.kept[0] + one.kept[1]);
        tiers[one.tier]++;
        fray_rng_free(rng);
    }
    printf("andromeda check (value 3, rank 2 vs 3, advantage) x%d: fail %d, cost %d, success %d, "
           "critical %d\n",
           N, tiers[0], tiers[1], tiers[2], tiers[3]);

    fray_rng *rng = NULL;
    OK(fray_rng_new(1, 0, &rng));
    fray_andromeda_check_result out, before;
    memset(&out, 0x5a, sizeof out);
    before = out;
    fray_andromeda_check_spec bad = spec;
    bad.edge = 9;
    EXPECT(FRAY_INVALID_ARGUMENT, fray_andromeda_check(rng, &bad, &out));
    CHECK(last_error_contains("edge"));
    bad = spec;
    bad.advantage_method = 5;
    EXPECT(FRAY_INVALID_ARGUMENT, fray_andromeda_check(rng, &bad, &out));
    bad = spec;
    bad.advantage_amount = 5;
    EXPECT(FRAY_LIMIT, fray_andromeda_check(rng, &bad, &out));
    bad = spec;
    bad.success_from = 99;
    EXPECT(FRAY_INVALID_ARGUMENT, fray_andromeda_check_batch(&bad, 1, 0, batch, N));
    EXPECT(FRAY_INVALID_ARGUMENT, fray_andromeda_check_batch(&spec, 1, UINT64_MAX, batch, 2));
    CHECK(memcmp(&out, &before, sizeof out) == 0);
    fray_rng_free(rng);
}

/* Batch check i equals a single check on a generator for (seed, first + i); a bad spec is
 * refused with the expected code and writes nothing. */
#define SAME_AS_SINGLE(result_t, batch_call, single_call, seed, first)                      \
    do {                                                                                   \
        static result_t many_[64];                                                         \
        OK(batch_call);                                                                    \
        for (int i_ = 0; i_ < 64; i_++) {                                                  \
            fray_rng *rng = NULL;                                                          \
            OK(fray_rng_new((seed), (first) + (uint64_t)i_, &rng));                        \
            result_t one;                                                                  \
            memset(&one, 0, sizeof one);                                                   \
            OK(single_call);                                                               \
            CHECK(memcmp(&one, &many_[i_], sizeof one) == 0);                              \
            fray_rng_free(rng);                                                            \
        }                                                                                  \
    } while (0)

static void test_typed_checks(void) {
    fray_red_check_spec red = {12, 15, 1};
    SAME_AS_SINGLE(fray_red_check_result, fray_red_check_batch(&red, 5, 10, many_, 64),
                   fray_red_check(rng, &red, &one), 5, 10);
    fray_age_test_spec age = {2, 1, -1, 1, 11, 0};
    SAME_AS_SINGLE(fray_age_test_result, fray_age_test_batch(&age, 5, 10, many_, 64),
                   fray_age_test(rng, &age, &one), 5, 10);
    fray_better_world_check_spec bw = {5, 3, FRAY_BETTER_WORLD_TIE_DIFFICULTY_WINS, 0};
    SAME_AS_SINGLE(fray_better_world_check_result,
                   fray_better_world_check_batch(&bw, 5, 10, many_, 64),
                   fray_better_world_check(rng, &bw, &one), 5, 10);
    SAME_AS_SINGLE(fray_hunt_test_result, fray_hunt_stat_test_batch(7, 2, 5, 10, many_, 64),
                   fray_hunt_stat_test(rng, 7, 2, &one), 5, 10);

    fray_rng *rng = NULL;
    OK(fray_rng_new(8, 0, &rng));
    fray_red_check_result red_out;
    fray_red_check_spec red_bad = {INT32_MAX, 15, 1};
    EXPECT(FRAY_RULE, fray_red_check(rng, &red_bad, &red_out));
    CHECK(last_error_contains("RED-30"));
    fray_better_world_check_result bw_out;
    fray_better_world_check_spec bw_bad = {5, 3, 7, 0};
    EXPECT(FRAY_INVALID_ARGUMENT, fray_better_world_check(rng, &bw_bad, &bw_out));
    bw_bad.tie = 0;
    bw_bad.pool = 1000;
    EXPECT(FRAY_RULE, fray_better_world_check(rng, &bw_bad, &bw_out));
    CHECK(last_error_contains("BW-02"));
    fray_hunt_test_result hunt_out;
    EXPECT(FRAY_LIMIT, fray_hunt_stat_test(rng, 7, 1000000, &hunt_out));
    fray_age_test_result age_out;
    /* The top stream alone is fine; one more runs past 2^64 - 1. */
    OK(fray_age_test_batch(&age, 1, UINT64_MAX, &age_out, 1));
    {
        fray_age_test_result two[2];
        EXPECT(FRAY_INVALID_ARGUMENT, fray_age_test_batch(&age, 1, UINT64_MAX, two, 2));
    }
    fray_rng_free(rng);
    printf("typed checks of red, age, better-world and hunt: batches equal single checks\n");
}

static int write_file(const char *dir, const char *id, const char *text) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.c.json", dir, id);
    FILE *f = fopen(path, "wb");
    if (f == NULL) return 0;
    fputs(text, f);
    return fclose(f) == 0;
}

/* Plays the demo of ruleset `id` to its end with suggest/apply, printing the log. */
static void test_encounter(const char *id, const char *out_dir) {
    char *setup = NULL;
    uint64_t seed = 0;
    OK(fray_demo_setup_json(S(id), &setup));
    OK(fray_demo_seed(S(id), &seed));
    fray_encounter *enc = NULL;
    OK(fray_encounter_new(S(id), S(setup), seed, 0, &enc));
    if (enc == NULL) {
        fray_string_free(setup);
        return;
    }
    char *rid = NULL;
    OK(fray_encounter_ruleset(enc, &rid));
    CHECK(strcmp(rid, id) == 0);
    fray_string_free(rid);

    printf("\n--- %s demo, seed %llu ---\n", id, (unsigned long long)seed);
    char *all = NULL, *text = NULL;
    OK(fray_encounter_events_json(enc, &all));
    OK(fray_describe_events(S(id), S(all), &text));
    printf("%s\n", text);
    fray_string_free(text);
    fray_string_free(all);

    char *last_command = NULL;
    int steps = 0;
    for (;;) {
        char *cmd = NULL;
        OK(fray_encounter_suggest(enc, &cmd));
        if (cmd == NULL) break;
        char *events = NULL;
        fray_result r = fray_encounter_apply(enc, S(cmd), &events);
        EXPECT(FRAY_OK, r);
        if (r != FRAY_OK) {
            fray_string_free(cmd);
            break;
        }
        OK(fray_describe_events(S(id), S(events), &text));
        if (text[0] != '\0') printf("%s\n", text);
        fray_string_free(text);
        fray_string_free(events);
        fray_string_free(last_command);
        last_command = cmd;
        if (++steps > 20000) {
            fprintf(stderr, "%s: the demo does not end\n", id);
            failures++;
            break;
        }
    }
    printf("--- %s: %d commands ---\n", id, steps);

    /* Refusals change nothing: malformed JSON, an unknown command, a command after the end. */
    char *state_before = NULL, *events_before = NULL, *state_after = NULL, *events_after = NULL;
    OK(fray_encounter_state_json(enc, &state_before));
    OK(fray_encounter_events_json(enc, &events_before));
    char *events = NULL;
    EXPECT(FRAY_PARSE, fray_encounter_apply(enc, S("{\"type\":"), &events));
    EXPECT(FRAY_PARSE, fray_encounter_apply(enc, S("{\"type\":\"no_such_command\"}"), &events));
    EXPECT(FRAY_INVALID_UTF8, fray_encounter_apply(enc, S(BAD_UTF8), &events));
    if (last_command != NULL) {
        set_sentinel();
        fray_result r = fray_encounter_apply(enc, S(last_command), &events);
        CHECK(r != FRAY_OK);
        if (r == FRAY_OK) fprintf(stderr, "%s accepted %s after the end\n", id, last_command);
        CHECK(has_message());
    }
    CHECK(events == NULL);
    OK(fray_encounter_state_json(enc, &state_after));
    OK(fray_encounter_events_json(enc, &events_after));
    CHECK(strcmp(state_before, state_after) == 0);
    CHECK(strcmp(events_before, events_after) == 0);
    if (out_dir != NULL) CHECK(write_file(out_dir, id, events_after));

    /* The replay verifies; a tampered one names the first differing command. */
    char *replay = NULL, *report = NULL;
    OK(fray_encounter_replay_json(enc, &replay));
    OK(fray_replay_verify(S(replay), &report));
    CHECK(report != NULL && strstr(report, id) != NULL);
    fray_string_free(report);
    report = NULL;
    char *digest = strstr(replay, "\"digest\": \"");
    if (digest == NULL) digest = strstr(replay, "\"digest\":\"");
    CHECK(digest != NULL && steps > 0);
    if (digest != NULL && steps > 0) {
        char *c = strchr(digest + 9, '"') + 1;
        *c = *c == '0' ? '1' : '0';
        EXPECT(FRAY_REPLAY_MISMATCH, fray_replay_verify(S(replay), &report));
        CHECK(last_error_contains("command #1"));
        CHECK(report == NULL);
    }

    /* Simulation does not depend on the thread count. */
    char *one = NULL, *two = NULL;
    OK(fray_simulate_json(S(id), S(setup), 12, 5, 1, &one));
    OK(fray_simulate_json(S(id), S(setup), 12, 5, 2, &two));
    CHECK(one != NULL && two != NULL && strcmp(one, two) == 0);
    printf("%s simulate x12: %s\n", id, one);
    char *odds = NULL;
    OK(fray_ruleset_odds_json(S(id), S("{}"), &odds));
    CHECK(odds != NULL && strstr(odds, "\"rows\"") != NULL);
    EXPECT(FRAY_PARSE, fray_ruleset_odds_json(S(id), S("{\"no_such_key\":1}"), &odds));

    /* The lint: the demo setup is clean; a refused setup is an error finding, not a failure. */
    char *findings = NULL;
    OK(fray_setup_check_json(S(id), S(setup), &findings));
    CHECK(findings != NULL && strcmp(findings, "[]") == 0);
    fray_string_free(findings);
    findings = NULL;
    OK(fray_setup_check_json(S(id), S("{\"participants\": 7}"), &findings));
    CHECK(findings != NULL && strstr(findings, "[{\"severity\":\"error\",\"message\":") == findings);
    fray_string_free(findings);

    fray_string_free(odds);
    fray_string_free(one);
    fray_string_free(two);
    fray_string_free(replay);
    fray_string_free(state_before);
    fray_string_free(events_before);
    fray_string_free(state_after);
    fray_string_free(events_after);
    fray_string_free(last_command);
    fray_string_free(setup);
    fray_encounter_free(enc);
}

int main(int argc, char **argv) {
    const char *out_dir = argc > 1 ? argv[1] : NULL;
    printf("libfray %s (header %s)\n", fray_version(), FRAY_VERSION);

    size_t count = 0;
    OK(fray_ruleset_count(&count));
    char *list = NULL;
    OK(fray_rulesets_json(&list));
    printf("rulesets: %s\n", list);
    fray_string_free(list);
    char *first = NULL;
    if (count > 0) OK(fray_ruleset_id(0, &first));

    test_version_and_messages();
    test_null_pointers(first != NULL ? first : "andromeda");
    test_garbage(first != NULL ? first : "andromeda");
    test_panic_boundary();
    test_dice();
    test_andromeda_check();
    test_typed_checks();
    for (size_t i = 0; i < count; i++) {
        char *id = NULL;
        OK(fray_ruleset_id(i, &id));
        if (id != NULL) test_encounter(id, out_dir);
        fray_string_free(id);
    }
    fray_string_free(first);

    printf("\n%d checks, %d failures, %zu rulesets\n", checks, failures, count);
    return failures == 0 ? 0 : 1;
}
