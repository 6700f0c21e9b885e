//! The lint of a setup (issue 19): every error and warning about a setup text, in one list,
//! for `fray check`, Python's `fray.check` and anyone else.
//!
//! A finding is an error when the setup does not parse or the ruleset refuses it, a warning
//! with a JSON path for a legal but suspicious value (the ruleset's own [`Catalog::warnings`]
//! and generic checks of names and sides), and a warning without a path for what a short
//! simulation shows (a fight no side can win, fights stopped at the round limit).
//!
//! The generic checks read the setup JSON and the simulation summary, not any ruleset's
//! types, so they apply to every ruleset alike.
//!
//! [`Catalog::warnings`]: crate::Catalog::warnings

use serde::Serialize;
use serde_json::Value;

use crate::text::{Lang, Message, Texts};
use crate::{msg, EncounterError, Entry, SimSummary, MAX_TRIAL_COMMANDS};

/// Fights the check simulates, and their seed: enough to see a one-sided or unwinnable
/// fight, quick in a debug build.
pub const CHECK_TRIALS: u64 = 200;
/// The seed of the check's simulation.
pub const CHECK_SEED: u64 = 1;

/// One finding of [`check_setup`]. As JSON: `{"severity": "error", "message": …}` or
/// `{"severity": "warning", "path": …, "message": …}` (`path` is null for the simulation's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "severity", rename_all = "lowercase")]
pub enum Finding {
    /// The setup cannot be used.
    Error {
        /// What is wrong, naming the JSON path.
        message: String,
    },
    /// The setup runs but looks wrong.
    Warning {
        /// Where, as a JSON path; none for what the simulation shows.
        path: Option<String>,
        /// What was found and why it is suspicious.
        message: String,
    },
}

impl Finding {
    fn error(message: String) -> Self {
        Finding::Error { message }
    }

    fn warning(path: Option<String>, message: impl Into<String>) -> Self {
        Finding::Warning {
            path,
            message: message.into(),
        }
    }

    /// Whether the setup cannot be used.
    pub fn is_error(&self) -> bool {
        matches!(self, Finding::Error { .. })
    }
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::Error { message } => write!(f, "error: {message}"),
            Finding::Warning {
                path: Some(path),
                message,
            } => write!(f, "warning: {path}: {message}"),
            Finding::Warning {
                path: None,
                message,
            } => write!(f, "warning: simulation: {message}"),
        }
    }
}

/// Every finding about `text` as a setup of `entry`, errors first, in English.
pub fn check_setup(entry: &Entry, text: &str) -> Vec<Finding> {
    check_setup_in(entry, text, Lang::En)
}

/// [`check_setup`] with every message in `lang`: the generic findings from the common
/// messages, a refusal from the ruleset's own ([`crate::RuleError::message_in`]). A
/// ruleset's lint warnings and JSON errors are written as their source gives them.
pub fn check_setup_in(entry: &Entry, text: &str, lang: Lang) -> Vec<Finding> {
    let say = |message: Message| Texts::common().get(lang, &message);
    let mut found = Vec::new();
    let started = (entry.start)(text, CHECK_SEED, 0);
    if let Err(e) = &started {
        found.push(Finding::error(error_line(entry, e, lang)));
    }
    if started.is_ok() {
        // Names and sides in any list of the setup: each ruleset refuses its own duplicate
        // participants, so these catch what it lets pass (two weapons of one name, …).
        if let Ok(value) = serde_json::from_str::<Value>(text) {
            walk(&value, String::new(), &say, &mut found);
        }
        // The ruleset's own lint: legal values that make a rule unreachable.
        if let Ok(warnings) = (entry.warnings)(text) {
            found.extend(
                warnings
                    .into_iter()
                    .map(|w| Finding::warning(Some(w.path), format!("{}: {}", w.found, w.why))),
            );
        }
        match (entry.simulate)(text, CHECK_TRIALS, CHECK_SEED, 1, None) {
            Ok(summary) => found.extend(simulation_warnings(entry, &summary, &say)),
            Err(e) => found.push(Finding::error(say(msg!(
                "check-simulation-error",
                message = error_line(entry, &e, lang)
            )))),
        }
    }
    found
}

/// One line for a refusal in `lang`: the message (which names the JSON path), and the rule
/// when it is one other than the setup check itself.
fn error_line(entry: &Entry, e: &EncounterError, lang: Lang) -> String {
    let line = match e {
        EncounterError::InvalidInput(e) => e.to_string(),
        EncounterError::Rule(e) => {
            let message = e.message_in((entry.texts)(), lang);
            if e.rule == "setup" {
                message
            } else {
                let texts = Texts::common();
                let rule = texts.get(lang, &msg!("rule-name", rule = e.rule.as_str()));
                texts.get(lang, &msg!("check-rule", message = message, rule = rule))
            }
        }
    };
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Visits every array: an array of objects with `name` strings gets the name checks, one
/// whose items all carry a `side` gets the side checks.
fn walk(value: &Value, path: String, say: &dyn Fn(Message) -> String, found: &mut Vec<Finding>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                let sub = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                walk(item, sub, say, found);
            }
        }
        Value::Array(items) => {
            names(items, &path, say, found);
            sides(items, &path, say, found);
            for (i, item) in items.iter().enumerate() {
                walk(item, format!("{path}[{i}]"), say, found);
            }
        }
        _ => {}
    }
}

fn names(items: &[Value], path: &str, say: &dyn Fn(Message) -> String, found: &mut Vec<Finding>) {
    let named: Vec<(usize, &str)> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| Some((i, item.get("name")?.as_str()?)))
        .collect();
    for (k, &(i, name)) in named.iter().enumerate() {
        let at = format!("{path}[{i}].name");
        if name.trim().is_empty() {
            found.push(Finding::warning(Some(at), say(msg!("check-name-empty"))));
            continue;
        }
        let lower = name.to_lowercase();
        // Compared with the first earlier name that matches, so a name repeated three times
        // gives two lines, not three.
        if let Some(&(j, earlier)) = named[..k]
            .iter()
            .find(|(_, other)| other.to_lowercase() == lower)
        {
            let other = format!("{path}[{j}].name");
            let message = if earlier == name {
                say(msg!("check-name-repeats", name = name, other = other))
            } else {
                say(msg!(
                    "check-name-case",
                    name = name,
                    other = other,
                    earlier = earlier
                ))
            };
            found.push(Finding::warning(Some(at), message));
        }
    }
}

fn sides(items: &[Value], path: &str, say: &dyn Fn(Message) -> String, found: &mut Vec<Finding>) {
    let sides: Option<Vec<&Value>> = items.iter().map(|item| item.get("side")).collect();
    let Some(sides) = sides.filter(|s| !s.is_empty()) else {
        return;
    };
    let at = Some(path.to_owned());
    if sides.len() == 1 {
        found.push(Finding::warning(
            at,
            say(msg!("check-one-participant", side = sides[0].to_string())),
        ));
    } else if sides.iter().all(|s| *s == sides[0]) {
        found.push(Finding::warning(
            at,
            say(msg!("check-one-side", side = sides[0].to_string())),
        ));
    }
}

fn simulation_warnings(
    entry: &Entry,
    summary: &SimSummary,
    say: &dyn Fn(Message) -> String,
) -> Vec<Finding> {
    let mut found = Vec::new();
    let n = summary.trials;
    let side = |i: usize| entry.sides.get(i).copied().unwrap_or("?");
    let winners: Vec<usize> = (0..summary.wins.len())
        .filter(|&i| summary.wins[i] > 0)
        .collect();
    match winners[..] {
        [] => found.push(Finding::warning(
            None,
            say(msg!("check-no-winner", trials = n)),
        )),
        [only] if summary.wins.len() > 1 => found.push(Finding::warning(
            None,
            say(msg!(
                "check-one-sided",
                side = side(only),
                wins = summary.wins[only],
                trials = n
            )),
        )),
        _ => {}
    }
    if summary.round_limit > 0 {
        found.push(Finding::warning(
            None,
            say(msg!(
                "check-round-limit",
                count = summary.round_limit,
                trials = n
            )),
        ));
    }
    if summary.cut_off > 0 {
        found.push(Finding::warning(
            None,
            say(msg!(
                "check-cut-off",
                count = summary.cut_off,
                trials = n,
                commands = MAX_TRIAL_COMMANDS
            )),
        ));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every generic finding's message in English (as `fray check` always printed it) and in
    /// Russian.
    #[test]
    fn each_finding_reads_in_english_and_russian() {
        let cases = [
            (msg!("check-name-empty"), "the name is empty", "имя пустое"),
            (
                msg!(
                    "check-name-repeats",
                    name = "Vera",
                    other = "fighters[0].name"
                ),
                "\"Vera\" repeats fighters[0].name",
                "«Vera» повторяет fighters[0].name",
            ),
            (
                msg!(
                    "check-name-case",
                    name = "vera",
                    other = "fighters[0].name",
                    earlier = "Vera"
                ),
                "\"vera\" differs from fighters[0].name \"Vera\" only in case",
                "«vera» отличается от fighters[0].name «Vera» только регистром",
            ),
            (
                msg!("check-one-participant", side = "0"),
                "only one participant (side 0)",
                "только один участник (сторона 0)",
            ),
            (
                msg!("check-one-side", side = "1"),
                "everyone is on one side (1): nobody to fight",
                "все на одной стороне (1): сражаться не с кем",
            ),
            (
                msg!("check-no-winner", trials = 200),
                "no side won any of 200 fights (a fight no side can win)",
                "ни одна сторона не выиграла ни одного из 200 боёв (в этом бою победить нельзя)",
            ),
            (
                msg!("check-one-sided", side = "side_a", wins = 21, trials = 200),
                "one-sided: side_a won 21 of 200 fights and no other side won any",
                "в одни ворота: победы только у side_a — 21 из 200 боёв",
            ),
            (
                msg!("check-round-limit", count = 5, trials = 200),
                "5 of 200 fights stopped at the round limit",
                "на пределе раундов остановлено 5 из 200 боёв",
            ),
            (
                msg!("check-cut-off", count = 1, trials = 200, commands = 10_000),
                "1 of 200 fights were cut off unfinished after 10000 commands",
                "1 из 200 боёв прерван без исхода после 10000 команд",
            ),
        ];
        let texts = Texts::common();
        for (message, en, ru) in cases {
            assert_eq!(texts.get(Lang::En, &message), en);
            let line = texts.get(Lang::Ru, &message);
            assert_eq!(line, ru);
            let names = ["Vera", "vera", "fighters", "name", "side_a"];
            assert_eq!(
                crate::lint_line(&line, Lang::Ru, &names),
                Vec::<String>::new()
            );
        }
    }
}
