//! `fray sweep --plot FILE.svg`: one path draws the first side's win rate against the value
//! with its 95 % interval as a band; two paths draw a heatmap of that win rate, one cell a
//! point. SVG only, with the plotting crate's own text layout (no fonts read).

use std::path::Path;

use fray_dice::{msg, Lang};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde_json::Value;

use crate::text::tr;

/// One point to draw: its values, the win rate and its 95 % interval.
pub struct Mark {
    /// The values of the varied paths.
    pub values: Vec<Value>,
    /// The win rate and its interval, 0 ..= 1.
    pub rate: (f64, f64, f64),
}

const BAND: RGBColor = RGBColor(160, 190, 230);
const LINE: RGBColor = RGBColor(30, 80, 160);

fn fail(path: &Path, lang: Lang) -> impl Fn(String) -> String + '_ {
    move |e| {
        tr(
            lang,
            msg!(
                "cli-plot-cannot-draw",
                path = path.display().to_string(),
                error = e
            ),
        )
    }
}

fn label(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The win-rate curve of a one-path sweep, its interval as a band around it.
pub fn curve(
    file: &Path,
    path: &str,
    side: &str,
    marks: &[Mark],
    lang: Lang,
) -> Result<(), String> {
    let fail = fail(file, lang);
    // Numbers stand at their value; anything else at its position, labelled by itself.
    let numeric: Option<Vec<f64>> = marks.iter().map(|m| m.values[0].as_f64()).collect();
    let xs: Vec<f64> = numeric
        .clone()
        .unwrap_or_else(|| (0..marks.len()).map(|i| i as f64).collect());
    let (mut lo, mut hi) = xs
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
    if lo == hi {
        (lo, hi) = (lo - 1.0, hi + 1.0);
    }
    let root = SVGBackend::new(file, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            tr(lang, msg!("cli-plot-curve-title", side = side)),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(lo..hi, 0.0..100.0)
        .map_err(|e| fail(e.to_string()))?;
    let names: Vec<String> = marks.iter().map(|m| label(&m.values[0])).collect();
    let by_position = |x: &f64| {
        let i = x.round();
        if (x - i).abs() < 1e-9 && i >= 0.0 {
            names.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    let mut mesh = chart.configure_mesh();
    mesh.x_desc(path)
        .y_desc(tr(lang, msg!("cli-plot-curve-axis", side = side)));
    if numeric.is_none() {
        mesh.x_label_formatter(&by_position);
    }
    mesh.draw().map_err(|e| fail(e.to_string()))?;
    let mut band: Vec<(f64, f64)> = xs
        .iter()
        .zip(marks)
        .map(|(&x, m)| (x, m.rate.2 * 100.0))
        .collect();
    band.extend(
        xs.iter()
            .zip(marks)
            .rev()
            .map(|(&x, m)| (x, m.rate.1 * 100.0)),
    );
    chart
        .draw_series(std::iter::once(Polygon::new(band, BAND.mix(0.6).filled())))
        .map_err(|e| fail(e.to_string()))?;
    let line: Vec<(f64, f64)> = xs
        .iter()
        .zip(marks)
        .map(|(&x, m)| (x, m.rate.0 * 100.0))
        .collect();
    chart
        .draw_series(LineSeries::new(line.clone(), LINE.stroke_width(2)))
        .map_err(|e| fail(e.to_string()))?;
    chart
        .draw_series(line.iter().map(|&p| Circle::new(p, 4, LINE.filled())))
        .map_err(|e| fail(e.to_string()))?;
    root.present().map_err(|e| fail(e.to_string()))
}

/// The win-rate heatmap of a two-path sweep: the first path across, the second up.
pub fn heatmap(
    file: &Path,
    paths: [&str; 2],
    side: &str,
    (columns, rows): (&[Value], &[Value]),
    marks: &[Mark],
    lang: Lang,
) -> Result<(), String> {
    let fail = fail(file, lang);
    let root = SVGBackend::new(file, (800, 600)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| fail(e.to_string()))?;
    let (nx, ny) = (columns.len() as u32, rows.len() as u32);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            tr(lang, msg!("cli-plot-heatmap-title", side = side)),
            ("sans-serif", 20),
        )
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d((0..nx).into_segmented(), (0..ny).into_segmented())
        .map_err(|e| fail(e.to_string()))?;
    let name = |values: &[Value], s: &SegmentValue<u32>| match s {
        SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => {
            values.get(*i as usize).map(label).unwrap_or_default()
        }
        SegmentValue::Last => String::new(),
    };
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(paths[0])
        .y_desc(paths[1])
        .x_labels(columns.len())
        .y_labels(rows.len())
        .x_label_formatter(&|s| name(columns, s))
        .y_label_formatter(&|s| name(rows, s))
        .draw()
        .map_err(|e| fail(e.to_string()))?;
    // Points come with the first path slowest: point k is column k / rows, row k % rows.
    let cells = marks.iter().enumerate().map(|(k, m)| {
        let (x, y) = ((k / rows.len()) as u32, (k % rows.len()) as u32);
        // White at 0 %, deep blue at 100 %.
        let t = m.rate.0.clamp(0.0, 1.0);
        let shade = |full: u8| (255.0 - (255.0 - f64::from(full)) * t).round() as u8;
        let colour = RGBColor(shade(LINE.0), shade(LINE.1), shade(LINE.2));
        Rectangle::new(
            [
                (SegmentValue::Exact(x), SegmentValue::Exact(y)),
                (SegmentValue::Exact(x + 1), SegmentValue::Exact(y + 1)),
            ],
            colour.filled(),
        )
    });
    chart.draw_series(cells).map_err(|e| fail(e.to_string()))?;
    chart
        .draw_series(marks.iter().enumerate().map(|(k, m)| {
            let (x, y) = ((k / rows.len()) as u32, (k % rows.len()) as u32);
            let ink = if m.rate.0 > 0.5 { &WHITE } else { &BLACK };
            Text::new(
                format!("{:.1}", m.rate.0 * 100.0),
                (SegmentValue::CenterOf(x), SegmentValue::CenterOf(y)),
                ("sans-serif", 14)
                    .into_font()
                    .color(ink)
                    .pos(Pos::new(HPos::Center, VPos::Center)),
            )
        }))
        .map_err(|e| fail(e.to_string()))?;
    root.present().map_err(|e| fail(e.to_string()))
}
