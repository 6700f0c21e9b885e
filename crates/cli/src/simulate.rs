//! `fray simulate`: many fights of a setup with the default tactic (or a policy), trial *i*
//! on stream *i*; the report of who won, how long fights took and what each combatant ended
//! with, in the chosen language.

use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use fray_dice::{msg, Entry, Lang, SimSummary};
use serde_json::Value;

use crate::commands::{not_json, read_limited, ruleset, Outcome};
use crate::out;
use crate::text::{encounter_error, tr};

/// Trials per block of `fray simulate --precision`: the run grows a block at a time, so
/// where it stops does not depend on the thread count.
pub const PRECISION_BLOCK: u64 = 10_000;
/// The most trials `--precision` runs unless `--trials` says otherwise.
pub const PRECISION_MAX_TRIALS: u64 = 10_000_000;

/// Runs blocks of trials until every side's win-rate interval is within `± precision`, or
/// `max` trials; returns the summary and whether the precision was reached.
fn simulate_to_precision(
    entry: &Entry,
    setup: &str,
    (precision, max): (f64, u64),
    seed: u64,
    threads: usize,
    lang: Lang,
) -> Result<(SimSummary, bool), String> {
    let mut total: Option<SimSummary> = None;
    loop {
        let done = total.as_ref().map_or(0, |s| s.trials);
        if let Some(summary) = &total {
            let narrow = summary.wins.iter().all(|&w| {
                let (low, high) = fray::dice::wilson_interval(w, summary.trials);
                let p = w as f64 / summary.trials as f64;
                (p - low).max(high - p) <= precision
            });
            if narrow || done >= max {
                return Ok((total.expect("some"), narrow));
            }
        }
        let block = PRECISION_BLOCK.min(max - done);
        let more = (entry.simulate_range)(setup, done, block, seed, threads)
            .map_err(|e| encounter_error(entry, &e, lang))?;
        match &mut total {
            Some(t) => t.merge(&more),
            None => total = Some(more),
        }
    }
}

/// `simulate --policy`: the fights played by a policy read from JSON, for the rulesets that
/// have the decision protocol.
fn simulate_with_policy(
    entry: &Entry,
    setup: &str,
    path: &Path,
    (trials, seed, threads): (u64, u64, usize),
    lang: Lang,
) -> Result<SimSummary, String> {
    let policy = fray::policies(entry).map_err(|e| e.to_string())?;
    (policy.simulate)(
        setup,
        &read_limited(path, "policy", lang)?,
        trials,
        seed,
        threads,
    )
    .map_err(|e| encounter_error(entry, &e, lang))
}

/// How `fray simulate` runs: its numbers, files and output.
pub struct Run<'a> {
    /// Fights (with `precision`, the most to run).
    pub trials: Option<u64>,
    /// The dice seed.
    pub seed: u64,
    /// Worker threads; default: every core.
    pub threads: Option<usize>,
    /// A setup file; default: the demo scenario.
    pub setup: Option<&'a Path>,
    /// A policy file; default: the default tactic.
    pub policy: Option<&'a Path>,
    /// Print JSON instead of the report.
    pub json: bool,
    /// Run until every side's win rate is within ± this.
    pub precision: Option<f64>,
    /// Also save a result bundle here.
    pub bundle: Option<&'a Path>,
}

pub fn simulate(id: &str, run: &Run<'_>, lang: Lang) -> Outcome {
    let entry = ruleset(id, lang)?;
    let precision = run.precision;
    let cap = run.trials.unwrap_or(if precision.is_some() {
        PRECISION_MAX_TRIALS
    } else {
        10_000
    });
    let trials = cap;
    if trials == 0 {
        return Err(tr(lang, msg!("cli-trials-at-least-one")));
    }
    if let Some(p) = precision {
        if !(p > 0.0 && p <= 0.5) {
            return Err(tr(
                lang,
                msg!("cli-precision-range", precision = p.to_string()),
            ));
        }
    }
    let setup = match run.setup {
        Some(path) => read_limited(path, "setup", lang)?,
        None => (entry.demo_setup)(),
    };
    crate::check::warn_on_stderr(&entry, &setup, lang);
    let threads = run
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let done = AtomicU64::new(0);
    let shown = AtomicU64::new(0);
    let show_progress = trials >= 100_000 && std::io::stderr().is_terminal();
    let progress = |n: u64| {
        let finished = done.fetch_add(n, Ordering::Relaxed) + n;
        let percent = finished * 100 / trials;
        if shown.fetch_max(percent, Ordering::Relaxed) < percent {
            let cells = (percent / 5) as usize;
            eprint!(
                "\r[{}{}] {percent:>3}%",
                "#".repeat(cells),
                ".".repeat(20 - cells)
            );
        }
    };
    if precision.is_some() && run.policy.is_some() {
        return Err(tr(lang, msg!("cli-precision-policy")));
    }
    let policy_text = run
        .policy
        .map(|p| read_limited(p, "policy", lang))
        .transpose()?;
    let (summary, reached) = match (precision, run.policy) {
        (Some(p), _) => simulate_to_precision(&entry, &setup, (p, cap), run.seed, threads, lang)?,
        (None, Some(path)) => (
            simulate_with_policy(&entry, &setup, path, (trials, run.seed, threads), lang)?,
            true,
        ),
        (None, None) => (
            (entry.simulate)(
                &setup,
                trials,
                run.seed,
                threads,
                show_progress.then_some(&progress),
            )
            .map_err(|e| encounter_error(&entry, &e, lang))?,
            true,
        ),
    };
    if show_progress {
        eprintln!();
    }
    if let Some(file) = run.bundle {
        let json_of = |text: &str, what: &str| -> Result<Value, String> {
            serde_json::from_str(text).map_err(|e| not_json(lang, what, &e))
        };
        let policy = policy_text
            .as_deref()
            .map(|p| json_of(p, "policy"))
            .transpose()?;
        crate::bundle::save(
            file,
            &entry,
            crate::bundle::Run {
                setup: &json_of(&setup, "setup")?,
                policy: policy.as_ref(),
                seed: run.seed,
                trials: summary.trials,
                vary: None,
            },
            &serde_json::to_value(&summary).map_err(|e| e.to_string())?,
            lang,
        )?;
    }
    if run.json {
        out!(
            "{}",
            serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    for line in report(&entry, &summary, (run.seed, precision, reached), lang) {
        out!("{line}");
    }
    Ok(())
}

/// Count `count` of fights, with its form in `lang` ("200 fights", «200 боёв»).
pub fn fights(lang: Lang, count: u64) -> String {
    tr(lang, msg!("cli-fights", count = count))
}

/// The lines of the report: outcomes with their intervals, means, the rounds histogram and
/// the per-combatant block.
fn report(
    entry: &Entry,
    summary: &SimSummary,
    (seed, precision, reached): (u64, Option<f64>, bool),
    lang: Lang,
) -> Vec<String> {
    let trials = summary.trials;
    let mut lines = vec![tr(
        lang,
        msg!(
            "cli-simulate-title",
            ruleset = entry.id,
            fights = fights(lang, trials),
            seed = seed.to_string()
        ),
    )];
    lines.push(format!(
        "  {:<22} {:>10}  {:>8}  {}",
        "",
        tr(lang, msg!("cli-simulate-fights")),
        tr(lang, msg!("cli-simulate-share")),
        tr(lang, msg!("cli-interval"))
    ));
    let row = |label: &str, count: u64| {
        let (low, high) = fray::dice::wilson_interval(count, summary.trials);
        let share = count as f64 / summary.trials.max(1) as f64;
        format!(
            "  {label:<22} {count:>10}  {:>7.3}%  {:.3}% .. {:.3}%",
            share * 100.0,
            low * 100.0,
            high * 100.0
        )
    };
    for (side, wins) in entry.sides.iter().zip(&summary.wins) {
        lines.push(row(
            &tr(lang, msg!("cli-simulate-wins", side = *side)),
            *wins,
        ));
    }
    lines.push(row(&tr(lang, msg!("cli-simulate-draw")), summary.draws));
    lines.push(row(
        &tr(lang, msg!("cli-simulate-round-limit")),
        summary.round_limit,
    ));
    if summary.cut_off > 0 {
        let label = tr(
            lang,
            msg!(
                "cli-simulate-cut-off",
                commands = fray::dice::MAX_TRIAL_COMMANDS
            ),
        );
        lines.push(row(&label, summary.cut_off));
    }
    let total = summary.trials as f64;
    if let Some(p) = precision {
        let id = if reached {
            "cli-simulate-precision-reached"
        } else {
            "cli-simulate-precision-limit"
        };
        lines.push(format!(
            "  {}",
            tr(
                lang,
                msg!(
                    id,
                    fights = fights(lang, trials),
                    count = trials,
                    precision = format!("{:.3}", p * 100.0),
                    block = PRECISION_BLOCK.to_string()
                )
            )
        ));
    }
    let value = |x: f64| format!("{x:.4}");
    lines.push(format!(
        "  {}",
        tr(
            lang,
            msg!(
                "cli-simulate-mean-rounds",
                value = value(summary.rounds_mean())
            )
        )
    ));
    for (side, health) in entry.sides.iter().zip(&summary.health_total) {
        lines.push(format!(
            "  {}",
            tr(
                lang,
                msg!(
                    "cli-simulate-mean-health",
                    side = *side,
                    value = value(*health as f64 / total)
                )
            )
        ));
    }
    let metric = tr(
        lang,
        msg!("cli-metric", ruleset = entry.id, metric = entry.metric),
    );
    lines.push(format!(
        "  {}",
        tr(
            lang,
            msg!(
                "cli-simulate-mean-metric",
                metric = metric,
                value = value(summary.metric_mean())
            )
        )
    ));
    lines.push(format!(
        "  {}",
        tr(lang, msg!("cli-simulate-rounds-to-finish"))
    ));
    let max = summary.rounds.values().copied().max().unwrap_or(1) as f64;
    for (rounds, count) in &summary.rounds {
        let cells = (*count as f64 / max * 40.0).round() as usize;
        lines.push(format!(
            "    {rounds:>4}  {count:>10}  {}",
            "#".repeat(cells)
        ));
    }
    lines.extend(crate::combatants::lines(
        summary,
        entry.sides,
        (entry.texts)(),
        lang,
    ));
    lines
}
