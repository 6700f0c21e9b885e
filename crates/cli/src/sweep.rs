//! `fray sweep`: one simulation per point of one or two setup values, every point on the same
//! trial streams, so differences between points are measured on the same dice.

use std::path::Path;

use fray_dice::{msg, EncounterError, Lang};
use serde_json::Value;

use crate::commands::{not_json, read_limited, ruleset};
use crate::out;
use crate::text::{encounter_error, rule_error, tr};

/// At most this many points in one sweep (both paths together).
const MAX_POINTS: usize = 400;

/// One `--vary PATH=VALUES`: where in the setup, and the values it takes in turn.
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    /// The path as a JSON pointer.
    path: String,
    text: String,
    values: Vec<Value>,
}

impl std::str::FromStr for Vary {
    type Err = String;

    /// `fighters[1].stats.agility=1,2,3`, `settings.max_rounds=5..=50:5` (`lo..hi`,
    /// `lo..=hi`, an optional `:step`), or JSON values separated by commas.
    fn from_str(arg: &str) -> Result<Self, String> {
        let (path, values) = arg
            .split_once('=')
            .ok_or_else(|| format!("--vary {arg:?}: expected PATH=VALUES"))?;
        Ok(Vary {
            path: parse_path(path)?,
            text: path.to_owned(),
            values: parse_values(values).map_err(|e| format!("--vary {path}: {e}"))?,
        })
    }
}

/// `path` as a JSON pointer, or the `--vary` error naming it.
fn parse_path(path: &str) -> Result<String, String> {
    fray_dice::sensitivity::pointer(path).map_err(|e| format!("--vary: {e}"))
}

fn parse_values(text: &str) -> Result<Vec<Value>, String> {
    let (range, step) = text.split_once(':').unwrap_or((text, "1"));
    if let Some((lo, hi, inclusive)) = range
        .split_once("..=")
        .map(|(a, b)| (a, b, true))
        .or_else(|| range.split_once("..").map(|(a, b)| (a, b, false)))
    {
        let number = |s: &str| {
            s.trim()
                .parse::<i64>()
                .map_err(|_| format!("{s:?} is not an integer"))
        };
        let (lo, hi, step) = (number(lo)?, number(hi)?, number(step)?);
        if step <= 0 {
            return Err(format!("the step must be positive, not {step}"));
        }
        let end = if inclusive { hi } else { hi - 1 };
        let count = if end < lo { 0 } else { (end - lo) / step + 1 };
        if count == 0 || count > MAX_POINTS as i64 {
            return Err(format!(
                "{text:?} gives {count} values; allowed: 1 to {MAX_POINTS}"
            ));
        }
        return Ok((0..count).map(|i| Value::from(lo + i * step)).collect());
    }
    let values: Vec<Value> = split_top_level(text)
        .iter()
        .map(|v| {
            serde_json::from_str(v.trim())
                .map_err(|_| format!("{v:?} is not a JSON value (quote strings: \"\\\"name\\\"\")"))
        })
        .collect::<Result<_, _>>()?;
    if values.is_empty() || values.len() > MAX_POINTS {
        return Err(format!(
            "{} values; allowed: 1 to {MAX_POINTS}",
            values.len()
        ));
    }
    Ok(values)
}

/// Splits at commas outside brackets and strings, so `[1,2],[3,4]` is two values.
fn split_top_level(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut quoted, mut start) = (Vec::new(), 0i32, false, 0);
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '[' | '{' if !quoted => depth += 1,
            ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// Sets the value at `vary`'s path, which must exist in the setup.
fn set(setup: &mut Value, vary: &Vary, value: Value, lang: Lang) -> Result<(), String> {
    *setup
        .pointer_mut(&vary.path)
        .ok_or_else(|| tr(lang, msg!("cli-sweep-no-value", path = vary.text.as_str())))? = value;
    Ok(())
}

/// The 95 % interval of `p1 - p2` by Newcombe's hybrid score method (his method 10), from
/// the two Wilson intervals. It treats the two points as independent samples; points of a
/// sweep share their dice and are positively correlated, so it is conservative (too wide,
/// never too narrow): the `change_unpaired_*` columns, beside the paired interval.
pub fn difference_interval(a: (u64, u64), b: (u64, u64)) -> (f64, f64) {
    let rate = |(k, n): (u64, u64)| k as f64 / n.max(1) as f64;
    let (p1, p2) = (rate(a), rate(b));
    let (l1, u1) = fray::dice::wilson_interval(a.0, a.1);
    let (l2, u2) = fray::dice::wilson_interval(b.0, b.1);
    let d = p1 - p2;
    (
        d - ((p1 - l1).powi(2) + (u2 - p2).powi(2)).sqrt(),
        d + ((u1 - p1).powi(2) + (p2 - l2).powi(2)).sqrt(),
    )
}

/// One point of a sweep with its summary and its blocks of trials.
struct Point {
    values: Vec<Value>,
    blocked: fray_dice::paired::Blocked,
}

impl Point {
    fn summary(&self) -> &fray::dice::SimSummary {
        &self.blocked.summary
    }
}

/// Runs every point of the sweep (the product of the paths' values, the first path slowest),
/// all in the same blocks of trials (see [`fray_dice::paired`]).
#[allow(clippy::too_many_arguments)]
pub fn sweep(
    id: &str,
    setup: Option<&Path>,
    vary: &[Vary],
    trials: u64,
    seed: u64,
    threads: Option<usize>,
    format: Format,
    (plot, bundle): (Option<&Path>, Option<&Path>),
    lang: Lang,
) -> Result<(), String> {
    let entry = ruleset(id, lang)?;
    if vary.is_empty() || vary.len() > 2 {
        return Err(tr(lang, msg!("cli-sweep-paths", count = vary.len())));
    }
    if trials == 0 {
        return Err(tr(lang, msg!("cli-trials-at-least-one")));
    }
    let base: Value = match setup {
        Some(path) => serde_json::from_str(&read_limited(path, "setup", lang)?)
            .map_err(|e| not_json(lang, "setup", &e))?,
        None => serde_json::from_str(&(entry.demo_setup)()).expect("demo setups are JSON"),
    };
    let second: &[Value] = vary.get(1).map_or(&[Value::Null], |v| &v.values);
    if vary[0].values.len() * second.len() > MAX_POINTS {
        return Err(tr(
            lang,
            msg!(
                "cli-sweep-too-many",
                points = vary[0].values.len() * second.len(),
                max = MAX_POINTS
            ),
        ));
    }
    let points = run_points(&entry, &base, vary, (trials, seed, threads), lang)?;
    if let Some(file) = bundle {
        crate::bundle::save(
            file,
            &entry,
            crate::bundle::Run {
                setup: &base,
                policy: None,
                seed,
                trials,
                vary: Some(vary),
            },
            &rows(&points, vary, entry.sides),
            lang,
        )?;
    }
    let names: Vec<&str> = vary.iter().map(|v| v.text.as_str()).collect();
    if let Some(file) = plot {
        let marks: Vec<crate::plot::Mark> = points
            .iter()
            .map(|p| {
                let [rate, low, high, ..] = side_numbers(p, &points[0], 0);
                crate::plot::Mark {
                    values: p.values.clone(),
                    rate: (rate, low, high),
                }
            })
            .collect();
        match vary {
            [one] => crate::plot::curve(file, &one.text, entry.sides[0], &marks, lang)?,
            [a, b] => crate::plot::heatmap(
                file,
                [&a.text, &b.text],
                entry.sides[0],
                (&a.values, &b.values),
                &marks,
                lang,
            )?,
            _ => unreachable!("one or two paths, checked above"),
        }
    }
    match format {
        Format::Json => out!("{}", json(&names, &points, entry.sides)),
        Format::Csv => print_csv(&names, &points, entry.sides)?,
        Format::Text => print_text(id, &names, &points, (entry.sides, seed), lang)?,
    }
    Ok(())
}

/// How `fray sweep` prints its rows.
#[derive(Clone, Copy, Debug)]
pub enum Format {
    /// A table for people.
    Text,
    /// CSV, one row per point.
    Csv,
    /// JSON, one object per point.
    Json,
}

fn show(values: &[Value]) -> String {
    values
        .iter()
        .map(Value::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The numbers of one side at one point: rate, its interval, the change from the first
/// point with its paired interval, and the change's interval as if the points were
/// independent (Newcombe's, wider).
fn side_numbers(point: &Point, baseline: &Point, side: usize) -> [f64; 8] {
    let n = point.summary().trials;
    let wins = point.summary().wins[side];
    let (low, high) = fray::dice::wilson_interval(wins, n);
    let base = (baseline.summary().wins[side], baseline.summary().trials);
    let (ulow, uhigh) = difference_interval((wins, n), base);
    let rate = wins as f64 / n.max(1) as f64;
    let (diff, dlow, dhigh) =
        fray_dice::paired::difference(&point.blocked, &baseline.blocked, side);
    [rate, low, high, diff, dlow, dhigh, ulow, uhigh]
}

fn print_text(
    id: &str,
    names: &[&str],
    points: &[Point],
    (sides, seed): (&[&str], u64),
    lang: Lang,
) -> Result<(), String> {
    let trials = points[0].summary().trials;
    out!(
        "{}",
        tr(
            lang,
            msg!(
                "cli-sweep-title",
                ruleset = id,
                points = points.len(),
                fights = crate::simulate::fights(lang, trials),
                seed = seed.to_string(),
                trials = trials.to_string()
            )
        )
    );
    out!(
        "  {}",
        tr(
            lang,
            msg!(
                "cli-sweep-explained",
                side = sides[0],
                blocks = fray_dice::paired::blocks(trials).len()
            )
        )
    );
    let interval = tr(lang, msg!("cli-interval"));
    let head = [
        tr(lang, msg!("cli-sweep-win")),
        interval.clone(),
        tr(lang, msg!("cli-sweep-change")),
        interval,
        tr(lang, msg!("cli-sweep-no-win")),
        tr(lang, msg!("cli-sweep-rounds")),
    ];
    // Each column as wide as English always made it, or as its heading when that is wider.
    let w: Vec<usize> = head
        .iter()
        .zip([8, 17, 8, 19, 6, 7])
        .map(|(h, least)| h.chars().count().max(least))
        .collect();
    out!(
        "  {:<24} {:>w0$}  {:>w1$}  {:>w2$}  {:>w3$}  {:>w4$}  {:>w5$}",
        names.join(", "),
        head[0],
        head[1],
        head[2],
        head[3],
        head[4],
        head[5],
        w0 = w[0],
        w1 = w[1],
        w2 = w[2],
        w3 = w[3],
        w4 = w[4],
        w5 = w[5],
    );
    for point in points {
        let [rate, low, high, diff, dlow, dhigh, ..] = side_numbers(point, &points[0], 0);
        let s = point.summary();
        out!(
            "  {:<24} {:>w0$}  {:>7.2}% .. {:>5.2}%  {:>w2$}  {:>+8.2}% .. {:>+6.2}%  {:>w4$}  {:>w5$.2}",
            show(&point.values),
            format!("{:.2}%", rate * 100.0),
            low * 100.0,
            high * 100.0,
            format!("{:+.2}%", diff * 100.0),
            dlow * 100.0,
            dhigh * 100.0,
            s.draws + s.round_limit + s.cut_off,
            s.rounds_mean(),
            w0 = w[0],
            w2 = w[2],
            w4 = w[4],
            w5 = w[5],
        );
    }
    Ok(())
}

fn print_csv(names: &[&str], points: &[Point], sides: &[&str]) -> Result<(), String> {
    let mut header: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    header.push("trials".into());
    for side in sides {
        for column in [
            "wins",
            "rate",
            "low",
            "high",
            "change",
            "change_low",
            "change_high",
            "change_unpaired_low",
            "change_unpaired_high",
        ] {
            header.push(format!("{side}_{column}"));
        }
    }
    header.extend(["draws", "round_limit", "cut_off", "mean_rounds"].map(String::from));
    out!("{}", header.join(","));
    for point in points {
        let mut row: Vec<String> = point.values.iter().map(csv_value).collect();
        row.push(point.summary().trials.to_string());
        for side in 0..sides.len() {
            row.push(point.summary().wins[side].to_string());
            row.extend(
                side_numbers(point, &points[0], side)
                    .iter()
                    .map(|x| format!("{x:.6}")),
            );
        }
        let s = point.summary();
        row.extend([s.draws, s.round_limit, s.cut_off].map(|n| n.to_string()));
        row.push(format!("{:.6}", s.rounds_mean()));
        out!("{}", row.join(","));
    }
    Ok(())
}

fn csv_value(value: &Value) -> String {
    let text = value.to_string();
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

fn json(names: &[&str], points: &[Point], sides: &[&str]) -> String {
    let rows: Vec<Value> = points
        .iter()
        .map(|point| {
            let per_side: Vec<Value> = (0..sides.len())
                .map(|side| {
                    let [rate, low, high, change, change_low, change_high, u_low, u_high] =
                        side_numbers(point, &points[0], side);
                    serde_json::json!({
                        "side": sides[side],
                        "wins": point.summary().wins[side],
                        "rate": rate, "low": low, "high": high,
                        "change": change, "change_low": change_low, "change_high": change_high,
                        "change_unpaired_low": u_low, "change_unpaired_high": u_high,
                    })
                })
                .collect();
            serde_json::json!({
                "values": names.iter().zip(&point.values)
                    .map(|(n, v)| (n.to_string(), v.clone()))
                    .collect::<serde_json::Map<_, _>>(),
                "summary": point.summary(),
                "sides": per_side,
            })
        })
        .collect();
    serde_json::to_string_pretty(&rows).expect("rows serialize")
}

/// The points of a sweep of `base`, all in the same blocks of trials.
fn run_points(
    entry: &fray_dice::Entry,
    base: &Value,
    vary: &[Vary],
    (trials, seed, threads): (u64, u64, Option<usize>),
    lang: Lang,
) -> Result<Vec<Point>, String> {
    let second: &[Value] = vary.get(1).map_or(&[Value::Null], |v| &v.values);
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut all_values = Vec::new();
    let mut setups = Vec::new();
    for a in &vary[0].values {
        for b in second {
            let mut setup = base.clone();
            set(&mut setup, &vary[0], a.clone(), lang)?;
            let mut values = vec![a.clone()];
            if let Some(v) = vary.get(1) {
                set(&mut setup, v, b.clone(), lang)?;
                values.push(b.clone());
            }
            setups.push(setup.to_string());
            all_values.push(values);
        }
    }
    let at = |i: usize, error: String| {
        tr(
            lang,
            msg!("cli-sweep-at", values = show(&all_values[i]), error = error),
        )
    };
    // A point the ruleset refuses, found before any fight so its refusal can be written in
    // `lang` (the fights report it as English text); worded as the fights word it.
    for (i, setup) in setups.iter().enumerate() {
        match (entry.start)(setup, seed, 0) {
            Err(EncounterError::Rule(e)) => return Err(at(i, rule_error(entry, &e, lang))),
            Err(e) => return Err(at(i, encounter_error(entry, &e, lang))),
            Ok(_) => {}
        }
    }
    let runs =
        fray_dice::paired::run(entry, &setups, trials, seed, threads).map_err(|(i, e)| at(i, e))?;
    let points: Vec<Point> = all_values
        .into_iter()
        .zip(runs)
        .map(|(values, blocked)| Point { values, blocked })
        .collect();
    Ok(points)
}

/// The JSON rows of a sweep's points (what `--json` prints and a bundle keeps).
fn rows(points: &[Point], vary: &[Vary], sides: &[&str]) -> Value {
    let names: Vec<&str> = vary.iter().map(|v| v.text.as_str()).collect();
    serde_json::from_str(&json(&names, points, sides)).expect("rows are JSON")
}

/// A sweep again from what a bundle kept: its rows.
pub(crate) fn rerun(
    entry: &fray_dice::Entry,
    base: &Value,
    vary: &[Vary],
    (trials, seed): (u64, u64),
    lang: Lang,
) -> Result<Value, String> {
    let points = run_points(entry, base, vary, (trials, seed, None), lang)?;
    Ok(rows(&points, vary, entry.sides))
}

impl Vary {
    /// A path and its values, as a bundle keeps them.
    pub(crate) fn from_parts(text: &str, values: Vec<Value>) -> Result<Vary, String> {
        Ok(Vary {
            path: parse_path(text)?,
            text: text.to_owned(),
            values,
        })
    }

    /// The path as written and its values.
    pub(crate) fn parts(&self) -> (&str, &[Value]) {
        (&self.text, &self.values)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_ranges_or_json_lists() {
        let v: Vary = "settings.max_rounds=1..=9:4".parse().unwrap();
        assert_eq!(v.values, [1, 5, 9].map(Value::from));
        assert_eq!(v.path, "/settings/max_rounds");
        let v: Vary = "fighters[1].weapons[0]=[1,2],\"a,b\",true".parse().unwrap();
        assert_eq!(v.path, "/fighters/1/weapons/0");
        assert_eq!(
            v.values,
            [
                serde_json::json!([1, 2]),
                Value::from("a,b"),
                Value::from(true)
            ]
        );
        let v: Vary = "x=0..3".parse().unwrap();
        assert_eq!(v.values, [0, 1, 2].map(Value::from));
        for bad in [
            "x",
            "=1",
            "x=5..1",
            "x=1..=2:0",
            "x=a",
            "x[1=2",
            "x=0..=1000",
        ] {
            assert!(bad.parse::<Vary>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_difference_interval_is_newcombes_hybrid_score() {
        // Newcombe (1998), "Interval estimation for the difference between independent
        // proportions", Statistics in Medicine 17, table II, example (a): 56/70 - 48/80,
        // method 10: 0.0524 to 0.3339.
        let (low, high) = difference_interval((56, 70), (48, 80));
        assert!(
            (low - 0.0524).abs() < 5e-5 && (high - 0.3339).abs() < 5e-5,
            "{low} {high}"
        );
        // Example (b): 9/10 - 3/10 -> 0.1705 to 0.8090.
        let (low, high) = difference_interval((9, 10), (3, 10));
        assert!(
            (low - 0.1705).abs() < 5e-5 && (high - 0.8090).abs() < 5e-5,
            "{low} {high}"
        );
    }
}
