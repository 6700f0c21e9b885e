//! Result bundles: `--bundle FILE.json` on `fray simulate` and `fray sweep` keeps what was
//! run (setup, policy, seed, trials, the swept paths, the ruleset and its version) with the
//! results; `fray rerun FILE.json` runs it again and says whether the numbers are the same
//! (exit 0) or not (exit 1). A bundle of another ruleset version is refused: its numbers
//! may differ by design.

use std::path::Path;
use std::process::ExitCode;

use fray_dice::Entry;
use serde_json::{json, Value};

use crate::commands::{read_limited, ruleset};
use crate::sweep::Vary;

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
pub fn save(file: &Path, entry: &Entry, run: Run<'_>, results: &Value) -> Result<(), String> {
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
    .map_err(|e| format!("cannot write the bundle {}: {e}", file.display()))
}

fn field<'a>(bundle: &'a Value, key: &str) -> Result<&'a Value, String> {
    bundle
        .get(key)
        .ok_or_else(|| format!("the bundle has no {key:?}"))
}

fn number(bundle: &Value, key: &str) -> Result<u64, String> {
    field(bundle, key)?
        .as_u64()
        .ok_or_else(|| format!("the bundle's {key:?} is not a whole number"))
}

/// Runs the bundle's command again and gives (the results now, the results kept).
fn again(bundle: &Value) -> Result<(Value, Value), String> {
    if bundle.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(format!("not a result bundle (no \"format\": \"{FORMAT}\")"));
    }
    let id = field(bundle, "ruleset")?
        .as_str()
        .ok_or("the bundle's \"ruleset\" is not a string")?;
    let entry = ruleset(id)?;
    let version = number(bundle, "ruleset_version")?;
    if version != u64::from(entry.version) {
        return Err(format!(
            "the bundle is of {id} version {version}; this build has {id} version {}: its numbers may differ by design",
            entry.version
        ));
    }
    let (seed, trials) = (number(bundle, "seed")?, number(bundle, "trials")?);
    let setup = field(bundle, "setup")?;
    let kept = field(bundle, "results")?.clone();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let now = match field(bundle, "command")?.as_str() {
        Some("simulate") => {
            let summary = match bundle.get("policy").filter(|p| !p.is_null()) {
                Some(policy) => {
                    let fns = entry
                        .policy
                        .ok_or_else(|| format!("{id} has no policies in this build"))?;
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
            .map_err(|e| e.to_string())?;
            serde_json::to_value(&summary).map_err(|e| e.to_string())?
        }
        Some("sweep") => {
            let vary: Vec<Vary> = field(bundle, "vary")?
                .as_array()
                .ok_or("the bundle's \"vary\" is not a list")?
                .iter()
                .map(|v| {
                    let path = v["path"].as_str().ok_or("a \"vary\" entry has no path")?;
                    let values = v["values"]
                        .as_array()
                        .ok_or("a \"vary\" entry has no values")?;
                    Vary::from_parts(path, values.clone())
                })
                .collect::<Result<_, String>>()?;
            crate::sweep::rerun(&entry, setup, &vary, trials, seed)?
        }
        _ => return Err("the bundle's \"command\" is neither simulate nor sweep".to_owned()),
    };
    Ok((now, kept))
}

/// `fray rerun FILE.json`.
pub fn rerun(file: &Path) -> ExitCode {
    let result = read_limited(file, "bundle").and_then(|text| {
        let bundle: Value =
            serde_json::from_str(&text).map_err(|e| format!("the bundle is not JSON: {e}"))?;
        again(&bundle)
    });
    match result {
        Ok((now, kept)) if now == kept => {
            println!("same: {} reran to the numbers it keeps", file.display());
            ExitCode::SUCCESS
        }
        Ok(_) => {
            println!(
                "differ: {} reran to other numbers than it keeps",
                file.display()
            );
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("fray: {}", e.lines().next().unwrap_or("failed"));
            ExitCode::from(2)
        }
    }
}
