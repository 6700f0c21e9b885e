//! `fray sensitivity`: the setup played again with one element at a time removed (or
//! replaced by a given substitute), every variant on the same trial streams as the setup, the
//! variants ranked by how much they move a side's win rate, each change with its paired
//! 95 % interval (see [`fray_dice::paired`]).
//!
//! The variants are [`fray_dice::sensitivity::variants`], the ones Python's
//! `fray.sensitivity` plays. A variant the ruleset refuses (a side left empty, say) is
//! skipped and listed with the reason.

use std::path::Path;

use serde_json::{json, Value};

use crate::commands::{not_json, read_limited, ruleset};
use crate::out;
use crate::text::{encounter_error, tr};
use fray_dice::paired::{self, Blocked};
use fray_dice::sensitivity::{self, Variant};
use fray_dice::{msg, EncounterError, Entry, Lang};

/// One `--substitute PATH=JSON`.
#[derive(Clone, Debug, PartialEq)]
pub struct Substitute {
    path: String,
    value: Value,
}

impl std::str::FromStr for Substitute {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let (path, value) = arg
            .split_once('=')
            .ok_or_else(|| format!("--substitute {arg:?}: expected PATH=JSON"))?;
        sensitivity::pointer(path).map_err(|e| format!("--substitute: {e}"))?;
        let value = serde_json::from_str(value)
            .map_err(|e| format!("--substitute {path}: the value is not JSON: {e}"))?;
        Ok(Substitute {
            path: path.to_owned(),
            value,
        })
    }
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
    lang: Lang,
) -> Result<(), String> {
    let entry = ruleset(id, lang)?;
    if trials == 0 {
        return Err(tr(lang, msg!("cli-trials-at-least-one")));
    }
    let base: Value = match setup {
        Some(path) => serde_json::from_str(&read_limited(path, "setup", lang)?)
            .map_err(|e| not_json(lang, "setup", &e))?,
        None => serde_json::from_str(&(entry.demo_setup)()).expect("demo setups are JSON"),
    };
    let the_setup = |error: String| tr(lang, msg!("cli-sensitivity-setup", error = error));
    (entry.warnings)(&base.to_string())
        .map_err(|e| the_setup(encounter_error(&entry, &e, lang)))?;
    let mut kept = Vec::new();
    let mut texts = vec![base.to_string()];
    let mut skipped = Vec::new();
    let substitutes: Vec<(String, Value)> = substitutes
        .iter()
        .map(|s| (s.path.clone(), s.value.clone()))
        .collect();
    for variant in sensitivity::variants(&base, &substitutes).map_err(|e| {
        // The shared messages name the option as Python does; the CLI spells it `--`.
        if e.starts_with("substitute") {
            format!("--{e}")
        } else {
            e
        }
    })? {
        let text = variant.apply(&base).to_string();
        // Starting a fight is where every ruleset checks all of a setup.
        match (entry.warnings)(&text).and_then(|_| (entry.start)(&text, seed, 0).map(drop)) {
            Ok(()) => {
                texts.push(text);
                kept.push(variant);
            }
            Err(e) => skipped.push((variant, e)),
        }
    }
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut runs = paired::run(&entry, &texts, trials, seed, threads).map_err(|(i, e)| match i
        .checked_sub(1)
    {
        None => the_setup(e),
        Some(v) => tr(
            lang,
            msg!(
                "cli-sensitivity-with",
                path = kept[v].path.as_str(),
                action = kept[v].action(),
                error = e
            ),
        ),
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
        Format::Text => print_text(&entry, (trials, seed), &baseline, &played, &skipped, lang)?,
    }
    Ok(())
}

fn rate(summary: &fray_dice::SimSummary, side: usize) -> f64 {
    summary.wins[side] as f64 / summary.trials.max(1) as f64
}

/// A variant in words: what was done to which element (`removed fighters[1] "Vera"`).
fn variant_words(v: &Variant, lang: Lang) -> String {
    tr(
        lang,
        msg!(
            "cli-sensitivity-variant",
            action = v.action(),
            path = v.path.as_str(),
            quoted = format!("{:?}", v.label),
            label = v.label.as_str()
        ),
    )
}

fn print_text(
    entry: &Entry,
    (trials, seed): (u64, u64),
    baseline: &Blocked,
    played: &[Played],
    skipped: &[(Variant, EncounterError)],
    lang: Lang,
) -> Result<(), String> {
    let sides = entry.sides;
    out!(
        "{}",
        tr(
            lang,
            msg!(
                "cli-sensitivity-title",
                ruleset = entry.id,
                variants = played.len(),
                fights = crate::simulate::fights(lang, trials),
                seed = seed.to_string(),
                trials = trials.to_string()
            )
        )
    );
    let base: Vec<String> = sides
        .iter()
        .enumerate()
        .map(|(s, side)| {
            tr(
                lang,
                msg!(
                    "cli-sensitivity-side-wins",
                    side = *side,
                    rate = format!("{:.2}", rate(&baseline.summary, s) * 100.0)
                ),
            )
        })
        .collect();
    out!(
        "  {}",
        tr(
            lang,
            msg!("cli-sensitivity-baseline", sides = base.join(", "))
        )
    );
    out!(
        "  {}",
        tr(
            lang,
            msg!(
                "cli-sensitivity-explained",
                blocks = paired::blocks(trials).len()
            )
        )
    );
    let rank_head = tr(lang, msg!("cli-sensitivity-rank"));
    // As wide as English always made it, or as the heading when that is wider.
    let rank_width = rank_head.chars().count().max(4);
    let mut header = format!(
        "  {rank_head:>rank_width$}  {:<48}",
        tr(lang, msg!("cli-sensitivity-element"))
    );
    for side in sides {
        let head = tr(lang, msg!("cli-sensitivity-change", side = *side));
        header.push_str(&format!("  {head:>28}"));
    }
    out!("{header}");
    for (rank, p) in played.iter().enumerate() {
        let what = variant_words(&p.variant, lang);
        let mut line = format!("  {:>rank_width$}  {what:<48}", rank + 1);
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
            "  {}",
            tr(
                lang,
                msg!(
                    "cli-sensitivity-skipped",
                    variant = variant_words(v, lang),
                    error = encounter_error(entry, why, lang)
                )
            )
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
    skipped: &[(Variant, EncounterError)],
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
        // JSON keeps the English reason, as every machine format does.
        .map(|(v, why)| json!({"path": v.path, "label": v.label, "action": v.action(), "reason": why.to_string()}))
        .collect();
    serde_json::to_string_pretty(&json!({
        "baseline": baseline.summary,
        "blocks": paired::blocks(baseline.summary.trials).len(),
        "variants": variants,
        "skipped": skipped,
    }))
    .expect("JSON writes")
}
