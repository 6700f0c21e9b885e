//! The K die, pool checks, damage and their exact odds (BW-01 … BW-03, BW-15, BW-16, BW-31).

use fray_dice::{Dice, Ratio, RuleError};
use serde::{Deserialize, Serialize};

/// At most this many K in one pool (actor or difficulty). Keeps exact odds inside `u128`
/// (`2^(pool + difficulty)` must fit) and bounds the work a C caller can ask for.
pub const MAX_POOL: u32 = 60;

/// Who wins when both pools show the same number of ones (BW-02, a setting).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum TieRule {
    /// **\[default\]** A tie is a bare success with 0 bonus units.
    #[default]
    ActorWins,
    /// A tie is a failure with a deficit of 0.
    DifficultyWins,
}

/// A check: the actor's pool against a difficulty pool (BW-02). `Copy`, so the C ABI can pass
/// it by value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[repr(C)]
pub struct CheckSpec {
    /// K the actor rolls: aspect value plus bonus K (BW-03).
    pub pool: u32,
    /// K the difficulty rolls: base difficulty plus extra difficulty K.
    pub difficulty: u32,
    /// Tie rule.
    pub tie: TieRule,
    /// The check succeeds whatever the dice show (a melee attack on a held target, BW-28);
    /// the dice are still rolled for the bonus units.
    pub automatic: bool,
}

/// What a check rolled and what it means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[repr(C)]
pub struct CheckResult {
    /// Ones in the actor's pool.
    pub ones: u32,
    /// Ones in the difficulty pool.
    pub difficulty_ones: u32,
    /// Whether the check succeeded.
    pub success: bool,
    /// Bonus units on a success (actor ones − difficulty ones, never below 0).
    pub bonus: u32,
    /// Deficit on a failure (difficulty ones − actor ones).
    pub deficit: u32,
}

#[inline]
fn pool_limit(what: &str, n: u32) -> Result<(), RuleError> {
    if n > MAX_POOL {
        return Err(pool_too_large(what, n));
    }
    Ok(())
}

/// The refusal of [`pool_limit`], out of line: every roll passes the check, and the
/// message's formatting would otherwise weigh on each one.
#[cold]
#[inline(never)]
fn pool_too_large(what: &str, n: u32) -> RuleError {
    crate::text::refusal(
        "BW-02",
        fray_dice::msg!(
            "bw-refuse-pool-too-large",
            what = what,
            n = n,
            max = MAX_POOL
        ),
    )
}

/// Rolls `n` K dice and counts the ones (BW-01).
#[inline]
pub fn roll_k<D: Dice>(dice: &mut D, n: u32) -> Result<u32, RuleError> {
    pool_limit("pool", n)?;
    let mut ones = 0;
    for _ in 0..n {
        ones += dice.k_die()?;
    }
    Ok(ones)
}

/// Judges a check from the ones already rolled (BW-02): success, bonus units, deficit.
#[inline]
pub fn judge(ones: u32, difficulty_ones: u32, tie: TieRule, automatic: bool) -> CheckResult {
    let success = automatic
        || ones > difficulty_ones
        || (ones == difficulty_ones && tie == TieRule::ActorWins);
    CheckResult {
        ones,
        difficulty_ones,
        success,
        bonus: if success {
            ones.saturating_sub(difficulty_ones)
        } else {
            0
        },
        deficit: if success { 0 } else { difficulty_ones - ones },
    }
}

/// Rolls a check: the actor's pool first, then the difficulty pool (BW-01, BW-02). Does not
/// allocate.
#[inline]
pub fn check<D: Dice>(dice: &mut D, spec: &CheckSpec) -> Result<CheckResult, RuleError> {
    pool_limit("pool", spec.pool)?;
    pool_limit("difficulty", spec.difficulty)?;
    let ones = roll_k(dice, spec.pool)?;
    let difficulty_ones = roll_k(dice, spec.difficulty)?;
    Ok(judge(ones, difficulty_ones, spec.tie, spec.automatic))
}

/// Restraint (BW-31): after effective damage is computed the attacker may deal less.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[repr(C, u8)]
pub enum Restraint {
    /// Full damage.
    #[default]
    Off,
    /// Deal `by` less (**\[default\]** `by` = 1, "one less").
    Reduce {
        /// How much less.
        #[serde(default = "one")]
        by: u32,
    },
    /// Deal at most `at` (only ever lowers the damage).
    Cap {
        /// The most damage dealt.
        at: u32,
    },
}

fn one() -> u32 {
    1
}

impl Restraint {
    /// The damage after restraint.
    #[inline]
    pub fn apply(self, damage: u32) -> u32 {
        match self {
            Restraint::Off => damage,
            Restraint::Reduce { by } => damage.saturating_sub(by),
            Restraint::Cap { at } => damage.min(at),
        }
    }
}

/// An attack: a check plus weapon and armour effectiveness (BW-14 … BW-16). `Copy`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
#[repr(C)]
pub struct AttackSpec {
    /// The attack check.
    pub check: CheckSpec,
    /// Weapon effectiveness (0 unarmed).
    pub weapon: u32,
    /// Armour effectiveness of the target (0 unarmoured).
    pub armour: u32,
    /// Restraint chosen by the attacker.
    pub restraint: Restraint,
}

/// What an attack did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[repr(C)]
pub struct AttackResult {
    /// The attack check.
    pub check: CheckResult,
    /// Trivial damage: the bonus units (BW-15); 0 on a miss.
    pub trivial: u32,
    /// Effective damage before restraint (BW-16); 0 on a miss.
    pub effective: u32,
    /// Damage actually dealt, after restraint (BW-31).
    pub dealt: u32,
}

/// Effective damage (BW-16): trivial + weapon − armour, never below 0.
#[inline]
pub fn effective_damage(trivial: u32, weapon: u32, armour: u32) -> u32 {
    (trivial + weapon).saturating_sub(armour)
}

/// Damage from a judged check (BW-15, BW-16, BW-31).
#[inline]
pub fn damage(check: &CheckResult, spec: &AttackSpec) -> AttackResult {
    if !check.success {
        return AttackResult {
            check: *check,
            ..AttackResult::default()
        };
    }
    let trivial = check.bonus;
    let effective = effective_damage(trivial, spec.weapon, spec.armour);
    AttackResult {
        check: *check,
        trivial,
        effective,
        dealt: spec.restraint.apply(effective),
    }
}

/// Rolls an attack: the check, then damage. Does not allocate.
#[inline]
pub fn attack<D: Dice>(dice: &mut D, spec: &AttackSpec) -> Result<AttackResult, RuleError> {
    let check = check(dice, &spec.check)?;
    Ok(damage(&check, spec))
}

/// Exact odds of a check (BW-02): P(success) and the full distribution of bonus units and
/// deficits, as exact ratios.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckOdds {
    /// The check.
    pub spec: CheckSpec,
    /// P(success).
    pub success: Ratio,
    /// `bonus[b]` = P(success with exactly `b` bonus units).
    pub bonus: Vec<Ratio>,
    /// `deficit[d]` = P(failure with a deficit of exactly `d`).
    pub deficit: Vec<Ratio>,
}

/// Counts of the margin (actor ones − difficulty ones) over `2^(pool + difficulty)`.
///
/// The margin plus `difficulty` is binomial(pool + difficulty, ½): the difficulty's zeros
/// and the actor's ones are all fair coins. So P(margin = m) = C(p + d, m + d) / 2^(p + d).
fn margin_counts(spec: &CheckSpec) -> Result<(Vec<u128>, u128), RuleError> {
    pool_limit("pool", spec.pool)?;
    pool_limit("difficulty", spec.difficulty)?;
    let n = spec.pool + spec.difficulty;
    let row = fray_dice::binomials(n)?.swap_remove(n as usize);
    Ok((row, 1u128 << n))
}

/// Exact odds of a check: P(success), bonus units and deficits (BW-02).
pub fn check_odds(spec: &CheckSpec) -> Result<CheckOdds, RuleError> {
    let (counts, denominator) = margin_counts(spec)?;
    let d = spec.difficulty as usize;
    let mut bonus = vec![0u128; spec.pool as usize + 1];
    let mut deficit = vec![0u128; d + 1];
    for (i, &c) in counts.iter().enumerate() {
        let result = if i >= d {
            judge((i - d) as u32, 0, spec.tie, spec.automatic)
        } else {
            judge(0, (d - i) as u32, spec.tie, spec.automatic)
        };
        if result.success {
            bonus[result.bonus as usize] += c;
        } else {
            deficit[result.deficit as usize] += c;
        }
    }
    let success: u128 = bonus.iter().sum();
    let ratio = |c: u128| Ratio::new(c, denominator);
    trim(&mut bonus);
    trim(&mut deficit);
    Ok(CheckOdds {
        spec: *spec,
        success: ratio(success),
        bonus: bonus.into_iter().map(ratio).collect(),
        deficit: deficit.into_iter().map(ratio).collect(),
    })
}

fn trim(v: &mut Vec<u128>) {
    while v.len() > 1 && v.last() == Some(&0) {
        v.pop();
    }
    if v == &[0] {
        v.clear();
    }
}

/// Exact odds of an attack's damage (BW-15, BW-16, BW-19, BW-31).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageOdds {
    /// The attack.
    pub spec: AttackSpec,
    /// P(the attack fails).
    pub miss: Ratio,
    /// `damage[k]` = P(the attack succeeds and deals exactly `k`).
    pub damage: Vec<Ratio>,
}

/// Exact odds of the damage an attack deals, after armour and restraint.
pub fn damage_odds(spec: &AttackSpec) -> Result<DamageOdds, RuleError> {
    let (counts, denominator) = margin_counts(&spec.check)?;
    let d = spec.check.difficulty as usize;
    let mut miss = 0u128;
    let mut dealt: Vec<u128> = Vec::new();
    for (i, &c) in counts.iter().enumerate() {
        let result = if i >= d {
            judge((i - d) as u32, 0, spec.check.tie, spec.check.automatic)
        } else {
            judge(0, (d - i) as u32, spec.check.tie, spec.check.automatic)
        };
        if !result.success {
            miss += c;
            continue;
        }
        let k = damage(&result, spec).dealt as usize;
        if dealt.len() <= k {
            dealt.resize(k + 1, 0);
        }
        dealt[k] += c;
    }
    Ok(DamageOdds {
        spec: *spec,
        miss: Ratio::new(miss, denominator),
        damage: dealt
            .into_iter()
            .map(|c| Ratio::new(c, denominator))
            .collect(),
    })
}

/// The signed margin's exact distribution (actor ones − difficulty ones): bonus units on the
/// non-negative side, deficits on the negative side.
pub fn margin_distribution(spec: &CheckSpec) -> Result<fray_dice::Distribution, RuleError> {
    let (counts, denominator) = margin_counts(spec)?;
    fray_dice::Distribution::from_counts(-i64::from(spec.difficulty), counts, denominator)
        .map_err(RuleError::from)
}
