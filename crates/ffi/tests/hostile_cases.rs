//! One test per hostile case of the C ABI (issue 24), each asserting the documented result:
//! the batch length gap, the stream top, simulation threads and trials, the Hunt margin,
//! odds specs that are not objects, a failed roll that draws nothing, handles used after
//! their free or freed twice, strings freed twice, structured rule ids, and extremes of
//! every integer argument of the typed checks (this suite runs in debug builds, with
//! overflow checks on, so an arithmetic overflow would show as `FRAY_PANIC`).
// Reading the strings the library returns needs `CStr::from_ptr`, as in C.
#![allow(unsafe_code)]

use std::ffi::{c_char, CStr};
use std::ptr::null_mut;

use fray::*;

fn take(ptr: *mut c_char) -> String {
    assert!(!ptr.is_null());
    // SAFETY: a NUL-terminated string returned by the library, freed right after.
    let text = unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned();
    assert_eq!(fray_string_free(ptr), FRAY_OK);
    text
}

fn last() -> String {
    let mut out = null_mut();
    assert_eq!(fray_last_error(&mut out), FRAY_OK);
    take(out)
}

fn last_rule() -> String {
    let mut out = null_mut();
    assert_eq!(fray_last_error_rule(&mut out), FRAY_OK);
    take(out)
}

fn rng(seed: u64, stream: u64) -> *mut fray_rng {
    let mut out = null_mut();
    assert_eq!(fray_rng_new(seed, stream, &mut out), FRAY_OK);
    out
}

/// The next d1000 of `r`: two generators agree on it exactly when they are in one state.
fn next(r: *mut fray_rng) -> u32 {
    let mut face = 0;
    assert_eq!(fray_rng_roll(r, 1000, &mut face), FRAY_OK);
    face
}

fn ids() -> Vec<String> {
    let mut count = 0;
    assert_eq!(fray_ruleset_count(&mut count), FRAY_OK);
    (0..count)
        .map(|i| {
            let mut id = null_mut();
            assert_eq!(fray_ruleset_id(i, &mut id), FRAY_OK);
            take(id)
        })
        .collect()
}

fn demo(id: &str) -> String {
    let mut setup = null_mut();
    assert_eq!(
        fray_demo_setup_json(id.as_ptr().cast(), id.len(), &mut setup),
        FRAY_OK
    );
    take(setup)
}

#[test]
fn limits_match_the_dice_core() {
    assert_eq!(FRAY_MAX_JSON_BYTES, fray_dice::MAX_JSON_BYTES);
    assert_eq!(FRAY_MAX_NOTATION_BYTES, fray_dice::MAX_EXPRESSION_LEN);
    assert_eq!(FRAY_MAX_NOTATION_NESTING, fray_dice::MAX_NESTING);
    assert_eq!(FRAY_MAX_DICE, fray_dice::MAX_DICE);
    assert_eq!(FRAY_HUNT_MAX_STAT, i32::MAX as u32);
}

#[test]
fn batch_lengths_past_the_limit_are_refused_before_the_array_is_touched() {
    let spec = fray_age_test_spec {
        ability: 2,
        ..Default::default()
    };
    let mut out = [fray_age_test_result::default(); 1];
    // 2^59 elements of 16 bytes: more bytes than PTRDIFF_MAX; used to be undefined behaviour.
    assert_eq!(
        fray_age_test_batch(&spec, 1, 0, out.as_mut_ptr(), 1 << 59),
        FRAY_LIMIT
    );
    assert!(last().contains("FRAY_MAX_BATCH"), "{}", last());
    assert_eq!(out[0], fray_age_test_result::default());
    // Also with a spec that is invalid, and for every other array argument.
    let bad = fray_age_test_spec {
        ability: i32::MAX,
        ..Default::default()
    };
    assert_eq!(
        fray_age_test_batch(&bad, 1, 0, out.as_mut_ptr(), usize::MAX),
        FRAY_LIMIT
    );
    let r = rng(1, 0);
    let mut faces = [0u32; 1];
    assert_eq!(
        fray_rng_fill(r, 6, faces.as_mut_ptr(), FRAY_MAX_BATCH + 1),
        FRAY_LIMIT
    );
    let mut totals = [0i64; 1];
    assert_eq!(
        fray_roll_batch(
            r,
            "1d6".as_ptr().cast(),
            3,
            totals.as_mut_ptr(),
            usize::MAX / 8
        ),
        FRAY_LIMIT
    );
    let mut hunt = [fray_hunt_test_result::default(); 1];
    assert_eq!(
        fray_hunt_stat_test_batch(7, 2, 1, 0, hunt.as_mut_ptr(), 1 << 62),
        FRAY_LIMIT
    );
    let mut red = [fray_red_check_result::default(); 1];
    let red_spec = fray_red_check_spec::default();
    assert_eq!(
        fray_red_check_batch(&red_spec, 1, 0, red.as_mut_ptr(), 1 << 60),
        FRAY_LIMIT
    );
    let mut bw = [fray_better_world_check_result::default(); 1];
    let bw_spec = fray_better_world_check_spec::default();
    assert_eq!(
        fray_better_world_check_batch(&bw_spec, 1, 0, bw.as_mut_ptr(), usize::MAX),
        FRAY_LIMIT
    );
    let mut and = [fray_andromeda_check_result::default(); 1];
    let mut and_spec = fray_andromeda_check_spec::default();
    assert_eq!(fray_andromeda_default_spec(&mut and_spec), FRAY_OK);
    assert_eq!(
        fray_andromeda_check_batch(&and_spec, 1, 0, and.as_mut_ptr(), 1 << 59),
        FRAY_LIMIT
    );
    // A string longer than the limit is refused before a byte is read (the buffer here is
    // 3 bytes: reading it as 9 MB would be out of bounds).
    let mut json = null_mut();
    assert_eq!(
        fray_odds_json(
            "2d6".as_ptr().cast(),
            FRAY_MAX_NOTATION_BYTES + 1,
            &mut json
        ),
        FRAY_LIMIT
    );
    assert_eq!(
        fray_replay_verify("{}".as_ptr().cast(), FRAY_MAX_JSON_BYTES + 1, &mut json),
        FRAY_LIMIT
    );
    assert!(json.is_null());
    assert_eq!(next(r), next(rng(1, 0)));
    fray_rng_free(r);
}

#[test]
fn the_stream_top_is_usable_and_overflow_is_refused() {
    let spec = fray_red_check_spec {
        base: 5,
        dv: 10,
        critical: 1,
    };
    let single = |stream: u64| {
        let r = rng(9, stream);
        let mut out = fray_red_check_result::default();
        assert_eq!(fray_red_check(r, &spec, &mut out), FRAY_OK);
        fray_rng_free(r);
        out
    };
    // first_stream = 2^64 - 1, count = 1 needs only that stream.
    let mut out = [fray_red_check_result::default(); 3];
    assert_eq!(
        fray_red_check_batch(&spec, 9, u64::MAX, out.as_mut_ptr(), 1),
        FRAY_OK
    );
    assert_eq!(out[0], single(u64::MAX));
    // first_stream + count = 2^64 - 1: the last stream is 2^64 - 2 (was a debug panic).
    assert_eq!(
        fray_red_check_batch(&spec, 9, u64::MAX - 3, out.as_mut_ptr(), 3),
        FRAY_OK
    );
    assert_eq!(out[2], single(u64::MAX - 1));
    // Up to and including the top.
    assert_eq!(
        fray_red_check_batch(&spec, 9, u64::MAX - 2, out.as_mut_ptr(), 3),
        FRAY_OK
    );
    assert_eq!(out[2], single(u64::MAX));
    // One past the top: refused, nothing written.
    let before = out;
    assert_eq!(
        fray_red_check_batch(&spec, 9, u64::MAX - 1, out.as_mut_ptr(), 3),
        FRAY_INVALID_ARGUMENT
    );
    assert_eq!(out, before);
    let mut hunt = [fray_hunt_test_result::default(); 2];
    assert_eq!(
        fray_hunt_stat_test_batch(7, 2, 1, u64::MAX, hunt.as_mut_ptr(), 1),
        FRAY_OK
    );
    assert_eq!(
        fray_hunt_stat_test_batch(7, 2, 1, u64::MAX, hunt.as_mut_ptr(), 2),
        FRAY_INVALID_ARGUMENT
    );
    // count = 0 at the top writes nothing and is fine.
    assert_eq!(
        fray_hunt_stat_test_batch(7, 2, 1, u64::MAX, hunt.as_mut_ptr(), 0),
        FRAY_OK
    );
}

#[test]
fn simulation_threads_and_trials_are_bounded() {
    let id = "hunt";
    let setup = demo(id);
    let sim = |trials: u64, threads: u32| {
        let mut json = null_mut();
        let code = fray_simulate_json(
            id.as_ptr().cast(),
            id.len(),
            setup.as_ptr().cast(),
            setup.len(),
            trials,
            5,
            threads,
            &mut json,
        );
        (code, (!json.is_null()).then(|| take(json)))
    };
    // threads = UINT32_MAX with one trial used to try to allocate 100 GB and abort.
    assert_eq!(sim(1, u32::MAX), (FRAY_LIMIT, None));
    assert!(last().contains("FRAY_MAX_THREADS"), "{}", last());
    assert_eq!(sim(1, FRAY_MAX_THREADS + 1), (FRAY_LIMIT, None));
    // trials = UINT64_MAX used to run forever (and overflow in debug builds).
    assert_eq!(sim(u64::MAX, 1), (FRAY_LIMIT, None));
    assert!(last().contains("FRAY_MAX_TRIALS"), "{}", last());
    assert_eq!(sim(FRAY_MAX_TRIALS + 1, 0), (FRAY_LIMIT, None));
    // FRAY_MAX_THREADS threads for 3 trials start 3 and answer as one thread does.
    let one = sim(3, 1);
    assert_eq!(one.0, FRAY_OK);
    assert_eq!(sim(3, FRAY_MAX_THREADS), one);
    assert_eq!(sim(3, 0), one);
    assert_eq!(sim(0, FRAY_MAX_THREADS).0, FRAY_OK);
}

#[test]
fn hunt_stats_beyond_the_margin_type_are_refused() {
    // HUNT-02: margin = stat − roll, exact in int32_t for every accepted stat.
    let r = rng(3, 0);
    let twin = rng(3, 0);
    let mut out = fray_hunt_test_result::default();
    assert_eq!(
        fray_hunt_stat_test(r, u32::MAX, 2, &mut out),
        FRAY_INVALID_ARGUMENT
    );
    assert!(last().contains("FRAY_HUNT_MAX_STAT"), "{}", last());
    assert_eq!(out, fray_hunt_test_result::default());
    assert_eq!(
        fray_hunt_stat_test(r, FRAY_HUNT_MAX_STAT + 1, 2, &mut out),
        FRAY_INVALID_ARGUMENT
    );
    let mut many = [fray_hunt_test_result::default(); 2];
    assert_eq!(
        fray_hunt_stat_test_batch(u32::MAX, 2, 1, 0, many.as_mut_ptr(), 2),
        FRAY_INVALID_ARGUMENT
    );
    assert_eq!(next(r), next(twin), "a refused test draws nothing");
    for stat in [0, 1, FRAY_HUNT_MAX_STAT - 1, FRAY_HUNT_MAX_STAT] {
        assert_eq!(fray_hunt_stat_test(r, stat, 2, &mut out), FRAY_OK);
        assert_eq!(i64::from(out.margin), i64::from(stat) - i64::from(out.roll));
        assert_eq!(out.passed, u32::from(out.roll <= stat));
    }
    fray_rng_free(r);
    fray_rng_free(twin);
}

#[test]
fn odds_specs_must_be_json_objects() {
    for id in ids() {
        for spec in ["[]", "[1,2,3]", "7", "\"x\"", "null", "true"] {
            let mut json = null_mut();
            assert_eq!(
                fray_ruleset_odds_json(
                    id.as_ptr().cast(),
                    id.len(),
                    spec.as_ptr().cast(),
                    spec.len(),
                    &mut json
                ),
                FRAY_PARSE,
                "{id} {spec}"
            );
            assert!(json.is_null());
            assert!(last().contains("JSON object"), "{}", last());
        }
        let mut json = null_mut();
        assert_eq!(
            fray_ruleset_odds_json(
                id.as_ptr().cast(),
                id.len(),
                "{}".as_ptr().cast(),
                2,
                &mut json
            ),
            FRAY_OK,
            "{id}"
        );
        take(json);
    }
}

#[test]
fn a_failed_roll_draws_nothing() {
    let r = rng(4, 0);
    let twin = rng(4, 0);
    for bad in ["1d6/0", "9223372036854775807+1d6", "1d6%0"] {
        let mut total = 17;
        let code = fray_roll(r, bad.as_ptr().cast(), bad.len(), &mut total);
        assert_ne!(code, FRAY_OK, "{bad}");
        assert_eq!(total, 17);
        let mut json = null_mut();
        assert_eq!(
            fray_roll_json(r, bad.as_ptr().cast(), bad.len(), &mut json),
            code
        );
        assert!(json.is_null());
    }
    let mut total = 0;
    assert_eq!(
        fray_roll(r, "1d6/0".as_ptr().cast(), 5, &mut total),
        FRAY_OVERFLOW
    );
    assert_eq!(next(r), next(twin), "the generator did not move");
    // A good roll still draws.
    assert_eq!(fray_roll(r, "1d6".as_ptr().cast(), 3, &mut total), FRAY_OK);
    assert_eq!(
        fray_roll(twin, "1d6".as_ptr().cast(), 3, &mut total),
        FRAY_OK
    );
    assert_eq!(next(r), next(twin));
    fray_rng_free(r);
    fray_rng_free(twin);
}

#[test]
fn handles_used_after_free_or_freed_twice_are_refused() {
    let r = rng(1, 0);
    let mut face = 0;
    assert_eq!(fray_rng_roll(r, 6, &mut face), FRAY_OK);
    assert_eq!(fray_rng_free(r), FRAY_OK);
    face = 99;
    assert_eq!(fray_rng_roll(r, 6, &mut face), FRAY_INVALID_HANDLE);
    assert_eq!(face, 99);
    assert!(last().contains("fray_rng"), "{}", last());
    assert_eq!(fray_rng_free(r), FRAY_INVALID_HANDLE);
    // The slot is reused by the next generator; the stale handle still does not reach it.
    let again = rng(2, 0);
    assert_eq!(fray_rng_roll(r, 6, &mut face), FRAY_INVALID_HANDLE);
    assert_eq!(fray_rng_free(r), FRAY_INVALID_HANDLE);
    assert_eq!(fray_rng_roll(again, 6, &mut face), FRAY_OK);

    let id = "hunt";
    let setup = demo(id);
    let mut enc = null_mut();
    assert_eq!(
        fray_encounter_new(
            id.as_ptr().cast(),
            id.len(),
            setup.as_ptr().cast(),
            setup.len(),
            1,
            0,
            &mut enc
        ),
        FRAY_OK
    );
    // A handle of the other kind, and numbers that were never handles.
    let mut json = null_mut();
    assert_eq!(
        fray_encounter_state_json(again.cast(), &mut json),
        FRAY_INVALID_HANDLE
    );
    assert_eq!(fray_rng_roll(enc.cast(), 6, &mut face), FRAY_INVALID_HANDLE);
    assert_eq!(fray_rng_free(enc.cast()), FRAY_INVALID_HANDLE);
    assert_eq!(fray_encounter_free(again.cast()), FRAY_INVALID_HANDLE);
    // (A small number such as 1 is slot 0 of generation 0: a live handle of other tests.)
    for junk in [
        0xffff_fffe_0000_0001_usize,
        0xdead_beef,
        usize::MAX,
        1 << 40,
    ] {
        assert_eq!(
            fray_rng_roll(junk as *mut fray_rng, 6, &mut face),
            FRAY_INVALID_HANDLE
        );
        assert_eq!(
            fray_encounter_suggest(junk as *mut fray_encounter, &mut json),
            FRAY_INVALID_HANDLE
        );
        assert_eq!(
            fray_encounter_free(junk as *mut fray_encounter),
            FRAY_INVALID_HANDLE
        );
    }
    assert!(json.is_null());
    assert_eq!(fray_encounter_state_json(enc, &mut json), FRAY_OK);
    take(json);
    assert_eq!(fray_encounter_free(enc), FRAY_OK);
    assert_eq!(fray_encounter_free(enc), FRAY_INVALID_HANDLE);
    assert_eq!(
        fray_encounter_events_json(enc, &mut json),
        FRAY_INVALID_HANDLE
    );
    assert_eq!(fray_rng_free(again), FRAY_OK);
    assert_eq!(fray_rng_free(null_mut()), FRAY_OK);
    assert_eq!(fray_encounter_free(null_mut()), FRAY_OK);
}

#[test]
fn strings_freed_twice_or_not_ours_are_refused() {
    let mut json = null_mut();
    assert_eq!(fray_rulesets_json(&mut json), FRAY_OK);
    assert_eq!(fray_string_free(json), FRAY_OK);
    assert_eq!(fray_string_free(json), FRAY_INVALID_HANDLE);
    assert!(last().contains("not a live string"), "{}", last());
    assert_eq!(
        fray_string_free(fray_version().cast_mut()),
        FRAY_INVALID_HANDLE
    );
    assert_eq!(
        fray_string_free(fray_error_message(0).cast_mut()),
        FRAY_INVALID_HANDLE
    );
    let mut own = *b"mine\0";
    assert_eq!(
        fray_string_free(own.as_mut_ptr().cast()),
        FRAY_INVALID_HANDLE
    );
    assert_eq!(fray_string_free(null_mut()), FRAY_OK);
}

/// Plays the demo of `id` to its end; returns the encounter and its last command.
fn played_out(id: &str) -> (*mut fray_encounter, String) {
    let setup = demo(id);
    let mut enc = null_mut();
    assert_eq!(
        fray_encounter_new(
            id.as_ptr().cast(),
            id.len(),
            setup.as_ptr().cast(),
            setup.len(),
            7,
            0,
            &mut enc
        ),
        FRAY_OK
    );
    let mut last_command = String::new();
    loop {
        let mut cmd = null_mut();
        assert_eq!(fray_encounter_suggest(enc, &mut cmd), FRAY_OK);
        if cmd.is_null() {
            return (enc, last_command);
        }
        last_command = take(cmd);
        let mut events = null_mut();
        assert_eq!(
            fray_encounter_apply(
                enc,
                last_command.as_ptr().cast(),
                last_command.len(),
                &mut events
            ),
            FRAY_OK
        );
        take(events);
    }
}

#[test]
fn refusals_carry_a_rule_id_or_a_code_of_their_own() {
    // RED-30: a numbered rule; its id is structured, and also starts the message.
    let r = rng(1, 0);
    let absurd = fray_red_check_spec {
        base: i32::MAX,
        dv: 15,
        critical: 1,
    };
    let mut out = fray_red_check_result::default();
    assert_eq!(fray_red_check(r, &absurd, &mut out), FRAY_RULE);
    assert_eq!(last_rule(), "RED-30");
    assert!(last().starts_with("RED-30: "), "{}", last());
    // A failure that is no rule refusal clears the rule id.
    assert_eq!(fray_rng_roll(r, 0, &mut out.natural), FRAY_INVALID_ARGUMENT);
    assert_eq!(last_rule(), "");
    fray_rng_free(r);

    // A setup refused for no numbered rule: FRAY_INVALID_SETUP (the "setup" tag), no id.
    let id = "hunt";
    let setup = demo(id);
    let value: serde_json::Value = serde_json::from_str(&setup).unwrap();
    let mut twins = value.clone();
    let fighters = twins
        .as_object_mut()
        .unwrap()
        .values_mut()
        .find_map(|v| v.as_array_mut().filter(|a| a.len() >= 2))
        .expect("the Hunt demo has a list of two fighters");
    let name = fighters[0]["name"].clone();
    fighters[1]["name"] = name;
    let twins = twins.to_string();
    let mut enc = null_mut();
    assert_eq!(
        fray_encounter_new(
            id.as_ptr().cast(),
            id.len(),
            twins.as_ptr().cast(),
            twins.len(),
            1,
            0,
            &mut enc
        ),
        FRAY_INVALID_SETUP,
        "{}",
        last()
    );
    assert!(enc.is_null());
    assert_eq!(last_rule(), "");
    assert!(last().contains("repeats fighters[0].name"), "{}", last());

    // A command that names nobody: FRAY_INVALID_COMMAND, whatever tag the ruleset gave it
    // (Better World tags it "setup").
    let id = "better-world";
    let setup = demo(id);
    let mut enc = null_mut();
    assert_eq!(
        fray_encounter_new(
            id.as_ptr().cast(),
            id.len(),
            setup.as_ptr().cast(),
            setup.len(),
            7,
            0,
            &mut enc
        ),
        FRAY_OK
    );
    let mut cmd = null_mut();
    assert_eq!(fray_encounter_suggest(enc, &mut cmd), FRAY_OK);
    let mut command: serde_json::Value = serde_json::from_str(&take(cmd)).unwrap();
    command["actor"] = 99.into();
    let command = command.to_string();
    let mut events = null_mut();
    assert_eq!(
        fray_encounter_apply(enc, command.as_ptr().cast(), command.len(), &mut events),
        FRAY_INVALID_COMMAND,
        "{}",
        last()
    );
    assert_eq!(last_rule(), "");
    // HUNT-06 through the JSON surface: a numbered rule, with its id.
    fray_encounter_free(enc);
    let (id, setup) = ("hunt", demo("hunt"));
    assert_eq!(
        fray_encounter_new(
            id.as_ptr().cast(),
            id.len(),
            setup.as_ptr().cast(),
            setup.len(),
            7,
            0,
            &mut enc
        ),
        FRAY_OK
    );
    assert_eq!(fray_encounter_suggest(enc, &mut cmd), FRAY_OK);
    let mut command: serde_json::Value = serde_json::from_str(&take(cmd)).unwrap();
    command["defense"] = 99.into();
    let command = command.to_string();
    assert_eq!(
        fray_encounter_apply(enc, command.as_ptr().cast(), command.len(), &mut events),
        FRAY_RULE
    );
    assert_eq!(last_rule(), "HUNT-06");
    assert!(last().starts_with("rule HUNT-06: "), "{}", last());
    fray_encounter_free(enc);

    // Commands after the end: FRAY_ENDED in the rulesets that tag it so ("ended" in Hunt,
    // "encounter" in Better World); never a pseudo rule id.
    for id in ["hunt", "better-world"] {
        let (enc, command) = played_out(id);
        let before = {
            let mut s = null_mut();
            assert_eq!(fray_encounter_events_json(enc, &mut s), FRAY_OK);
            take(s)
        };
        let mut events = null_mut();
        assert_eq!(
            fray_encounter_apply(enc, command.as_ptr().cast(), command.len(), &mut events),
            FRAY_ENDED,
            "{id}: {}",
            last()
        );
        assert!(events.is_null());
        assert_eq!(last_rule(), "");
        let mut s = null_mut();
        assert_eq!(fray_encounter_events_json(enc, &mut s), FRAY_OK);
        assert_eq!(take(s), before);
        fray_encounter_free(enc);
    }
}

/// 0, 1, max − 1, max and the negative extremes of an `i32`.
const I32S: [i32; 8] = [0, 1, -1, 2, i32::MAX - 1, i32::MAX, i32::MIN, i32::MIN + 1];
/// 0, 1, max − 1 and max of a `u32`, and a few values just past each enum's range.
const U32S: [u32; 7] = [0, 1, 2, 3, 5, u32::MAX - 1, u32::MAX];

/// Every typed check with each spec field at each extreme (the others at a sane value),
/// single and batch: a documented code, never `FRAY_PANIC` (overflow checks are on in this
/// build), and a refused single check draws nothing.
#[test]
fn typed_checks_survive_extreme_integers() {
    let r = rng(8, 0);
    let twin = rng(8, 0);
    // Each check runs on `r`; an accepted one runs on `twin` too, so the two stay in step
    // exactly when a refused check draws nothing.
    let sync = |code: fray_result, again: &dyn Fn() -> fray_result| {
        if code == FRAY_OK {
            assert_eq!(again(), FRAY_OK);
        } else {
            assert_eq!(next(r), next(twin), "a refused check drew dice");
        }
    };
    let mut and = fray_andromeda_check_spec::default();
    assert_eq!(fray_andromeda_default_spec(&mut and), FRAY_OK);
    let base = and;
    for field in 0..9 {
        for (i, &v) in I32S.iter().enumerate() {
            let mut s = base;
            let u = U32S[i % U32S.len()];
            match field {
                0 => s.skill_value = v,
                1 => s.skill_rank = v,
                2 => s.difficulty = v,
                3 => s.edge = u,
                4 => s.cost_from = v,
                5 => s.success_from = v,
                6 => s.critical_from = v,
                7 => s.advantage_method = u,
                _ => s.advantage_amount = v,
            }
            for edge in 0..3 {
                if field != 3 {
                    s.edge = edge;
                }
                let mut out = fray_andromeda_check_result::default();
                let code = fray_andromeda_check(r, &s, &mut out);
                assert_ne!(code, FRAY_PANIC, "{s:?}: {}", last());
                sync(code, &|| {
                    fray_andromeda_check(twin, &s, &mut fray_andromeda_check_result::default())
                });
                let mut many = [fray_andromeda_check_result::default(); 2];
                let code = fray_andromeda_check_batch(&s, 1, u64::MAX - 1, many.as_mut_ptr(), 2);
                assert_ne!(code, FRAY_PANIC, "{s:?}: {}", last());
            }
        }
    }
    for &base in &I32S {
        for &dv in &I32S {
            for critical in [0, 1, u32::MAX] {
                let s = fray_red_check_spec { base, dv, critical };
                let mut out = fray_red_check_result::default();
                let code = fray_red_check(r, &s, &mut out);
                assert_ne!(code, FRAY_PANIC, "{s:?}: {}", last());
                sync(code, &|| {
                    fray_red_check(twin, &s, &mut fray_red_check_result::default())
                });
                let mut many = [fray_red_check_result::default(); 2];
                let code = fray_red_check_batch(&s, 1, 0, many.as_mut_ptr(), 2);
                assert_ne!(code, FRAY_PANIC, "{s:?}: {}", last());
            }
        }
    }
    for &ability in &I32S {
        for &modifier in &I32S {
            for &tn in &I32S {
                for flags in 0..8u32 {
                    let s = fray_age_test_spec {
                        ability,
                        focus: flags & 1,
                        modifier,
                        has_tn: flags & 2,
                        tn,
                        auto_fail: flags & 4,
                    };
                    let mut out = fray_age_test_result::default();
                    let code = fray_age_test(r, &s, &mut out);
                    assert_ne!(code, FRAY_PANIC, "{s:?}: {}", last());
                    sync(code, &|| {
                        fray_age_test(twin, &s, &mut fray_age_test_result::default())
                    });
                }
            }
        }
    }
    for &pool in &U32S {
        for &difficulty in &U32S {
            for &tie in &U32S {
                for automatic in [0, 1] {
                    let s = fray_better_world_check_spec {
                        pool,
                        difficulty,
                        tie,
                        automatic,
                    };
                    let mut out = fray_better_world_check_result::default();
                    let code = fray_better_world_check(r, &s, &mut out);
                    assert_ne!(code, FRAY_PANIC, "{s:?}: {}", last());
                    sync(code, &|| {
                        fray_better_world_check(
                            twin,
                            &s,
                            &mut fray_better_world_check_result::default(),
                        )
                    });
                }
            }
        }
    }
    for &stat in &U32S {
        for &dice in &U32S {
            let mut out = fray_hunt_test_result::default();
            let code = fray_hunt_stat_test(r, stat, dice, &mut out);
            assert_ne!(code, FRAY_PANIC, "{stat} {dice}: {}", last());
            sync(code, &|| {
                fray_hunt_stat_test(twin, stat, dice, &mut fray_hunt_test_result::default())
            });
        }
    }
    for sides in [0, 1, 2, u32::MAX - 1, u32::MAX] {
        let mut face = 0;
        let code = fray_rng_roll(twin, sides, &mut face);
        assert_eq!(fray_rng_roll(r, sides, &mut face), code);
        assert_eq!(code == FRAY_OK, sides > 0);
        if code == FRAY_OK {
            assert!((1..=sides).contains(&face));
        }
    }
    fray_rng_free(r);
    fray_rng_free(twin);
}

#[test]
fn the_panic_report_switch_returns_the_previous_setting() {
    assert_eq!(fray_set_panic_output(1), 0);
    assert_eq!(fray_set_panic_output(7), 1);
    assert_eq!(fray_set_panic_output(0), 1);
    assert_eq!(fray_set_panic_output(0), 0);
}
