//! Exact odds past 128 bits and explosions followed to a negligible remainder, checked
//! against a peer (icepool, table in tests/data) and against independent computations.

use std::collections::BTreeMap;

use fray_dice::{BigDistribution, Depth, Distribution, ErrorKind, Expr};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};

fn odds(text: &str) -> BigDistribution {
    Expr::parse(text)
        .unwrap()
        .odds()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Reduced `n/d` text of Σ value^power · count / denominator.
fn moment(d: &BigDistribution, power: u32) -> String {
    let sum: BigInt = d
        .iter()
        .map(|(v, c)| BigInt::from(v).pow(power) * BigInt::from(c.clone()))
        .sum();
    let den = BigInt::from(d.denominator().clone());
    let g = num_integer::Integer::gcd(&sum, &den);
    let (n, m) = if g.is_zero() {
        (sum, den)
    } else {
        (&sum / &g, &den / &g)
    };
    if m.is_one() {
        n.to_string()
    } else {
        format!("{n}/{m}")
    }
}

/// A probability as icepool's `Fraction` writes it: `n/d`, or `n` when d = 1.
fn fraction(d: &BigDistribution, value: i64) -> String {
    let p = d.probability(value);
    if p.denominator().is_one() {
        p.numerator().to_string()
    } else {
        p.to_string()
    }
}

struct Block {
    expr: String,
    below: Option<i64>,
    points: Vec<(i64, String)>,
    mean: Option<String>,
    meansq: Option<String>,
}

fn icepool_table() -> (String, Vec<Block>) {
    let text = include_str!("data/icepool_odds.txt");
    let mut lines = text.lines();
    let header = lines.next().unwrap().to_owned();
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for line in lines {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "expr" => {
                current = Some(Block {
                    expr: rest.to_owned(),
                    below: None,
                    points: Vec::new(),
                    mean: None,
                    meansq: None,
                })
            }
            "peer" => {}
            "below" => current.as_mut().unwrap().below = Some(rest.parse().unwrap()),
            "p" => {
                let (v, p) = rest.split_once(' ').unwrap();
                current
                    .as_mut()
                    .unwrap()
                    .points
                    .push((v.parse().unwrap(), p.to_owned()));
            }
            "mean" => current.as_mut().unwrap().mean = Some(rest.to_owned()),
            "meansq" => current.as_mut().unwrap().meansq = Some(rest.to_owned()),
            "end" => blocks.push(current.take().unwrap()),
            other => panic!("unknown line kind {other}"),
        }
    }
    (header, blocks)
}

/// Every expression of issue 20's list (and the exploding ones) against icepool 2.1.3's table.
#[test]
fn big_expressions_agree_with_icepool_to_the_fraction() {
    let (header, blocks) = icepool_table();
    assert!(header.starts_with("# icepool 2.1.3"), "{header}");
    let names: Vec<&str> = blocks.iter().map(|b| b.expr.as_str()).collect();
    for wanted in [
        "1000d6",
        "50d6",
        "100d6",
        "39d10",
        "128d2",
        "100d10>=8",
        "500d6>=6",
        "50d10kh10",
        "100d6kh3",
        "60d6kh1",
        "30d20kh5",
        "10d6!",
        "1d6!+1d8!",
        "3d20kh3!>=6",
        "60d6mi2",
        "50d10ra10kh5",
        "4d6rr1kh3",
        "3d8ma6kh2",
        "1d6mi2!",
        "(1d6,2d6)kh1",
        "(1d4,1d6,1d8)kh2",
        "(60d6,60d6)kh1",
    ] {
        assert!(names.contains(&wanted), "{wanted} missing from the table");
    }
    for block in &blocks {
        let d = odds(&block.expr);
        assert!(!block.points.is_empty());
        for (value, p) in &block.points {
            assert_eq!(&fraction(&d, *value), p, "{} at {value}", block.expr);
        }
        match block.below {
            None => {
                assert!(d.unresolved().is_zero(), "{}", block.expr);
                assert_eq!(Some(moment(&d, 1)), block.mean, "{} mean", block.expr);
                assert_eq!(Some(moment(&d, 2)), block.meansq, "{} E[X²]", block.expr);
            }
            Some(below) => {
                // Below the lowest value the unresolved mass may take, Fray's odds are complete
                // and every value icepool gives there must appear, with nothing extra.
                let (lo, _) = d.unresolved_range().expect("explosions cut off");
                assert!(lo >= below, "{}: unresolved from {lo}", block.expr);
                let ours: Vec<i64> = d.iter().map(|(v, _)| v).filter(|&v| v < below).collect();
                let theirs: Vec<i64> = block.points.iter().map(|p| p.0).collect();
                assert_eq!(ours, theirs, "{}", block.expr);
            }
        }
    }
}

#[test]
fn one_thousand_d6_is_exact() {
    let d = odds("1000d6");
    assert_eq!(d.min(), 1000);
    assert_eq!(d.max(), 6000);
    assert_eq!(d.denominator(), &BigUint::from(6u32).pow(1000));
    assert_eq!(
        d.probability(1000).to_string(),
        format!("1/{}", BigUint::from(6u32).pow(1000))
    );
    assert!(d.unresolved().is_zero());
    assert_eq!(moment(&d, 1), "3500");
}

/// The big-count path alone against the u128 path (itself checked by brute force in
/// tests/exact.rs), on pools that fit both: sums, keep/drop, success counts, products.
#[test]
fn big_counts_agree_with_the_u128_path_where_both_answer() {
    for text in [
        "3d8kh2",
        "4d6dl1",
        "5d6kl2",
        "6d10dh2",
        "6d6>=5",
        "4d10kh2>=7",
        "3d6r1",
        "4d6ro<=2kh3",
        "2d6*1d4",
        "(1d6+2)/1d3",
        "-2d4+1d20-3",
        "10d6",
        "7d3kh7",
        "4d6kh0",
        "3d6dl3",
        "6d4kl5>=2",
        "5d20dh1",
        "4d6mi2",
        "3d8ma6kh2",
        "2d10mi3ma8>=5",
        "4d6rr1kh3",
        "3d6ra6",
        "2d20ra>=19kh1",
    ] {
        let expr = Expr::parse(text).unwrap();
        let fast = expr.distribution().unwrap();
        let big = expr.odds_big_only(Depth::default()).unwrap();
        assert_eq!(big.to_distribution().as_ref(), Some(&fast), "{text}");
        assert!(big.unresolved().is_zero(), "{text}");
    }
}

/// Chains of one exploding die enumerated by hand: every sequence of at most `levels + 1`
/// faces, each but the last matching. Returns counts over sides^(levels+1), unresolved apart.
fn brute_chain(sides: u32, explode_at: u32, levels: u32) -> (BTreeMap<i64, u128>, u128) {
    fn walk(
        total: i64,
        depth: u32,
        weight: u128,
        sides: u32,
        explode_at: u32,
        levels: u32,
        out: &mut BTreeMap<i64, u128>,
    ) {
        for face in 1..=sides {
            let t = total + i64::from(face);
            if face >= explode_at {
                if depth < levels {
                    walk(
                        t,
                        depth + 1,
                        weight / u128::from(sides),
                        sides,
                        explode_at,
                        levels,
                        out,
                    );
                }
                // past the last computed level: unresolved
            } else {
                *out.entry(t).or_insert(0) += weight;
            }
        }
    }
    let den = u128::from(sides).pow(levels + 1);
    let mut out = BTreeMap::new();
    walk(
        0,
        0,
        den / u128::from(sides),
        sides,
        explode_at,
        levels,
        &mut out,
    );
    (out, den)
}

#[test]
fn explosions_at_a_set_depth_match_enumerated_chains() {
    for (text, sides, at, levels) in [
        ("1d6!", 6, 6, 3),
        ("1d4!>=3", 4, 3, 4),
        ("1d10!", 10, 10, 2),
    ] {
        let (counts, den) = brute_chain(sides, at, levels);
        let expected = Distribution::from_pairs(counts, den).unwrap();
        let d = Expr::parse(text)
            .unwrap()
            .odds_with(Depth::Levels(levels))
            .unwrap();
        let expected = BigDistribution::from(&expected);
        for (v, _) in expected.iter() {
            assert_eq!(d.probability(v), expected.probability(v), "{text} at {v}");
        }
        assert_eq!(d.len(), expected.len(), "{text}");
        assert_eq!(d.unresolved(), expected.unresolved(), "{text}");
    }
    // Two exploding dice at depth 2: the sum's counts are the convolution of the chains.
    let (chain, den) = brute_chain(6, 6, 2);
    let mut pairs = BTreeMap::new();
    for (a, ca) in &chain {
        for (b, cb) in &chain {
            *pairs.entry(a + b).or_insert(0u128) += ca * cb;
        }
    }
    let expected = BigDistribution::from(&Distribution::from_pairs(pairs, den * den).unwrap());
    let d = Expr::parse("2d6!")
        .unwrap()
        .odds_with(Depth::Levels(2))
        .unwrap();
    assert_eq!(d.to_distribution(), expected.to_distribution());
    assert_eq!(d.unresolved(), expected.unresolved());
}

#[test]
fn ten_d6_explode_leaves_less_than_2_to_the_minus_64_unresolved() {
    let d = odds("10d6!");
    let u = d.unresolved();
    assert!(
        !u.is_zero(),
        "a d6 explodes without end, so a remainder stays"
    );
    // u <= 2^-64 exactly: numerator · 2^64 <= denominator.
    assert!(u.numerator() << 64u32 <= *u.denominator(), "unresolved {u}");
    // The true mean, 10 · 4.2 = 42, lies within the bounds, which are tight.
    let (low, high) = d.mean_bounds();
    assert!(low <= 42.0 && 42.0 <= high, "{low} .. {high}");
    assert!(high - low < 1e-12, "{low} .. {high}");
    assert!((d.mean() - 42.0).abs() < 1e-9);
}

#[test]
fn explosions_stop_at_the_pool_limit_exactly() {
    // p = 3/4 per die: the bound would need ~160 levels, past the limit of 100 extra dice,
    // so the chain ends there as a roll does and nothing is unresolved.
    let d = odds("3d20kh3!>=6");
    assert!(d.unresolved().is_zero());
    assert_eq!(d.unresolved_range(), None);
    assert_eq!(d.max(), 3 * 101 * 20);
}

#[test]
fn a_caller_set_bound_follows_fewer_levels() {
    let coarse = Expr::parse("1d6!")
        .unwrap()
        .odds_with(Depth::Bound(8))
        .unwrap();
    let fine = odds("1d6!");
    // 6^-3 > 2^-8 >= 6^-4: three levels computed, (1/6)^4 unresolved.
    assert_eq!(coarse.unresolved().to_string(), "1/1296");
    assert!(fine.unresolved().numerator() << 64u32 <= *fine.unresolved().denominator());
}

#[test]
fn limits_are_work_and_memory_bounds_named_in_the_error() {
    let e = Expr::parse("10000d1000").unwrap().odds().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(
        e.message().contains("over the work limit")
            || e.message().contains("over the memory limit")
            || e.message().contains("distinct values"),
        "{e}"
    );
    assert!(!e.message().contains("128-bit"), "{e}");
}

#[test]
fn odds_refuse_a_possible_division_by_zero_with_its_probability() {
    let e = Expr::parse("1d6/(1d6-1d6)").unwrap().odds().unwrap_err();
    assert!(e.message().contains("probability 1/6"), "{e}");
    assert!(e.message().contains("a roll that meets it fails"), "{e}");
    let e = Expr::parse("1d6/(1d6-1d6)")
        .unwrap()
        .distribution()
        .unwrap_err();
    assert!(e.message().contains("probability 1/6"), "{e}");
}

/// A pool's sum past 128 bits (one recurrence over the die's counts) against the same dice
/// added one by one (a convolution per die), for dice with gaps, uneven counts and a
/// negative least face.
#[test]
fn a_pools_sum_equals_its_dice_added_one_by_one() {
    for (pool, die, n) in [
        ("52d6k>4", "1d6k>4", 52),
        ("45d6ro<=2", "1d6ro<=2", 45),
        ("60d6mi2", "1d6mi2", 60),
        ("50d6", "1d6", 50),
    ] {
        let added = vec![die; n].join("+");
        let whole = odds(pool);
        assert!(whole.to_distribution().is_none(), "{pool} is past 128 bits");
        let one_by_one = odds(&added);
        assert_eq!(whole.denominator(), one_by_one.denominator(), "{pool}");
        assert!(
            whole.iter().eq(one_by_one.iter()),
            "{pool} against {n} × {die}"
        );
    }
    let negated = odds("-(70d4)");
    let added = odds(&vec!["-1d4"; 70].join("+"));
    assert!(negated.iter().eq(added.iter()));
}
