//! The C ABI's string-taking entry points (crates/ffi) called with fuzzed bytes and explicit
//! lengths: arbitrary bytes (invalid UTF-8, NUL inside), NULL with a non-zero length, empty
//! strings. Checked: no panic ever reaches the boundary (`FRAY_PANIC` is a crash, and so is
//! any panic caught inside: libFuzzer's hook aborts first); on failure the out-parameter stays
//! NULL and `fray_last_error` explains; on success the returned string is valid UTF-8 and is
//! freed with `fray_string_free` (ASan reports leaks and double frees); a refused command
//! leaves the encounter's state and events JSON unchanged.
//!
//! Input: `[op] a 0xFF b` — `op` picks the entry point (and a ruleset), `a` and `b` are the
//! strings passed.
#![no_main]

use std::ffi::c_char;
use std::ptr;

use ffi::*;
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/known.rs"]
mod known;

/// Copies and frees a string returned by the library.
fn take(s: *mut c_char) -> String {
    assert!(!s.is_null(), "FRAY_OK with a NULL string");
    // SAFETY: the library returned a NUL-terminated string it allocated.
    let text = unsafe { std::ffi::CStr::from_ptr(s) }
        .to_str()
        .expect("returned strings are UTF-8")
        .to_owned();
    fray_string_free(s);
    text
}

/// Checks a result: no panic; out-param written only on success; an error explains itself.
fn check(result: fray_result, out: *mut c_char, what: &str) -> Option<String> {
    assert_ne!(result, FRAY_PANIC, "{what}: a panic reached the C boundary");
    if result == FRAY_OK {
        return Some(take(out));
    }
    assert!(
        out.is_null(),
        "{what}: failed ({result:?}) but wrote its out-parameter"
    );
    let mut message = ptr::null_mut();
    assert_eq!(fray_last_error(&mut message), FRAY_OK);
    assert!(
        !take(message).is_empty(),
        "{what}: failed without a last error"
    );
    None
}

fn ptr_of(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

fn ruleset(index: u8) -> String {
    let mut count = 0;
    assert_eq!(fray_ruleset_count(&mut count), FRAY_OK);
    let mut id = ptr::null_mut();
    assert_eq!(
        fray_ruleset_id(usize::from(index) % count, &mut id),
        FRAY_OK
    );
    take(id)
}

fn state_and_events(encounter: *mut fray_encounter) -> (String, String) {
    let (mut state, mut events) = (ptr::null_mut(), ptr::null_mut());
    assert_eq!(fray_encounter_state_json(encounter, &mut state), FRAY_OK);
    assert_eq!(fray_encounter_events_json(encounter, &mut events), FRAY_OK);
    (take(state), take(events))
}

fuzz_target!(|data: &[u8]| {
    let [op, pick, rest @ ..] = data else {
        return;
    };
    let mut parts = rest.splitn(2, |&b| b == 0xFF);
    let a = parts.next().unwrap_or_default();
    let b = parts.next().unwrap_or_default();
    let id = ruleset(*pick);
    let text_a = String::from_utf8_lossy(a);
    if known::command(&id, &text_a).is_some()
        || known::setup(&id, &String::from_utf8_lossy(b)).is_some()
    {
        return;
    }
    let mut out: *mut c_char = ptr::null_mut();
    match op % 10 {
        0 => {
            let r = fray_replay_verify(ptr_of(a), a.len(), &mut out);
            check(r, out, "fray_replay_verify");
        }
        1 => {
            let r = fray_odds_json(ptr_of(a), a.len(), &mut out);
            check(r, out, "fray_odds_json");
        }
        2 => {
            let mut rng = ptr::null_mut();
            assert_eq!(fray_rng_new(u64::from(*pick), 0, &mut rng), FRAY_OK);
            let r = fray_roll_json(rng, ptr_of(a), a.len(), &mut out);
            check(r, out, "fray_roll_json");
            let mut total = i64::MIN;
            let r = fray_roll(rng, ptr_of(a), a.len(), &mut total);
            assert_ne!(r, FRAY_PANIC);
            let mut totals = [i64::MIN; 8];
            let n = b.len().min(totals.len());
            let r = fray_roll_batch(rng, ptr_of(a), a.len(), totals.as_mut_ptr(), n);
            assert_ne!(r, FRAY_PANIC);
            if r != FRAY_OK {
                assert!(
                    totals.iter().all(|&t| t == i64::MIN),
                    "failed batch wrote totals"
                );
            }
            fray_rng_free(rng);
        }
        3 => {
            let mut encounter = ptr::null_mut();
            let r =
                fray_encounter_new(ptr_of(a), a.len(), ptr_of(b), b.len(), 7, 0, &mut encounter);
            assert_ne!(r, FRAY_PANIC);
            fray_encounter_free(encounter);
        }
        4 => {
            let mut encounter = ptr::null_mut();
            let r = fray_encounter_new(
                ptr_of(id.as_bytes()),
                id.len(),
                ptr_of(a),
                a.len(),
                7,
                1,
                &mut encounter,
            );
            assert_ne!(r, FRAY_PANIC);
            assert_eq!(r == FRAY_OK, !encounter.is_null());
            fray_encounter_free(encounter);
        }
        5 => {
            let mut setup = ptr::null_mut();
            let r = fray_demo_setup_json(ptr_of(id.as_bytes()), id.len(), &mut setup);
            let setup = check(r, setup, "fray_demo_setup_json").expect("demo setup");
            let mut encounter = ptr::null_mut();
            let r = fray_encounter_new(
                ptr_of(id.as_bytes()),
                id.len(),
                ptr_of(setup.as_bytes()),
                setup.len(),
                7,
                0,
                &mut encounter,
            );
            assert_eq!(r, FRAY_OK, "the demo setup starts");
            for command in [a, b] {
                let before = state_and_events(encounter);
                let mut events = ptr::null_mut();
                let r =
                    fray_encounter_apply(encounter, ptr_of(command), command.len(), &mut events);
                if check(r, events, "fray_encounter_apply").is_none() {
                    assert_eq!(
                        state_and_events(encounter),
                        before,
                        "refused command changed the encounter"
                    );
                }
            }
            fray_encounter_free(encounter);
        }
        6 => {
            let r = fray_ruleset_odds_json(
                ptr_of(id.as_bytes()),
                id.len(),
                ptr_of(a),
                a.len(),
                &mut out,
            );
            check(r, out, "fray_ruleset_odds_json");
        }
        7 => {
            let r = fray_describe_events(
                ptr_of(id.as_bytes()),
                id.len(),
                ptr_of(a),
                a.len(),
                &mut out,
            );
            check(r, out, "fray_describe_events");
        }
        8 => {
            let r = fray_simulate_json(
                ptr_of(id.as_bytes()),
                id.len(),
                ptr_of(a),
                a.len(),
                2,
                7,
                1,
                &mut out,
            );
            check(r, out, "fray_simulate_json");
        }
        _ => {
            // NULL with a length, and every other string entry point with `a` as the id.
            let len = a.len().max(1);
            let r = fray_replay_verify(ptr::null(), len, &mut out);
            assert_eq!(r, FRAY_NULL_POINTER);
            let r = fray_odds_json(ptr::null(), len, &mut out);
            assert_eq!(r, FRAY_NULL_POINTER);
            let mut seed = 0;
            let r = fray_demo_seed(ptr_of(a), a.len(), &mut seed);
            assert_ne!(r, FRAY_PANIC);
            let r = fray_demo_setup_json(ptr_of(a), a.len(), &mut out);
            check(r, out, "fray_demo_setup_json");
            let mut encounter = ptr::null_mut();
            let r = fray_encounter_new(ptr::null(), len, ptr_of(b), b.len(), 0, 0, &mut encounter);
            assert_eq!(r, FRAY_NULL_POINTER);
            assert!(encounter.is_null());
        }
    }
});
