//! Result bundles: `--bundle FILE.json` on `fray simulate` and `fray sweep` keeps what was
//! run (setup, policy, seed, trials, the swept paths, the ruleset and its version) with the
//! results; `fray rerun FILE.json` runs it again and says whether the numbers are the same
//! (exit 0) or not (exit 1). A bundle of another ruleset version is refused: its numbers
//! may differ by design.

use std::path::Path;
use std::process::ExitCode;

use fray_dice::{msg, Entry, Lang};
use serde_json::{json, Value};

use crate::commands::{read_limited, ruleset};
use crate::sweep::Vary;
use crate::text::{encounter_error, io_error, tr};

/// The `format` field of every bundle.
const FORMAT: &str = "fray-result-bundle";

/// What was run.
pub struct Run<'a> {
    /// The setup as JSON.
    pub setup: &'a Value,
    /// The policy as JSON, when one played.
    pub policy: Option<&'a Value>,
    /// The dice seed.
    pub seed: u64,
    /// Trials (per point of a sweep).
    pub trials: u64,
    /// The swept paths, for a sweep.
    pub vary: Option<&'a [Vary]>,
}

/// Writes a bundle of `run` and its `results`.
pub fn save(
    file: &Path,
    entry: &Entry,
    run: Run<'_>,
    results: &Value,
    lang: Lang,
) -> Result<(), String> {
    let vary = run.vary.map(|vary| {
        vary.iter()
            .map(|v| {
                let (path, values) = v.parts();
                json!({"path": path, "values": values})
            })
            .collect::<Vec<_>>()
    });
    let bundle = json!({
        "format": FORMAT,
        "command": if vary.is_some() { "sweep" } else { "simulate" },
        "ruleset": entry.id,
        "ruleset_version": entry.version,
        "fray_version": env!("CARGO_PKG_VERSION"),
        "seed": run.seed,
        "trials": run.trials,
        "setup": run.setup,
        "policy": run.policy,
        "vary": vary,
        "results": results,
    });
    std::fs::write(
        file,
        serde_json::to_string_pretty(&bundle).expect("JSON writes") + "\n",
    )
    .map_err(|e| {
        tr(
            lang,
            msg!(
                "cli-bundle-cannot-write",
                path = file.display().to_string(),
                error = io_error(lang, &e)
            ),
        )
    })
}

/// A bundle's field `key` (`"seed"`), or the error naming it.
fn field<'a>(bundle: &'a Value, key: &str, lang: Lang) -> Result<&'a Value, String> {
    bundle
        .get(key)
        .ok_or_else(|| tr(lang, msg!("cli-bundle-no-field", key = key)))
}

/// What is wrong with the bundle's field `key`: `problem` says what it is not.
fn malformed(lang: Lang, key: &str, problem: &str) -> String {
    tr(
        lang,
        msg!("cli-bundle-malformed", key = key, problem = problem),
    )
}

fn number(bundle: &Value, key: &str, lang: Lang) -> Result<u64, String> {
    field(bundle, key, lang)?
        .as_u64()
        .ok_or_else(|| malformed(lang, key, "number"))
}

/// Runs the bundle's command again and gives (the results now, the results kept).
fn again(bundle: &Value, lang: Lang) -> Result<(Value, Value), String> {
    if bundle.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(tr(lang, msg!("cli-bundle-not-a-bundle", format = FORMAT)));
    }
    let id = field(bundle, "ruleset", lang)?
        .as_str()
        .ok_or_else(|| malformed(lang, "ruleset", "string"))?;
    let entry = ruleset(id, lang)?;
    let version = number(bundle, "ruleset_version", lang)?;
    if version != u64::from(entry.version) {
        return Err(tr(
            lang,
            msg!(
                "cli-bundle-version",
                ruleset = id,
                kept = version.to_string(),
                built = entry.version.to_string()
            ),
        ));
    }
    let (seed, trials) = (
        number(bundle, "seed", lang)?,
        number(bundle, "trials", lang)?,
    );
    let setup = field(bundle, "setup", lang)?;
    let kept = field(bundle, "results", lang)?.clone();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let now = match field(bundle, "command", lang)?.as_str() {
        Some("simulate") => {
            let summary = match bundle.get("policy").filter(|p| !p.is_null()) {
                Some(policy) => {
                    let fns = entry
                        .policy
                        .ok_or_else(|| tr(lang, msg!("cli-bundle-no-policies", ruleset = id)))?;
                    (fns.simulate)(
                        &setup.to_string(),
                        &policy.to_string(),
                        trials,
                        seed,
                        threads,
                    )
                }
                None => (entry.simulate)(&setup.to_string(), trials, seed, threads, None),
            }
            .map_err(|e| encounter_error(&entry, &e, lang))?;
            serde_json::to_value(&summary).map_err(|e| e.to_string())?
        }
        Some("sweep") => {
            let vary: Vec<Vary> = field(bundle, "vary", lang)?
                .as_array()
                .ok_or_else(|| malformed(lang, "vary", "list"))?
                .iter()
                .map(|v| {
                    let lacks = |what| tr(lang, msg!("cli-bundle-vary-lacks", what = what));
                    let path = v["path"].as_str().ok_or_else(|| lacks("path"))?;
                    let values = v["values"].as_array().ok_or_else(|| lacks("values"))?;
                    Vary::from_parts(path, values.clone())
                })
                .collect::<Result<_, String>>()?;
            crate::sweep::rerun(&entry, setup, &vary, (trials, seed), lang)?
        }
        _ => return Err(tr(lang, msg!("cli-bundle-command"))),
    };
    Ok((now, kept))
}

/// `fray rerun FILE.json`.
pub fn rerun(file: &Path, lang: Lang) -> ExitCode {
    let result = read_limited(file, "bundle", lang).and_then(|text| {
        let bundle: Value = serde_json::from_str(&text)
            .map_err(|e| tr(lang, msg!("cli-bundle-not-json", error = e.to_string())))?;
        again(&bundle, lang)
    });
    let path = file.display().to_string();
    match result {
        Ok((now, kept)) if now == kept => {
            println!("{}", tr(lang, msg!("cli-rerun-same", path = path)));
            ExitCode::SUCCESS
        }
        Ok(_) => {
            println!("{}", tr(lang, msg!("cli-rerun-differ", path = path)));
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("fray: {}", e.lines().next().unwrap_or("failed"));
            ExitCode::from(2)
        }
    }
}
