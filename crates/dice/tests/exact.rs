//! Exact distributions checked against brute-force enumeration of every outcome.

use std::collections::BTreeMap;

use fray_dice::{Distribution, Expr, Ratio};

/// Every outcome of `n` dice of `sides` faces, in lexicographic order.
fn outcomes(n: usize, sides: u32) -> Vec<Vec<i64>> {
    let mut all = vec![vec![]];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                (1..=sides).map(move |f| {
                    let mut v = prefix.clone();
                    v.push(i64::from(f));
                    v
                })
            })
            .collect();
    }
    all
}

fn brute(n: usize, sides: u32, value: impl Fn(&mut Vec<i64>) -> i64) -> Distribution {
    let mut counts: BTreeMap<i64, u128> = BTreeMap::new();
    let all = outcomes(n, sides);
    let total = all.len() as u128;
    for mut o in all {
        *counts.entry(value(&mut o)).or_insert(0) += 1;
    }
    Distribution::from_pairs(counts, total).unwrap()
}

fn odds(text: &str) -> Distribution {
    Expr::parse(text).unwrap().distribution().unwrap()
}

#[test]
fn three_d8_keep_highest_two_matches_all_512_outcomes() {
    let expected = brute(3, 8, |o| {
        o.sort_unstable();
        o[1] + o[2]
    });
    assert_eq!(odds("3d8kh2"), expected);
    assert_eq!(odds("3d8kh2").probability(16), Ratio::new(11, 256));
    assert_eq!(odds("3d8k2"), expected);
}

#[test]
fn four_d6_drop_lowest_matches_all_1296_outcomes() {
    let expected = brute(4, 6, |o| {
        o.sort_unstable();
        o[1] + o[2] + o[3]
    });
    assert_eq!(odds("4d6dl1"), expected);
    assert_eq!(odds("4d6kh3"), expected);
}

#[test]
fn keep_lowest_and_drop_highest_match_brute_force() {
    let lowest_two = brute(4, 6, |o| {
        o.sort_unstable();
        o[0] + o[1]
    });
    assert_eq!(odds("4d6kl2"), lowest_two);
    assert_eq!(odds("4d6dh2"), lowest_two);
}

#[test]
fn success_counting_matches_brute_force() {
    let expected = brute(5, 6, |o| o.iter().filter(|&&v| v >= 5).count() as i64);
    assert_eq!(odds("5d6>=5"), expected);
    let kept = brute(4, 6, |o| {
        o.sort_unstable();
        o[2..].iter().filter(|&&v| v >= 5).count() as i64
    });
    assert_eq!(odds("4d6kh2>=5"), kept);
}

#[test]
fn reroll_once_and_reroll_repeatedly() {
    // ro<=2 on a d6: a face of 1 or 2 is replaced by a fresh d6 once.
    let once = odds("1d6ro<=2");
    assert_eq!(once.probability(1), Ratio::new(2, 36));
    assert_eq!(once.probability(6), Ratio::new(6 + 2, 36));
    // r<=2 rerolls until 3..6 shows: uniform over four faces.
    let again = odds("1d6r<=2");
    assert_eq!(again.probability(1), Ratio::new(0, 1));
    assert_eq!(again.probability(3), Ratio::new(1, 4));
}

#[test]
fn explosion_to_its_cap_is_exact_and_deeper_mass_is_reported() {
    // 1d6! with depth 100 cannot be computed to the end: the unresolved mass is explicit and
    // resolved plus unresolved is exactly one.
    let d = odds("1d6!");
    assert_eq!(d.probability(5), Ratio::new(1, 6));
    assert_eq!(d.probability(6), Ratio::new(0, 1));
    assert_eq!(d.probability(7), Ratio::new(1, 36));
    assert_eq!(d.probability(12), Ratio::new(0, 1));
    assert_eq!(d.probability(13), Ratio::new(1, 216));
    let unresolved = d.unresolved();
    assert!(
        unresolved.numerator > 0,
        "the cut-off must be reported, not dropped"
    );
    let resolved: u128 = d.iter().map(|(_, c)| c).sum();
    assert_eq!(
        resolved + unresolved.numerator * (d.denominator() / unresolved.denominator),
        d.denominator()
    );
}

#[test]
fn odds_of_arithmetic_are_exact() {
    let sum = odds("2d6+3");
    assert_eq!(sum.probability(10), Ratio::new(6, 36));
    let halved = odds("1d6/2");
    assert_eq!(halved.probability(0), Ratio::new(1, 6));
    assert_eq!(halved.probability(3), Ratio::new(1, 6));
    assert_eq!(odds("-(1d4)").min(), -4);
    assert_eq!(odds("2*1d4").probability(8), Ratio::new(1, 4));
    assert_eq!(odds("d%").probability(100), Ratio::new(1, 100));
}

#[test]
fn ten_d6_mean_and_spread() {
    let d = odds("10d6");
    assert_eq!(d.denominator(), 6u128.pow(10));
    assert!((d.mean() - 35.0).abs() < 1e-9);
    assert!((d.std_dev() - (10.0f64 * 35.0 / 12.0).sqrt()).abs() < 1e-9);
    assert_eq!(d.at_least(60), Ratio::new(1, 6u128.pow(10)));
}

#[test]
fn too_large_exact_answers_are_refused_with_the_limit_named() {
    let err = odds_err("60d6");
    assert!(err.contains("128-bit"), "{err}");
    let err = odds_err("1d100000*1d100000");
    assert!(err.contains("over the limit of 1048576"), "{err}");
}

fn odds_err(text: &str) -> String {
    Expr::parse(text)
        .unwrap()
        .distribution()
        .unwrap_err()
        .to_string()
}

#[test]
fn hostile_expressions_are_refused_with_a_limit_error() {
    use fray_dice::ErrorKind;
    for text in [
        "10000d10000",
        "1d4294967295",
        "2d4294967295!",
        "6d1000000kh3",
        "1d4294967295r<=4294967294",
        "200d2",
    ] {
        let err = Expr::parse(text).unwrap().distribution().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Limit, "{text}: {err}");
    }
}

#[test]
fn sums_of_fair_dice_take_the_sliding_window_and_stay_exact() {
    // 12d1000 via the linear path: symmetric, and the extremes are 1/1000^12.
    let d = odds("12d1000");
    assert_eq!(d.probability(12), Ratio::new(1, 1000u128.pow(12)));
    assert_eq!(d.probability(12_000), d.probability(12));
    assert_eq!(d.probability(6000), d.probability(6012));
    // A non-uniform sum (2d6 + 2d6) goes through the general convolution: same as 4d6.
    let two = odds("2d6");
    assert_eq!(two.add(&two).unwrap(), odds("4d6"));
}
