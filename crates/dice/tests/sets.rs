//! Sets `(1d6,2d6)kh1` (d20's notation): parsed, rolled with their transcript, and exact
//! odds checked by brute force on both count paths.

use std::collections::BTreeMap;

use fray_dice::{BigRatio, Depth, DieFate, ErrorKind, Expr, Scripted};

#[test]
fn sets_have_a_canonical_form() {
    for (text, canonical) in [
        ("(1d6, 2d6)kh1", "(1d6,2d6)kh1"),
        ("(1d20,1d20)kl1+5", "(1d20,1d20)kl1+5"),
        ("(3,1d6)p<3", "(3,1d6)p<3"),
        ("(1d6,2d6)", "(1d6,2d6)"),
        ("(2d6)kh1", "(2d6)kh1"),
        ("(1d4,1d6,1d8)p1", "(1d4,1d6,1d8)dl1"),
        ("(1d6,2d6)kh1>=4", "(1d6,2d6)kh1>=4"),
    ] {
        let expr = Expr::parse(text).unwrap();
        assert_eq!(expr.to_string(), canonical, "{text}");
        assert_eq!(Expr::parse(canonical).unwrap(), expr, "{text}");
    }
    // Parentheses around one expression without a rule are not a set.
    assert_eq!(Expr::parse("(2d6)").unwrap(), Expr::parse("2d6").unwrap());
}

#[test]
fn bad_sets_are_refused_with_a_reason() {
    for (text, kind, says) in [
        (
            "(1d6,2d6)kh3",
            ErrorKind::InvalidDice,
            "cannot keep or drop 3 of a set of 2",
        ),
        ("(1d6,2d6)kh1kl1", ErrorKind::Parse, "at most one keep/drop"),
        ("(1d6,)", ErrorKind::Parse, "expected a number"),
        ("(1d6,2d6", ErrorKind::Parse, "expected ')'"),
    ] {
        let err = Expr::parse(text)
            .and_then(|e| e.validate().map(|()| e))
            .unwrap_err();
        assert_eq!(err.kind(), kind, "{text}: {err}");
        assert!(err.to_string().contains(says), "{text}: {err}");
    }
}

#[test]
fn the_transcript_marks_the_dice_of_dropped_elements() {
    // (1d6,2d6)kh1 showing 5 | 1, 2: totals 5 and 3, the 2d6 is dropped.
    let roll = Expr::parse("(1d6,2d6)kh1")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([5, 1, 2]))
        .unwrap();
    assert_eq!(roll.total, 5);
    let fates: Vec<(u32, DieFate)> = roll
        .transcript
        .dice
        .iter()
        .map(|d| (d.value, d.fate))
        .collect();
    assert_eq!(
        fates,
        [
            (5, DieFate::Kept),
            (1, DieFate::Dropped),
            (2, DieFate::Dropped)
        ]
    );
    // A tie keeps the earlier element.
    let roll = Expr::parse("(1d6,1d6)kh1")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([3, 3]))
        .unwrap();
    assert_eq!(roll.total, 3);
    assert_eq!(roll.transcript.dice[0].fate, DieFate::Kept);
    assert_eq!(roll.transcript.dice[1].fate, DieFate::Dropped);
    // By value: elements below 3 count nothing.
    let total = Expr::parse("(1d6,1d6,1d6)p<3")
        .unwrap()
        .roll(&mut Scripted::new([1, 4, 2]), None)
        .unwrap();
    assert_eq!(total, 4);
}

/// Every combination of faces of `sides` (one entry per die, in roll order), the total by
/// `f`: counts over all combinations.
fn brute(sides: &[u32], f: &dyn Fn(&[i64]) -> i64) -> (BTreeMap<i64, u128>, u128) {
    let total: u128 = sides.iter().map(|&s| u128::from(s)).product();
    let mut counts = BTreeMap::new();
    for code in 0..total {
        let mut rest = code;
        let faces: Vec<i64> = sides
            .iter()
            .map(|&s| {
                let face = (rest % u128::from(s)) as i64 + 1;
                rest /= u128::from(s);
                face
            })
            .collect();
        *counts.entry(f(&faces)).or_insert(0u128) += 1;
    }
    (counts, total)
}

fn agrees(text: &str, (counts, total): (BTreeMap<i64, u128>, u128)) {
    let expr = Expr::parse(text).unwrap();
    let fast = expr.distribution().unwrap();
    let big = expr.odds_big_only(Depth::default()).unwrap();
    assert_eq!(big.len(), counts.len(), "{text}");
    for (&value, &count) in &counts {
        let want = BigRatio::new(count.into(), total.into());
        assert_eq!(big.probability(value), want, "{text} at {value}");
        assert_eq!(
            BigRatio::from(fast.probability(value)),
            want,
            "{text} at {value}"
        );
    }
}

#[test]
fn set_odds_match_brute_force() {
    agrees(
        "(1d6,2d6)kh1",
        brute(&[6, 6, 6], &|f| f[0].max(f[1] + f[2])),
    );
    agrees(
        "(1d6,2d6)kl1",
        brute(&[6, 6, 6], &|f| f[0].min(f[1] + f[2])),
    );
    let top_two = |f: &[i64]| {
        let mut v = f.to_vec();
        v.sort_unstable();
        v[1] + v[2]
    };
    agrees("(1d4,1d6,1d8)dl1", brute(&[4, 6, 8], &top_two));
    agrees(
        "(1d6,2d4)k>4",
        brute(&[6, 4, 4], &|f| {
            [f[0], f[1] + f[2]].iter().filter(|&&v| v > 4).sum()
        }),
    );
    agrees("(1d6,2d4)", brute(&[6, 4, 4], &|f| f.iter().sum()));
    agrees(
        "(1d6,2d6)kh1>=5",
        brute(&[6, 6, 6], &|f| i64::from(f[0].max(f[1] + f[2]) >= 5)),
    );
}

#[test]
fn a_set_of_two_d20_is_disadvantage() {
    let set = Expr::parse("(1d20,1d20)kl1").unwrap().odds().unwrap();
    let pool = Expr::parse("2d20kl1").unwrap().odds().unwrap();
    assert_eq!(set, pool);
}

#[test]
fn a_comparison_after_a_negated_or_summed_pool_keeps_its_parentheses() {
    // Found by the notation fuzz target: `-(7d1)>0` was written `-7d1>0`, which reads as
    // minus the successes of 7d1 (-7) where the text compares -7 with 0 (0).
    for (text, canonical, value) in [
        ("-(07d1)>0", "(-7d1)>0", 0),
        ("(1+2d1)>=3", "(1+2d1)>=3", 1),
        ("2*(3d1)>5", "(2*3d1)>5", 1),
    ] {
        let e = fray_dice::Expr::parse(text).unwrap();
        assert_eq!(e.to_string(), canonical, "{text}");
        let again = fray_dice::Expr::parse(canonical).unwrap();
        let dist = again.distribution().unwrap();
        assert_eq!(dist.iter().collect::<Vec<_>>(), vec![(value, 1)], "{text}");
    }
}
