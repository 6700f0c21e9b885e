//! Sampled rolls against exact expectations, with fixed seeds.

use fray_dice::{Dice, Expr, Rng};

/// Pearson's chi-square statistic of `counts` against a uniform expectation.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

fn faces(sides: u32, seed: u64) -> Vec<u64> {
    let mut rng = Rng::new(seed, 0);
    let mut counts = vec![0u64; sides as usize];
    for _ in 0..1_000_000 {
        counts[(rng.roll(sides).unwrap() - 1) as usize] += 1;
    }
    counts
}

// Critical values of chi-square at the 99.9% level.
#[test]
fn d6_is_uniform_at_the_999_level() {
    assert!(chi_square(&faces(6, 1)) < 20.515);
}

#[test]
fn d7_is_uniform_at_the_999_level() {
    // 7 does not divide 2^32: this exercises the rejection branch of the mapping.
    assert!(chi_square(&faces(7, 2)) < 22.458);
}

#[test]
fn d20_is_uniform_at_the_999_level() {
    assert!(chi_square(&faces(20, 3)) < 43.820);
}

#[test]
fn sampled_3d8kh2_agrees_with_exact_odds_within_4_standard_errors() {
    let expr = Expr::parse("3d8kh2").unwrap();
    let exact = expr.distribution().unwrap();
    let n = 1_000_000u64;
    let mut rng = Rng::new(2024, 0);
    let mut counts = [0u64; 17];
    for _ in 0..n {
        counts[expr.roll(&mut rng, None).unwrap() as usize] += 1;
    }
    for (value, _) in exact.iter() {
        let p = exact.probability(value).to_f64();
        let observed = counts[value as usize] as f64 / n as f64;
        let se = (p * (1.0 - p) / n as f64).sqrt();
        assert!(
            (observed - p).abs() < 4.0 * se,
            "value {value}: observed {observed}, exact {p}"
        );
    }
}

#[test]
fn k_die_is_fair() {
    let mut rng = Rng::new(5, 9);
    let ones: u64 = (0..1_000_000).map(|_| u64::from(rng.k_die())).sum();
    let se = (0.25f64 / 1e6).sqrt();
    assert!((ones as f64 / 1e6 - 0.5).abs() < 4.0 * se);
}

/// Pearson's chi-square of 10⁵ rolls of `text` (seed `seed`, one stream) against its exact
/// odds, values expected fewer than 5 times pooled into one bin; asserts it is below the
/// 99.9 % critical value (Wilson–Hilferty's approximation for the degrees of freedom).
fn rolls_match_exact_odds(text: &str, seed: u64) {
    let expr = Expr::parse(text).unwrap();
    let exact = expr.odds().unwrap();
    assert!(exact.unresolved().to_f64() < 1e-12, "{text}");
    let n = 100_000u64;
    let mut observed = std::collections::BTreeMap::<i64, u64>::new();
    let mut rng = Rng::new(seed, 0);
    for _ in 0..n {
        *observed
            .entry(expr.roll(&mut rng, None).unwrap())
            .or_default() += 1;
    }
    let (mut stat, mut bins) = (0.0, 0u32);
    let (mut rest_expected, mut rest_observed) = (0.0, 0u64);
    for (value, _) in exact.iter() {
        let expected = exact.probability(value).to_f64() * n as f64;
        let seen = observed.remove(&value).unwrap_or(0);
        if expected >= 5.0 {
            stat += (seen as f64 - expected).powi(2) / expected;
            bins += 1;
        } else {
            rest_expected += expected;
            rest_observed += seen;
        }
    }
    assert!(
        observed.is_empty(),
        "{text}: rolled values the odds exclude: {observed:?}"
    );
    if rest_expected > 0.0 {
        stat += (rest_observed as f64 - rest_expected).powi(2) / rest_expected;
        bins += 1;
    }
    let df = f64::from(bins - 1);
    let z = 3.090_2; // the 99.9 % point of the standard normal
    let critical = df * (1.0 - 2.0 / (9.0 * df) + z * (2.0 / (9.0 * df)).sqrt()).powi(3);
    assert!(
        stat < critical,
        "{text}: chi-square {stat:.2} over {critical:.2} (df {df})"
    );
}

#[test]
fn p_drop_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("4d6p1", 11);
    rolls_match_exact_odds("5d8ph2", 12);
}

#[test]
fn remainder_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("2d10%7", 13);
}

#[test]
fn comparisons_of_totals_match_their_exact_odds() {
    rolls_match_exact_odds("1d20+5>=15", 14);
    rolls_match_exact_odds("(3d6)<=(2d8)", 15);
}

#[test]
fn exploding_sums_and_keeps_match_their_exact_odds() {
    rolls_match_exact_odds("1d6!+1d8!", 16);
    rolls_match_exact_odds("3d20kh2!>=15", 17);
}

#[test]
fn value_selector_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("4d6k>3", 18);
    rolls_match_exact_odds("5d8p<3", 19);
}

#[test]
fn annotated_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("2d6[fire]+1d4[cold]", 20);
}

#[test]
fn least_and_greatest_face_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("4d6mi2", 21);
    rolls_match_exact_odds("3d8ma6kh2", 22);
    rolls_match_exact_odds("2d6mi3!", 23);
}

#[test]
fn reroll_and_add_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("3d6ra6", 24);
    rolls_match_exact_odds("2d20ra>=19kh1", 25);
}

#[test]
fn reroll_then_keep_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("4d6rr1kh3", 26);
}

#[test]
fn set_rolls_match_their_exact_odds() {
    rolls_match_exact_odds("(1d6,2d6)kh1", 27);
    rolls_match_exact_odds("(1d4,1d6,1d8)dl1", 28);
    rolls_match_exact_odds("(1d8,2d4)p<4", 29);
}

/// Operations written after a keep/drop act on the kept dice, in written order.
#[test]
fn operations_after_a_keep_roll_as_their_exact_odds_say() {
    for (i, text) in [
        "4d6kh3rr1",
        "4d6kh3ro<=2",
        "3d6kh2mi3",
        "3d6dl1ma4",
        "3d6kh2ra6",
        "4d6kh3mi2rr1",
        "4d6kh2rr1>=5",
    ]
    .into_iter()
    .enumerate()
    {
        rolls_match_exact_odds(text, 40 + i as u64);
    }
}
