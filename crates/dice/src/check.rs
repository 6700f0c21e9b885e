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

use crate::{EncounterError, Entry, SimSummary, MAX_TRIAL_COMMANDS};

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

/// Every finding about `text` as a setup of `entry`, errors first.
pub fn check_setup(entry: &Entry, text: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    let started = (entry.start)(text, CHECK_SEED, 0);
    if let Err(e) = &started {
        found.push(Finding::error(error_line(e)));
    }
    if started.is_ok() {
        // Names and sides in any list of the setup: each ruleset refuses its own duplicate
        // participants, so these catch what it lets pass (two weapons of one name, …).
        if let Ok(value) = serde_json::from_str::<Value>(text) {
            walk(&value, String::new(), &mut found);
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
            Ok(summary) => found.extend(simulation_warnings(entry, &summary)),
            Err(e) => found.push(Finding::error(format!("simulation: {}", error_line(&e)))),
        }
    }
    found
}

/// One line for a refusal: the message (which names the JSON path), and the rule ID when it
/// is a rule other than the setup check itself.
fn error_line(e: &EncounterError) -> String {
    let line = match e {
        EncounterError::InvalidInput(e) => e.to_string(),
        EncounterError::Rule(e) if e.rule == "setup" => e.message.clone(),
        EncounterError::Rule(e) => format!("{} ({})", e.message, e.rule),
    };
    line.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Visits every array: an array of objects with `name` strings gets the name checks, one
/// whose items all carry a `side` gets the side checks.
fn walk(value: &Value, path: String, found: &mut Vec<Finding>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                let sub = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                walk(item, sub, found);
            }
        }
        Value::Array(items) => {
            names(items, &path, found);
            sides(items, &path, found);
            for (i, item) in items.iter().enumerate() {
                walk(item, format!("{path}[{i}]"), found);
            }
        }
        _ => {}
    }
}

fn names(items: &[Value], path: &str, found: &mut Vec<Finding>) {
    let named: Vec<(usize, &str)> = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| Some((i, item.get("name")?.as_str()?)))
        .collect();
    for (k, &(i, name)) in named.iter().enumerate() {
        let at = format!("{path}[{i}].name");
        if name.trim().is_empty() {
            found.push(Finding::warning(Some(at), "the name is empty"));
            continue;
        }
        let lower = name.to_lowercase();
        // Compared with the first earlier name that matches, so a name repeated three times
        // gives two lines, not three.
        if let Some(&(j, earlier)) = named[..k]
            .iter()
            .find(|(_, other)| other.to_lowercase() == lower)
        {
            let message = if earlier == name {
                format!("\"{name}\" repeats {path}[{j}].name")
            } else {
                format!("\"{name}\" differs from {path}[{j}].name \"{earlier}\" only in case")
            };
            found.push(Finding::warning(Some(at), message));
        }
    }
}

fn sides(items: &[Value], path: &str, found: &mut Vec<Finding>) {
    let sides: Option<Vec<&Value>> = items.iter().map(|item| item.get("side")).collect();
    let Some(sides) = sides.filter(|s| !s.is_empty()) else {
        return;
    };
    let at = Some(path.to_owned());
    if sides.len() == 1 {
        found.push(Finding::warning(
            at,
            format!("only one participant (side {})", sides[0]),
        ));
    } else if sides.iter().all(|s| *s == sides[0]) {
        found.push(Finding::warning(
            at,
            format!("everyone is on one side ({}): nobody to fight", sides[0]),
        ));
    }
}

fn simulation_warnings(entry: &Entry, summary: &SimSummary) -> Vec<Finding> {
    let mut found = Vec::new();
    let n = summary.trials;
    let side = |i: usize| entry.sides.get(i).copied().unwrap_or("?");
    let winners: Vec<usize> = (0..summary.wins.len())
        .filter(|&i| summary.wins[i] > 0)
        .collect();
    match winners[..] {
        [] => found.push(Finding::warning(
            None,
            format!("no side won any of {n} fights (a fight no side can win)"),
        )),
        [only] if summary.wins.len() > 1 => found.push(Finding::warning(
            None,
            format!(
                "one-sided: {} won {} of {n} fights and no other side won any",
                side(only),
                summary.wins[only]
            ),
        )),
        _ => {}
    }
    if summary.round_limit > 0 {
        found.push(Finding::warning(
            None,
            format!(
                "{} of {n} fights stopped at the round limit",
                summary.round_limit
            ),
        ));
    }
    if summary.cut_off > 0 {
        found.push(Finding::warning(
            None,
            format!(
                "{} of {n} fights were cut off unfinished after {MAX_TRIAL_COMMANDS} commands",
                summary.cut_off
            ),
        ));
    }
    found
}
