//! `fray sensitivity`: the setup played again with one element at a time removed (or
//! replaced by a given substitute), every variant on the same trial streams as the setup, the
//! variants ranked by how much they move a side's win rate, each change with its paired
//! 95 % interval (see [`fray_dice::paired`]).
//!
//! The elements are found in the setup JSON itself, whatever the ruleset: every element of
//! every array of objects or strings (participants, their weapons, abilities, foci …),
//! labelled by its `name` (or the string itself). A variant the ruleset refuses (a side left
//! empty, say) is skipped and listed with the reason.

use std::path::Path;

use serde_json::{json, Value};

use crate::commands::{read_limited, ruleset};
use crate::out;
use fray_dice::paired::{self, Blocked};

/// At most this many variants in one run.
const MAX_VARIANTS: usize = 400;

/// One `--substitute PATH=JSON`.
#[derive(Clone, Debug, PartialEq)]
pub struct Substitute {
    path: String,
    pointer: String,
    value: Value,
}

impl std::str::FromStr for Substitute {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let (path, value) = arg
            .split_once('=')
            .ok_or_else(|| format!("--substitute {arg:?}: expected PATH=JSON"))?;
        let pointer =
            crate::sweep::pointer(path).map_err(|e| e.replacen("--vary", "--substitute", 1))?;
        let value = serde_json::from_str(value)
            .map_err(|e| format!("--substitute {path}: the value is not JSON: {e}"))?;
        Ok(Substitute {
            path: path.to_owned(),
            pointer,
            value,
        })
    }
}

/// What a variant changes.
#[derive(Clone, Debug)]
struct Variant {
    /// The element's path, `fighters[2].weapons[0]`.
    path: String,
    /// Its name (or `#index`).
    label: String,
    /// `None`: removed; `Some`: replaced by this value.
    substitute: Option<Value>,
    /// Where the element is, as a JSON pointer.
    pointer: String,
}

impl Variant {
    fn action(&self) -> &'static str {
        if self.substitute.is_some() {
            "replaced"
        } else {
            "removed"
        }
    }

    /// The setup with this variant's change, or why it cannot be made.
    fn apply(&self, base: &Value) -> Result<Value, String> {
        let mut setup = base.clone();
        match &self.substitute {
            Some(value) => {
                *setup.pointer_mut(&self.pointer).ok_or_else(|| {
                    format!("--substitute {}: the setup has no such value", self.path)
                })? = value.clone();
            }
            None => {
                let (array, index) = self.pointer.rsplit_once('/').expect("element pointers");
                let index: usize = index.parse().expect("element pointers end in an index");
                setup
                    .pointer_mut(array)
                    .and_then(Value::as_array_mut)
                    .expect("elements are found in the setup")
                    .remove(index);
            }
        }
        Ok(setup)
    }
}

/// Every element of every array of objects or strings in `value`, depth first.
fn elements(value: &Value, path: &str, pointer: &str, out: &mut Vec<Variant>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let sub = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                let ptr = format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
                elements(v, &sub, &ptr, out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let (sub, ptr) = (format!("{path}[{i}]"), format!("{pointer}/{i}"));
                let label = match item {
                    Value::Object(o) => o
                        .get("name")
                        .and_then(Value::as_str)
                        .map_or_else(|| format!("#{i}"), str::to_owned),
                    Value::String(s) => s.clone(),
                    _ => continue,
                };
                out.push(Variant {
                    path: sub.clone(),
                    label,
                    substitute: None,
                    pointer: ptr.clone(),
                });
                elements(item, &sub, &ptr, out);
            }
        }
        _ => {}
    }
}

/// The variants of `base`: each element removed, except where a substitute replaces it; a
/// substitute for any other path is a variant of its own, after the elements.
fn variants(base: &Value, substitutes: &[Substitute]) -> Result<Vec<Variant>, String> {
    let mut found = Vec::new();
    elements(base, "", "", &mut found);
    for s in substitutes {
        if base.pointer(&s.pointer).is_none() {
            return Err(format!(
                "--substitute {}: the setup has no such value",
                s.path
            ));
        }
        match found.iter_mut().find(|v| v.pointer == s.pointer) {
            Some(v) => v.substitute = Some(s.value.clone()),
            None => found.push(Variant {
                path: s.path.clone(),
                label: s.path.clone(),
                substitute: Some(s.value.clone()),
                pointer: s.pointer.clone(),
            }),
        }
    }
    if found.len() > MAX_VARIANTS {
        return Err(format!(
            "the setup has {} elements to vary; at most {MAX_VARIANTS}",
            found.len()
        ));
    }
    Ok(found)
}

/// How `fray sensitivity` prints.
#[derive(Clone, Copy, Debug)]
pub enum Format {
    /// A table for people.
    Text,
    /// CSV, one row per variant.
    Csv,
    /// JSON.
    Json,
}

/// A variant played, with its changes from the setup per side `(change, low, high)`.
struct Played {
    variant: Variant,
    blocked: Blocked,
    changes: Vec<(f64, f64, f64)>,
}

impl Played {
    /// What ranks it: the largest change of any side's win rate.
    fn effect(&self) -> f64 {
        self.changes.iter().map(|c| c.0.abs()).fold(0.0, f64::max)
    }
}

/// Runs `fray sensitivity`.
pub fn sensitivity(
    id: &str,
    setup: Option<&Path>,
    substitutes: &[Substitute],
    (trials, seed, threads): (u64, u64, Option<usize>),
    format: Format,
) -> Result<(), String> {
    let entry = ruleset(id)?;
    if trials == 0 {
        return Err("--trials must be at least 1".to_owned());
    }
    let base: Value = match setup {
        Some(path) => serde_json::from_str(&read_limited(path, "setup")?)
            .map_err(|e| format!("the setup file is not JSON: {e}"))?,
        None => serde_json::from_str(&(entry.demo_setup)()).expect("demo setups are JSON"),
    };
    (entry.warnings)(&base.to_string()).map_err(|e| format!("the setup: {e}"))?;
    let mut kept = Vec::new();
    let mut texts = vec![base.to_string()];
    let mut skipped = Vec::new();
    for variant in variants(&base, substitutes)? {
        let text = variant.apply(&base)?.to_string();
        // Starting a fight is where every ruleset checks all of a setup.
        match (entry.warnings)(&text).and_then(|_| (entry.start)(&text, seed, 0).map(drop)) {
            Ok(()) => {
                texts.push(text);
                kept.push(variant);
            }
            Err(e) => skipped.push((variant, e.to_string())),
        }
    }
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut runs = paired::run(&entry, &texts, trials, seed, threads).map_err(|(i, e)| match i
        .checked_sub(1)
    {
        None => format!("the setup: {e}"),
        Some(v) => format!("with {} {}: {e}", kept[v].path, kept[v].action()),
    })?;
    let baseline = runs.remove(0);
    let sides = entry.sides.len();
    let mut played: Vec<Played> = kept
        .into_iter()
        .zip(runs)
        .map(|(variant, blocked)| Played {
            changes: (0..sides)
                .map(|s| paired::difference(&blocked, &baseline, s))
                .collect(),
            variant,
            blocked,
        })
        .collect();
    // Largest effect first; equal effects keep the setup's order.
    played.sort_by(|a, b| b.effect().total_cmp(&a.effect()));
    match format {
        Format::Json => out!("{}", json(entry.sides, &baseline, &played, &skipped)),
        Format::Csv => print_csv(entry.sides, &played)?,
        Format::Text => print_text(
            id,
            entry.sides,
            (trials, seed),
            &baseline,
            &played,
            &skipped,
        )?,
    }
    Ok(())
}

fn rate(summary: &fray_dice::SimSummary, side: usize) -> f64 {
    summary.wins[side] as f64 / summary.trials.max(1) as f64
}

fn print_text(
    id: &str,
    sides: &[&str],
    (trials, seed): (u64, u64),
    baseline: &Blocked,
    played: &[Played],
    skipped: &[(Variant, String)],
) -> Result<(), String> {
    out!(
        "sensitivity {id}: {} variants x {trials} fights, seed {seed}; every variant plays trials 0..{trials} on the setup's streams",
        played.len()
    );
    let base: Vec<String> = sides
        .iter()
        .enumerate()
        .map(|(s, side)| format!("{side} wins {:.2}%", rate(&baseline.summary, s) * 100.0))
        .collect();
    out!("  the setup as given: {}", base.join(", "));
    out!(
        "  change of each side's win rate, with its paired 95 % interval ({} blocks of trials); largest first",
        paired::blocks(trials).len()
    );
    let mut header = format!("  {:>4}  {:<48}", "rank", "element");
    for side in sides {
        header.push_str(&format!("  {:>28}", format!("{side} change (interval)")));
    }
    out!("{header}");
    for (rank, p) in played.iter().enumerate() {
        let what = format!(
            "{} {} {:?}",
            p.variant.action(),
            p.variant.path,
            p.variant.label
        );
        let mut line = format!("  {:>4}  {what:<48}", rank + 1);
        for &(d, low, high) in &p.changes {
            line.push_str(&format!(
                "  {:>+7.2}% ({:>+7.2}% .. {:>+7.2}%)",
                d * 100.0,
                low * 100.0,
                high * 100.0
            ));
        }
        out!("{line}");
    }
    for (v, why) in skipped {
        out!(
            "  skipped: {} {} {:?}: the ruleset refuses it: {why}",
            v.action(),
            v.path,
            v.label
        );
    }
    Ok(())
}

fn print_csv(sides: &[&str], played: &[Played]) -> Result<(), String> {
    let mut header = vec!["rank", "path", "label", "action", "trials"]
        .into_iter()
        .map(String::from)
        .collect::<Vec<_>>();
    for side in sides {
        for column in ["wins", "rate", "change", "change_low", "change_high"] {
            header.push(format!("{side}_{column}"));
        }
    }
    out!("{}", header.join(","));
    for (rank, p) in played.iter().enumerate() {
        let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
        let mut row = vec![
            (rank + 1).to_string(),
            quote(&p.variant.path),
            quote(&p.variant.label),
            p.variant.action().to_owned(),
            p.blocked.summary.trials.to_string(),
        ];
        for (s, &(d, low, high)) in p.changes.iter().enumerate() {
            row.push(p.blocked.summary.wins[s].to_string());
            row.extend([rate(&p.blocked.summary, s), d, low, high].map(|x| format!("{x:.6}")));
        }
        out!("{}", row.join(","));
    }
    Ok(())
}

fn json(
    sides: &[&str],
    baseline: &Blocked,
    played: &[Played],
    skipped: &[(Variant, String)],
) -> String {
    let variants: Vec<Value> = played
        .iter()
        .enumerate()
        .map(|(rank, p)| {
            json!({
                "rank": rank + 1,
                "path": p.variant.path,
                "label": p.variant.label,
                "action": p.variant.action(),
                "substitute": p.variant.substitute,
                "summary": p.blocked.summary,
                "sides": p.changes.iter().enumerate().map(|(s, &(d, low, high))| json!({
                    "side": sides[s],
                    "wins": p.blocked.summary.wins[s],
                    "rate": rate(&p.blocked.summary, s),
                    "change": d, "change_low": low, "change_high": high,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let skipped: Vec<Value> = skipped
        .iter()
        .map(|(v, why)| json!({"path": v.path, "label": v.label, "action": v.action(), "reason": why}))
        .collect();
    serde_json::to_string_pretty(&json!({
        "baseline": baseline.summary,
        "blocks": paired::blocks(baseline.summary.trials).len(),
        "variants": variants,
        "skipped": skipped,
    }))
    .expect("JSON writes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_element_of_arrays_of_objects_and_strings_is_a_variant() {
        let setup = json!({
            "fighters": [
                {"name": "A", "weapons": [{"name": "knife"}], "foci": ["Rifles"], "pos": [0, 1]},
                {"weapons": []}
            ],
            "settings": {"max_rounds": 5}
        });
        let v = variants(&setup, &[]).unwrap();
        let found: Vec<(&str, &str)> = v
            .iter()
            .map(|v| (v.path.as_str(), v.label.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                ("fighters[0]", "A"),
                ("fighters[0].foci[0]", "Rifles"),
                ("fighters[0].weapons[0]", "knife"),
                ("fighters[1]", "#1"),
            ]
        );
        let removed = v[2].apply(&setup).unwrap();
        assert_eq!(removed["fighters"][0]["weapons"], json!([]));
        let sub: Substitute = "fighters[0].weapons[0]={\"name\":\"axe\"}".parse().unwrap();
        let other: Substitute = "settings.max_rounds=9".parse().unwrap();
        let v = variants(&setup, &[sub, other]).unwrap();
        assert_eq!(v.len(), 5);
        assert_eq!(
            v[2].apply(&setup).unwrap()["fighters"][0]["weapons"][0]["name"],
            "axe"
        );
        assert_eq!(v[4].apply(&setup).unwrap()["settings"]["max_rounds"], 9);
        let missing: Substitute = "settings.nothing=1".parse().unwrap();
        assert!(variants(&setup, &[missing])
            .unwrap_err()
            .contains("settings.nothing"));
    }
}
