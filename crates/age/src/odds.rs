//! Exact odds of tests, opposed tests and advanced tests, by enumerating the 216 (or 216²)
//! equally likely dice outcomes: no sampling, no floats.

use fray_dice::{Distribution, Ratio, RuleError};
use serde::{Deserialize, Serialize};

use crate::big::{over_power, Big, ExactValue};
use crate::resolve::{opposed_outcome, AdvancedSpec, TestResult, TestSpec, TieBreak};

/// Outcomes of 3d6.
const OUTCOMES: u128 = 216;

fn all_dice() -> impl Iterator<Item = [u8; 3]> {
    (1..=6u8).flat_map(|a| (1..=6u8).flat_map(move |b| (1..=6u8).map(move |c| [a, b, c])))
}

/// Exact odds of one test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestOdds {
    /// P(success).
    pub success: Ratio,
    /// P(the three dice show doubles), whatever the TN: 4/9.
    pub doubles: Ratio,
    /// Distribution of the stunt points earned (0 on a failure or without doubles).
    pub stunt_points: Distribution,
    /// Distribution of the total.
    pub total: Distribution,
}

fn dist(pairs: Vec<(i64, u128)>) -> Result<Distribution, RuleError> {
    Ok(Distribution::from_pairs(pairs, OUTCOMES)?)
}

/// Exact odds of a test: success, doubles, stunt points and total (AGE-01, AGE-04).
pub fn test_odds(spec: &TestSpec) -> Result<TestOdds, RuleError> {
    let (mut success, mut doubles) = (0u128, 0u128);
    let mut sp = Vec::new();
    let mut totals = Vec::new();
    for d in all_dice() {
        let r = TestResult::from_dice(d, spec);
        success += u128::from(r.success);
        doubles += u128::from(r.doubles);
        sp.push((i64::from(r.stunt_points), 1));
        totals.push((i64::from(r.total), 1));
    }
    Ok(TestOdds {
        success: Ratio::new(success, OUTCOMES),
        doubles: Ratio::new(doubles, OUTCOMES),
        stunt_points: dist(sp)?,
        total: dist(totals)?,
    })
}

/// Exact odds of an opposed test, with how often each tie-break step decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpposedOdds {
    /// P(the first side wins).
    pub first_wins: Ratio,
    /// P(the second side wins).
    pub second_wins: Ratio,
    /// P(a full tie).
    pub tie: Ratio,
    /// P(decided by the totals).
    pub by_total: Ratio,
    /// P(decided by the Drama Die).
    pub by_drama_die: Ratio,
    /// P(decided by the ability).
    pub by_ability: Ratio,
}

/// Exact odds of an opposed test (AGE-05) over all 216² pairs of rolls.
pub fn opposed_odds(first: &TestSpec, second: &TestSpec) -> OpposedOdds {
    let (mut wins, mut ties) = ([0u128; 2], 0u128);
    let mut steps = [0u128; 3];
    let a_spec = TestSpec { tn: None, ..*first };
    let b_spec = TestSpec {
        tn: None,
        ..*second
    };
    let seconds: Vec<TestResult> = all_dice()
        .map(|d| TestResult::from_dice(d, &b_spec))
        .collect();
    for d in all_dice() {
        let a = TestResult::from_dice(d, &a_spec);
        for b in &seconds {
            let (winner, step) = opposed_outcome((a, first.ability), (*b, second.ability));
            match winner {
                Some(w) => wins[usize::from(w)] += 1,
                None => ties += 1,
            }
            match step {
                TieBreak::Total => steps[0] += 1,
                TieBreak::DramaDie => steps[1] += 1,
                TieBreak::Ability => steps[2] += 1,
                TieBreak::Tie => {}
            }
        }
    }
    let all = OUTCOMES * OUTCOMES;
    OpposedOdds {
        first_wins: Ratio::new(wins[0], all),
        second_wins: Ratio::new(wins[1], all),
        tie: Ratio::new(ties, all),
        by_total: Ratio::new(steps[0], all),
        by_drama_die: Ratio::new(steps[1], all),
        by_ability: Ratio::new(steps[2], all),
    }
}

/// Counts of one roll of an advanced test: failures, and successes by Drama Die (out of 216).
fn roll_counts(spec: &AdvancedSpec) -> (u128, [u128; 7]) {
    let mut fail = 0;
    let mut by_drama = [0u128; 7];
    for d in all_dice() {
        let r = TestResult::from_dice(d, &spec.test);
        if r.success {
            by_drama[usize::from(r.drama())] += 1;
        } else {
            fail += 1;
        }
    }
    (fail, by_drama)
}

/// The exact expected number of rolls to finish an advanced test with unlimited rolls
/// (AGE-06); `max_rolls` is ignored. An error if no roll can succeed.
///
/// With `S` successes out of 216 and `c_d` of them showing `d` on the Drama Die, the expected
/// rolls from progress `s` are `E(s) = (216 + Σ_d c_d · E(s + d)) / S`. Written as
/// `E(s) = N(s) / S^(T − s)` every step is an integer sum:
/// `N(s) = 216 · S^(T − s − 1) + Σ_d c_d · S^(d − 1) · N(s + d)`; the fraction is reduced
/// once at the end.
pub fn expected_rolls(spec: &AdvancedSpec) -> Result<ExactValue, RuleError> {
    spec.validate()?;
    let (fail, by_drama) = roll_counts(spec);
    let successes = (OUTCOMES - fail) as u32;
    if successes == 0 {
        return Err(RuleError::text(
            "AGE-06",
            &crate::text::TEXTS,
            fray_dice::Message::new("age-refuse-never-finishes"),
        ));
    }
    // window[k] = N(s + 1 + k) for the six states above s (zero past the threshold).
    let zero = Big::from_u128(0);
    let mut window: Vec<Big> = vec![zero.clone(); 6];
    let mut power = Big::from_u128(1); // S^(T − s − 1)
    for _ in 0..spec.threshold {
        let mut n = power.mul_small(OUTCOMES as u32);
        for d in 1..=6usize {
            let c = by_drama[d] as u32;
            if c == 0 || window[d - 1] == zero {
                continue;
            }
            let mut term = window[d - 1].mul_small(c);
            for _ in 1..d {
                term = term.mul_small(successes);
            }
            n = n.add(&term);
        }
        window.rotate_right(1);
        window[0] = n;
        power = power.mul_small(successes);
    }
    Ok(over_power(window[0].clone(), successes, spec.threshold))
}

/// Most rolls for which [`finish_within`] is exact in 128 bits (216^16 < 2^128).
pub const MAX_FINISH_WITHIN: u32 = 16;

/// P(the advanced test is finished within `n` rolls), for n = 1 ..= `rolls` (at most 16).
pub fn finish_within(spec: &AdvancedSpec, rolls: u32) -> Result<Vec<Ratio>, RuleError> {
    spec.validate()?;
    if rolls > MAX_FINISH_WITHIN {
        return Err(RuleError::text(
            "AGE-06",
            &crate::text::TEXTS,
            fray_dice::msg!(
                "age-refuse-finish-within",
                max = MAX_FINISH_WITHIN,
                rolls = rolls
            ),
        ));
    }
    let (fail, by_drama) = roll_counts(spec);
    let threshold = spec.threshold as usize;
    // counts[s]: ways (over 216^n) to stand at progress s < threshold; done: ways finished.
    let mut counts = vec![0u128; threshold];
    counts[0] = 1;
    let mut done = 0u128;
    let mut denominator = 1u128;
    let mut out = Vec::with_capacity(rolls as usize);
    for _ in 0..rolls {
        let mut next = vec![0u128; threshold];
        done *= OUTCOMES;
        for (s, &c) in counts.iter().enumerate() {
            if c == 0 {
                continue;
            }
            next[s] += c * fail;
            for (d, &w) in by_drama.iter().enumerate().skip(1) {
                if s + d >= threshold {
                    done += c * w;
                } else {
                    next[s + d] += c * w;
                }
            }
        }
        counts = next;
        denominator *= OUTCOMES;
        out.push(Ratio::new(done, denominator));
    }
    Ok(out)
}
