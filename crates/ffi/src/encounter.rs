//! Encounters of every ruleset through one surface: setup, commands and events travel as
//! JSON; the handle keeps the state, the dice and the log.

use std::ffi::c_char;

use fray_dice::{Encounter, EncounterError, Lang, View, Viewer};

use crate::boundary::{guard, input_json, input_str, out_param, write, Failure};
use crate::fray_result;
use crate::handles::{free_handle, handle, into_handle, output_string};
use crate::limits::{FRAY_MAX_JSON_BYTES, FRAY_MAX_NOTATION_BYTES};
use crate::rulesets::{entry, ruleset_id};

/// A running encounter of any ruleset. Made by `fray_encounter_new`, freed by
/// `fray_encounter_free`. Not to be used from two threads at once.
pub struct fray_encounter {
    inner: Box<dyn Encounter>,
    /// The language of refusal messages (`fray_encounter_set_language`).
    lang: Lang,
}

/// Starts an encounter of `ruleset` (for example "andromeda"; `ruleset_len` bytes) from
/// `setup_json` (`setup_len` bytes; the ruleset's setup, for example the demo setup from
/// `fray_demo_setup_json`) with dice `(seed, stream)`, and writes its handle to `*out`.
/// Unknown rulesets, malformed JSON and setups the ruleset refuses return a code and make
/// nothing.
#[no_mangle]
pub extern "C" fn fray_encounter_new(
    ruleset: *const c_char,
    ruleset_len: usize,
    setup_json: *const c_char,
    setup_len: usize,
    seed: u64,
    stream: u64,
    out: *mut *mut fray_encounter,
) -> fray_result {
    guard(|| {
        let out = out_param(out, "out")?;
        let id = ruleset_id(ruleset, ruleset_len)?;
        let setup = input_json(setup_json, setup_len, "setup_json")?;
        let e = entry(id)?;
        let inner = (e.start)(setup, seed, stream)?;
        write(
            out,
            into_handle(fray_encounter {
                inner,
                lang: Lang::En,
            }),
        );
        Ok(())
    })
}

/// Frees an encounter. NULL is a no-op (`FRAY_OK`); a handle freed already, or anything
/// that is not a live `fray_encounter`, is `FRAY_INVALID_HANDLE` and frees nothing.
#[no_mangle]
pub extern "C" fn fray_encounter_free(encounter: *mut fray_encounter) -> fray_result {
    guard(|| free_handle(encounter, "encounter"))
}

/// Applies one command (`command_json`, `command_len` bytes, in the ruleset's command
/// shape — `fray_encounter_suggest` shows one) and writes the events it produced to
/// `*out_events_json` as a JSON array. Malformed JSON is `FRAY_PARSE`; a command the rules
/// refuse is `FRAY_RULE` with the rule id in the message. On any failure nothing changes:
/// not the state, not the dice, not the log. Free the events with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_apply(
    encounter: *mut fray_encounter,
    command_json: *const c_char,
    command_len: usize,
    out_events_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        let out = out_param(out_events_json, "out_events_json")?;
        let command = input_json(command_json, command_len, "command_json")?;
        let events = enc.inner.apply_json(command).map_err(|e| {
            let e = match e {
                EncounterError::Rule(mut rule) if enc.lang != Lang::En => {
                    rule.message = enc.inner.refusal_message(&rule, enc.lang);
                    EncounterError::Rule(rule)
                }
                e => e,
            };
            Failure::from(e).of_command()
        })?;
        write(out, output_string(events));
        Ok(())
    })
}

/// Writes to `*out_command_json` the command the ruleset's default tactic would play next,
/// or NULL when the encounter is over. Driving an encounter with suggest/apply until NULL
/// plays the fight to its end. Free a non-NULL command with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_suggest(
    encounter: *mut fray_encounter,
    out_command_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        let out = out_param(out_command_json, "out_command_json")?;
        let command = enc.inner.suggest_json();
        write(out, command.map_or(std::ptr::null_mut(), output_string));
        Ok(())
    })
}

/// Writes to `*out_json` the encounter's whole state as JSON. Free it with
/// `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_state_json(
    encounter: *mut fray_encounter,
    out_json: *mut *mut c_char,
) -> fray_result {
    encounter_string(encounter, out_json, "out_json", |e| e.inner.state_json())
}

/// Writes to `*out_json` every event so far (the start's first) as a JSON array. The same
/// seed, stream, setup and commands give byte-identical text on every platform. Free it
/// with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_events_json(
    encounter: *mut fray_encounter,
    out_json: *mut *mut c_char,
) -> fray_result {
    encounter_string(encounter, out_json, "out_json", |e| e.inner.events_json())
}

/// Writes to `*out_json` the replay file of the encounter so far (`{"format":1,
/// "ruleset":…,"seed":…,"stream":…,"setup":…,"commands":[…],"events_digest":…}`), which
/// `fray_replay_verify` checks. Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_replay_json(
    encounter: *mut fray_encounter,
    out_json: *mut *mut c_char,
) -> fray_result {
    encounter_string(encounter, out_json, "out_json", |e| e.inner.replay_json())
}

/// Writes to `*out_id` the id of the encounter's ruleset. Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_ruleset(
    encounter: *mut fray_encounter,
    out_id: *mut *mut c_char,
) -> fray_result {
    encounter_string(encounter, out_id, "out_id", |e| {
        e.inner.ruleset().to_owned()
    })
}

/// Sets the language of this encounter's refusal messages: `"en"` (the default) or `"ru"`
/// (`lang_len` bytes; a locale such as `"ru_RU.UTF-8"` is read as its language). The rule id
/// (`fray_last_error_rule`) is the same in every language. An unknown language is
/// `FRAY_INVALID_ARGUMENT` and changes nothing.
#[no_mangle]
pub extern "C" fn fray_encounter_set_language(
    encounter: *mut fray_encounter,
    lang: *const c_char,
    lang_len: usize,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        enc.lang = language(lang, lang_len)?;
        Ok(())
    })
}

/// Writes to `*out_json` who must decide now and every legal command for them, as JSON:
/// `{"decider": …, "list": [{"kind", "actor", "targets", "uses", "costs", "label",
/// "command", "params"}, …]}`. Every listed command, given to `fray_encounter_apply`, is
/// accepted. A ruleset that does not offer options yet is `FRAY_INVALID_ARGUMENT` with a
/// message saying so. Free the text with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_options(
    encounter: *mut fray_encounter,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        let out = out_param(out_json, "out_json")?;
        let options = enc.inner.options_json()?;
        write(out, output_string(options));
        Ok(())
    })
}

/// Writes to `*out_json` the exact odds of `command_json` (`command_len` bytes) in the
/// current state as a JSON list of tables (`[{"title", "rows": [{"label", "probability":
/// "n/d"}]}]`), applying nothing and drawing no die. A command the rules refuse is
/// `FRAY_RULE`. Free the text with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_preview(
    encounter: *mut fray_encounter,
    command_json: *const c_char,
    command_len: usize,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        let out = out_param(out_json, "out_json")?;
        let command = input_json(command_json, command_len, "command_json")?;
        let tables = enc
            .inner
            .preview_json(command)
            .map_err(|e| Failure::from(e).of_command())?;
        write(out, output_string(tables));
        Ok(())
    })
}

/// Writes to `*out_json` the log so far as readable lines, a JSON array of strings, in
/// `lang` (`"en"` or `"ru"`, `lang_len` bytes) as participant `viewer` (`viewer_len` bytes)
/// sees it — what the rules keep secret from them is left out — or as the game master when
/// `viewer` is NULL. Free the text with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_lines(
    encounter: *mut fray_encounter,
    lang: *const c_char,
    lang_len: usize,
    viewer: *const c_char,
    viewer_len: usize,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        let out = out_param(out_json, "out_json")?;
        let lang = language(lang, lang_len)?;
        let viewer = if viewer.is_null() {
            Viewer::GameMaster
        } else {
            Viewer::Participant(
                input_str(viewer, viewer_len, "viewer", FRAY_MAX_JSON_BYTES)?.to_owned(),
            )
        };
        let lines = enc.inner.lines(&View { lang, viewer });
        write(
            out,
            output_string(serde_json::to_string(&lines).expect("strings serialize to JSON")),
        );
        Ok(())
    })
}

/// Writes to `*out_json` what each participant has now — `[{"name", "side", "up", "state",
/// "tracks": [{"key", "now", "max"}], "counters": [{"key", "value"}], "defeated_round"}]`
/// — and to `*out_lines_json`, when not NULL, the same as readable summary lines (a JSON
/// array of strings) in `lang` (`lang_len` bytes). Free both with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_encounter_standing(
    encounter: *mut fray_encounter,
    lang: *const c_char,
    lang_len: usize,
    out_json: *mut *mut c_char,
    out_lines_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        let out = out_param(out_json, "out_json")?;
        let lang = language(lang, lang_len)?;
        let lines = (!out_lines_json.is_null()).then(|| enc.inner.summary(lang));
        write(out, output_string(enc.inner.standing_json()));
        if let Some(lines) = lines {
            let out_lines = out_param(out_lines_json, "out_lines_json")?;
            write(
                out_lines,
                output_string(serde_json::to_string(&lines).expect("strings serialize to JSON")),
            );
        }
        Ok(())
    })
}

/// A language argument: `"en"` or `"ru"` (or a locale naming one).
fn language(lang: *const c_char, len: usize) -> Result<Lang, Failure> {
    let text = input_str(lang, len, "lang", FRAY_MAX_NOTATION_BYTES)?;
    Lang::parse(text)
        .map_err(|e| Failure::new(crate::FRAY_INVALID_ARGUMENT, e.message().to_owned()))
}

/// The body of the string getters above: reads one string from the encounter and hands it
/// to the caller, inside the panic boundary.
fn encounter_string(
    encounter: *mut fray_encounter,
    out: *mut *mut c_char,
    out_name: &str,
    read: impl FnOnce(&fray_encounter) -> String,
) -> fray_result {
    guard(|| {
        let enc = handle(encounter, "encounter")?;
        let out = out_param(out, out_name)?;
        write(out, output_string(read(enc)));
        Ok(())
    })
}
