/*
 * Thread stress of libfray's C ABI, run by scripts/test-native (plain, then under a race
 * checker). Built with -pthread against include/fray.h; -DFRAY_TEST_HOOKS adds concurrent
 * panics.
 *
 *   fray_threads
 *
 * The header's thread rules: a handle (fray_rng, fray_encounter) must not be used from two
 * threads at once, and fray_last_error is per thread. Everything else takes only caller
 * data, so any number of threads may call it at once. This program first computes every
 * result on the main thread, then starts THREADS threads together behind a barrier. Each
 * one uses its own generators and encounters (several threads play the same ruleset and
 * the same seed at the same moment), while all of them pass the same read-only inputs to
 * the library (the typed check specs, the demo setups, the expressions) and read the same
 * expected results. Every result must equal the single-threaded one byte for byte: rolls,
 * typed checks, exact odds, event logs, replay files, replay reports and simulations (with
 * library-side worker threads inside the caller's threads). Each thread also provokes its
 * own errors and must read back its own message, never another thread's. Everything the
 * library returns is freed, so a leak checker can run it too.
 */
#define _POSIX_C_SOURCE 200809L

#include "fray.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    THREADS = 8,
    /* Each thread rolls streams t and t + THREADS; the baseline rolls all of them. */
    STREAMS = 2 * THREADS,
    /* Each ruleset's demo is played on seeds demo + k, k < THREADS, stream k. */
    SEEDS = THREADS,
    MAX_RULESETS = 16,
    FACES = 256,
    ROLLS = 200,
    BATCH = 64,
    SIM_TRIALS = 16,
    ERROR_ROUNDS = 40,
};

static atomic_int failures;
static atomic_int checks;

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        atomic_fetch_add(&checks, 1);                                                      \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);       \
            atomic_fetch_add(&failures, 1);                                                \
        }                                                                                  \
    } while (0)

/* The call must return `code`; otherwise the code and this thread's last error are shown. */
#define EXPECT(code, call)                                                                 \
    do {                                                                                   \
        fray_result r_ = (call);                                                           \
        atomic_fetch_add(&checks, 1);                                                      \
        if (r_ != (code)) {                                                                \
            char *m_ = NULL;                                                               \
            fray_last_error(&m_);                                                          \
            fprintf(stderr, "%s:%d: %s\n  returned %d (%s), expected %d\n  last error: %s\n", \
                    __FILE__, __LINE__, #call, (int)r_, fray_error_message(r_), (int)(code),  \
                    m_ != NULL ? m_ : "?");                                                \
            fray_string_free(m_);                                                          \
            atomic_fetch_add(&failures, 1);                                                \
        }                                                                                  \
    } while (0)

#define OK(call) EXPECT(FRAY_OK, call)
/* A string argument as pointer and length. */
#define S(text) (text), strlen(text)
/* Two strings the library returned are equal (and both exist). */
#define SAME_TEXT(got, want) CHECK((got) != NULL && (want) != NULL && strcmp((got), (want)) == 0)

static const char *const EXPRESSIONS[] = {"3d8kh2+2",  "4d6dl1", "1d10!",
                                          "6d6>=5",    "2d20kl1-1", "d%/7*3"};
enum { EXPRESSION_COUNT = sizeof EXPRESSIONS / sizeof EXPRESSIONS[0] };

/* Typed check specs every thread passes by pointer at once (read-only after main sets
 * ANDROMEDA up). */
static fray_andromeda_check_spec ANDROMEDA;
static const fray_red_check_spec RED = {12, 15, 1};
static const fray_age_test_spec AGE = {2, 1, -1, 1, 11, 0};
static const fray_better_world_check_spec BETTER_WORLD = {
    5, 3, FRAY_BETTER_WORLD_TIE_DIFFICULTY_WINS, 0};
enum { HUNT_STAT = 7, HUNT_DICE = 2 };

/* Everything one dice stream gives: single rolls on a generator, then the typed batches
 * starting at that stream. */
typedef struct {
    uint32_t faces[FACES];
    uint32_t k_dice[4];
    int64_t totals[EXPRESSION_COUNT][ROLLS];
    char *roll_json;
    fray_andromeda_check_result andromeda[BATCH];
    fray_andromeda_check_result andromeda_single;
    fray_red_check_result red[BATCH];
    fray_age_test_result age[BATCH];
    fray_better_world_check_result better_world[BATCH];
    fray_hunt_test_result hunt[BATCH];
} dice_run;

/* A demo fight played to its end: its event log, its replay file and the replay's report. */
typedef struct {
    char *events;
    char *replay;
    char *report;
    int commands;
} fight;

/* The single-threaded results, and the inputs every thread shares. Written by main before
 * the threads start, only read while they run. */
static struct {
    size_t count;
    char *ids[MAX_RULESETS];
    char *setups[MAX_RULESETS];
    uint64_t demo_seeds[MAX_RULESETS];
    char *ruleset_odds[MAX_RULESETS];
    char *simulations[MAX_RULESETS];
    fight fights[MAX_RULESETS][SEEDS];
    char *odds[EXPRESSION_COUNT];
    dice_run dice[STREAMS];
} expected;

static pthread_barrier_t start_line;

/* Rolls stream `stream` of seed 1234 every way the ABI offers. */
static void roll_stream(uint64_t stream, dice_run *out) {
    fray_rng *rng = NULL;
    OK(fray_rng_new(1234, stream, &rng));
    OK(fray_rng_fill(rng, 20, out->faces, FACES));
    for (size_t i = 0; i < sizeof out->k_dice / sizeof out->k_dice[0]; i++)
        OK(fray_rng_k_die(rng, &out->k_dice[i]));
    for (size_t e = 0; e < EXPRESSION_COUNT; e++) {
        OK(fray_roll_batch(rng, S(EXPRESSIONS[e]), out->totals[e], ROLLS / 2));
        for (size_t i = ROLLS / 2; i < ROLLS; i++)
            OK(fray_roll(rng, S(EXPRESSIONS[e]), &out->totals[e][i]));
    }
    out->roll_json = NULL;
    OK(fray_roll_json(rng, S("3d8kh2+2"), &out->roll_json));
    OK(fray_andromeda_check(rng, &ANDROMEDA, &out->andromeda_single));
    fray_rng_free(rng);

    uint64_t first = stream * BATCH;
    OK(fray_andromeda_check_batch(&ANDROMEDA, 99, first, out->andromeda, BATCH));
    OK(fray_red_check_batch(&RED, 99, first, out->red, BATCH));
    OK(fray_age_test_batch(&AGE, 99, first, out->age, BATCH));
    OK(fray_better_world_check_batch(&BETTER_WORLD, 99, first, out->better_world, BATCH));
    OK(fray_hunt_stat_test_batch(HUNT_STAT, HUNT_DICE, 99, first, out->hunt, BATCH));
}

static void same_dice(const dice_run *got, const dice_run *want) {
    CHECK(memcmp(got->faces, want->faces, sizeof got->faces) == 0);
    CHECK(memcmp(got->k_dice, want->k_dice, sizeof got->k_dice) == 0);
    CHECK(memcmp(got->totals, want->totals, sizeof got->totals) == 0);
    SAME_TEXT(got->roll_json, want->roll_json);
    CHECK(memcmp(&got->andromeda_single, &want->andromeda_single,
                 sizeof got->andromeda_single) == 0);
    CHECK(memcmp(got->andromeda, want->andromeda, sizeof got->andromeda) == 0);
    CHECK(memcmp(got->red, want->red, sizeof got->red) == 0);
    CHECK(memcmp(got->age, want->age, sizeof got->age) == 0);
    CHECK(memcmp(got->better_world, want->better_world, sizeof got->better_world) == 0);
    CHECK(memcmp(got->hunt, want->hunt, sizeof got->hunt) == 0);
}

/* Plays ruleset r's demo setup on seed demo + k, stream k, to its end with the default
 * tactic, then verifies its replay. */
static fight play(size_t r, unsigned k) {
    fight f = {NULL, NULL, NULL, 0};
    const char *id = expected.ids[r];
    fray_encounter *enc = NULL;
    OK(fray_encounter_new(S(id), S(expected.setups[r]), expected.demo_seeds[r] + k, k, &enc));
    if (enc == NULL) return f;
    for (;;) {
        char *command = NULL, *events = NULL;
        OK(fray_encounter_suggest(enc, &command));
        if (command == NULL) break;
        fray_result applied = fray_encounter_apply(enc, S(command), &events);
        EXPECT(FRAY_OK, applied);
        fray_string_free(command);
        fray_string_free(events);
        if (applied != FRAY_OK || ++f.commands > 20000) break;
    }
    OK(fray_encounter_events_json(enc, &f.events));
    OK(fray_encounter_replay_json(enc, &f.replay));
    if (f.replay != NULL) OK(fray_replay_verify(S(f.replay), &f.report));
    fray_encounter_free(enc);
    return f;
}

static void free_fight(fight *f) {
    fray_string_free(f->events);
    fray_string_free(f->replay);
    fray_string_free(f->report);
}

static char *simulate(size_t r, uint32_t threads) {
    char *summary = NULL;
    OK(fray_simulate_json(S(expected.ids[r]), S(expected.setups[r]), SIM_TRIALS, 5, threads,
                          &summary));
    return summary;
}

static char *last_error(void) {
    char *message = NULL;
    OK(fray_last_error(&message));
    return message;
}

/* Each thread makes its own kind of failure with a text of its own, at the same moment as
 * the others, then (after a successful call, which must leave the message alone, and after
 * every other thread has failed too) reads back exactly its own message. */
static void errors_stay_on_their_thread(unsigned t) {
    fray_rng *rng = NULL;
    OK(fray_rng_new(t, 0, &rng));
    fray_encounter *enc = NULL;
    OK(fray_encounter_new(S(expected.ids[0]), S(expected.setups[0]), 1, 0, &enc));
    for (unsigned round = 0; round < ERROR_ROUNDS; round++) {
        char token[64], text[128];
        pthread_barrier_wait(&start_line);
        switch (t % 3) {
        case 0: {
            snprintf(token, sizeof token, "no-such-ruleset-%u-%u", t, round);
            uint64_t seed = 0;
            EXPECT(FRAY_UNKNOWN_RULESET, fray_demo_seed(S(token), &seed));
            break;
        }
        case 1: {
            size_t index = 100000u + 1000u * t + round;
            snprintf(token, sizeof token, "%zu", index);
            char *id = NULL;
            EXPECT(FRAY_INVALID_ARGUMENT, fray_ruleset_id(index, &id));
            break;
        }
        default:
            snprintf(token, sizeof token, "no_such_command_%u_%u", t, round);
            snprintf(text, sizeof text, "{\"type\":\"%s\"}", token);
            char *events = NULL;
            EXPECT(FRAY_PARSE, fray_encounter_apply(enc, S(text), &events));
            break;
        }
        uint32_t face = 0;
        OK(fray_rng_roll(rng, 6, &face));
        pthread_barrier_wait(&start_line);
        char *message = last_error();
        CHECK(message != NULL && strstr(message, token) != NULL);
        if (message != NULL && strstr(message, token) == NULL)
            fprintf(stderr, "thread %u round %u: last error \"%s\" lacks \"%s\"\n", t, round,
                    message, token);
        fray_string_free(message);
    }
#ifdef FRAY_TEST_HOOKS
    pthread_barrier_wait(&start_line);
    EXPECT(FRAY_PANIC, fray_test_panic());
    char *message = last_error();
    CHECK(message != NULL && strstr(message, "on purpose") != NULL);
    fray_string_free(message);
#endif
    fray_encounter_free(enc);
    fray_rng_free(rng);
}

/* One thread's share: two dice streams, every ruleset's demo on two seeds (its own and the
 * next thread's, so each fight runs on two threads at once), every exact odds, a
 * simulation with two library workers, then the error round trips. */
static void *worker(void *arg) {
    unsigned t = (unsigned)(size_t)arg;
    pthread_barrier_wait(&start_line);
    for (unsigned round = 0; round < 2; round++) {
        unsigned stream = t + round * THREADS;
        dice_run *got = malloc(sizeof *got);
        CHECK(got != NULL);
        if (got != NULL) {
            roll_stream(stream, got);
            same_dice(got, &expected.dice[stream]);
            fray_string_free(got->roll_json);
            free(got);
        }
        for (size_t r = 0; r < expected.count; r++) {
            unsigned k = (t + round) % SEEDS;
            fight f = play(r, k);
            const fight *want = &expected.fights[r][k];
            CHECK(f.commands == want->commands);
            SAME_TEXT(f.events, want->events);
            SAME_TEXT(f.replay, want->replay);
            SAME_TEXT(f.report, want->report);
            free_fight(&f);
        }
    }
    for (size_t e = 0; e < EXPRESSION_COUNT; e++) {
        char *odds = NULL;
        OK(fray_odds_json(S(EXPRESSIONS[e]), &odds));
        SAME_TEXT(odds, expected.odds[e]);
        fray_string_free(odds);
    }
    for (size_t r = 0; r < expected.count; r++) {
        char *odds = NULL;
        OK(fray_ruleset_odds_json(S(expected.ids[r]), S("{}"), &odds));
        SAME_TEXT(odds, expected.ruleset_odds[r]);
        fray_string_free(odds);
        char *summary = simulate(r, 2);
        SAME_TEXT(summary, expected.simulations[r]);
        fray_string_free(summary);
    }
    errors_stay_on_their_thread(t);
    return NULL;
}

/* The single-threaded run every thread is compared with. */
static void compute_expected(void) {
    OK(fray_andromeda_default_spec(&ANDROMEDA));
    ANDROMEDA.skill_value = 3;
    ANDROMEDA.skill_rank = 2;
    ANDROMEDA.difficulty = 3;
    ANDROMEDA.edge = FRAY_ANDROMEDA_EDGE_ADVANTAGE;

    OK(fray_ruleset_count(&expected.count));
    CHECK(expected.count > 0 && expected.count <= MAX_RULESETS);
    if (expected.count > MAX_RULESETS) expected.count = MAX_RULESETS;
    for (size_t r = 0; r < expected.count; r++) {
        OK(fray_ruleset_id(r, &expected.ids[r]));
        OK(fray_demo_setup_json(S(expected.ids[r]), &expected.setups[r]));
        OK(fray_demo_seed(S(expected.ids[r]), &expected.demo_seeds[r]));
        OK(fray_ruleset_odds_json(S(expected.ids[r]), S("{}"), &expected.ruleset_odds[r]));
        expected.simulations[r] = simulate(r, 1);
        for (unsigned k = 0; k < SEEDS; k++) {
            expected.fights[r][k] = play(r, k);
            CHECK(expected.fights[r][k].commands > 0);
        }
    }
    for (size_t e = 0; e < EXPRESSION_COUNT; e++)
        OK(fray_odds_json(S(EXPRESSIONS[e]), &expected.odds[e]));
    for (unsigned s = 0; s < STREAMS; s++) roll_stream(s, &expected.dice[s]);
}

static void free_expected(void) {
    for (size_t r = 0; r < expected.count; r++) {
        fray_string_free(expected.ids[r]);
        fray_string_free(expected.setups[r]);
        fray_string_free(expected.ruleset_odds[r]);
        fray_string_free(expected.simulations[r]);
        for (unsigned k = 0; k < SEEDS; k++) free_fight(&expected.fights[r][k]);
    }
    for (size_t e = 0; e < EXPRESSION_COUNT; e++) fray_string_free(expected.odds[e]);
    for (unsigned s = 0; s < STREAMS; s++) fray_string_free(expected.dice[s].roll_json);
}

int main(void) {
    compute_expected();
    if (atomic_load(&failures) != 0 || expected.count == 0) {
        fprintf(stderr, "the single-threaded run failed; no thread was started\n");
        free_expected();
        return 1;
    }
    pthread_t threads[THREADS];
    if (pthread_barrier_init(&start_line, NULL, THREADS) != 0) {
        fprintf(stderr, "pthread_barrier_init failed\n");
        return 2;
    }
    for (unsigned t = 0; t < THREADS; t++) {
        /* The barrier waits for THREADS threads: without all of them nothing can run. */
        if (pthread_create(&threads[t], NULL, worker, (void *)(size_t)t) != 0) {
            fprintf(stderr, "pthread_create failed for thread %u\n", t);
            return 2;
        }
    }
    for (unsigned t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    pthread_barrier_destroy(&start_line);
    free_expected();

    printf("%d checks, %d failures: %d threads x (2 dice streams, %zu rulesets x 2 demo fights, "
           "%d exact odds, %zu simulations, %d error round trips) equal the single-threaded run\n",
           atomic_load(&checks), atomic_load(&failures), THREADS, expected.count,
           (int)EXPRESSION_COUNT, expected.count, ERROR_ROUNDS);
    return atomic_load(&failures) == 0 ? 0 : 1;
}
