/*
 * The golden replay files (examples/replays, made by the root tests/replays.rs) through the
 * C ABI: every file listed in DIGESTS must verify with fray_replay_verify and report the
 * listed events digest and accepted/refused counts; every file listed in TAMPERED must fail
 * with FRAY_REPLAY_MISMATCH and a last-error message naming the listed command. Run (also
 * under valgrind) by scripts/test-native.
 *
 *   fray_replays REPLAYS_DIR
 */
#include "fray.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

static void check(int ok, const char *path, const char *what) {
    checks++;
    if (!ok) {
        fprintf(stderr, "FAILED: %s: %s\n", path, what);
        failures++;
    }
}

/* The whole file at dir/path, NUL-terminated, in *len bytes; NULL if it cannot be read. */
static char *read_file(const char *dir, const char *path, size_t *len) {
    char full[4096];
    if (snprintf(full, sizeof full, "%s/%s", dir, path) >= (int)sizeof full) return NULL;
    FILE *f = fopen(full, "rb");
    if (f == NULL) return NULL;
    char *text = NULL;
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
        text = malloc((size_t)size + 1);
        if (text != NULL && fread(text, 1, (size_t)size, f) != (size_t)size) {
            free(text);
            text = NULL;
        }
    }
    fclose(f);
    if (text == NULL) return NULL;
    text[size] = '\0';
    *len = (size_t)size;
    return text;
}

/* The text after `"key":` in compact JSON, copied up to the next ',' or '}' and with the
 * quotes of a string removed, into out; 0 if the key is missing. */
static int json_field(const char *json, const char *key, char *out, size_t size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *at = strstr(json, pattern);
    if (at == NULL) return 0;
    at += strlen(pattern);
    size_t n = strcspn(at, ",}");
    if (n >= 2 && at[0] == '"' && at[n - 1] == '"') {
        at++;
        n -= 2;
    }
    if (n >= size) return 0;
    memcpy(out, at, n);
    out[n] = '\0';
    return 1;
}

static char *last_error(void) {
    char *out = NULL;
    if (fray_last_error(&out) != FRAY_OK) {
        fprintf(stderr, "fray_last_error failed\n");
        exit(2);
    }
    return out;
}

/* DIGESTS line: PATH DIGEST accepted=N refused=N. */
static void verify_golden(const char *dir, const char *line) {
    char path[1024], digest[64];
    unsigned long accepted = 0, refused = 0;
    if (sscanf(line, "%1023s %63s accepted=%lu refused=%lu", path, digest, &accepted,
               &refused) != 4) {
        check(0, line, "a DIGESTS line of four fields");
        return;
    }
    size_t len = 0;
    char *text = read_file(dir, path, &len);
    check(text != NULL, path, "the file is readable");
    if (text == NULL) return;
    char *report = NULL;
    fray_result r = fray_replay_verify(text, len, &report);
    free(text);
    check(r == FRAY_OK, path, "fray_replay_verify returns FRAY_OK");
    if (r != FRAY_OK) {
        char *m = last_error();
        fprintf(stderr, "  %s: %s\n", fray_error_message(r), m);
        fray_string_free(m);
        return;
    }
    char got[64], count[32];
    check(json_field(report, "events_digest", got, sizeof got) && strcmp(got, digest) == 0,
          path, "the report's events_digest is the DIGESTS one");
    char want[32];
    snprintf(want, sizeof want, "%lu", accepted);
    check(json_field(report, "accepted", count, sizeof count) && strcmp(count, want) == 0,
          path, "the accepted count is the DIGESTS one");
    snprintf(want, sizeof want, "%lu", refused);
    check(json_field(report, "rejected", count, sizeof count) && strcmp(count, want) == 0,
          path, "the refused count is the DIGESTS one");
    fray_string_free(report);
}

/* TAMPERED line: PATH INDEX (0-based) or PATH start. */
static void verify_tampered(const char *dir, const char *line) {
    char path[1024], at[32];
    if (sscanf(line, "%1023s %31s", path, at) != 2) {
        check(0, line, "a TAMPERED line of two fields");
        return;
    }
    char named[96];
    if (strcmp(at, "start") == 0) {
        snprintf(named, sizeof named, "replay mismatch at the start:");
    } else {
        unsigned long index = strtoul(at, NULL, 10);
        snprintf(named, sizeof named, "replay mismatch at command #%lu (index %lu):", index + 1,
                 index);
    }
    size_t len = 0;
    char *text = read_file(dir, path, &len);
    check(text != NULL, path, "the file is readable");
    if (text == NULL) return;
    char *report = NULL;
    fray_result r = fray_replay_verify(text, len, &report);
    free(text);
    check(r == FRAY_REPLAY_MISMATCH, path, "fray_replay_verify returns FRAY_REPLAY_MISMATCH");
    check(report == NULL, path, "no report is written on a mismatch");
    fray_string_free(report);
    char *m = last_error();
    checks++;
    if (strstr(m, named) == NULL) {
        fprintf(stderr, "FAILED: %s: last error \"%s\" does not name \"%s\"\n", path, m, named);
        failures++;
    }
    fray_string_free(m);
}

/* Calls each() with every line of dir/name; returns the number of lines. */
static int each_line(const char *dir, const char *name,
                     void (*each)(const char *dir, const char *line)) {
    size_t len = 0;
    char *text = read_file(dir, name, &len);
    if (text == NULL) {
        fprintf(stderr, "FAILED: cannot read %s/%s\n", dir, name);
        failures++;
        return 0;
    }
    int count = 0;
    for (char *line = strtok(text, "\n"); line != NULL; line = strtok(NULL, "\n")) {
        each(dir, line);
        count++;
    }
    free(text);
    return count;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: fray_replays REPLAYS_DIR\n");
        return 2;
    }
    int golden = each_line(argv[1], "DIGESTS", verify_golden);
    int tampered = each_line(argv[1], "TAMPERED", verify_tampered);
    check(golden > 0 && tampered > 0, argv[1], "the manifests list files");
    printf("%d golden replays, %d tampered copies: %d checks, %d failures\n", golden, tampered,
           checks, failures);
    return failures == 0 ? 0 : 1;
}
