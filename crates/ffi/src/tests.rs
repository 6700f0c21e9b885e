//! Unit tests of the boundary, called the way C calls it: raw pointers and lengths.

use std::ffi::{c_char, CStr};
use std::ptr::{null, null_mut};

use fray_dice::{Expr, Rng};

use crate::boundary::{guard, ALL_RESULTS};
use crate::*;

/// Takes ownership of a string the library returned.
fn take(ptr: *mut c_char) -> String {
    assert!(!ptr.is_null());
    // SAFETY: a NUL-terminated string returned by the library, freed right after.
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_owned();
    fray_string_free(ptr);
    text
}

fn last() -> String {
    let mut out = null_mut();
    assert_eq!(fray_last_error(&mut out), FRAY_OK);
    take(out)
}

fn rng(seed: u64, stream: u64) -> *mut fray_rng {
    let mut out = null_mut();
    assert_eq!(fray_rng_new(seed, stream, &mut out), FRAY_OK);
    out
}

#[test]
fn header_version_macros_match_cargo() {
    let header =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../include/fray.h"))
            .expect("include/fray.h exists");
    for (name, value) in [
        ("FRAY_VERSION", format!("\"{}\"", env!("CARGO_PKG_VERSION"))),
        (
            "FRAY_VERSION_MAJOR",
            env!("CARGO_PKG_VERSION_MAJOR").to_owned(),
        ),
        (
            "FRAY_VERSION_MINOR",
            env!("CARGO_PKG_VERSION_MINOR").to_owned(),
        ),
        (
            "FRAY_VERSION_PATCH",
            env!("CARGO_PKG_VERSION_PATCH").to_owned(),
        ),
    ] {
        let line = format!("#define {name} {value}\n");
        assert!(header.contains(&line), "the header lacks `{}`", line.trim());
    }
    // SAFETY: fray_version returns a static NUL-terminated string.
    let version = unsafe { CStr::from_ptr(fray_version()) };
    assert_eq!(version.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}

#[test]
fn codes_are_stable_and_each_has_its_own_text() {
    let numbers: Vec<i32> = ALL_RESULTS.iter().map(|r| *r as i32).collect();
    assert_eq!(numbers, (0..16).collect::<Vec<_>>());
    let mut texts: Vec<&str> = ALL_RESULTS
        .iter()
        // SAFETY: fray_error_message returns static NUL-terminated strings.
        .map(|r| {
            unsafe { CStr::from_ptr(fray_error_message(*r as i32)) }
                .to_str()
                .unwrap()
        })
        .collect();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(texts.len(), ALL_RESULTS.len());
    // SAFETY: as above.
    let unknown = unsafe { CStr::from_ptr(fray_error_message(-5)) };
    assert_eq!(unknown.to_str().unwrap(), "unknown fray_result code");
}

#[test]
fn a_panic_becomes_fray_panic_with_its_message() {
    assert_eq!(guard(|| panic!("boom {}", 42)), FRAY_PANIC);
    assert!(last().contains("boom 42"));
    // The thread goes on working.
    let r = rng(1, 0);
    let mut face = 0;
    assert_eq!(fray_rng_roll(r, 6, &mut face), FRAY_OK);
    fray_rng_free(r);
}

#[test]
fn null_pointers_are_refused_and_frees_of_null_are_no_ops() {
    assert_eq!(fray_rng_new(1, 2, null_mut()), FRAY_NULL_POINTER);
    assert!(last().contains("`out`"));
    let mut face = 0;
    assert_eq!(fray_rng_roll(null_mut(), 6, &mut face), FRAY_NULL_POINTER);
    let mut total = 7;
    assert_eq!(
        fray_roll(null_mut(), null(), 0, &mut total),
        FRAY_NULL_POINTER
    );
    assert_eq!(total, 7);
    let r = rng(1, 0);
    assert_eq!(fray_roll(r, null(), 3, &mut total), FRAY_NULL_POINTER);
    assert!(last().contains("`expression`"));
    fray_rng_free(r);
    fray_rng_free(null_mut());
    fray_encounter_free(null_mut());
    fray_string_free(null_mut());
    assert_eq!(fray_last_error(null_mut()), FRAY_NULL_POINTER);
}

#[test]
fn invalid_utf8_unknown_rulesets_and_bad_json_return_codes() {
    let bad = b"an\xffd6";
    let mut out = null_mut();
    assert_eq!(
        fray_odds_json(bad.as_ptr().cast(), bad.len(), &mut out),
        FRAY_INVALID_UTF8
    );
    assert!(out.is_null());
    let chess = "chess";
    let setup = "{}";
    let mut enc = null_mut();
    assert_eq!(
        fray_encounter_new(
            chess.as_ptr().cast(),
            chess.len(),
            setup.as_ptr().cast(),
            2,
            7,
            0,
            &mut enc
        ),
        FRAY_UNKNOWN_RULESET
    );
    assert!(enc.is_null());
    assert!(last().contains("chess"), "{}", last());
    let junk = "{\"ruleset\": 4";
    assert_eq!(
        fray_replay_verify(junk.as_ptr().cast(), junk.len(), &mut out),
        FRAY_PARSE
    );
    assert!(out.is_null());
    for id in fray_facade::rulesets().iter().map(|e| e.id) {
        let junk = "{not json";
        assert_eq!(
            fray_encounter_new(
                id.as_ptr().cast(),
                id.len(),
                junk.as_ptr().cast(),
                junk.len(),
                7,
                0,
                &mut enc
            ),
            FRAY_PARSE,
            "{id}"
        );
    }
}

#[test]
fn rolls_match_the_dice_core_and_batches_match_single_rolls() {
    let r = rng(42, 3);
    let mut direct = Rng::new(42, 3);
    let mut face = 0;
    for sides in [2, 6, 20, 100] {
        assert_eq!(fray_rng_roll(r, sides, &mut face), FRAY_OK);
        assert_eq!(face, direct.die(sides));
    }
    assert_eq!(fray_rng_roll(r, 0, &mut face), FRAY_INVALID_ARGUMENT);
    let mut k = 9;
    assert_eq!(fray_rng_k_die(r, &mut k), FRAY_OK);
    assert_eq!(k, direct.k_die());
    let mut filled = [0u32; 16];
    assert_eq!(
        fray_rng_fill(r, 8, filled.as_mut_ptr(), filled.len()),
        FRAY_OK
    );
    let expected: Vec<u32> = (0..16).map(|_| direct.die(8)).collect();
    assert_eq!(filled.to_vec(), expected);
    fray_rng_free(r);

    let text = "3d8kh2+2";
    let expr = Expr::parse(text).unwrap();
    let (a, b) = (rng(5, 0), rng(5, 0));
    let mut totals = [0i64; 32];
    assert_eq!(
        fray_roll_batch(a, text.as_ptr().cast(), text.len(), totals.as_mut_ptr(), 32),
        FRAY_OK
    );
    let mut direct = Rng::new(5, 0);
    for t in totals {
        let mut one = 0;
        assert_eq!(
            fray_roll(b, text.as_ptr().cast(), text.len(), &mut one),
            FRAY_OK
        );
        assert_eq!(t, one);
        assert_eq!(t, expr.roll(&mut direct, None).unwrap());
    }
    let mut json = null_mut();
    assert_eq!(
        fray_roll_json(a, text.as_ptr().cast(), text.len(), &mut json),
        FRAY_OK
    );
    let roll: serde_json::Value = serde_json::from_str(&take(json)).unwrap();
    assert_eq!(roll["expression"], "3d8kh2+2");
    assert_eq!(roll["transcript"]["dice"].as_array().unwrap().len(), 3);
    fray_rng_free(a);
    fray_rng_free(b);
}

#[test]
fn a_failed_batch_leaves_the_generator_and_the_array_alone() {
    let overflow = "9223372036854775807+1d2";
    let (a, b) = (rng(9, 0), rng(9, 0));
    let mut totals = [-1i64; 4];
    assert_eq!(
        fray_roll_batch(
            a,
            overflow.as_ptr().cast(),
            overflow.len(),
            totals.as_mut_ptr(),
            4
        ),
        FRAY_OVERFLOW
    );
    assert_eq!(totals, [-1; 4]);
    let (mut x, mut y) = (0, 0);
    assert_eq!(fray_rng_roll(a, 1000, &mut x), FRAY_OK);
    assert_eq!(fray_rng_roll(b, 1000, &mut y), FRAY_OK);
    assert_eq!(x, y);
    fray_rng_free(a);
    fray_rng_free(b);
}

#[test]
fn odds_are_exact() {
    let text = "2d6";
    let mut out = null_mut();
    assert_eq!(
        fray_odds_json(text.as_ptr().cast(), text.len(), &mut out),
        FRAY_OK
    );
    let odds: serde_json::Value = serde_json::from_str(&take(out)).unwrap();
    assert_eq!(odds["denominator"], 36);
    assert_eq!(odds["outcomes"][5]["value"], 7);
    assert_eq!(odds["outcomes"][5]["count"], 6);
    assert_eq!(odds["outcomes"].as_array().unwrap().len(), 11);
}

#[test]
fn andromeda_check_matches_the_rust_function() {
    let mut spec = fray_andromeda_check_spec::default();
    assert_eq!(fray_andromeda_default_spec(&mut spec), FRAY_OK);
    spec.skill_value = 3;
    spec.skill_rank = 2;
    spec.difficulty = 3;
    spec.edge = FRAY_ANDROMEDA_EDGE_ADVANTAGE;
    let rust = fray_andromeda::CheckSpec {
        skill_value: 3,
        skill_rank: 2,
        difficulty: 3,
        edge: fray_andromeda::Edge::Advantage,
        ..Default::default()
    };
    let r = rng(11, 0);
    let mut direct = Rng::new(11, 0);
    let mut out = fray_andromeda_check_result::default();
    for _ in 0..100 {
        assert_eq!(fray_andromeda_check(r, &spec, &mut out), FRAY_OK);
        let expected = fray_andromeda::check(&mut direct, &rust).unwrap();
        assert_eq!(out.total, expected.roll.total);
        assert_eq!(out.tier, expected.tier as u32);
        assert_eq!(out.base_tier, expected.base as u32);
        assert_eq!(out.shift, -1);
        assert_eq!(out.dice_count, 3);
        assert_eq!(out.kept, expected.roll.kept);
    }
    fray_rng_free(r);

    let mut batch = vec![fray_andromeda_check_result::default(); 50];
    assert_eq!(
        fray_andromeda_check_batch(&spec, 11, 100, batch.as_mut_ptr(), 50),
        FRAY_OK
    );
    for (i, got) in batch.iter().enumerate() {
        let expected = fray_andromeda::check(&mut Rng::new(11, 100 + i as u64), &rust).unwrap();
        assert_eq!(*got, (&expected).into(), "trial {i}");
    }

    let mut bad = spec;
    bad.edge = 7;
    let before = out;
    let r = rng(11, 0);
    assert_eq!(
        fray_andromeda_check(r, &bad, &mut out),
        FRAY_INVALID_ARGUMENT
    );
    assert!(last().contains("edge"));
    bad = spec;
    bad.advantage_amount = 9;
    assert_eq!(fray_andromeda_check(r, &bad, &mut out), FRAY_LIMIT);
    bad = spec;
    bad.cost_from = 20;
    assert_eq!(
        fray_andromeda_check(r, &bad, &mut out),
        FRAY_INVALID_ARGUMENT
    );
    assert_eq!(out, before);
    assert_eq!(fray_andromeda_check(r, null(), &mut out), FRAY_NULL_POINTER);
    assert_eq!(
        fray_andromeda_check_batch(&spec, 1, u64::MAX, batch.as_mut_ptr(), 2),
        FRAY_INVALID_ARGUMENT
    );
    fray_rng_free(r);
}

/// Every registered ruleset: the demo through suggest/apply to its end, its replay verifies,
/// a tampered replay names the first differing command, and a refused command changes
/// nothing.
#[test]
fn every_registered_ruleset_plays_its_demo_through_the_json_surface() {
    let mut count = 0;
    assert_eq!(fray_ruleset_count(&mut count), FRAY_OK);
    assert_eq!(count, fray_facade::rulesets().len());
    for index in 0..count {
        let mut id = null_mut();
        assert_eq!(fray_ruleset_id(index, &mut id), FRAY_OK);
        let id = take(id);
        let (idp, idl) = (id.as_ptr().cast::<c_char>(), id.len());
        let mut setup = null_mut();
        assert_eq!(fray_demo_setup_json(idp, idl, &mut setup), FRAY_OK);
        let setup = take(setup);
        let mut seed = 0;
        assert_eq!(fray_demo_seed(idp, idl, &mut seed), FRAY_OK);
        let mut enc = null_mut();
        assert_eq!(
            fray_encounter_new(
                idp,
                idl,
                setup.as_ptr().cast(),
                setup.len(),
                seed,
                0,
                &mut enc
            ),
            FRAY_OK,
            "{id}: {}",
            last()
        );
        let mut steps = 0;
        let mut last_command = String::new();
        loop {
            let mut cmd = null_mut();
            assert_eq!(fray_encounter_suggest(enc, &mut cmd), FRAY_OK);
            if cmd.is_null() {
                break;
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
                FRAY_OK,
                "{id}: {last_command}: {}",
                last()
            );
            let events = take(events);
            let mut text = null_mut();
            assert_eq!(
                fray_describe_events(idp, idl, events.as_ptr().cast(), events.len(), &mut text),
                FRAY_OK
            );
            take(text);
            steps += 1;
            assert!(steps < 10_000, "{id}: the demo does not end");
        }
        let state = |enc| {
            let mut s = null_mut();
            assert_eq!(fray_encounter_state_json(enc, &mut s), FRAY_OK);
            let mut e = null_mut();
            assert_eq!(fray_encounter_events_json(enc, &mut e), FRAY_OK);
            (take(s), take(e))
        };
        let before = state(enc);
        let mut events = null_mut();
        let garbage = "{\"type\":\"no such command\"}";
        assert_eq!(
            fray_encounter_apply(enc, garbage.as_ptr().cast(), garbage.len(), &mut events),
            FRAY_PARSE
        );
        let code = fray_encounter_apply(
            enc,
            last_command.as_ptr().cast(),
            last_command.len(),
            &mut events,
        );
        assert_ne!(code, FRAY_OK, "{id}: a command after the end was accepted");
        assert!(events.is_null());
        assert_eq!(
            state(enc),
            before,
            "{id}: a refused command changed the encounter"
        );

        let mut replay = null_mut();
        assert_eq!(fray_encounter_replay_json(enc, &mut replay), FRAY_OK);
        let replay = take(replay);
        let mut report = null_mut();
        assert_eq!(
            fray_replay_verify(replay.as_ptr().cast(), replay.len(), &mut report),
            FRAY_OK,
            "{}",
            last()
        );
        take(report);
        let mut tampered: serde_json::Value = serde_json::from_str(&replay).unwrap();
        tampered["commands"][0]["digest"] = "0000000000000000".into();
        let tampered = tampered.to_string();
        assert_eq!(
            fray_replay_verify(tampered.as_ptr().cast(), tampered.len(), &mut report),
            FRAY_REPLAY_MISMATCH
        );
        assert!(last().contains("command #1"), "{}", last());
        fray_encounter_free(enc);
    }
}

#[test]
fn typed_checks_of_the_other_rulesets_match_their_rust_functions() {
    // RED: single checks on one generator, then the batch against one generator per stream.
    let spec = fray_red_check_spec {
        base: 12,
        dv: 15,
        critical: 1,
    };
    let rust = fray_red::CheckSpec {
        base: 12,
        dv: 15,
        critical: true,
    };
    let r = rng(3, 0);
    let mut direct = Rng::new(3, 0);
    let mut out = fray_red_check_result::default();
    for _ in 0..200 {
        assert_eq!(fray_red_check(r, &spec, &mut out), FRAY_OK);
        let e = fray_red::check(&mut direct, &rust, None).unwrap();
        assert_eq!(
            (out.total, out.margin, out.extra),
            (e.total, e.margin, e.roll.extra)
        );
        assert_eq!(out.success, u32::from(e.success));
    }
    let mut many = vec![fray_red_check_result::default(); 20];
    assert_eq!(
        fray_red_check_batch(&spec, 3, 0, many.as_mut_ptr(), 20),
        FRAY_OK
    );
    let mut first = fray_red_check_result::default();
    let one = rng(3, 0);
    assert_eq!(fray_red_check(one, &spec, &mut first), FRAY_OK);
    assert_eq!(many[0], first);
    fray_rng_free(one);
    let absurd = fray_red_check_spec {
        base: i32::MAX,
        ..spec
    };
    assert_eq!(fray_red_check(r, &absurd, &mut out), FRAY_RULE);
    assert!(last().starts_with("RED-30"), "{}", last());

    // AGE
    let spec = fray_age_test_spec {
        ability: 2,
        focus: 1,
        modifier: -1,
        has_tn: 1,
        tn: 11,
        auto_fail: 0,
    };
    let rust = fray_age::TestSpec {
        ability: 2,
        focus: true,
        modifier: -1,
        tn: Some(11),
        auto_fail: false,
    };
    let mut direct = Rng::new(3, 0);
    let a = rng(3, 0);
    let mut out = fray_age_test_result::default();
    for _ in 0..200 {
        assert_eq!(fray_age_test(a, &spec, &mut out), FRAY_OK);
        let e = fray_age::test(&mut direct, &rust).unwrap();
        assert_eq!(
            (out.dice, out.total, out.stunt_points),
            (e.dice, e.total, e.stunt_points)
        );
        assert_eq!(
            (out.success, out.doubles),
            (u32::from(e.success), u32::from(e.doubles))
        );
    }
    fray_rng_free(a);
    let mut many = vec![fray_age_test_result::default(); 8];
    assert_eq!(
        fray_age_test_batch(&spec, 1, 5, many.as_mut_ptr(), 8),
        FRAY_OK
    );
    assert_eq!(
        many[3].total,
        fray_age::test(&mut Rng::new(1, 8), &rust).unwrap().total
    );

    // Better World
    let spec = fray_better_world_check_spec {
        pool: 5,
        difficulty: 3,
        tie: FRAY_BETTER_WORLD_TIE_DIFFICULTY_WINS,
        automatic: 0,
    };
    let rust = fray_better_world::CheckSpec {
        pool: 5,
        difficulty: 3,
        tie: fray_better_world::TieRule::DifficultyWins,
        automatic: false,
    };
    let mut direct = Rng::new(4, 2);
    let b = rng(4, 2);
    let mut out = fray_better_world_check_result::default();
    for _ in 0..200 {
        assert_eq!(fray_better_world_check(b, &spec, &mut out), FRAY_OK);
        let e = fray_better_world::check(&mut direct, &rust).unwrap();
        assert_eq!(
            (out.ones, out.difficulty_ones, out.bonus, out.deficit),
            (e.ones, e.difficulty_ones, e.bonus, e.deficit)
        );
        assert_eq!(out.success, u32::from(e.success));
    }
    let bad = fray_better_world_check_spec { tie: 2, ..spec };
    assert_eq!(
        fray_better_world_check(b, &bad, &mut out),
        FRAY_INVALID_ARGUMENT
    );
    let huge = fray_better_world_check_spec { pool: 61, ..spec };
    assert_eq!(fray_better_world_check(b, &huge, &mut out), FRAY_RULE);
    assert!(last().starts_with("BW-02"), "{}", last());
    fray_rng_free(b);

    // Hunt
    let mut direct = Rng::new(6, 0);
    let h = rng(6, 0);
    let mut out = fray_hunt_test_result::default();
    for _ in 0..200 {
        assert_eq!(fray_hunt_stat_test(h, 7, 2, &mut out), FRAY_OK);
        let e = fray_hunt::stat_test(&mut direct, 7, 2, "test", None).unwrap();
        assert_eq!(
            (out.roll, out.margin, out.passed),
            (e.roll, e.margin, u32::from(e.passed))
        );
    }
    assert_ne!(fray_hunt_stat_test(h, 7, 100_000, &mut out), FRAY_OK);
    fray_rng_free(h);
    let mut many = vec![fray_hunt_test_result::default(); 4];
    assert_eq!(
        fray_hunt_stat_test_batch(7, 2, 6, 0, many.as_mut_ptr(), 4),
        FRAY_OK
    );
    assert_eq!(
        many[0].roll,
        fray_hunt::stat_test(&mut Rng::new(6, 0), 7, 2, "x", None)
            .unwrap()
            .roll
    );
    assert_eq!(
        fray_hunt_stat_test_batch(7, 2, 6, u64::MAX, many.as_mut_ptr(), 4),
        FRAY_INVALID_ARGUMENT
    );
}

/// The lint through C: the demo is clean, a suspicious value is a warning naming its path,
/// a refused setup an error finding with a path in its message, and only bad arguments fail.
#[test]
fn setup_check_json_lists_findings_and_fails_only_for_its_arguments() {
    let check = |id: &str, setup: &str| {
        let mut out = null_mut();
        let code = fray_setup_check_json(
            id.as_ptr().cast(),
            id.len(),
            setup.as_ptr().cast(),
            setup.len(),
            &mut out,
        );
        (code, (code == FRAY_OK).then(|| take(out)))
    };
    for entry in fray_facade::rulesets() {
        let demo = (entry.demo_setup)();
        assert_eq!(
            check(entry.id, &demo),
            (FRAY_OK, Some("[]".into())),
            "{}",
            entry.id
        );
    }
    let duel = include_str!("../../../examples/setups/hunt/duel.json");
    let mut value: serde_json::Value = serde_json::from_str(duel).unwrap();
    value["fighters"][1]["stats"]["endurance"] = 12.into();
    let (code, findings) = check("hunt", &value.to_string());
    assert_eq!(code, FRAY_OK);
    let findings: serde_json::Value = serde_json::from_str(&findings.unwrap()).unwrap();
    assert_eq!(findings[0]["severity"], "warning");
    assert_eq!(findings[0]["path"], "fighters[1].stats.endurance");
    assert!(findings[0]["message"]
        .as_str()
        .unwrap()
        .starts_with("endurance 12 under 1d6 tests"));
    assert_eq!(findings[1]["path"], serde_json::Value::Null);
    assert!(findings[1]["message"]
        .as_str()
        .unwrap()
        .starts_with("one-sided: prey won 200 of 200"));

    value["fighters"][1]["stats"]["endurance"] = 21.into();
    let (code, findings) = check("hunt", &value.to_string());
    assert_eq!(code, FRAY_OK);
    let findings: serde_json::Value = serde_json::from_str(&findings.unwrap()).unwrap();
    assert_eq!(findings.as_array().unwrap().len(), 1);
    assert_eq!(findings[0]["severity"], "error");
    assert!(findings[0]["message"]
        .as_str()
        .unwrap()
        .contains("fighters[1].stats.endurance"));

    assert_eq!(check("chess", "{}"), (FRAY_UNKNOWN_RULESET, None));
    let mut out = null_mut();
    assert_eq!(
        fray_setup_check_json(c"hunt".as_ptr(), 4, null(), 2, &mut out),
        FRAY_NULL_POINTER
    );
    assert!(out.is_null());
    assert!(last().contains("setup_json"));
}
