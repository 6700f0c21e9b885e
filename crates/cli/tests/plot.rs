//! `fray sweep --plot FILE.svg` draws a curve with its interval band or a heatmap (issue 22).

use std::path::PathBuf;
use std::process::Command;

fn sweep_plot(name: &str, extra: &[&str]) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("fray-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(name);
    let duel = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/setups/hunt/duel.json"
    );
    let mut args = vec![
        "sweep", "hunt", "--setup", duel, "--trials", "200", "--json",
    ];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--plot", file.to_str().unwrap()]);
    let out = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(&args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    (file, svg)
}

fn count<'a>(doc: &'a roxmltree::Document, tag: &str) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants().filter(|n| n.has_tag_name(tag)).collect()
}

#[test]
fn one_path_draws_a_curve_with_a_point_per_value_and_an_interval_band() {
    let (_, svg) = sweep_plot(
        "curve.svg",
        &["--vary", "fighters[0].stats.marksmanship=1..=6"],
    );
    let doc = roxmltree::Document::parse(&svg).expect("the picture is XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    assert_eq!(count(&doc, "circle").len(), 6, "one mark per point");
    let band = count(&doc, "polygon");
    assert_eq!(band.len(), 1);
    // The band goes out along the upper bounds and back along the lower: 2 x 6 corners.
    let corners = band[0]
        .attribute("points")
        .unwrap()
        .split_whitespace()
        .count();
    assert_eq!(corners, 12);
    let texts: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.text())
        .map(str::trim)
        .collect();
    assert!(
        texts.iter().any(|t| t.contains("hunter win rate")),
        "{texts:?}"
    );
    assert!(texts.contains(&"fighters[0].stats.marksmanship"));
}

#[test]
fn two_paths_draw_a_heatmap_with_a_cell_per_point() {
    let (_, svg) = sweep_plot(
        "heatmap.svg",
        &[
            "--vary",
            "fighters[0].stats.marksmanship=1..=4",
            "--vary",
            "fighters[1].stats.agility=1,3,5",
        ],
    );
    let doc = roxmltree::Document::parse(&svg).expect("the picture is XML");
    // The background and one cell per point.
    let rects = count(&doc, "rect");
    assert_eq!(rects.len(), 1 + 4 * 3);
    let fills: std::collections::BTreeSet<&str> = rects[1..]
        .iter()
        .filter_map(|r| r.attribute("fill"))
        .collect();
    assert!(fills.len() > 1, "cells are shaded by their rate: {fills:?}");
    // Each cell is labelled with its rate, e.g. "47.5".
    let labels = count(&doc, "text")
        .iter()
        .filter_map(|n| n.text())
        .map(str::trim)
        .filter(|t| t.contains('.') && t.parse::<f64>().is_ok())
        .count();
    assert_eq!(labels, 12);
}

#[test]
fn a_picture_that_cannot_be_written_is_one_line_and_exit_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args([
            "sweep",
            "hunt",
            "--vary",
            "max_rounds=1,2",
            "--trials",
            "10",
            "--plot",
            "/nonexistent-dir/x.svg",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot draw /nonexistent-dir/x.svg"), "{err}");
}
