//! Per-die notation from d20: `mi`/`ma` (least and greatest face), `ra` (reroll and add) and
//! `rr` (reroll until the face stands): parsed, rolled with their transcript, and exact odds
//! checked by brute force on both count paths.

use std::collections::BTreeMap;

use fray_dice::{BigRatio, Depth, DieFate, ErrorKind, Expr, Scripted};

fn text_of(text: &str) -> String {
    Expr::parse(text).unwrap().to_string()
}

#[test]
fn per_die_modifiers_have_a_canonical_form() {
    assert_eq!(text_of("4d6mi2"), "4d6mi2");
    assert_eq!(text_of("4d6ma5mi2"), "4d6mi2ma5");
    assert_eq!(text_of("3d6ra6"), "3d6ra=6");
    assert_eq!(text_of("2d20ra>=19kh1"), "2d20ra>=19kh1");
    // d20's `rr` is Fray's `r`. Written after the keep/drop it rerolls the kept dice: a
    // different pool (see tests/written_order.rs).
    assert_eq!(text_of("4d6rr1kh3"), "4d6r=1kh3");
    assert_eq!(text_of("4d6kh3rr1"), "4d6kh3r=1");
    assert_ne!(
        Expr::parse("4d6kh3rr1").unwrap(),
        Expr::parse("4d6rr1kh3").unwrap()
    );
    for text in [
        "4d6mi2",
        "3d8ma6kh2",
        "1d6mi2!",
        "3d6ra6>=4",
        "2d10mi3ma8ro1",
        "4d6kh3mi2rr1>=3",
        "5d6ro1kl3ra6",
    ] {
        let expr = Expr::parse(text).unwrap();
        assert_eq!(Expr::parse(&expr.to_string()).unwrap(), expr, "{text}");
    }
}

#[test]
fn bad_per_die_modifiers_are_refused_with_a_reason() {
    for (text, kind, says) in [
        (
            "1d6mi5ma3",
            ErrorKind::InvalidDice,
            "mi5 above the greatest face ma3",
        ),
        ("1d6mi6!", ErrorKind::InvalidDice, "could never stop"),
        ("1d6ma1!<=2", ErrorKind::InvalidDice, "could never stop"),
        (
            "1d6!ra6",
            ErrorKind::Parse,
            "at most one explosion (! or ra)",
        ),
        ("1d6mi2mi3", ErrorKind::Parse, "at most one least face (mi)"),
        ("1d6ma", ErrorKind::Parse, "expected the greatest face"),
        ("1d6ra", ErrorKind::Parse, "expected a face value"),
        ("1d6rr1r2", ErrorKind::Parse, "at most one reroll"),
    ] {
        let err = Expr::parse(text)
            .and_then(|e| e.validate().map(|()| e))
            .unwrap_err();
        assert_eq!(err.kind(), kind, "{text}: {err}");
        assert!(err.to_string().contains(says), "{text}: {err}");
    }
    // Rerolling 1s away before raising to 2 leaves faces that stop: no refusal.
    assert!(Expr::parse("1d6r<=5mi6!").unwrap().validate().is_err());
    assert!(Expr::parse("1d6r1mi5!").unwrap().validate().is_ok());
}

#[test]
fn the_transcript_shows_the_face_each_die_counts() {
    // 2d6mi3 showing 1 and 5: the 1 counts 3.
    let roll = Expr::parse("2d6mi3")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([1, 5]))
        .unwrap();
    assert_eq!(roll.total, 8);
    let values: Vec<u32> = roll.transcript.dice.iter().map(|d| d.value).collect();
    assert_eq!(values, [3, 5]);

    // 1d6ra6 showing 6, 6: one die is added, and its 6 adds nothing more.
    let roll = Expr::parse("1d6ra6")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([6, 6]))
        .unwrap();
    assert_eq!(roll.total, 12);
    let exploded: Vec<bool> = roll.transcript.dice.iter().map(|d| d.exploded).collect();
    assert_eq!(exploded, [true, false]);

    // 1d6rr1 showing 1, 1, 4: two rerolled faces, then 4 stands.
    let roll = Expr::parse("1d6rr1")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([1, 1, 4]))
        .unwrap();
    assert_eq!(roll.total, 4);
    let fates: Vec<DieFate> = roll.transcript.dice.iter().map(|d| d.fate).collect();
    assert_eq!(fates, [DieFate::Rerolled, DieFate::Rerolled, DieFate::Kept]);

    // 1d6ma5! never explodes: a 6 counts 5, and 5 is not the highest face.
    let roll = Expr::parse("1d6ma5!")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([6]))
        .unwrap();
    assert_eq!(roll.total, 5);
}

/// Every sequence of faces a pool of `n` dice of `sides` can roll, each die's value worked
/// out by `die` from its own faces (a die may use several faces: `ra`), then the pool's
/// total by `pool` from the dice's values: counts of each total over all sequences.
fn brute(
    n: usize,
    sides: u32,
    faces_per_die: u32,
    die: &dyn Fn(&[u32]) -> i64,
    pool: &dyn Fn(&mut Vec<i64>) -> i64,
) -> (BTreeMap<i64, u128>, u128) {
    let per_die = (sides as usize).pow(faces_per_die);
    let mut counts = BTreeMap::new();
    let total = per_die.pow(n as u32);
    for outcome in 0..total {
        let mut rest = outcome;
        let mut values = Vec::with_capacity(n);
        for _ in 0..n {
            let mut faces = Vec::new();
            let mut code = rest % per_die;
            rest /= per_die;
            for _ in 0..faces_per_die {
                faces.push((code % sides as usize) as u32 + 1);
                code /= sides as usize;
            }
            values.push(die(&faces));
        }
        *counts.entry(pool(&mut values)).or_insert(0u128) += 1;
    }
    (counts, total as u128)
}

/// The expression's odds on both count paths equal the brute-force counts.
fn agrees(text: &str, (counts, total): (BTreeMap<i64, u128>, u128)) {
    let expr = Expr::parse(text).unwrap();
    let fast = expr.distribution().unwrap();
    let big = expr.odds_big_only(Depth::default()).unwrap();
    assert!(
        big.unresolved().is_zero() && fast.unresolved().numerator == 0,
        "{text}"
    );
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

fn keep_highest(k: usize) -> impl Fn(&mut Vec<i64>) -> i64 {
    move |v| {
        v.sort_unstable_by(|a, b| b.cmp(a));
        v[..k].iter().sum()
    }
}

#[test]
fn least_and_greatest_faces_match_brute_force() {
    let sum = |v: &mut Vec<i64>| v.iter().sum::<i64>();
    let clamp = |lo: u32, hi: u32| move |f: &[u32]| i64::from(f[0].clamp(lo, hi));
    agrees("4d6mi2", brute(4, 6, 1, &clamp(2, 6), &sum));
    agrees("3d8ma6kh2", brute(3, 8, 1, &clamp(1, 6), &keep_highest(2)));
    agrees("3d10mi3ma8", brute(3, 10, 1, &clamp(3, 8), &sum));
    let successes = |v: &mut Vec<i64>| v.iter().filter(|&&x| x >= 4).count() as i64;
    agrees("5d6ma4>=4", brute(5, 6, 1, &clamp(1, 4), &successes));
}

#[test]
fn reroll_and_add_matches_brute_force() {
    // Each die uses two faces: the second counts only when the first is a 6.
    let ra6 = |f: &[u32]| i64::from(f[0]) + if f[0] == 6 { i64::from(f[1]) } else { 0 };
    let sum = |v: &mut Vec<i64>| v.iter().sum::<i64>();
    agrees("3d6ra6", brute(3, 6, 2, &ra6, &sum));
    agrees("3d6ra6kh2", brute(3, 6, 2, &ra6, &keep_highest(2)));
    let ra_high = |f: &[u32]| i64::from(f[0]) + if f[0] >= 7 { i64::from(f[1]) } else { 0 };
    agrees("2d8ra>=7", brute(2, 8, 2, &ra_high, &sum));
}

#[test]
fn reroll_until_then_keep_matches_brute_force() {
    // 4d6rr1kh3: each die is uniform on 2..=6 (5 faces), then the 3 highest are kept.
    let shifted = |f: &[u32]| i64::from(f[0]) + 1;
    agrees("4d6rr1kh3", brute(4, 5, 1, &shifted, &keep_highest(3)));
}

#[test]
fn a_raised_face_can_explode() {
    // 1d6mi2!: faces 2 (twice as likely), 3, 4, 5, and 6 which explodes.
    let d = Expr::parse("1d6mi2!").unwrap().odds().unwrap();
    assert_eq!(d.probability(2).to_string(), "1/3");
    assert!(d.probability(6).is_zero(), "a 6 always explodes");
    assert_eq!(d.probability(8).to_string(), "1/18");
}
