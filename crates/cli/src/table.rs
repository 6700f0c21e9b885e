//! Text rendering of exact odds: a table with fractions, percentages and a bar chart.

use fray_dice::{Distribution, OddsTable, Ratio};

const BAR_WIDTH: f64 = 40.0;

fn bar(p: f64, max: f64) -> String {
    let cells = if max > 0.0 {
        (p / max * BAR_WIDTH).round() as usize
    } else {
        0
    };
    "#".repeat(cells)
}

/// The distribution of a dice expression: value, exact probability, percent, P(≥ value), bar.
pub fn distribution(title: &str, d: &Distribution) -> String {
    let denominator = d.denominator();
    let rows: Vec<(i64, Ratio)> = d
        .iter()
        .map(|(v, c)| (v, Ratio::new(c, denominator)))
        .collect();
    let max = rows.iter().map(|(_, p)| p.to_f64()).fold(0.0, f64::max);
    let width = rows
        .iter()
        .map(|(_, p)| p.to_string().len())
        .max()
        .unwrap_or(1)
        .max("probability".len());
    let mut out = format!(
        "exact odds of {title}\n{:>6}  {:>width$}  {:>8}  {:>8}\n",
        "value", "probability", "%", ">= %"
    );
    // P(X >= value) as a running suffix sum: one pass, not one scan per row.
    let mut at_least: u128 = d.iter().map(|(_, c)| c).sum();
    for ((value, p), (_, count)) in rows.iter().zip(d.iter()) {
        out.push_str(&format!(
            "{value:>6}  {:>width$}  {:>8.4}  {:>8.4}  {}\n",
            p.to_string(),
            p.to_f64() * 100.0,
            at_least as f64 / denominator as f64 * 100.0,
            bar(p.to_f64(), max),
        ));
        at_least -= count;
    }
    out.push_str(&format!(
        "mean {:.4}, standard deviation {:.4}\n",
        d.mean(),
        d.std_dev()
    ));
    let unresolved = d.unresolved();
    if unresolved.numerator > 0 {
        out.push_str(&format!(
            "unresolved (explosions deeper than computed): {unresolved} ≈ {:.3e}\n",
            unresolved.to_f64()
        ));
    }
    out
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

/// A probability as JSON: exact fraction plus a float for plotting.
pub fn ratio_json(r: Ratio) -> serde_json::Value {
    serde_json::json!({
        "probability": r.to_string(),
        "numerator": r.numerator.to_string(),
        "denominator": r.denominator.to_string(),
        "float": r.to_f64(),
    })
}
