//! Exact odds against 10^6 sampled tests (fixed seeds), within 4 standard errors.

use fray_age::*;
use fray_dice::{Ratio, Rng};

const N: u64 = 1_000_000;

fn close(label: &str, hits: u64, n: u64, exact: Ratio) {
    let p = exact.to_f64();
    let observed = hits as f64 / n as f64;
    let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
    assert!(
        (observed - p).abs() <= 4.0 * se,
        "{label}: sampled {observed}, exact {exact} = {p}, 4 SE = {}",
        4.0 * se
    );
}

/// AGE-04: success doubles and stunt points match sampling.
#[test]
fn age_04_success_doubles_and_stunt_points_match_sampling() {
    let specs = [
        TestSpec {
            ability: 0,
            tn: Some(11),
            ..TestSpec::default()
        },
        TestSpec {
            ability: 2,
            focus: true,
            tn: Some(15),
            ..TestSpec::default()
        },
        TestSpec {
            ability: 1,
            modifier: -3,
            tn: Some(13),
            ..TestSpec::default()
        },
        TestSpec {
            ability: 3,
            modifier: 2,
            tn: Some(7),
            ..TestSpec::default()
        },
        TestSpec {
            ability: -1,
            tn: Some(19),
            ..TestSpec::default()
        },
    ];
    let exact: Vec<TestOdds> = specs.iter().map(|s| test_odds(s).unwrap()).collect();
    let mut success = [0u64; 5];
    let mut doubles = [0u64; 5];
    let mut sp = [[0u64; 7]; 5];
    let mut rng = Rng::new(2024, 0);
    for _ in 0..N {
        let first = test(&mut rng, &specs[0]).unwrap();
        for (i, spec) in specs.iter().enumerate() {
            let r = if i == 0 {
                first
            } else {
                TestResult::from_dice(first.dice, spec)
            };
            success[i] += u64::from(r.success);
            doubles[i] += u64::from(r.doubles);
            sp[i][usize::from(r.stunt_points)] += 1;
        }
    }
    for i in 0..specs.len() {
        close(&format!("success {i}"), success[i], N, exact[i].success);
        close(&format!("doubles {i}"), doubles[i], N, exact[i].doubles);
        assert_eq!(exact[i].doubles, Ratio::new(4, 9));
        for (k, &count) in sp[i].iter().enumerate() {
            close(
                &format!("{k} SP {i}"),
                count,
                N,
                exact[i].stunt_points.probability(k as i64),
            );
        }
    }
    // Spot values: 3d6 ≥ 11 is 1/2. SP = 6 needs a 6 on the Drama Die, doubles and a
    // success: (6,x) or (x,6) with any x — 11 pairs — plus (3,3), (4,4), (5,5): 14/216.
    assert_eq!(exact[0].success, Ratio::new(1, 2));
    assert_eq!(exact[0].stunt_points.probability(6), Ratio::new(14, 216));
}

/// AGE-05: opposed win and tie match sampling.
#[test]
fn age_05_opposed_win_and_tie_match_sampling() {
    let a = TestSpec {
        ability: 2,
        ..TestSpec::default()
    };
    let b = TestSpec {
        ability: 1,
        focus: true,
        ..TestSpec::default()
    };
    let exact = opposed_odds(&a, &b);
    let (mut first, mut tie) = (0u64, 0u64);
    let mut rng = Rng::new(99, 3);
    for _ in 0..N {
        match opposed(&mut rng, &a, &b).unwrap().winner {
            Some(0) => first += 1,
            None => tie += 1,
            _ => {}
        }
    }
    close("first wins", first, N, exact.first_wins);
    close("tie", tie, N, exact.tie);
}

/// AGE-06: expected rolls match sampling.
#[test]
fn age_06_expected_rolls_match_sampling() {
    let spec = AdvancedSpec {
        test: TestSpec {
            ability: 1,
            tn: Some(13),
            ..TestSpec::default()
        },
        threshold: 10,
        max_rolls: 64,
    };
    let exact = expected_rolls(&spec).unwrap().approx;
    let n = 100_000u64;
    let mut rng = Rng::new(5, 0);
    let (mut sum, mut sum_sq) = (0f64, 0f64);
    for _ in 0..n {
        let r = advanced_test(&mut rng, &spec).unwrap();
        assert!(r.complete, "64 rolls always suffice here in practice");
        sum += f64::from(r.rolls);
        sum_sq += f64::from(r.rolls).powi(2);
    }
    let mean = sum / n as f64;
    let var = sum_sq / n as f64 - mean * mean;
    let se = (var / n as f64).sqrt();
    assert!(
        (mean - exact).abs() <= 4.0 * se,
        "mean {mean}, exact {exact}, SE {se}"
    );
    let within = finish_within(&spec, 5).unwrap();
    let mut rng = Rng::new(6, 0);
    let five = AdvancedSpec {
        max_rolls: 5,
        ..spec
    };
    let done = (0..n)
        .filter(|_| advanced_test(&mut rng, &five).unwrap().complete)
        .count() as u64;
    close("finished within 5", done, n, within[4]);
}
