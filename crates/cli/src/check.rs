//! `fray check <ruleset> SETUP`: a lint for setup files (issue 19).
//!
//! Prints every finding on stdout, one a line: `error: …` when the setup does not parse or
//! the ruleset refuses it, `warning: PATH: …` for a legal but suspicious value, and
//! `warning: simulation: …` for what a short simulation shows. Exits 0 when clean, 1 with
//! warnings only, 2 with an error. A missing file or an unknown ruleset is a usage failure:
//! one line on stderr and exit 2, like every other command.
//!
//! The warnings are generic (they read the setup JSON and the simulation summary, not any
//! ruleset's types), so they apply to all five rulesets alike.

use std::path::Path;
use std::process::ExitCode;

use fray_dice::{EncounterError, Entry, SimSummary, MAX_TRIAL_COMMANDS};
use serde_json::Value;

use crate::commands::{read_limited, ruleset};
use crate::out;

/// Fights the check simulates, and their seed: enough to see a one-sided or unwinnable
/// fight, quick in a debug build.
pub const CHECK_TRIALS: u64 = 200;
/// The seed of the check's simulation.
pub const CHECK_SEED: u64 = 1;

/// One line of the report.
#[derive(Debug, PartialEq, Eq)]
pub enum Finding {
    /// The setup cannot be used.
    Error(String),
    /// The setup runs but looks wrong; the path where it has one.
    Warning(Option<String>, String),
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Finding::Error(message) => write!(f, "error: {message}"),
            Finding::Warning(Some(path), message) => write!(f, "warning: {path}: {message}"),
            Finding::Warning(None, message) => write!(f, "warning: simulation: {message}"),
        }
    }
}

/// Runs the check and prints its report; the exit code says the worst finding.
pub fn check(id: &str, path: &Path) -> ExitCode {
    match run(id, path) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("fray: {}", message.lines().next().unwrap_or("failed"));
            ExitCode::from(2)
        }
    }
}

fn run(id: &str, path: &Path) -> Result<ExitCode, String> {
    let entry = ruleset(id)?;
    let text = read_limited(path, "setup")?;
    let findings = findings(&entry, &text);
    for finding in &findings {
        out!("{finding}");
    }
    let code = if findings.iter().any(|f| matches!(f, Finding::Error(_))) {
        2
    } else if findings.is_empty() {
        out!("ok: no errors or warnings ({CHECK_TRIALS} fights simulated, seed {CHECK_SEED})");
        0
    } else {
        1
    };
    Ok(ExitCode::from(code))
}

/// Every finding about `text` as a setup of `entry`, errors first.
pub fn findings(entry: &Entry, text: &str) -> Vec<Finding> {
    let mut found = Vec::new();
    let started = (entry.start)(text, CHECK_SEED, 0);
    if let Err(e) = &started {
        found.push(Finding::Error(error_line(e)));
    }
    // Name and side warnings need only JSON, so a refused setup still gets them.
    if let Ok(value) = serde_json::from_str::<Value>(text) {
        let mut warnings = Vec::new();
        walk(&value, String::new(), &mut warnings);
        found.extend(warnings);
    }
    if started.is_ok() {
        // The ruleset's own lint: legal values that make a rule unreachable.
        if let Ok(warnings) = (entry.warnings)(text) {
            found.extend(
                warnings
                    .into_iter()
                    .map(|w| Finding::Warning(Some(w.path), format!("{}: {}", w.found, w.why))),
            );
        }
        match (entry.simulate)(text, CHECK_TRIALS, CHECK_SEED, 1, None) {
            Ok(summary) => found.extend(simulation_warnings(entry, &summary)),
            Err(e) => found.push(Finding::Error(format!("simulation: {}", error_line(&e)))),
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
            found.push(Finding::Warning(Some(at), "the name is empty".into()));
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
            found.push(Finding::Warning(Some(at), message));
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
        found.push(Finding::Warning(
            at,
            format!("only one participant (side {})", sides[0]),
        ));
    } else if sides.iter().all(|s| *s == sides[0]) {
        found.push(Finding::Warning(
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
        [] => found.push(Finding::Warning(
            None,
            format!("no side won any of {n} fights (a fight no side can win)"),
        )),
        [only] if summary.wins.len() > 1 => found.push(Finding::Warning(
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
        found.push(Finding::Warning(
            None,
            format!(
                "{} of {n} fights stopped at the round limit",
                summary.round_limit
            ),
        ));
    }
    if summary.cut_off > 0 {
        found.push(Finding::Warning(
            None,
            format!(
                "{} of {n} fights were cut off unfinished after {MAX_TRIAL_COMMANDS} commands",
                summary.cut_off
            ),
        ));
    }
    found
}

/// `fray simulate`: the ruleset's warnings about a setup file, one line each on stderr (the
/// simulation still runs).
pub fn warn_on_stderr(entry: &Entry, text: &str) {
    if let Ok(warnings) = (entry.warnings)(text) {
        for w in warnings {
            eprintln!("fray: warning: {w}");
        }
    }
}
