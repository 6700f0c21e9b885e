//! The 3d6 test with its Drama Die, opposed tests, advanced and challenge tests (AGE-01 … AGE-07).

use fray_dice::{Dice, RuleError};
use serde::{Deserialize, Serialize};

/// The bonus a focus adds to a test (AGE-01). A test takes at most one focus, which is why
/// [`TestSpec::focus`] is a flag and not a count.
pub const FOCUS_BONUS: i32 = 2;

/// What a 3d6 test adds to the dice and what it must reach (AGE-01).
///
/// `Copy` and allocation-free: this is the hot path of simulations and the C ABI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TestSpec {
    /// The ability score (Accuracy, Fighting, Dexterity, …).
    pub ability: i32,
    /// Whether a focus applies (+2). At most one focus applies to a test.
    pub focus: bool,
    /// Circumstance modifiers, conditions and stances, summed (usually −3..+3).
    pub modifier: i32,
    /// The target number; `None` for a test with no TN (it always succeeds, AGE-04).
    pub tn: Option<i32>,
    /// The test fails whatever the dice say (a Blinded sight test, AGE-30).
    pub auto_fail: bool,
}

impl TestSpec {
    /// The fixed part of the total: ability + focus bonus + modifier.
    /// Saturating, so absurd inputs cannot overflow.
    pub fn bonus(&self) -> i32 {
        self.ability
            .saturating_add(if self.focus { FOCUS_BONUS } else { 0 })
            .saturating_add(self.modifier)
    }
}

/// The outcome of one 3d6 test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TestResult {
    /// The three dice in the order drawn; the third is the Drama Die.
    pub dice: [u8; 3],
    /// Dice plus [`TestSpec::bonus`].
    pub total: i32,
    /// Total ≥ TN (or no TN), and not an automatic failure.
    pub success: bool,
    /// Any two of the three dice are equal.
    pub doubles: bool,
    /// Stunt points: the Drama Die on a success with doubles, else 0 (AGE-04).
    pub stunt_points: u8,
}

impl TestResult {
    /// The Drama Die: the quality of success, 1 barely … 6 flawlessly (AGE-03).
    pub fn drama(&self) -> u8 {
        self.dice[2]
    }

    /// Resolves a test from known dice (the third is the Drama Die); no randomness.
    pub fn from_dice(dice: [u8; 3], spec: &TestSpec) -> TestResult {
        let total = (i32::from(dice[0]) + i32::from(dice[1]) + i32::from(dice[2]))
            .saturating_add(spec.bonus());
        let success = !spec.auto_fail
            && match spec.tn {
                Some(tn) => total >= tn,
                None => true,
            };
        let doubles = dice[0] == dice[1] || dice[0] == dice[2] || dice[1] == dice[2];
        TestResult {
            dice,
            total,
            success,
            doubles,
            stunt_points: if success && doubles { dice[2] } else { 0 },
        }
    }
}

/// Rolls a test: two ordinary dice, then the Drama Die (AGE-01, AGE-03, AGE-04).
pub fn test<D: Dice>(dice: &mut D, spec: &TestSpec) -> Result<TestResult, RuleError> {
    let a = roll_d6(dice)?;
    let b = roll_d6(dice)?;
    let drama = roll_d6(dice)?;
    Ok(TestResult::from_dice([a, b, drama], spec))
}

pub(crate) fn roll_d6<D: Dice>(dice: &mut D) -> Result<u8, RuleError> {
    Ok(dice.roll(6)? as u8)
}

/// Which step of the opposed test decided it (AGE-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreak {
    /// The higher total won.
    Total,
    /// Equal totals; the higher Drama Die won.
    DramaDie,
    /// Equal totals and Drama Dice; the higher ability won (the source says ability, "навык",
    /// without the focus).
    Ability,
    /// Nothing told them apart: a tie.
    Tie,
}

/// The outcome of an opposed test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OpposedResult {
    /// The first side's test (no TN).
    pub first: TestResult,
    /// The second side's test (no TN).
    pub second: TestResult,
    /// 0 if the first side won, 1 if the second did, `None` for a tie.
    pub winner: Option<u8>,
    /// The step that decided it.
    pub decided_by: TieBreak,
}

/// Decides an opposed test from two rolled tests (AGE-05): the higher total, then the higher
/// Drama Die, then the higher ability (without focus, as the source says), then a tie.
pub fn opposed_outcome(
    first: (TestResult, i32),
    second: (TestResult, i32),
) -> (Option<u8>, TieBreak) {
    let pick = |a: i32, b: i32| {
        if a > b {
            Some(0)
        } else if b > a {
            Some(1)
        } else {
            None
        }
    };
    if let Some(w) = pick(first.0.total, second.0.total) {
        return (Some(w), TieBreak::Total);
    }
    if let Some(w) = pick(i32::from(first.0.drama()), i32::from(second.0.drama())) {
        return (Some(w), TieBreak::DramaDie);
    }
    if let Some(w) = pick(first.1, second.1) {
        return (Some(w), TieBreak::Ability);
    }
    (None, TieBreak::Tie)
}

/// Rolls an opposed test: both sides at once, first side's dice first (AGE-05). TNs in the
/// specs are ignored; the sides may use different abilities.
pub fn opposed<D: Dice>(
    dice: &mut D,
    first: &TestSpec,
    second: &TestSpec,
) -> Result<OpposedResult, RuleError> {
    let a = TestSpec { tn: None, ..*first };
    let b = TestSpec {
        tn: None,
        ..*second
    };
    let ra = test(dice, &a)?;
    let rb = test(dice, &b)?;
    let (winner, decided_by) = opposed_outcome((ra, first.ability), (rb, second.ability));
    Ok(OpposedResult {
        first: ra,
        second: rb,
        winner,
        decided_by,
    })
}

/// Largest success threshold of an advanced test (exact expected rolls grow ~8 bits a point).
pub const MAX_THRESHOLD: u32 = 2000;

/// Most rolls an advanced test may be given: the failed rolls are listed in a 64-bit mask.
pub const MAX_ADVANCED_ROLLS: u32 = 64;

/// An advanced (or challenge) test: repeated tests until the Drama Dice of the successful
/// ones sum to the threshold (AGE-06, AGE-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AdvancedSpec {
    /// Each roll (its `tn` must be set).
    pub test: TestSpec,
    /// The success threshold; see [`Threshold`] for the \[default\] named ones.
    pub threshold: u32,
    /// Rolls allowed before time runs out (1 ..= 64).
    pub max_rolls: u32,
}

impl Default for AdvancedSpec {
    fn default() -> Self {
        AdvancedSpec {
            test: TestSpec {
                tn: Some(Tn::Average.value()),
                ..TestSpec::default()
            },
            threshold: Threshold::Average.value(),
            max_rolls: MAX_ADVANCED_ROLLS,
        }
    }
}

impl AdvancedSpec {
    pub(crate) fn validate(&self) -> Result<(), RuleError> {
        if self.test.tn.is_none() {
            return Err(RuleError::new(
                "AGE-06",
                "an advanced test needs a TN for each roll",
            ));
        }
        if !(1..=MAX_THRESHOLD).contains(&self.threshold) {
            return Err(RuleError::new(
                "AGE-06",
                format!(
                    "the success threshold is {}; allowed 1 ..= {MAX_THRESHOLD}",
                    self.threshold
                ),
            ));
        }
        if !(1..=MAX_ADVANCED_ROLLS).contains(&self.max_rolls) {
            return Err(RuleError::new(
                "AGE-06",
                format!(
                    "max_rolls is {}; allowed 1 ..= {MAX_ADVANCED_ROLLS}",
                    self.max_rolls
                ),
            ));
        }
        Ok(())
    }
}

/// The outcome of an advanced or challenge test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AdvancedResult {
    /// Rolls made.
    pub rolls: u32,
    /// Sum of the Drama Die over the successful rolls (capped at nothing: it may pass the threshold).
    pub progress: u32,
    /// The threshold was reached within the rolls allowed.
    pub complete: bool,
    /// Bit *i* set: roll *i* (0-based) failed — the consequences of a challenge test (AGE-07).
    pub failed_mask: u64,
}

impl AdvancedResult {
    /// The 0-based indices of the failed rolls, for a challenge test's consequences (AGE-07).
    pub fn failed_rolls(&self) -> impl Iterator<Item = u32> + '_ {
        (0..self.rolls).filter(move |i| self.failed_mask >> i & 1 == 1)
    }
}

/// Rolls an advanced test to completion or until the rolls run out (AGE-06); a challenge test
/// is the same test whose failed rolls ([`AdvancedResult::failed_rolls`]) bring consequences
/// (AGE-07).
pub fn advanced_test<D: Dice>(
    dice: &mut D,
    spec: &AdvancedSpec,
) -> Result<AdvancedResult, RuleError> {
    spec.validate()?;
    let mut result = AdvancedResult::default();
    while result.rolls < spec.max_rolls && !result.complete {
        let roll = test(dice, &spec.test)?;
        if roll.success {
            result.progress += u32::from(roll.drama());
            result.complete = result.progress >= spec.threshold;
        } else {
            result.failed_mask |= 1 << result.rolls;
        }
        result.rolls += 1;
    }
    Ok(result)
}

/// Named target numbers (AGE-02). Routine … Hard are the source's; the rest are \[default\].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tn {
    /// 7.
    Routine,
    /// 9 (\[default\]).
    Easy,
    /// 11.
    Average,
    /// 13.
    Challenging,
    /// 15.
    Hard,
    /// 17 (\[default\]).
    Formidable,
    /// 19 (\[default\]).
    Imposing,
    /// 21 (\[default\]).
    NighImpossible,
}

impl Tn {
    /// The number.
    pub fn value(self) -> i32 {
        match self {
            Tn::Routine => 7,
            Tn::Easy => 9,
            Tn::Average => 11,
            Tn::Challenging => 13,
            Tn::Hard => 15,
            Tn::Formidable => 17,
            Tn::Imposing => 19,
            Tn::NighImpossible => 21,
        }
    }
}

/// Named success thresholds of advanced tests (AGE-06, all \[default\]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Threshold {
    /// 5.
    Easy,
    /// 10.
    Average,
    /// 15.
    Challenging,
    /// 20.
    Hard,
    /// 25.
    Formidable,
}

impl Threshold {
    /// The number.
    pub fn value(self) -> u32 {
        match self {
            Threshold::Easy => 5,
            Threshold::Average => 10,
            Threshold::Challenging => 15,
            Threshold::Hard => 20,
            Threshold::Formidable => 25,
        }
    }
}
