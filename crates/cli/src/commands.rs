//! The subcommands. Each returns `Err(one line)` on failure; `main` prints it and exits 2.

use fray_dice::View;
use std::hash::{BuildHasher, Hasher};
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use fray_dice::{
    BigDistribution, Depth, DieFate, Entry, Expr, Rng, SimSummary, MAX_JSON_BYTES,
    MAX_TRIAL_COMMANDS,
};
use serde_json::{json, Map, Value};

use crate::table;
use crate::{out, out_raw};

pub type Outcome = Result<(), String>;

/// The dice showcase's default seed, picked so that an explosion, a reroll and dropped dice
/// all appear.
const SHOWCASE_SEED: u64 = 330;

/// A seed from the operating system's randomness (through std's hasher keys).
fn os_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(std::process::id().into());
    hasher.finish()
}

pub fn roll(text: &str, seed: Option<u64>, stream: u64, as_json: bool) -> Outcome {
    let expr = Expr::parse(text).map_err(|e| e.to_string())?;
    let seed = seed.unwrap_or_else(os_seed);
    let roll = expr
        .roll_with_transcript(&mut Rng::new(seed, stream))
        .map_err(|e| e.to_string())?;
    if as_json {
        let mut value = serde_json::to_value(&roll).map_err(|e| e.to_string())?;
        value["seed"] = json!(seed);
        value["stream"] = json!(stream);
        out!(
            "{}",
            serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    out!("roll {} with seed {seed}, stream {stream}", roll.expression);
    let mut last_label = "";
    for die in &roll.transcript.dice {
        let label = if die.label == last_label {
            ""
        } else {
            die.label.as_str()
        };
        last_label = &die.label;
        let fate = match die.fate {
            DieFate::Kept => "kept",
            DieFate::Dropped => "dropped",
            DieFate::Rerolled => "rerolled",
        };
        let exploded = if die.exploded { ", exploded" } else { "" };
        out!(
            "  {label:<14} d{:<4} → {:>4}  {fate}{exploded}",
            die.sides,
            die.value
        );
    }
    out!("total {}", roll.total);
    out!("repeat: {}", repeat_line(text, seed, stream));
    Ok(())
}

/// The command that repeats a roll. An expression starting with `-` goes after `--`, so
/// it is not taken for an option.
fn repeat_line(text: &str, seed: u64, stream: u64) -> String {
    if text.trim_start().starts_with('-') {
        format!("fray roll --seed {seed} --stream {stream} -- '{text}'")
    } else {
        format!("fray roll '{text}' --seed {seed} --stream {stream}")
    }
}

/// How `fray odds` shows a dice expression.
pub struct OddsView {
    /// Print JSON instead of text.
    pub json: bool,
    /// Every row, even past [`table::SUMMARY_ROWS`] values.
    pub all: bool,
    /// Follow exploding dice at most this many extra dice deep (default: until at most
    /// 2⁻⁶⁴ of the probability is unresolved).
    pub depth: Option<u32>,
}

pub fn odds(target: &str, spec: &[String], view: &OddsView) -> Outcome {
    if let Some(entry) = fray::rulesets().into_iter().find(|e| e.id == target) {
        return ruleset_odds(&entry, spec, view.json);
    }
    if let Some(extra) = spec.first() {
        return Err(format!(
            "unexpected argument '{extra}': key=value pairs follow a ruleset id, not a dice expression"
        ));
    }
    let expr = Expr::parse(target).map_err(|e| e.to_string())?;
    let depth = view.depth.map_or(Depth::default(), Depth::Levels);
    let d = expr.odds_with(depth).map_err(|e| e.to_string())?;
    if view.json {
        let rows = |d: &BigDistribution| -> Vec<Value> {
            d.iter()
                .map(|(v, _)| {
                    let mut row = table::big_ratio_json(&d.probability(v));
                    row["value"] = json!(v);
                    row
                })
                .collect()
        };
        let mut value = json!({
            "expression": expr.to_string(),
            "mean": d.mean(),
            "std_dev": d.std_dev(),
            "unresolved": table::big_ratio_json(&d.unresolved()),
        });
        if !d.unresolved().is_zero() {
            let (low, high) = d.mean_bounds();
            value["mean_bounds"] = json!([low, high]);
        }
        if view.all || d.len() <= table::SUMMARY_ROWS {
            value["outcomes"] = json!(rows(&d));
        } else {
            // Past SUMMARY_ROWS values: the extremes and quantiles, not every row.
            value["values"] = json!(d.len());
            value["min"] = json!(d.min());
            value["max"] = json!(d.max());
            value["quantiles"] = table::quantile_values(&d)
                .into_iter()
                .map(|(q, v)| json!({"percent": q, "value": v}))
                .collect();
            value["note"] = json!("summarised: pass --all for every outcome");
        }
        out!(
            "{}",
            serde_json::to_string_pretty(&value).map_err(|e| e.to_string())?
        );
    } else {
        out_raw!(
            "{}",
            table::big_distribution(&expr.to_string(), &d, view.all)
        );
    }
    Ok(())
}

/// `key=value` pairs as a JSON object; values that parse as JSON keep their type.
fn spec_json(entry: &Entry, pairs: &[String]) -> Result<String, String> {
    let mut object = Map::new();
    for pair in pairs {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            format!(
                "expected key=value, got '{pair}'; {} takes: {}",
                entry.id, entry.odds_keys
            )
        })?;
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
        object.insert(key.to_owned(), value);
    }
    Ok(Value::Object(object).to_string())
}

fn ruleset_odds(entry: &Entry, pairs: &[String], as_json: bool) -> Outcome {
    let spec = spec_json(entry, pairs)?;
    let tables = (entry.odds)(&spec)
        .map_err(|e| format!("{e} ({} takes: {})", entry.id, entry.odds_keys))?;
    if as_json {
        out!(
            "{}",
            serde_json::to_string_pretty(&tables).map_err(|e| e.to_string())?
        );
    } else {
        out!("exact odds, {} {}", entry.id, pairs.join(" "));
        out_raw!("{}", table::tables(&tables));
    }
    Ok(())
}

pub(crate) fn ruleset(id: &str) -> Result<Entry, String> {
    fray::ruleset(id).map_err(|e| e.to_string())
}

pub(crate) fn read_limited(path: &Path, what: &str) -> Result<String, String> {
    let size = std::fs::metadata(path)
        .map_err(|e| format!("cannot read the {what} file {}: {e}", path.display()))?
        .len();
    if size > MAX_JSON_BYTES as u64 {
        return Err(format!(
            "the {what} file {} is {size} bytes, over the limit of {MAX_JSON_BYTES}",
            path.display()
        ));
    }
    std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the {what} file {}: {e}", path.display()))
}

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
    precision: f64,
    max: u64,
    seed: u64,
    threads: usize,
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
        let more =
            (entry.simulate_range)(setup, done, block, seed, threads).map_err(|e| e.to_string())?;
        match &mut total {
            Some(t) => t.merge(&more),
            None => total = Some(more),
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub fn simulate(
    id: &str,
    trials: Option<u64>,
    seed: u64,
    threads: Option<usize>,
    (setup, policy): (Option<&Path>, Option<&Path>),
    as_json: bool,
    (precision, bundle): (Option<f64>, Option<&Path>),
) -> Outcome {
    let entry = ruleset(id)?;
    let cap = trials.unwrap_or(if precision.is_some() {
        PRECISION_MAX_TRIALS
    } else {
        10_000
    });
    let trials = cap;
    if trials == 0 {
        return Err("--trials must be at least 1".to_owned());
    }
    if let Some(p) = precision {
        if !(p > 0.0 && p <= 0.5) {
            return Err(format!(
                "--precision {p} is outside the allowed 0 < precision <= 0.5 (e.g. 0.01 for ±1 %)"
            ));
        }
    }
    let setup = match setup {
        Some(path) => read_limited(path, "setup")?,
        None => (entry.demo_setup)(),
    };
    crate::check::warn_on_stderr(&entry, &setup);
    let threads = threads
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
    if precision.is_some() && policy.is_some() {
        return Err("--precision and --policy cannot be combined yet".to_owned());
    }
    let policy_text = policy.map(|p| read_limited(p, "policy")).transpose()?;
    let (summary, reached) = match (precision, policy) {
        (Some(p), _) => simulate_to_precision(&entry, &setup, p, cap, seed, threads)?,
        (None, Some(path)) => (
            simulate_with_policy(&entry, &setup, path, trials, seed, threads)?,
            true,
        ),
        (None, None) => (
            (entry.simulate)(
                &setup,
                trials,
                seed,
                threads,
                show_progress.then_some(&progress),
            )
            .map_err(|e| e.to_string())?,
            true,
        ),
    };
    let trials = summary.trials;
    if show_progress {
        eprintln!();
    }
    if let Some(file) = bundle {
        let json_of = |text: &str, what: &str| -> Result<Value, String> {
            serde_json::from_str(text).map_err(|e| format!("the {what} file is not JSON: {e}"))
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
                seed,
                trials,
                vary: None,
            },
            &serde_json::to_value(&summary).map_err(|e| e.to_string())?,
        )?;
    }
    if as_json {
        out!(
            "{}",
            serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    out!("simulate {id}: {trials} fights, seed {seed} (trial i uses stream i)");
    out!(
        "  {:<22} {:>10}  {:>8}  95 % interval",
        "",
        "fights",
        "share"
    );
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
        out!("{}", row(&format!("{side} wins"), *wins));
    }
    out!("{}", row("draw (no winner)", summary.draws));
    out!("{}", row("stopped: round limit", summary.round_limit));
    if summary.cut_off > 0 {
        out!(
            "{}",
            row(
                &format!("cut off ({} cmds)", fray::dice::MAX_TRIAL_COMMANDS),
                summary.cut_off
            )
        );
    }
    let total = summary.trials as f64;
    if let Some(p) = precision {
        if reached {
            out!(
                "  stopped at {trials} fights: every side's win rate is within ±{:.3}% (blocks of {PRECISION_BLOCK})",
                p * 100.0
            );
        } else {
            out!(
                "  stopped at the limit of {trials} fights before every side's win rate was within ±{:.3}%",
                p * 100.0
            );
        }
    }
    out!("  mean rounds {:.4}", summary.rounds_mean());
    for (side, health) in entry.sides.iter().zip(summary.health_total) {
        out!(
            "  mean remaining health, {side}: {:.4}",
            health as f64 / total
        );
    }
    out!("  mean {}: {:.4}", entry.metric, summary.metric_mean());
    out!("  rounds to finish:");
    let max = summary.rounds.values().copied().max().unwrap_or(1) as f64;
    for (rounds, count) in &summary.rounds {
        let cells = (*count as f64 / max * 40.0).round() as usize;
        out!("    {rounds:>4}  {count:>10}  {}", "#".repeat(cells));
    }
    for line in crate::combatants::lines(&summary, entry.sides) {
        out!("{line}");
    }
    Ok(())
}

/// `fray setup <ruleset>`: the demo setup, pretty-printed, to copy and edit.
pub fn setup(id: &str) -> Outcome {
    let entry = ruleset(id)?;
    let setup: serde_json::Value =
        serde_json::from_str(&(entry.demo_setup)()).expect("demo setups are JSON");
    out!(
        "{}",
        serde_json::to_string_pretty(&setup).expect("JSON writes")
    );
    Ok(())
}

/// `simulate --policy`: the fights played by a policy read from JSON, for the rulesets that
/// have the decision protocol.
fn simulate_with_policy(
    entry: &fray_dice::Entry,
    setup: &str,
    path: &Path,
    trials: u64,
    seed: u64,
    threads: usize,
) -> Result<fray_dice::SimSummary, String> {
    let policy = fray::policies(entry).map_err(|e| e.to_string())?;
    (policy.simulate)(setup, &read_limited(path, "policy")?, trials, seed, threads)
        .map_err(|e| e.to_string())
}

pub fn replay(path: &Path, verbose: bool, as_json: bool, view: &View) -> Outcome {
    let text = read_limited(path, "replay")?;
    let report = fray::verify_replay(&text).map_err(|e| e.to_string())?;
    if as_json {
        out!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    if verbose {
        let entry = ruleset(&report.ruleset)?;
        for event in &report.events {
            if let Some(line) = (entry.line)(&event.to_string(), view).map_err(|e| e.to_string())? {
                out!("{line}");
            }
        }
    }
    out!(
        "ok: {} replay verified — {} commands applied, {} refused as recorded, {} events, digest {}",
        report.ruleset,
        report.accepted,
        report.rejected,
        report.events.len(),
        report.events_digest
    );
    Ok(())
}

pub fn demo(only: Option<&str>, seed: Option<u64>, out: Option<&Path>, view: &View) -> Outcome {
    let entries = match only {
        None => fray::rulesets(),
        Some("dice") => Vec::new(),
        Some(id) => vec![ruleset(id)?],
    };
    if matches!(only, None | Some("dice")) {
        dice_showcase(seed.unwrap_or(SHOWCASE_SEED))?;
    }
    let dir = out.map_or_else(std::env::temp_dir, Path::to_path_buf);
    for entry in entries {
        play_demo(&entry, seed.unwrap_or(entry.demo_seed), &dir, view)?;
    }
    Ok(())
}

fn dice_showcase(seed: u64) -> Outcome {
    out!("== dice: every roll replays from (seed {seed}, stream) ==");
    for (stream, text) in [
        "3d8kh2+2",
        "4d6dl1",
        "1d10!",
        "6d6>=5",
        "1d20ro<=1+5",
        "2d%/10",
    ]
    .iter()
    .enumerate()
    {
        let expr = Expr::parse(text).map_err(|e| e.to_string())?;
        let roll = expr
            .roll_with_transcript(&mut Rng::new(seed, stream as u64))
            .map_err(|e| e.to_string())?;
        let dice: Vec<String> = roll
            .transcript
            .dice
            .iter()
            .map(|d| match (d.fate, d.exploded) {
                (DieFate::Dropped, _) => format!("({})", d.value),
                (DieFate::Rerolled, _) => format!("~{}~", d.value),
                (DieFate::Kept, true) => format!("{}!", d.value),
                (DieFate::Kept, false) => d.value.to_string(),
            })
            .collect();
        out!(
            "  {:<14} stream {stream}: [{}] = {}",
            roll.expression,
            dice.join(" "),
            roll.total
        );
    }
    out!("  (dropped dice in parentheses, rerolled ones ~struck~, exploding ones marked !)");
    let expr = Expr::parse("3d8kh2").map_err(|e| e.to_string())?;
    out_raw!(
        "{}",
        table::distribution("3d8kh2", &expr.distribution().map_err(|e| e.to_string())?)
    );
    out!("seed {seed}: repeat with `fray demo dice --seed {seed}`\n");
    Ok(())
}

fn play_demo(entry: &Entry, seed: u64, dir: &Path, view: &View) -> Outcome {
    out!("== {} (seed {seed}) ==", entry.id);
    let mut encounter = (entry.start)(&(entry.demo_setup)(), seed, 0).map_err(|e| e.to_string())?;
    let describe = |events: &str| -> Outcome {
        let events: Vec<Value> = serde_json::from_str(events).map_err(|e| e.to_string())?;
        for event in events {
            if let Some(line) = (entry.line)(&event.to_string(), view).map_err(|e| e.to_string())? {
                out!("{line}");
            }
        }
        Ok(())
    };
    describe(&encounter.events_json())?;
    for _ in 0..MAX_TRIAL_COMMANDS {
        let Some(command) = encounter.suggest_json() else {
            break;
        };
        let events = encounter.apply_json(&command).map_err(|e| e.to_string())?;
        describe(&events)?;
    }
    let summary = encounter.summary(view.lang);
    if !summary.is_empty() {
        out!("{}", summary_title(view.lang));
        for line in summary {
            out!("  {line}");
        }
    }
    let path = dir.join(format!("fray-demo-{}-seed{seed}.json", entry.id));
    std::fs::write(&path, encounter.replay_json())
        .map_err(|e| format!("cannot write the replay file {}: {e}", path.display()))?;
    out!(
        "seed {seed}; replay written to {} (check it with `fray replay {}`)\n",
        path.display(),
        path.display()
    );
    Ok(())
}

/// The heading of the fight summary, from the common messages.
fn summary_title(lang: fray_dice::Lang) -> String {
    fray_dice::Texts::common().get(lang, &fray_dice::Message::new("summary-title"))
}

pub fn list_rulesets() -> Outcome {
    for entry in fray::rulesets() {
        out!(
            "{:<14} version {}  sides: {}  odds keys: {}",
            entry.id,
            entry.version,
            entry.sides.join(" vs "),
            entry.odds_keys
        );
    }
    Ok(())
}
