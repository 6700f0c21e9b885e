//! The registry as C sees it: which rulesets this build has, their demo, odds, log lines,
//! simulation and replay checking — all generic over `fray_facade::rulesets()`, so a ruleset the
//! facade registers is covered here without a code change.

use std::ffi::c_char;

use fray_dice::Entry;
use serde::Serialize;
use serde_json::Value;

use crate::boundary::{guard, input_json, out_param, write, Failure, Outcome};
use crate::dice::to_json;
use crate::handles::output_string;
use crate::limits::{FRAY_MAX_THREADS, FRAY_MAX_TRIALS};
use crate::{fray_result, FRAY_INVALID_ARGUMENT, FRAY_LIMIT, FRAY_PARSE};

/// The id string at `ptr` (`len` bytes); look it up with [`entry`] once every pointer is
/// checked, so a NULL is reported as such whatever the id.
pub(crate) fn ruleset_id<'a>(ptr: *const c_char, len: usize) -> Outcome<&'a str> {
    input_json(ptr, len, "ruleset")
}

/// The registered ruleset `id`.
pub(crate) fn entry(id: &str) -> Outcome<Entry> {
    Ok(fray_facade::ruleset(id)?)
}

#[derive(Serialize)]
struct Info {
    id: &'static str,
    version: u32,
    sides: &'static [&'static str],
    metric: &'static str,
    odds_keys: &'static str,
    demo_seed: u64,
}

/// Writes to `*out_json` every ruleset of this build as a JSON array, in a stable order:
/// `[{"id":"andromeda","version":1,"sides":["heroes","enemies"],"metric":"heat gained",
/// "odds_keys":"…","demo_seed":7},…]`. Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_rulesets_json(out_json: *mut *mut c_char) -> fray_result {
    guard(|| {
        let out = out_param(out_json, "out_json")?;
        let all: Vec<Info> = fray_facade::rulesets()
            .into_iter()
            .map(|e| Info {
                id: e.id,
                version: e.version,
                sides: e.sides,
                metric: e.metric,
                odds_keys: e.odds_keys,
                demo_seed: e.demo_seed,
            })
            .collect();
        write(out, output_string(to_json(&all)));
        Ok(())
    })
}

/// Writes to `*out` how many rulesets this build has; their ids are `fray_ruleset_id(0)` …
#[no_mangle]
pub extern "C" fn fray_ruleset_count(out: *mut usize) -> fray_result {
    guard(|| {
        let out = out_param(out, "out")?;
        write(out, fray_facade::rulesets().len());
        Ok(())
    })
}

/// Writes to `*out_id` the id of ruleset number `index` (0-based, in the order of
/// `fray_rulesets_json`). An index past the end is `FRAY_INVALID_ARGUMENT`. Free the id
/// with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_ruleset_id(index: usize, out_id: *mut *mut c_char) -> fray_result {
    guard(|| {
        let out = out_param(out_id, "out_id")?;
        let all = fray_facade::rulesets();
        let e = all.get(index).ok_or_else(|| {
            Failure::new(
                FRAY_INVALID_ARGUMENT,
                format!(
                    "ruleset index {index} is past the end: this build has {} rulesets",
                    all.len()
                ),
            )
        })?;
        write(out, output_string(e.id.to_owned()));
        Ok(())
    })
}

/// Writes to `*out_seed` the seed the ruleset's demo fight uses by default.
#[no_mangle]
pub extern "C" fn fray_demo_seed(
    ruleset: *const c_char,
    ruleset_len: usize,
    out_seed: *mut u64,
) -> fray_result {
    guard(|| {
        let out = out_param(out_seed, "out_seed")?;
        let e = entry(ruleset_id(ruleset, ruleset_len)?)?;
        write(out, e.demo_seed);
        Ok(())
    })
}

/// Writes to `*out_json` the setup JSON of the ruleset's built-in demo fight, ready for
/// `fray_encounter_new`. Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_demo_setup_json(
    ruleset: *const c_char,
    ruleset_len: usize,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let out = out_param(out_json, "out_json")?;
        let e = entry(ruleset_id(ruleset, ruleset_len)?)?;
        write(out, output_string((e.demo_setup)()));
        Ok(())
    })
}

/// Writes to `*out_json` the exact odds of a ruleset's check as a JSON array of tables:
/// `[{"title":"final tier","rows":[{"label":"Fail","probability":{"numerator":…,
/// "denominator":…}},…]}]`. `spec_json` is an object of the ruleset's odds keys (see
/// "odds_keys" in `fray_rulesets_json`); every key has a default, so `{}` is valid. Any
/// other JSON (an array such as `[]` or `[1,2,3]`, a number, a string) is `FRAY_PARSE`.
/// Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_ruleset_odds_json(
    ruleset: *const c_char,
    ruleset_len: usize,
    spec_json: *const c_char,
    spec_len: usize,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let out = out_param(out_json, "out_json")?;
        let id = ruleset_id(ruleset, ruleset_len)?;
        let spec = input_json(spec_json, spec_len, "spec_json")?;
        let e = entry(id)?;
        // Checked here, whatever each ruleset's own parser would take: some read an array
        // as positional fields.
        let value: Value = fray_dice::parse_json(spec, "odds spec")?;
        if !value.is_object() {
            return Err(Failure::new(
                FRAY_PARSE,
                format!(
                    "spec_json must be a JSON object of the odds keys (`{{}}` for the defaults), found {}",
                    json_kind(&value)
                ),
            ));
        }
        let tables = (e.odds)(spec)?;
        write(out, output_string(to_json(&tables)));
        Ok(())
    })
}

/// What a JSON value is, for messages.
fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Writes to `*out_text` one readable log line per event: `events_json` is one event object
/// or an array of them (as `fray_encounter_apply` returns), and the lines are joined by
/// "\n" with no trailing newline. Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_describe_events(
    ruleset: *const c_char,
    ruleset_len: usize,
    events_json: *const c_char,
    events_len: usize,
    out_text: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let out = out_param(out_text, "out_text")?;
        let id = ruleset_id(ruleset, ruleset_len)?;
        let text = input_json(events_json, events_len, "events_json")?;
        let e = entry(id)?;
        let value: Value = fray_dice::parse_json(text, "events")?;
        let events = match value {
            Value::Array(items) => items,
            single => vec![single],
        };
        let mut lines = Vec::with_capacity(events.len());
        for event in &events {
            lines.push((e.describe)(&to_json(event))?);
        }
        write(out, output_string(lines.join("\n")));
        Ok(())
    })
}

/// Plays `trials` fights of a setup to their end with the ruleset's default tactic (trial i
/// on dice stream i, so the answer does not depend on `threads`) and writes the summary to
/// `*out_json`: `{"trials":…,"wins":[…per side],"draws":…,"rounds":{"3":…},
/// "health_total":[…],"metric_total":…}`. `threads` 0 means 1; more than
/// `FRAY_MAX_THREADS` threads or more than `FRAY_MAX_TRIALS` trials is `FRAY_LIMIT`, and no
/// more threads than trials are started. Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_simulate_json(
    ruleset: *const c_char,
    ruleset_len: usize,
    setup_json: *const c_char,
    setup_len: usize,
    trials: u64,
    seed: u64,
    threads: u32,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let out = out_param(out_json, "out_json")?;
        let id = ruleset_id(ruleset, ruleset_len)?;
        let setup = input_json(setup_json, setup_len, "setup_json")?;
        let e = entry(id)?;
        if trials > FRAY_MAX_TRIALS {
            return Err(Failure::new(
                FRAY_LIMIT,
                format!(
                    "trials is {trials}, over the limit of {FRAY_MAX_TRIALS} (FRAY_MAX_TRIALS)"
                ),
            ));
        }
        if threads > FRAY_MAX_THREADS {
            return Err(Failure::new(
                FRAY_LIMIT,
                format!(
                    "threads is {threads}, over the limit of {FRAY_MAX_THREADS} (FRAY_MAX_THREADS)"
                ),
            ));
        }
        // Both bounded above, so the conversions are exact.
        let threads = u64::from(threads.max(1)).min(trials.max(1)) as usize;
        let summary = (e.simulate)(setup, trials, seed, threads, None)?;
        write(out, output_string(to_json(&summary)));
        Ok(())
    })
}

/// Writes to `*out_json` every finding about a setup text, errors first, as `fray check`
/// prints them: `[{"severity":"error","message":…}]` when the ruleset refuses the setup (the
/// message names the JSON path, what was found and what is allowed), else
/// `[{"severity":"warning","path":"characters[1].weapons[0]","message":…},…]` for legal but
/// suspicious values and what a short simulation shows (`path` null). An empty array is a
/// clean setup. A setup the ruleset refuses is a finding, not a failure: the call fails only
/// for its arguments (NULL, length, not UTF-8, unknown ruleset). Free it with
/// `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_setup_check_json(
    ruleset: *const c_char,
    ruleset_len: usize,
    setup_json: *const c_char,
    setup_len: usize,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let out = out_param(out_json, "out_json")?;
        let id = ruleset_id(ruleset, ruleset_len)?;
        let setup = input_json(setup_json, setup_len, "setup_json")?;
        let e = entry(id)?;
        let findings = fray_dice::check_setup(&e, setup);
        write(out, output_string(to_json(&findings)));
        Ok(())
    })
}

/// Plays a replay file (`replay_json`, as `fray_encounter_replay_json` writes it) again and
/// checks every command's events against it. On success writes to `*out_report_json`
/// `{"ruleset":…,"accepted":…,"rejected":…,"events_digest":…,"events":[…]}`. A fight that
/// comes out differently is `FRAY_REPLAY_MISMATCH`, and `fray_last_error` names the first
/// differing command. Free the report with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_replay_verify(
    replay_json: *const c_char,
    replay_len: usize,
    out_report_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let out = out_param(out_report_json, "out_report_json")?;
        let text = input_json(replay_json, replay_len, "replay_json")?;
        let report = fray_facade::verify_replay(text)?;
        write(out, output_string(to_json(&report)));
        Ok(())
    })
}
