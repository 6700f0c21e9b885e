//! Text rendering of exact odds: a table with fractions, percentages and a bar chart.

use fray_dice::{msg, BigDistribution, BigRatio, BigUint, Distribution, Lang, OddsTable};

use crate::text::tr;

const BAR_WIDTH: f64 = 40.0;

fn bar(p: f64, max: f64) -> String {
    let cells = if max > 0.0 {
        (p / max * BAR_WIDTH).round() as usize
    } else {
        0
    };
    "#".repeat(cells)
}

/// Distributions with more values than this are summarised (most likely values, quantiles)
/// unless every row is asked for.
pub const SUMMARY_ROWS: usize = 100;
/// How many of the most likely values a summary shows.
const TOP_ROWS: usize = 10;
/// Quantiles a summary shows, in percent.
const QUANTILES: [u32; 7] = [1, 5, 25, 50, 75, 95, 99];

/// The distribution of a dice expression: value, exact probability, percent, P(≥ value), bar.
pub fn distribution(title: &str, d: &Distribution, lang: Lang) -> String {
    big_distribution(title, &BigDistribution::from(d), true, lang)
}

/// `P(X >= value)` numerators of the resolved values at the ascending positions `wanted`
/// (a suffix sum, stored only where asked for).
fn at_least_counts(d: &BigDistribution, wanted: &[usize]) -> Vec<BigUint> {
    let counts: Vec<&BigUint> = d.iter().map(|(_, c)| c).collect();
    let mut out = vec![BigUint::default(); wanted.len()];
    let mut running = BigUint::default();
    let mut next = wanted.len();
    for (i, c) in counts.iter().enumerate().rev() {
        running += *c;
        while next > 0 && wanted[next - 1] == i {
            next -= 1;
            out[next] = running.clone();
        }
    }
    out
}

/// The rows of `d` (all, or a summary past [`SUMMARY_ROWS`] values unless `all`), the mean
/// (as bounds when explosions left mass unresolved) and the unresolved mass.
pub fn big_distribution(title: &str, d: &BigDistribution, all: bool, lang: Lang) -> String {
    let denominator = d.denominator();
    let values = d.len();
    let summarised = !all && values > SUMMARY_ROWS;
    let counts: Vec<(i64, &BigUint)> = d.iter().collect();
    let mut shown: Vec<usize> = (0..values).collect();
    let mut out = format!("{}\n", tr(lang, msg!("cli-odds-title", what = title)));
    if summarised {
        out.push_str(&tr(
            lang,
            msg!("cli-odds-summarised", values = values, top = TOP_ROWS),
        ));
        out.push('\n');
        // Most likely first; equal probabilities by value.
        shown.sort_by(|&a, &b| counts[b].1.cmp(counts[a].1).then(a.cmp(&b)));
        shown.truncate(TOP_ROWS);
    }
    let mut ascending = shown.clone();
    ascending.sort_unstable();
    let at_least = at_least_counts(d, &ascending);
    let rows: Vec<(i64, BigRatio, f64)> = shown
        .iter()
        .map(|&i| {
            let ge = &at_least[ascending.binary_search(&i).unwrap_or(0)];
            (
                counts[i].0,
                BigRatio::new(counts[i].1.clone(), denominator.clone()),
                BigRatio::new(ge.clone(), denominator.clone()).to_f64(),
            )
        })
        .collect();
    let max = rows.iter().map(|(_, p, _)| p.to_f64()).fold(0.0, f64::max);
    let (value_head, probability_head) = (
        tr(lang, msg!("cli-odds-value")),
        tr(lang, msg!("cli-odds-probability")),
    );
    // A heading wider than its column widens it (Rust pads by characters, not bytes).
    let value_width = value_head.chars().count().max(6);
    let width = rows
        .iter()
        .map(|(_, p, _)| p.to_string().len())
        .max()
        .unwrap_or(1)
        .max(probability_head.chars().count());
    out.push_str(&format!(
        "{value_head:>value_width$}  {probability_head:>width$}  {:>8}  {:>8}\n",
        "%", ">= %"
    ));
    for (value, p, ge) in &rows {
        out.push_str(&format!(
            "{value:>value_width$}  {:>width$}  {:>8.4}  {:>8.4}  {}\n",
            p.to_string(),
            p.to_f64() * 100.0,
            ge * 100.0,
            bar(p.to_f64(), max),
        ));
    }
    if summarised {
        out.push_str(&quantiles(d, lang));
    }
    let unresolved = d.unresolved();
    let (mean, sd) = (format!("{:.4}", d.mean()), format!("{:.4}", d.std_dev()));
    if unresolved.is_zero() {
        out.push_str(&tr(lang, msg!("cli-odds-mean", mean = mean, sd = sd)));
    } else {
        let (low, high) = d.mean_bounds();
        out.push_str(&tr(
            lang,
            msg!(
                "cli-odds-mean-bounds",
                low = format!("{low:.6}"),
                high = format!("{high:.6}"),
                mean = mean,
                sd = sd
            ),
        ));
        out.push('\n');
        out.push_str(&tr(
            lang,
            msg!(
                "cli-odds-unresolved",
                mass = unresolved.to_string(),
                approx = format!("{:.3e}", unresolved.to_f64())
            ),
        ));
    }
    out.push('\n');
    out
}

/// The smallest value `v` with `P(X <= v) >= q` for each quantile `q`, exactly.
pub fn quantile_values(d: &BigDistribution) -> Vec<(u32, i64)> {
    let denominator = d.denominator();
    let mut result = Vec::new();
    let thresholds: Vec<BigUint> = QUANTILES.iter().map(|&q| denominator * q).collect();
    let mut running = BigUint::default();
    let mut next = QUANTILES.iter().zip(&thresholds).peekable();
    for (v, c) in d.iter() {
        running += c;
        let scaled = &running * 100u32;
        while let Some(&(&q, threshold)) = next.peek() {
            if &scaled >= threshold {
                result.push((q, v));
                next.next();
            } else {
                break;
            }
        }
    }
    result
}

fn quantiles(d: &BigDistribution, lang: Lang) -> String {
    let each: String = quantile_values(d)
        .into_iter()
        .map(|(q, v)| format!(", {q}% {v}"))
        .collect();
    let line = tr(
        lang,
        msg!(
            "cli-odds-quantiles",
            min = d.min().to_string(),
            quantiles = each,
            max = d.max().to_string()
        ),
    );
    format!("{line}\n")
}

/// A ruleset's odds tables.
pub fn tables(tables: &[OddsTable]) -> String {
    let mut out = String::new();
    for table in tables {
        let max = table
            .rows
            .iter()
            .map(|r| r.probability.to_f64())
            .fold(0.0, f64::max);
        let label = table
            .rows
            .iter()
            .map(|r| r.label.chars().count())
            .max()
            .unwrap_or(1);
        let width = table
            .rows
            .iter()
            .map(|r| r.probability.to_string().len())
            .max()
            .unwrap_or(1);
        out.push_str(&format!("{}\n", table.title));
        for row in &table.rows {
            out.push_str(&format!(
                "  {:<label$}  {:>width$}  {:>8.4}%  {}\n",
                row.label,
                row.probability.to_string(),
                row.probability.to_f64() * 100.0,
                bar(row.probability.to_f64(), max)
            ));
        }
    }
    out
}

/// A big probability as JSON: exact fraction plus a float for plotting.
pub fn big_ratio_json(r: &BigRatio) -> serde_json::Value {
    serde_json::json!({
        "probability": r.to_string(),
        "numerator": r.numerator().to_string(),
        "denominator": r.denominator().to_string(),
        "float": r.to_f64(),
    })
}
