//! Hostile input through the C ABI, as a C caller could pass it: arbitrary bytes as dice
//! notation, setups, commands and replays never panic (never `FRAY_PANIC`), out-parameters
//! are written exactly on success, and a refused command leaves the encounter as it was.
// Reading the strings the library returns needs `CStr::from_ptr`, as in C.
#![allow(unsafe_code)]

use std::ffi::{c_char, CStr};
use std::ptr::null_mut;

use fray::*;
use proptest::prelude::*;

fn take(ptr: *mut c_char) -> String {
    // SAFETY: a NUL-terminated string returned by the library, freed right after.
    let text = unsafe { CStr::from_ptr(ptr) }
        .to_string_lossy()
        .into_owned();
    fray_string_free(ptr);
    text
}

/// Bytes that look a little like dice notation or JSON, and some that do not.
fn hostile() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(
            prop::sample::select(b"0123456789dD%+-*/()!<>=khlr {}[]\":,.ae".to_vec()),
            0..40
        ),
        proptest::collection::vec(any::<u8>(), 0..40),
    ]
}

/// The command with every number replaced by one of a few awkward values, chosen by `seed`:
/// well-formed commands that point at the wrong fighter, weapon, distance or amount.
fn mutate_numbers(command: &str, mut seed: u64) -> String {
    const VALUES: [&str; 8] = [
        "0",
        "1",
        "2",
        "7",
        "99",
        "4294967295",
        "-1",
        "1000000000000",
    ];
    let mut out = String::new();
    let mut chars = command.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() {
            while chars.peek().is_some_and(|d| d.is_ascii_digit()) {
                chars.next();
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            out.push_str(VALUES[(seed >> 61) as usize]);
        } else {
            out.push(c);
        }
    }
    out
}

/// After a failed call: `FRAY_RULE` carries a rule id of the rule books ("HUNT-06"), any
/// other code none (the rulesets' tags such as "setup" or "ended" have codes of their own).
fn rule_id_fits(code: fray_result) -> Result<(), TestCaseError> {
    let mut out = null_mut();
    prop_assert_eq!(fray_last_error_rule(&mut out), FRAY_OK);
    let rule = take(out);
    if code == FRAY_RULE {
        let (book, number) = rule.split_once('-').unwrap_or(("", ""));
        prop_assert!(
            !book.is_empty()
                && book.bytes().all(|b| b.is_ascii_uppercase())
                && !number.is_empty()
                && number.bytes().all(|b| b.is_ascii_digit()),
            "rule id {:?}",
            rule
        );
    } else {
        prop_assert_eq!(rule, "");
    }
    Ok(())
}

fn state_of(enc: *mut fray_encounter) -> (String, String) {
    let (mut s, mut e) = (null_mut(), null_mut());
    assert_eq!(fray_encounter_state_json(enc, &mut s), FRAY_OK);
    assert_eq!(fray_encounter_events_json(enc, &mut e), FRAY_OK);
    (take(s), take(e))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("FRAY_HOSTILE_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(300),
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_notation_never_panics(bytes in hostile()) {
        let mut rng = null_mut();
        prop_assert_eq!(fray_rng_new(1, 0, &mut rng), FRAY_OK);
        let mut total = i64::MIN;
        let code = fray_roll(rng, bytes.as_ptr().cast(), bytes.len(), &mut total);
        prop_assert_ne!(code, FRAY_PANIC);
        if code != FRAY_OK {
            prop_assert_eq!(total, i64::MIN);
        }
        let mut json = null_mut();
        let code = fray_odds_json(bytes.as_ptr().cast(), bytes.len(), &mut json);
        prop_assert_ne!(code, FRAY_PANIC);
        prop_assert_eq!(code == FRAY_OK, !json.is_null());
        if !json.is_null() {
            take(json);
        }
        let mut report = null_mut();
        let code = fray_replay_verify(bytes.as_ptr().cast(), bytes.len(), &mut report);
        prop_assert_ne!(code, FRAY_OK);
        prop_assert_ne!(code, FRAY_PANIC);
        prop_assert!(report.is_null());
        fray_rng_free(rng);
    }

    #[test]
    fn arbitrary_setups_and_commands_never_panic_and_change_nothing(
        bytes in hostile(), index in 0usize..5, steps in 0usize..30, seed in any::<u64>(),
    ) {
        let mut count = 0;
        prop_assert_eq!(fray_ruleset_count(&mut count), FRAY_OK);
        prop_assume!(count > 0);
        let mut id = null_mut();
        prop_assert_eq!(fray_ruleset_id(index % count, &mut id), FRAY_OK);
        let id = take(id);
        let (idp, idl) = (id.as_ptr().cast::<c_char>(), id.len());

        let mut enc = null_mut();
        let code = fray_encounter_new(idp, idl, bytes.as_ptr().cast(), bytes.len(), 1, 0, &mut enc);
        prop_assert_ne!(code, FRAY_PANIC);
        if code == FRAY_OK {
            fray_encounter_free(enc);
            enc = null_mut();
        } else {
            rule_id_fits(code)?;
        }
        prop_assert!(enc.is_null() || code == FRAY_OK);

        let mut setup = null_mut();
        prop_assert_eq!(fray_demo_setup_json(idp, idl, &mut setup), FRAY_OK);
        let setup = take(setup);
        prop_assert_eq!(
            fray_encounter_new(idp, idl, setup.as_ptr().cast(), setup.len(), 7, 0, &mut enc),
            FRAY_OK
        );
        // Play a few steps of the demo, then throw the hostile bytes at it as a command.
        for _ in 0..steps {
            let mut cmd = null_mut();
            prop_assert_eq!(fray_encounter_suggest(enc, &mut cmd), FRAY_OK);
            if cmd.is_null() {
                break;
            }
            let cmd = take(cmd);
            let mut events = null_mut();
            prop_assert_eq!(
                fray_encounter_apply(enc, cmd.as_ptr().cast(), cmd.len(), &mut events),
                FRAY_OK
            );
            take(events);
        }
        let before = state_of(enc);
        let mut events = null_mut();
        let code = fray_encounter_apply(enc, bytes.as_ptr().cast(), bytes.len(), &mut events);
        prop_assert_ne!(code, FRAY_PANIC);
        if code == FRAY_OK {
            take(events);
        } else {
            prop_assert!(events.is_null());
            prop_assert_eq!(state_of(enc), before);
            rule_id_fits(code)?;
        }
        // A well-formed command with awkward numbers: accepted, or refused with nothing changed.
        let mut cmd = null_mut();
        prop_assert_eq!(fray_encounter_suggest(enc, &mut cmd), FRAY_OK);
        if !cmd.is_null() {
            let cmd = mutate_numbers(&take(cmd), seed);
            let before = state_of(enc);
            let mut events = null_mut();
            let code = fray_encounter_apply(enc, cmd.as_ptr().cast(), cmd.len(), &mut events);
            prop_assert_ne!(code, FRAY_PANIC, "{}", cmd);
            if code == FRAY_OK {
                take(events);
            } else {
                prop_assert!(events.is_null());
                prop_assert_eq!(state_of(enc), before, "{}", cmd);
                rule_id_fits(code)?;
            }
        }
        let mut text = null_mut();
        let code = fray_describe_events(idp, idl, bytes.as_ptr().cast(), bytes.len(), &mut text);
        prop_assert_ne!(code, FRAY_PANIC);
        if !text.is_null() {
            take(text);
        }
        fray_encounter_free(enc);
    }
}
