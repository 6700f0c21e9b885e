//! The subcommands. Each returns `Err(one line)` on failure; `main` prints it and exits 2.

use fray_dice::{msg, Lang, View};
use std::hash::{BuildHasher, Hasher};
use std::path::Path;

use fray_dice::{
    BigDistribution, Depth, DieFate, EncounterError, Entry, Expr, Message, ReplayError, Rng,
    MAX_JSON_BYTES, MAX_TRIAL_COMMANDS,
};
use serde_json::{json, Map, Value};

use crate::table;
use crate::text::{encounter_error, io_error, rule_error, tr};
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

pub fn roll(text: &str, seed: Option<u64>, stream: u64, as_json: bool, lang: Lang) -> Outcome {
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
    out!(
        "{}",
        tr(
            lang,
            msg!(
                "cli-roll-title",
                expression = roll.expression.to_string(),
                seed = seed.to_string(),
                stream = stream.to_string()
            )
        )
    );
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
        let fate = tr(lang, msg!("cli-die-fate", fate = fate));
        let exploded = if die.exploded {
            tr(lang, msg!("cli-die-exploded"))
        } else {
            String::new()
        };
        out!(
            "  {label:<14} d{:<4} → {:>4}  {fate}{exploded}",
            die.sides,
            die.value
        );
    }
    out!(
        "{}",
        tr(lang, msg!("cli-roll-total", total = roll.total.to_string()))
    );
    out!(
        "{}",
        tr(
            lang,
            msg!("cli-roll-repeat", command = repeat_line(text, seed, stream))
        )
    );
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

pub fn odds(target: &str, spec: &[String], view: &OddsView, lang: Lang) -> Outcome {
    if let Some(entry) = fray::rulesets().into_iter().find(|e| e.id == target) {
        return ruleset_odds(&entry, spec, view.json, lang);
    }
    if let Some(extra) = spec.first() {
        return Err(tr(
            lang,
            msg!("cli-odds-extra-argument", argument = extra.as_str()),
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
            table::big_distribution(&expr.to_string(), &d, view.all, lang)
        );
    }
    Ok(())
}

/// `key=value` pairs as a JSON object; values that parse as JSON keep their type.
fn spec_json(entry: &Entry, pairs: &[String], lang: Lang) -> Result<String, String> {
    let mut object = Map::new();
    for pair in pairs {
        let (key, value) = pair.split_once('=').ok_or_else(|| {
            tr(
                lang,
                msg!(
                    "cli-odds-expected-pair",
                    pair = pair.as_str(),
                    ruleset = entry.id,
                    keys = entry.odds_keys
                ),
            )
        })?;
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.to_owned()));
        object.insert(key.to_owned(), value);
    }
    Ok(Value::Object(object).to_string())
}

fn ruleset_odds(entry: &Entry, pairs: &[String], as_json: bool, lang: Lang) -> Outcome {
    let spec = spec_json(entry, pairs, lang)?;
    let tables = (entry.odds)(&spec).map_err(|e| {
        tr(
            lang,
            msg!(
                "cli-odds-takes",
                error = encounter_error(entry, &e, lang),
                ruleset = entry.id,
                keys = entry.odds_keys
            ),
        )
    })?;
    if as_json {
        out!(
            "{}",
            serde_json::to_string_pretty(&tables).map_err(|e| e.to_string())?
        );
    } else {
        out!(
            "{}",
            tr(
                lang,
                msg!(
                    "cli-odds-ruleset",
                    ruleset = entry.id,
                    spec = pairs.join(" ")
                )
            )
        );
        out_raw!("{}", table::tables(&tables));
    }
    Ok(())
}

/// The ruleset `id`, or (in `lang`) the error naming the ids this build has.
pub(crate) fn ruleset(id: &str, lang: Lang) -> Result<Entry, String> {
    fray::ruleset(id).map_err(|_| {
        let ids: Vec<&str> = fray::rulesets().iter().map(|e| e.id).collect();
        let ids = if ids.is_empty() {
            tr(lang, msg!("cli-none"))
        } else {
            ids.join(", ")
        };
        tr(lang, msg!("cli-unknown-ruleset", id = id, ids = ids))
    })
}

/// The text of file `path` (`what` names it: `setup`, `policy`, `replay`, `bundle`), at
/// most [`MAX_JSON_BYTES`]; errors in `lang`.
pub(crate) fn read_limited(path: &Path, what: &str, lang: Lang) -> Result<String, String> {
    let cannot = |e: std::io::Error| {
        tr(
            lang,
            msg!(
                "cli-cannot-read",
                what = what,
                path = path.display().to_string(),
                error = io_error(lang, &e)
            ),
        )
    };
    let size = std::fs::metadata(path).map_err(cannot)?.len();
    if size > MAX_JSON_BYTES as u64 {
        return Err(tr(
            lang,
            msg!(
                "cli-too-large",
                what = what,
                path = path.display().to_string(),
                size = size.to_string(),
                limit = MAX_JSON_BYTES.to_string()
            ),
        ));
    }
    std::fs::read_to_string(path).map_err(cannot)
}

/// `the WHAT file is not JSON: …` in `lang`.
pub(crate) fn not_json(lang: Lang, what: &str, error: &serde_json::Error) -> String {
    tr(
        lang,
        msg!("cli-not-json", what = what, error = error.to_string()),
    )
}

/// `fray setup <ruleset>`: the demo setup, pretty-printed, to copy and edit.
pub fn setup(id: &str, lang: Lang) -> Outcome {
    let entry = ruleset(id, lang)?;
    let setup: serde_json::Value =
        serde_json::from_str(&(entry.demo_setup)()).expect("demo setups are JSON");
    out!(
        "{}",
        serde_json::to_string_pretty(&setup).expect("JSON writes")
    );
    Ok(())
}

/// A replay that does not verify, in `lang`: the setup's refusal with its rule ID, or where
/// the fight came out differently.
fn replay_error(text: &str, error: &ReplayError, lang: Lang) -> String {
    match error {
        ReplayError::Invalid(e) => tr(lang, msg!("cli-replay-invalid", error = e.to_string())),
        ReplayError::Setup(e) => {
            // The file named its ruleset, or the setup could not have been refused.
            let rule = fray_dice::replay_ruleset(text)
                .ok()
                .and_then(|id| fray::ruleset(&id).ok())
                .map_or_else(|| e.to_string(), |entry| rule_error(&entry, e, lang));
            tr(lang, msg!("cli-replay-setup-refused", error = rule))
        }
        ReplayError::Mismatch(m) => match m.command {
            None => tr(
                lang,
                msg!(
                    "cli-replay-mismatch-start",
                    expected = m.expected.as_str(),
                    actual = m.actual.as_str()
                ),
            ),
            Some(i) => tr(
                lang,
                msg!(
                    "cli-replay-mismatch",
                    number = (i + 1).to_string(),
                    index = i.to_string(),
                    expected = m.expected.as_str(),
                    actual = m.actual.as_str()
                ),
            ),
        },
    }
}

pub fn replay(path: &Path, verbose: bool, as_json: bool, view: &View) -> Outcome {
    let lang = view.lang;
    let text = read_limited(path, "replay", lang)?;
    let report = fray::verify_replay(&text).map_err(|e| replay_error(&text, &e, lang))?;
    if as_json {
        out!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    if verbose {
        let entry = ruleset(&report.ruleset, lang)?;
        // A refused command stands where it was given, after the events before it.
        let mut refusals = report.refusals.iter().peekable();
        for (n, event) in report.events.iter().enumerate() {
            while let Some(r) = refusals.next_if(|r| r.after_events == n) {
                out!("{}", refused_line(&entry, r, lang));
            }
            if let Some(line) = (entry.line)(&event.to_string(), view)
                .map_err(|e| encounter_error(&entry, &e, lang))?
            {
                out!("{line}");
            }
        }
        for r in refusals {
            out!("{}", refused_line(&entry, r, lang));
        }
    }
    let count = |id: &str, n: usize| tr(lang, msg!(id, count = n));
    out!(
        "{}",
        tr(
            lang,
            msg!(
                "cli-replay-verified",
                ruleset = report.ruleset.as_str(),
                applied = count("cli-replay-applied", report.accepted),
                refused = count("cli-replay-refused", report.rejected),
                events = count("cli-replay-events", report.events.len()),
                digest = report.events_digest.as_str()
            )
        )
    );
    Ok(())
}

/// A refused command of a replay: its number, the rule and the message in `lang`.
fn refused_line(entry: &Entry, r: &fray_dice::ReplayRefusal, lang: Lang) -> String {
    tr(
        lang,
        msg!(
            "cli-replay-refused-command",
            number = r.command.to_string(),
            error = rule_error(entry, &r.error, lang)
        ),
    )
}

pub fn demo(only: Option<&str>, seed: Option<u64>, out: Option<&Path>, view: &View) -> Outcome {
    let entries = match only {
        None => fray::rulesets(),
        Some("dice") => Vec::new(),
        Some(id) => vec![ruleset(id, view.lang)?],
    };
    if matches!(only, None | Some("dice")) {
        dice_showcase(seed.unwrap_or(SHOWCASE_SEED), view.lang)?;
    }
    let dir = out.map_or_else(std::env::temp_dir, Path::to_path_buf);
    for entry in entries {
        play_demo(&entry, seed.unwrap_or(entry.demo_seed), &dir, view)?;
    }
    Ok(())
}

fn dice_showcase(seed: u64, lang: Lang) -> Outcome {
    out!(
        "{}",
        tr(lang, msg!("cli-showcase-title", seed = seed.to_string()))
    );
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
            "  {:<14} {}",
            roll.expression,
            tr(
                lang,
                msg!(
                    "cli-showcase-roll",
                    stream = stream.to_string(),
                    dice = dice.join(" "),
                    total = roll.total.to_string()
                )
            )
        );
    }
    out!("  {}", tr(lang, msg!("cli-showcase-legend")));
    let expr = Expr::parse("3d8kh2").map_err(|e| e.to_string())?;
    out_raw!(
        "{}",
        table::distribution(
            "3d8kh2",
            &expr.distribution().map_err(|e| e.to_string())?,
            lang
        )
    );
    out!(
        "{}\n",
        tr(lang, msg!("cli-showcase-repeat", seed = seed.to_string()))
    );
    Ok(())
}

fn play_demo(entry: &Entry, seed: u64, dir: &Path, view: &View) -> Outcome {
    let lang = view.lang;
    let failed = |e: EncounterError| encounter_error(entry, &e, lang);
    out!(
        "{}",
        tr(
            lang,
            msg!(
                "cli-demo-title",
                ruleset = entry.id,
                seed = seed.to_string()
            )
        )
    );
    let mut encounter = (entry.start)(&(entry.demo_setup)(), seed, 0).map_err(failed)?;
    let describe = |events: &str| -> Outcome {
        let events: Vec<Value> = serde_json::from_str(events).map_err(|e| e.to_string())?;
        for event in events {
            if let Some(line) = (entry.line)(&event.to_string(), view).map_err(failed)? {
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
        let events = encounter.apply_json(&command).map_err(failed)?;
        describe(&events)?;
    }
    let summary = encounter.summary(lang);
    if !summary.is_empty() {
        out!("{}", tr(lang, Message::new("summary-title")));
        for line in summary {
            out!("  {line}");
        }
    }
    let path = dir.join(format!("fray-demo-{}-seed{seed}.json", entry.id));
    let shown = path.display().to_string();
    std::fs::write(&path, encounter.replay_json()).map_err(|e| {
        tr(
            lang,
            msg!(
                "cli-cannot-write",
                what = "replay",
                path = shown.as_str(),
                error = io_error(lang, &e)
            ),
        )
    })?;
    out!(
        "{}\n",
        tr(
            lang,
            msg!(
                "cli-demo-written",
                seed = seed.to_string(),
                path = shown.as_str()
            )
        )
    );
    Ok(())
}

pub fn list_rulesets(lang: Lang) -> Outcome {
    for entry in fray::rulesets() {
        // Fluent trims a message's outer spaces: they are added here.
        let sides = entry
            .sides
            .join(&format!(" {} ", tr(lang, msg!("cli-rulesets-versus"))));
        out!(
            "{:<14} {}",
            entry.id,
            tr(
                lang,
                msg!(
                    "cli-rulesets-line",
                    version = entry.version.to_string(),
                    sides = sides,
                    keys = entry.odds_keys
                )
            )
        );
    }
    Ok(())
}
