//! `fray check <ruleset> SETUP`: a lint for setup files (issue 19).
//!
//! Prints every finding on stdout, one a line: `error: …` when the setup does not parse or
//! the ruleset refuses it, `warning: PATH: …` for a legal but suspicious value, and
//! `warning: simulation: …` for what a short simulation shows. Exits 0 when clean, 1 with
//! warnings only, 2 with an error. A missing file or an unknown ruleset is a usage failure:
//! one line on stderr and exit 2, like every other command.
//!
//! The findings come from [`fray_dice::check_setup_in`] in the chosen language (Python's
//! `fray.check` shares it); [`crate::findings`] writes them as lines.

use std::path::Path;
use std::process::ExitCode;

use fray_dice::{check_setup_in, msg, Entry, Lang, CHECK_SEED, CHECK_TRIALS};

use crate::commands::{read_limited, ruleset};
use crate::out;
use crate::text::tr;

/// Runs the check and prints its report; the exit code says the worst finding.
pub fn check(id: &str, path: &Path, lang: Lang) -> ExitCode {
    match run(id, path, lang) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("fray: {}", message.lines().next().unwrap_or("failed"));
            ExitCode::from(2)
        }
    }
}

fn run(id: &str, path: &Path, lang: Lang) -> Result<ExitCode, String> {
    let entry = ruleset(id, lang)?;
    let text = read_limited(path, "setup", lang)?;
    let findings = check_setup_in(&entry, &text, lang);
    for line in crate::findings::lines(&findings, lang) {
        out!("{line}");
    }
    let code = if findings.iter().any(|f| f.is_error()) {
        2
    } else if findings.is_empty() {
        out!(
            "{}",
            tr(
                lang,
                msg!(
                    "cli-check-ok",
                    trials = CHECK_TRIALS,
                    seed = CHECK_SEED.to_string()
                )
            )
        );
        0
    } else {
        1
    };
    Ok(ExitCode::from(code))
}

/// `fray simulate`: the ruleset's warnings about a setup file, one line each on stderr (the
/// simulation still runs). Their text is the ruleset's own (English so far).
pub fn warn_on_stderr(entry: &Entry, text: &str, lang: Lang) {
    if let Ok(warnings) = (entry.warnings)(text) {
        for w in warnings {
            eprintln!(
                "fray: {}",
                tr(lang, msg!("cli-warning", warning = w.to_string()))
            );
        }
    }
}
