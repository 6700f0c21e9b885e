//! Parsing, limits, transcripts and scripted dice.

use fray_dice::{DieFate, Error, ErrorKind, Expr, Rng, Scripted};

/// The error of parsing and rolling `text`, which must fail.
fn failure(text: &str) -> Error {
    let result = Expr::parse(text).and_then(|e| e.roll(&mut Rng::new(1, 0), None));
    result.expect_err(text)
}

#[test]
fn parse_errors_name_the_column_and_what_was_expected() {
    assert_eq!(
        failure("3d").to_string(),
        "column 3: expected the number of sides after 'd' but found end of expression"
    );
    assert_eq!(
        failure("2d6+").to_string(),
        "column 5: expected a number, a die such as d6, or '(' but found end of expression"
    );
    assert_eq!(
        failure("(99^99)d20").to_string(),
        "column 4: expected ')' but found '^'"
    );
    assert_eq!(failure("2d6 x").kind(), ErrorKind::Parse);
    assert_eq!(
        failure("").to_string(),
        "column 1: expected a dice expression such as 2d6+1"
    );
    assert_eq!(
        failure("4d6kh1kl1").to_string(),
        "column 7: a pool takes at most one keep/drop (a second one has no exact method in Fray)"
    );
}

#[test]
fn impossible_dice_are_refused() {
    assert_eq!(
        failure("0d6").to_string(),
        "column 1: a pool needs at least 1 die (got 0d)"
    );
    assert_eq!(
        failure("1d0").to_string(),
        "column 4: a die needs at least 1 side (got d0)"
    );
    assert!(failure("1d1!").to_string().contains("could never stop"));
    assert!(failure("1d6r<=6").to_string().contains("could never stop"));
    assert!(failure("3d6kh4")
        .to_string()
        .contains("cannot keep or drop 4 of 3 dice"));
}

#[test]
fn limits_are_errors_that_name_the_limit() {
    let e = failure("99999999d6");
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(
        e.to_string(),
        "99999999 dice is over the limit of 10000 dice in one roll"
    );
    assert_eq!(failure("5000d6+5001d6").kind(), ErrorKind::Limit);
    assert!(failure("99999999999999999999d6")
        .to_string()
        .contains("too large"));
    assert_eq!(failure(&"(".repeat(100)).kind(), ErrorKind::Limit);
    assert_eq!(failure(&"1+".repeat(600)).kind(), ErrorKind::Limit);
    assert_eq!(failure("9223372036854775807+1").kind(), ErrorKind::Overflow);
    assert_eq!(
        failure("1d6/0").to_string(),
        "division by zero in a dice expression"
    );
}

#[test]
fn canonical_form_round_trips() {
    for text in [
        "3d8kh2+2",
        "4d6dl1",
        "1d10!>=9",
        "6d6>=5",
        "2*(1d4+1)",
        "1d20ro<=1-3",
        "10d10r=1!kl3<=2",
    ] {
        let expr = Expr::parse(text).unwrap();
        assert_eq!(Expr::parse(&expr.to_string()).unwrap(), expr, "{text}");
    }
    // A negated quotient keeps its parentheses: written `-3/-22` after `*` it would read as
    // `(x*-3)/-22` (found by the notation fuzz target).
    let fuzzed = Expr::parse("3-3*-4223*--(-3/-22)").unwrap();
    assert_eq!(fuzzed.to_string(), "3-3*-4223*--(-3/-22)");
    assert_eq!(Expr::parse(&fuzzed.to_string()).unwrap(), fuzzed);
    assert_eq!(Expr::parse("2*-(7/2)").unwrap().to_string(), "2*-(7/2)");
    assert_eq!(Expr::parse("d%").unwrap().to_string(), "1d100");
    assert_eq!(Expr::parse(" 3 D 8 k 2 ").unwrap().to_string(), "3d8kh2");
}

#[test]
fn transcript_shows_kept_dropped_exploded_and_rerolled_dice() {
    // 3d8kh2 with faces 2, 7, 5: the 2 is dropped.
    let roll = Expr::parse("3d8kh2+2")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([2, 7, 5]))
        .unwrap();
    assert_eq!(roll.total, 14);
    let fates: Vec<_> = roll
        .transcript
        .dice
        .iter()
        .map(|d| (d.value, d.fate))
        .collect();
    assert_eq!(
        fates,
        vec![
            (2, DieFate::Dropped),
            (7, DieFate::Kept),
            (5, DieFate::Kept)
        ]
    );

    // 1d6! showing 6, 6, 3 explodes twice into a chain worth 15.
    let roll = Expr::parse("1d6!")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([6, 6, 3]))
        .unwrap();
    assert_eq!(roll.total, 15);
    let exploded: Vec<_> = roll.transcript.dice.iter().map(|d| d.exploded).collect();
    assert_eq!(exploded, vec![true, true, false]);
    assert!(roll.transcript.dice.iter().all(|d| d.group == 0));

    // 1d6r<=2 showing 1, 2, 4: two rerolled faces, then 4 stands.
    let roll = Expr::parse("1d6r<=2")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([1, 2, 4]))
        .unwrap();
    assert_eq!(roll.total, 4);
    let fates: Vec<_> = roll.transcript.dice.iter().map(|d| d.fate).collect();
    assert_eq!(
        fates,
        vec![DieFate::Rerolled, DieFate::Rerolled, DieFate::Kept]
    );

    // ro: the second face stands even if it matches.
    let roll = Expr::parse("1d6ro<=2")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([1, 2]))
        .unwrap();
    assert_eq!(roll.total, 2);
}

#[test]
fn explosions_stop_at_their_depth() {
    // 1d2! on a scripted run of twos stops after 100 extra dice: 101 dice, total 202.
    let roll = Expr::parse("1d2!")
        .unwrap()
        .roll_with_transcript(&mut Scripted::new([2; 101]))
        .unwrap();
    assert_eq!(roll.total, 202);
    assert_eq!(roll.transcript.dice.len(), 101);
}

#[test]
fn success_counting_counts_kept_dice_that_pass() {
    let total = Expr::parse("6d6>=5")
        .unwrap()
        .roll(&mut Scripted::new([1, 5, 6, 2, 5, 4]), None)
        .unwrap();
    assert_eq!(total, 3);
}

#[test]
fn scripted_dice_fail_cleanly() {
    let expr = Expr::parse("2d6").unwrap();
    let e = expr.roll(&mut Scripted::new([3]), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Script);
    assert_eq!(
        e.to_string(),
        "scripted dice ran out: draw #2 (a d6) has no value"
    );
    let e = expr.roll(&mut Scripted::new([7, 1]), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "scripted value 7 (draw #1) does not fit a d6"
    );
}

#[test]
fn a_refused_expression_draws_no_die() {
    let mut rng = Rng::new(3, 0);
    let before = rng.word_pos();
    assert!(Expr::parse("1d6+1d1!")
        .unwrap()
        .roll(&mut rng, None)
        .is_err());
    assert_eq!(rng.word_pos(), before);
}

#[test]
fn same_seed_same_roll_other_stream_other_roll() {
    let expr = Expr::parse("3d8kh2+2").unwrap();
    let a = expr.roll_with_transcript(&mut Rng::new(42, 0)).unwrap();
    let b = expr.roll_with_transcript(&mut Rng::new(42, 0)).unwrap();
    assert_eq!(a, b);
    let rolls: Vec<_> = (0..8)
        .map(|s| {
            expr.roll_with_transcript(&mut Rng::new(42, s))
                .unwrap()
                .transcript
        })
        .collect();
    assert!(rolls.windows(2).any(|w| w[0] != w[1]));
}

#[test]
fn a_reroll_that_does_not_settle_says_why_odds_still_answer() {
    let expr = Expr::parse("1d100000r<=99999").unwrap();
    assert_eq!(
        expr.distribution()
            .unwrap()
            .probability(100_000)
            .to_string(),
        "1/1"
    );
    let mut rng = fray_dice::Rng::new(1, 0);
    let e = expr.roll(&mut rng, None).unwrap_err();
    assert!(
        e.message().starts_with("a d100000 was rerolled 1000 times without settling: r<=99999 leaves 1 of its 100000 faces"),
        "{e}"
    );
    assert!(e.message().contains("exact odds assume"), "{e}");
}

/// Notation added for d20 users: each form rolls with a transcript and has exact odds that
/// brute force confirms.
#[test]
fn p_drops_are_drop_lowest_and_drop_highest() {
    for (text, same) in [
        ("4d6p1", "4d6dl1"),
        ("4d6pl1", "4d6dl1"),
        ("4d6ph1", "4d6dh1"),
    ] {
        let expr = Expr::parse(text).unwrap();
        assert_eq!(expr, Expr::parse(same).unwrap(), "{text}");
        assert_eq!(expr.to_string(), same);
    }
    // Scripted 1 5 5 5: the 1 is dropped, the total is 15 and the transcript says so.
    let mut dice = Scripted::new([1, 5, 5, 5]);
    let roll = Expr::parse("4d6p1")
        .unwrap()
        .roll_with_transcript(&mut dice)
        .unwrap();
    assert_eq!(roll.total, 15);
    assert_eq!(roll.transcript.dice[0].fate, DieFate::Dropped);
}

#[test]
fn remainder_and_comparisons_of_totals_roll_and_have_exact_odds() {
    // 1d20%6 by enumeration: faces 1..=20 mod 6.
    let d = Expr::parse("1d20%6").unwrap().distribution().unwrap();
    for r in 0..6i64 {
        let n = (1..=20i64).filter(|f| f % 6 == r).count() as u128;
        assert_eq!(d.probability(r), fray_dice::Ratio::new(n, 20), "{r}");
    }
    assert_eq!(
        Expr::parse("-7%3")
            .unwrap()
            .distribution()
            .unwrap()
            .probability(-1)
            .to_string(),
        "1/1"
    );
    // 1d20+5>=15: faces 10..=20 pass, 11 of 20.
    let hit = Expr::parse("1d20+5>=15").unwrap();
    let d = hit.distribution().unwrap();
    assert_eq!(d.probability(1).to_string(), "11/20");
    assert_eq!(d.probability(0).to_string(), "9/20");
    assert_eq!(hit.odds().unwrap().probability(1).to_string(), "11/20");
    let mut dice = Scripted::new([9]);
    let roll = hit.roll_with_transcript(&mut dice).unwrap();
    assert_eq!((roll.total, roll.transcript.dice.len()), (0, 1));
    // A pool's own comparison counts successes; parenthesised, its total is compared.
    let total = Expr::parse("(2d6)>=7").unwrap();
    assert_eq!(
        total.distribution().unwrap().probability(1).to_string(),
        "7/12"
    );
    assert_eq!(total.to_string(), "(2d6)>=7");
    assert_eq!(
        Expr::parse("2d6>=4").unwrap().distribution().unwrap().max(),
        2
    );
    // Comparisons nest inside arithmetic and write back as they parse.
    for text in [
        "(1d20+5>=15)*2",
        "(2d6)=7",
        "1d6%(1d4+1)",
        "-((1d6)<3)",
        "((1d20)>1d8)+1",
    ] {
        let expr = Expr::parse(text).unwrap();
        assert_eq!(
            Expr::parse(&expr.to_string()).unwrap(),
            expr,
            "{text} -> {expr}"
        );
    }
    // Inside the parentheses, `1d20>1` is the pool's success count, then `d8` is unexpected.
    assert!(Expr::parse("(1d20>1d8)").is_err());
    assert_eq!(
        Expr::parse("((1d20)>1d8)").unwrap().to_string(),
        "(1d20)>1d8"
    );
    let e = Expr::parse("1d6%(1d6-1d6)")
        .unwrap()
        .distribution()
        .unwrap_err();
    assert!(e.message().contains("probability 1/6"), "{e}");
}

#[test]
fn value_selectors_keep_or_drop_dice_by_value() {
    // Scripted 1 5 2 6: p<3 drops the 1 and the 2.
    let expr = Expr::parse("4d6p<3").unwrap();
    assert_eq!(expr.to_string(), "4d6p<3");
    let roll = expr
        .roll_with_transcript(&mut Scripted::new([1, 5, 2, 6]))
        .unwrap();
    assert_eq!(roll.total, 11);
    let fates: Vec<DieFate> = roll.transcript.dice.iter().map(|d| d.fate).collect();
    assert_eq!(
        fates,
        [
            DieFate::Dropped,
            DieFate::Kept,
            DieFate::Dropped,
            DieFate::Kept
        ]
    );
    // Exact odds against all 6^4 outcomes, for a keep and a drop selector and a success count.
    for (text, value) in [
        (
            "4d6k>3",
            (|o: &[i64]| o.iter().filter(|&&f| f > 3).sum::<i64>()) as fn(&[i64]) -> i64,
        ),
        ("4d6p<3", |o| o.iter().filter(|&&f| f >= 3).sum()),
        ("4d6p=6>=4", |o| {
            o.iter().filter(|&&f| f != 6 && f >= 4).count() as i64
        }),
    ] {
        let mut counts = std::collections::BTreeMap::new();
        for n in 0..1296i64 {
            let o: Vec<i64> = (0..4).map(|k| (n / 6i64.pow(k)) % 6 + 1).collect();
            *counts.entry(value(&o)).or_insert(0u128) += 1;
        }
        let expected = fray_dice::Distribution::from_pairs(counts, 1296).unwrap();
        let expr = Expr::parse(text).unwrap();
        assert_eq!(expr.distribution().unwrap(), expected, "{text}");
        let big = expr.odds_big_only(fray_dice::Depth::default()).unwrap();
        assert_eq!(big.to_distribution(), Some(expected), "{text}");
        assert_eq!(Expr::parse(&expr.to_string()).unwrap(), expr);
    }
    assert!(Expr::parse("4d6k>3kh2").is_err());
}

#[test]
fn annotations_label_the_dice_and_leave_the_value() {
    let expr = Expr::parse("2d6[fire] + 1d4 [cold]+1").unwrap();
    assert_eq!(expr.to_string(), "2d6[fire]+1d4[cold]+1");
    assert_eq!(Expr::parse(&expr.to_string()).unwrap(), expr);
    assert_eq!(
        expr.distribution().unwrap(),
        Expr::parse("2d6+1d4+1").unwrap().distribution().unwrap()
    );
    let roll = expr
        .roll_with_transcript(&mut Scripted::new([3, 4, 2]))
        .unwrap();
    assert_eq!(roll.total, 10);
    let labels: Vec<&str> = roll
        .transcript
        .dice
        .iter()
        .map(|d| d.label.as_str())
        .collect();
    assert_eq!(labels, ["2d6 [fire]", "2d6 [fire]", "1d4 [cold]"]);
    for text in [
        "(1d6+1)[fire]*2",
        "1d6[a][b]",
        "1d20[attack]>=15",
        "-1d6[x]",
    ] {
        let e = Expr::parse(text).unwrap();
        assert_eq!(Expr::parse(&e.to_string()).unwrap(), e, "{text} -> {e}");
    }
    // An annotation is a note after a value, not a success count: the total is compared.
    assert_eq!(
        Expr::parse("1d20[attack]>=15")
            .unwrap()
            .distribution()
            .unwrap()
            .probability(1)
            .to_string(),
        "3/10"
    );
    assert!(Expr::parse("1d6[fire").is_err());
    assert!(Expr::parse("1d6[it's]").is_err());
}
