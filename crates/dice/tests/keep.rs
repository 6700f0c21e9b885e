//! Keep/drop by order statistics against brute force: every outcome of small pools
//! enumerated, on both count paths (`u128` and big counts), and large pools against
//! independent closed forms.

use std::collections::BTreeMap;

use fray_dice::{BigUint, Depth, Expr};

/// Every outcome of `n` dice of `sides` faces: the kept faces (sorted best first, `kept` of
/// them) scored by `score`, counted over sides^n.
fn brute(
    n: u32,
    sides: u32,
    highest: bool,
    kept: usize,
    score: impl Fn(&[u32]) -> i64,
) -> BTreeMap<i64, u128> {
    let mut counts = BTreeMap::new();
    let mut faces = vec![1u32; n as usize];
    loop {
        let mut sorted = faces.clone();
        sorted.sort_unstable();
        if highest {
            sorted.reverse();
        }
        *counts.entry(score(&sorted[..kept])).or_default() += 1;
        let mut i = 0;
        loop {
            if i == faces.len() {
                return counts;
            }
            faces[i] += 1;
            if faces[i] <= sides {
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

/// Both count paths of `text` as (value, count over sides^n) pairs.
fn both_paths(text: &str, denominator: u128) -> [BTreeMap<i64, u128>; 2] {
    let expr = Expr::parse(text).unwrap();
    let fast = expr.distribution().unwrap();
    let scale = denominator / fast.denominator();
    let fast: BTreeMap<i64, u128> = fast.iter().map(|(v, c)| (v, c * scale)).collect();
    let big = expr.odds_big_only(Depth::default()).unwrap();
    let big_den = u128::try_from(big.denominator()).unwrap();
    let big: BTreeMap<i64, u128> = big
        .iter()
        .map(|(v, c)| (v, u128::try_from(c).unwrap() * (denominator / big_den)))
        .collect();
    [fast, big]
}

#[test]
fn keep_and_drop_match_brute_force_on_both_count_paths() {
    for n in 1..=5u32 {
        for sides in [1u32, 2, 3, 6] {
            for m in 0..=n {
                for (rule, highest, kept) in [
                    ("kh", true, m),
                    ("kl", false, m),
                    ("dh", false, n - m),
                    ("dl", true, n - m),
                ] {
                    let text = format!("{n}d{sides}{rule}{m}");
                    let expected = brute(n, sides, highest, kept as usize, |k| {
                        k.iter().map(|&f| i64::from(f)).sum()
                    });
                    let den = u128::from(sides).pow(n);
                    for (path, got) in ["u128", "big"].iter().zip(both_paths(&text, den)) {
                        assert_eq!(got, expected, "{text} on the {path} path");
                    }
                }
            }
        }
    }
}

/// Keep by face, then count successes among the kept: a test that passes low faces must
/// still keep the highest faces (the big path once ranked dice by their 0/1 score).
#[test]
fn success_counts_of_kept_dice_rank_by_face_on_both_paths() {
    for (text, n, sides, highest, kept, test) in [
        (
            "4d6kh2<=2",
            4,
            6,
            true,
            2,
            (|f: u32| f <= 2) as fn(u32) -> bool,
        ),
        ("4d6kl2>=5", 4, 6, false, 2, |f| f >= 5),
        ("5d4dl2=3", 5, 4, true, 3, |f| f == 3),
        ("3d8dh1>4", 3, 8, false, 2, |f| f > 4),
    ] {
        let expected = brute(n, sides, highest, kept, |k| {
            k.iter().filter(|&&f| test(f)).count() as i64
        });
        let den = u128::from(sides).pow(n);
        for (path, got) in ["u128", "big"].iter().zip(both_paths(text, den)) {
            assert_eq!(got, expected, "{text} on the {path} path");
        }
    }
}

/// `NdSkh1` is the maximum of N dice: P(max = m) = (m^N − (m−1)^N) / S^N, past 128 bits.
#[test]
fn keep_highest_one_of_a_big_pool_is_the_maximum() {
    for (n, sides) in [(60u32, 6u32), (200, 20), (100, 2)] {
        let d = Expr::parse(&format!("{n}d{sides}kh1"))
            .unwrap()
            .odds()
            .unwrap();
        let den = BigUint::from(sides).pow(n);
        for m in 1..=sides {
            let ways = BigUint::from(m).pow(n) - BigUint::from(m - 1).pow(n);
            let expected = fray_dice::BigRatio::new(ways, den.clone());
            assert_eq!(
                d.probability(i64::from(m)),
                expected,
                "{n}d{sides}kh1 = {m}"
            );
        }
    }
}

/// `100d6kh3` totals 18 unless fewer than three 6s fall: P(18) = 1 − P(at most two 6s).
#[test]
fn keep_highest_three_of_a_hundred_d6_totals_18_with_three_sixes() {
    let d = Expr::parse("100d6kh3").unwrap().odds().unwrap();
    let all = BigUint::from(6u32).pow(100);
    let five = |e: u32| BigUint::from(5u32).pow(e);
    let at_most_two =
        five(100) + BigUint::from(100u32) * five(99) + BigUint::from(4950u32) * five(98);
    let expected = fray_dice::BigRatio::new(&all - at_most_two, all);
    assert_eq!(d.probability(18), expected);
    assert_eq!(d.min(), 3);
}
