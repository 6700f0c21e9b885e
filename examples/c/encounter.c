/*
 * Plays a ruleset's built-in demo fight to its end through the C ABI and prints the log.
 *
 *   encounter [RULESET [SEED]]     (default: the first ruleset of the build, its demo seed)
 *
 * Build: cc encounter.c $(pkg-config --cflags --libs fray) -o encounter
 */
#include <fray.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints the failure of `call` with the library's detail message and exits. */
static void check(fray_result result, const char *call) {
    if (result == FRAY_OK) return;
    char *detail = NULL;
    fray_last_error(&detail);
    fprintf(stderr, "%s failed: %s (%s)\n", call, fray_error_message(result),
            detail != NULL ? detail : "");
    fray_string_free(detail);
    exit(1);
}

int main(int argc, char **argv) {
    char *ruleset = NULL;
    if (argc > 1) {
        ruleset = malloc(strlen(argv[1]) + 1);
        strcpy(ruleset, argv[1]);
    } else {
        size_t count = 0;
        check(fray_ruleset_count(&count), "fray_ruleset_count");
        if (count == 0) {
            fprintf(stderr, "this build of libfray has no rulesets\n");
            return 1;
        }
        char *id = NULL;
        check(fray_ruleset_id(0, &id), "fray_ruleset_id");
        ruleset = malloc(strlen(id) + 1);
        strcpy(ruleset, id);
        fray_string_free(id);
    }
    size_t len = strlen(ruleset);

    uint64_t seed = 0;
    check(fray_demo_seed(ruleset, len, &seed), "fray_demo_seed");
    if (argc > 2) seed = strtoull(argv[2], NULL, 10);
    char *setup = NULL;
    check(fray_demo_setup_json(ruleset, len, &setup), "fray_demo_setup_json");

    fray_encounter *encounter = NULL;
    check(fray_encounter_new(ruleset, len, setup, strlen(setup), seed, 0, &encounter),
          "fray_encounter_new");
    printf("%s demo, seed %llu (libfray %s)\n", ruleset, (unsigned long long)seed, fray_version());

    /* The start's events (initiative and the like), then one command at a time. */
    char *events = NULL, *text = NULL;
    check(fray_encounter_events_json(encounter, &events), "fray_encounter_events_json");
    check(fray_describe_events(ruleset, len, events, strlen(events), &text), "fray_describe_events");
    printf("%s\n", text);
    fray_string_free(text);
    fray_string_free(events);

    int commands = 0;
    for (;;) {
        char *command = NULL;
        check(fray_encounter_suggest(encounter, &command), "fray_encounter_suggest");
        if (command == NULL) break; /* the fight is over */
        check(fray_encounter_apply(encounter, command, strlen(command), &events),
              "fray_encounter_apply");
        check(fray_describe_events(ruleset, len, events, strlen(events), &text),
              "fray_describe_events");
        if (text[0] != '\0') printf("%s\n", text);
        fray_string_free(text);
        fray_string_free(events);
        fray_string_free(command);
        commands++;
    }

    /* The replay file plays the same fight again, event for event. */
    char *replay = NULL, *report = NULL;
    check(fray_encounter_replay_json(encounter, &replay), "fray_encounter_replay_json");
    check(fray_replay_verify(replay, strlen(replay), &report), "fray_replay_verify");
    printf("%d commands; the replay verifies\n", commands);

    fray_string_free(report);
    fray_string_free(replay);
    fray_encounter_free(encounter);
    fray_string_free(setup);
    free(ruleset);
    return 0;
}
