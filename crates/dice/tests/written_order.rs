//! Operations on one pool in written order: those after the keep/drop act on the kept dice
//! (`4d6kh3rr1`), checked against brute force on both count paths, with transcripts and
//! refusals that name the operation.

use std::collections::BTreeMap;

use fray_dice::{Depth, DieFate, Expr, Scripted};

#[derive(Clone, Copy)]
enum Step {
    Reroll(fn(i64) -> bool, bool),
    Min(i64),
    Max(i64),
    Add(fn(i64) -> bool),
}

/// One kept die of value `v` through `steps`, by enumerating every fresh roll: counts over a
/// denominator (rerolls until another face stands by rejection: matching fresh faces are
/// simply not counted).
fn post(v: i64, sides: i64, steps: &[Step]) -> (BTreeMap<i64, u128>, u128) {
    let Some((&step, rest)) = steps.split_first() else {
        return (BTreeMap::from([(v, 1)]), 1);
    };
    let fresh_faces =
        |keep: &dyn Fn(i64) -> bool| (1..=sides).filter(|&f| keep(f)).collect::<Vec<_>>();
    let outcomes: Vec<i64> = match step {
        Step::Reroll(m, once) if m(v) => {
            if once {
                fresh_faces(&|_| true)
            } else {
                fresh_faces(&|f| !m(f))
            }
        }
        Step::Add(m) if m(v) => fresh_faces(&|_| true).iter().map(|f| v + f).collect(),
        Step::Min(m) => vec![v.max(m)],
        Step::Max(m) => vec![v.min(m)],
        _ => vec![v],
    };
    let mut out = BTreeMap::new();
    let mut parts = Vec::new();
    for o in outcomes {
        parts.push(post(o, sides, rest));
    }
    // Put every branch over one denominator: the product of the branch count and theirs.
    let den: u128 = parts.iter().map(|p| p.1).max().unwrap_or(1);
    for (counts, d) in &parts {
        for (&x, &c) in counts {
            *out.entry(x).or_insert(0) += c * (den / d);
        }
    }
    (out, den * parts.len() as u128)
}

/// `n` dice of `sides`, `kept` best (highest or lowest) kept, each kept die through
/// `steps`, then optionally scored by `success`: brute force over every outcome.
fn brute(
    n: u32,
    sides: u32,
    highest: bool,
    kept: usize,
    steps: &[Step],
    success: Option<fn(i64) -> bool>,
) -> BTreeMap<i64, (u128, u128)> {
    // Exact fractions (num, den) per total, summed over outcomes of sides^n each.
    let mut total: BTreeMap<i64, (u128, u128)> = BTreeMap::new();
    let mut faces = vec![1i64; n as usize];
    loop {
        let mut sorted = faces.clone();
        sorted.sort_unstable();
        if highest {
            sorted.reverse();
        }
        let mut dist: BTreeMap<i64, u128> = BTreeMap::from([(0, 1)]);
        let mut den = 1u128;
        for &v in &sorted[..kept] {
            let (p, d) = post(v, i64::from(sides), steps);
            let mut next = BTreeMap::new();
            for (&a, &ca) in &dist {
                for (&b, &cb) in &p {
                    let b = success.map_or(b, |s| i64::from(s(b)));
                    *next.entry(a + b).or_insert(0) += ca * cb;
                }
            }
            dist = next;
            den *= d;
        }
        for (v, c) in dist {
            let slot = total.entry(v).or_insert((0, 1));
            *slot = add(*slot, (c, den * u128::from(sides).pow(n)));
        }
        let mut i = 0;
        loop {
            if i == faces.len() {
                return total;
            }
            faces[i] += 1;
            if faces[i] <= i64::from(sides) {
                break;
            }
            faces[i] = 1;
            i += 1;
        }
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn add((a, b): (u128, u128), (c, d): (u128, u128)) -> (u128, u128) {
    let (num, den) = (a * d + c * b, b * d);
    let g = gcd(num, den);
    (num / g, den / g)
}

fn assert_both_paths(text: &str, expected: &BTreeMap<i64, (u128, u128)>) {
    let expr = Expr::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let fast = expr.distribution().unwrap();
    let big = expr.odds_big_only(Depth::default()).unwrap();
    let values: Vec<i64> = fast.iter().map(|(v, _)| v).collect();
    let want: Vec<i64> = expected.keys().copied().collect();
    assert_eq!(values, want, "{text}: values");
    for (&v, &(c, d)) in expected {
        let p = fast.probability(v);
        assert_eq!(
            p.numerator * d,
            c * p.denominator,
            "{text}: P({v}) on the u128 path"
        );
        let q = big.probability(v).to_ratio().unwrap();
        assert_eq!(q, p, "{text}: P({v}) on the big path");
    }
}

/// Text, dice, sides, keep highest, dice kept, steps after the keep, success test.
type Case = (
    &'static str,
    u32,
    u32,
    bool,
    usize,
    Vec<Step>,
    Option<fn(i64) -> bool>,
);

#[test]
fn operations_after_a_keep_act_on_the_kept_dice_as_brute_force_says() {
    let one = (|v| v == 1) as fn(i64) -> bool;
    let low = (|v| v <= 2) as fn(i64) -> bool;
    let six = (|v| v == 6) as fn(i64) -> bool;
    let cases: Vec<Case> = vec![
        (
            "4d6kh3rr1",
            4,
            6,
            true,
            3,
            vec![Step::Reroll(one, false)],
            None,
        ),
        (
            "3d6kl2ro<=2",
            3,
            6,
            false,
            2,
            vec![Step::Reroll(low, true)],
            None,
        ),
        ("4d4kh2mi3", 4, 4, true, 2, vec![Step::Min(3)], None),
        ("3d6dl1ma4", 3, 6, true, 2, vec![Step::Max(4)], None),
        ("3d6kh2ra6", 3, 6, true, 2, vec![Step::Add(six)], None),
        (
            "4d6kh3rr1mi3",
            4,
            6,
            true,
            3,
            vec![Step::Reroll(one, false), Step::Min(3)],
            None,
        ),
        // Written order matters: raising first leaves no 1 to reroll.
        (
            "4d6kh3mi2rr1",
            4,
            6,
            true,
            3,
            vec![Step::Min(2), Step::Reroll(one, false)],
            None,
        ),
        (
            "4d6kh2rr1>=5",
            4,
            6,
            true,
            2,
            vec![Step::Reroll(one, false)],
            Some(|v| v >= 5),
        ),
        (
            "5d3kh5rr1",
            5,
            3,
            true,
            5,
            vec![Step::Reroll(one, false)],
            None,
        ),
    ];
    for (text, n, sides, highest, kept, steps, success) in cases {
        let expected = brute(n, sides, highest, kept, &steps, success);
        assert_both_paths(text, &expected);
    }
}

#[test]
fn an_explosion_after_the_keep_is_still_part_of_the_die() {
    let late = Expr::parse("3d6kh2!").unwrap().odds().unwrap();
    let early = Expr::parse("3d6!kh2").unwrap().odds().unwrap();
    assert_eq!(late, early);
}

#[test]
fn reroll_before_and_after_the_keep_differ() {
    let before = Expr::parse("4d6rr1kh3").unwrap().distribution().unwrap();
    let after = Expr::parse("4d6kh3rr1").unwrap().distribution().unwrap();
    assert_ne!(before, after);
    // Before: no kept die can show 1; after: only a die rerolled from 1 is free of it too,
    // and every kept die is rerolled from 1, so the least total is 2+2+2 either way.
    assert_eq!((before.min(), after.min()), (6, 6));
    assert_eq!(
        Expr::parse("4d6kh3rr1").unwrap().to_string(),
        "4d6kh3r=1",
        "written back in written order"
    );
}

#[test]
fn a_reroll_after_the_keep_rolls_only_the_kept_ones_and_records_it() {
    // 1, 5, 1, 4: kh3 keeps 5, 4 and the first 1 (ties to the earlier die); rr1 rerolls
    // that kept 1 to a 1 again and then a 3; the second 1 stays dropped.
    let expr = Expr::parse("4d6kh3rr1").unwrap();
    let mut dice = Scripted::new([1, 5, 1, 4, 1, 3]);
    let roll = expr.roll_with_transcript(&mut dice).unwrap();
    assert_eq!(roll.total, 5 + 4 + 3);
    assert_eq!(dice.remaining(), 0);
    let fates: Vec<(u32, u32, DieFate)> = roll
        .transcript
        .dice
        .iter()
        .map(|d| (d.group, d.value, d.fate))
        .collect();
    assert_eq!(
        fates,
        [
            (0, 1, DieFate::Rerolled),
            (1, 5, DieFate::Kept),
            (2, 1, DieFate::Dropped),
            (3, 4, DieFate::Kept),
            (0, 1, DieFate::Rerolled),
            (0, 3, DieFate::Kept),
        ]
    );
}

#[test]
fn a_raise_after_the_keep_shows_in_the_transcript() {
    let expr = Expr::parse("3d6kh2mi3").unwrap();
    let mut dice = Scripted::new([2, 1, 6]);
    let roll = expr.roll_with_transcript(&mut dice).unwrap();
    assert_eq!(roll.total, 3 + 6);
    let kept: Vec<u32> = roll
        .transcript
        .dice
        .iter()
        .filter(|d| d.fate == DieFate::Kept)
        .map(|d| d.value)
        .collect();
    assert_eq!(kept, [3, 6]);
}

#[test]
fn combinations_without_an_exact_method_are_refused_naming_the_operation() {
    for (text, words) in [
        (
            "4d6kh3rr1!",
            "explosion (!) written after operations on the kept dice",
        ),
        ("4d6kh3kl2", "at most one keep/drop"),
        ("4d6k>3rr1", "r=1 after a keep/drop by value (k>3)"),
        ("4d6!kh3mi2", "mi2 after the keep/drop of exploding dice"),
        ("4d6kh3ra6mi2", "mi2 after ra=6"),
        ("4d6kh3>=4rr1", "r=1 after a success count"),
        ("4d6kh3rr<=6", "matches every face"),
        ("4d6kh3r1r2r3r4r5", "at most 4 operations"),
    ] {
        let err = Expr::parse(text)
            .and_then(|e| e.distribution().map(|_| ()))
            .expect_err(text);
        assert!(err.to_string().contains(words), "{text}: {err}");
    }
    // A refused pool draws nothing.
    let expr = Expr::parse("4d6kh3ra6mi2").unwrap();
    let mut dice = Scripted::new([6, 6, 6, 6]);
    assert!(expr.roll(&mut dice, None).is_err());
    assert_eq!(dice.remaining(), 4);
}

/// Peer: icepool 2.1.3, `icepool.d6.pool(4).highest(3).expand().map(lambda t: sum(
/// icepool.d6.reroll([1], depth='inf') if x == 1 else x for x in t), star=False)`: counts
/// over 162000.
#[test]
fn keep_then_reroll_agrees_with_icepool() {
    let d = Expr::parse("4d6kh3rr1").unwrap().distribution().unwrap();
    let peer = [
        796u128, 2513, 5276, 9335, 14815, 19328, 22624, 23828, 22565, 18085, 12776, 7263, 2796,
    ];
    for (i, &c) in peer.iter().enumerate() {
        let p = d.probability(6 + i as i64);
        assert_eq!(p.numerator * 162_000, c * p.denominator, "P({})", 6 + i);
    }
}

#[test]
fn operations_after_a_keep_on_a_big_die_are_bounded_before_they_are_built() {
    // Found by the notation fuzz target (a timeout): the fresh rolls of each operation were
    // built again for every face, 11 161² steps for one d11161. Now a reroll that matches 26
    // faces is cheap, and one that would spread almost every face is refused by the work
    // limit before anything is built.
    let cheap = Expr::parse("d11161dl01r<27")
        .unwrap()
        .distribution()
        .unwrap();
    assert_eq!(cheap.iter().collect::<Vec<_>>(), vec![(0, 1)]);
    let e = Expr::parse("1d11161kh1ro<11000")
        .unwrap()
        .distribution()
        .unwrap_err();
    assert_eq!(e.kind(), fray_dice::ErrorKind::Limit);
    assert!(e.to_string().contains("over the limit of 50000000"), "{e}");
}
