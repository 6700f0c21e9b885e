//! Pure resolution: checks, attacks, damage, death saves. Generic over [`Dice`], Copy specs
//! and results, no allocation unless a [`Transcript`] is passed.

use fray_dice::{Dice, DieFate, DieRecord, RuleError, Transcript};
use serde::{Deserialize, Serialize};

/// Most damage dice one roll may use (a rocket launcher rolls 8).
pub const MAX_DAMAGE_DICE: u32 = 16;
/// Rounds one autofire or suppressive burst spends (RED-35).
pub const AUTOFIRE_ROUNDS: u32 = 10;
/// Bound on every number a spec or setup may hold (bases, DVs, SP, stats, modifiers …), so
/// integer arithmetic can never overflow whatever a caller passes.
pub const MAX_MAGNITUDE: i32 = 1_000_000;
/// Bound on multipliers and bonus damage.
pub const MAX_MULTIPLIER: u32 = 100;

/// Refuses a number outside ±[`MAX_MAGNITUDE`], naming the rule it belongs to.
/// `what` is only formatted on failure: every check and attack checks its spec, so the
/// check itself is inlined and the message built out of line.
#[inline]
pub(crate) fn bounded(
    rule: &'static str,
    what: impl std::fmt::Display,
    value: i64,
) -> Result<(), RuleError> {
    if value.unsigned_abs() > MAX_MAGNITUDE.unsigned_abs().into() {
        return Err(out_of_bounds(rule, &what, value));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn out_of_bounds(rule: &'static str, what: &dyn std::fmt::Display, value: i64) -> RuleError {
    RuleError::new(
        rule,
        format!("{what} is {value}; numbers are limited to ±{MAX_MAGNITUDE}"),
    )
}

/// One d10 of a check with its RED-31 critical die.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct D10 {
    /// The face of the first die.
    pub natural: u32,
    /// The critical die: `+n` after a natural 10, `-n` after a natural 1, 0 otherwise.
    pub extra: i32,
    /// `natural + extra`: what the check adds.
    pub value: i32,
}

fn record(
    transcript: &mut Option<&mut Transcript>,
    label: &str,
    sides: u32,
    value: u32,
    group: u32,
    exploded: bool,
) {
    if let Some(t) = transcript.as_deref_mut() {
        t.push(DieRecord {
            label: label.to_owned(),
            group,
            sides,
            value,
            fate: DieFate::Kept,
            exploded,
        });
    }
}

fn next_group(transcript: &Option<&mut Transcript>) -> u32 {
    transcript.as_deref().map_or(0, |t| t.dice.len() as u32)
}

/// Rolls the check d10 (RED-31): with `critical`, a natural 10 adds one more d10 and a
/// natural 1 subtracts one; the extra die never chains.
pub fn roll_d10<D: Dice>(
    dice: &mut D,
    critical: bool,
    label: &str,
    mut transcript: Option<&mut Transcript>,
) -> Result<D10, RuleError> {
    let group = next_group(&transcript);
    let natural = dice.roll(10)?;
    let crit = critical && (natural == 10 || natural == 1);
    record(&mut transcript, label, 10, natural, group, crit);
    let extra = if crit {
        let e = dice.roll(10)?;
        record(&mut transcript, label, 10, e, group, false);
        if natural == 10 {
            e as i32
        } else {
            -(e as i32)
        }
    } else {
        0
    };
    Ok(D10 {
        natural,
        extra,
        value: natural as i32 + extra,
    })
}

/// A check against a DV (RED-30): `base` is STAT + SKILL + modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CheckSpec {
    /// STAT + SKILL + every modifier.
    pub base: i32,
    /// The difficulty value to beat.
    pub dv: i32,
    /// RED-31 critical d10 on (the published rule) or off.
    pub critical: bool,
}

impl Default for CheckSpec {
    fn default() -> Self {
        CheckSpec {
            base: 10,
            dv: 15,
            critical: true,
        }
    }
}

/// The outcome of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckResult {
    /// The d10 and its critical die.
    pub roll: D10,
    /// `base + roll.value`.
    pub total: i32,
    /// `total - dv`.
    pub margin: i32,
    /// Beat the DV (a tie fails: it goes to the defender).
    pub success: bool,
}

/// A check against a DV: success when the total beats the DV; a tie fails (RED-30).
pub fn check<D: Dice>(
    dice: &mut D,
    spec: &CheckSpec,
    transcript: Option<&mut Transcript>,
) -> Result<CheckResult, RuleError> {
    bounded("RED-30", "the check base", i64::from(spec.base))?;
    bounded("RED-30", "the DV", i64::from(spec.dv))?;
    let roll = roll_d10(dice, spec.critical, "check", transcript)?;
    let total = spec.base + roll.value;
    Ok(CheckResult {
        roll,
        total,
        margin: total - spec.dv,
        success: total > spec.dv,
    })
}

/// What the attacker rolls against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Defense {
    /// A fixed DV from the range table (RED-32).
    Dv {
        /// The DV.
        dv: i32,
    },
    /// The defender rolls `base + 1d10` (evasion, RED-33 and RED-37); the defender wins ties.
    Opposed {
        /// Defender's DEX + Evasion + modifiers.
        base: i32,
    },
}

impl Default for Defense {
    fn default() -> Self {
        Defense::Dv { dv: 15 }
    }
}

/// How the damage of a hit is rolled and stopped (RED-35, RED-38, RED-40, RED-42).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DamageSpec {
    /// Number of d6.
    pub dice: u32,
    /// Damage multiplier (the autofire multiplier; 1 for single attacks).
    pub multiplier: u32,
    /// SP of the armour at the hit location.
    pub sp: i32,
    /// Melee weapons and Martial Arts ignore half of the SP, rounded up (RED-38).
    pub half_sp: bool,
    /// Multiplier of damage through armour: 2 for an aimed head shot, else 1 (RED-34).
    pub head_multiplier: u32,
    /// Damage dice showing 6 needed for a critical injury (2, RED-42).
    pub crit_sixes: u32,
    /// Bonus damage of a critical injury, straight to HP (5, RED-42).
    pub crit_bonus: u32,
}

impl Default for DamageSpec {
    fn default() -> Self {
        DamageSpec {
            dice: 2,
            multiplier: 1,
            sp: 0,
            half_sp: false,
            head_multiplier: 1,
            crit_sixes: 2,
            crit_bonus: 5,
        }
    }
}

impl DamageSpec {
    /// The SP that actually stops damage: all of it, or what melee leaves (SP − ⌈SP/2⌉).
    pub fn effective_sp(&self) -> i32 {
        let sp = self.sp.max(0);
        if self.half_sp {
            sp - (sp + 1) / 2
        } else {
            sp
        }
    }

    fn validate(&self) -> Result<(), RuleError> {
        bounded("RED-40", "the SP", i64::from(self.sp))?;
        // Every attack validates its damage: one test for the common case.
        let largest =
            (self.multiplier.max(self.head_multiplier)).max(self.crit_bonus.max(self.crit_sixes));
        if largest > MAX_MULTIPLIER {
            return Err(self.multiplier_refusal());
        }
        if self.dice == 0 || self.dice > MAX_DAMAGE_DICE {
            return Err(RuleError::new(
                "RED-39",
                format!(
                    "a damage roll uses 1 to {MAX_DAMAGE_DICE} d6 (got {})",
                    self.dice
                ),
            ));
        }
        if self.multiplier == 0 || self.head_multiplier == 0 {
            return Err(RuleError::new(
                "RED-35",
                "damage multipliers are at least 1",
            ));
        }
        Ok(())
    }

    /// The refusal naming the first multiplier over [`MAX_MULTIPLIER`].
    #[cold]
    fn multiplier_refusal(&self) -> RuleError {
        let (what, v) = [
            ("the damage multiplier", self.multiplier),
            ("the head multiplier", self.head_multiplier),
            ("the critical bonus", self.crit_bonus),
            ("the sixes for a critical", self.crit_sixes),
        ]
        .into_iter()
        .find(|&(_, v)| v > MAX_MULTIPLIER)
        .expect("called with a multiplier over the cap");
        RuleError::new("RED-42", format!("{what} is {v}; at most {MAX_MULTIPLIER}"))
    }
}

/// The damage of one hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Damage {
    /// Sum of the damage dice.
    pub rolled: u32,
    /// Dice that showed 6.
    pub sixes: u32,
    /// `rolled × multiplier`: what hits the armour.
    pub raw: u32,
    /// SP that stopped damage (RED-38 halves it for melee).
    pub effective_sp: i32,
    /// Raw damage beat the SP: HP lost and the armour ablates by 1 (RED-40).
    pub penetrated: bool,
    /// HP lost through the armour (doubled on the head).
    pub through: u32,
    /// Two or more sixes: a critical injury (RED-42).
    pub critical: bool,
    /// Total HP lost: `through` plus the critical bonus.
    pub hp_loss: u32,
    /// The 2d6 critical-injury roll (0 without a critical injury).
    pub injury_roll: u32,
}

/// Rolls damage and applies armour (RED-40), head doubling (RED-34) and critical injuries
/// (RED-42): on a critical the 2d6 injury roll follows the damage dice.
pub fn damage<D: Dice>(
    dice: &mut D,
    spec: &DamageSpec,
    transcript: Option<&mut Transcript>,
) -> Result<Damage, RuleError> {
    spec.validate()?;
    roll_damage(dice, spec, transcript)
}

/// [`damage`] of a spec known to be valid.
fn roll_damage<D: Dice>(
    dice: &mut D,
    spec: &DamageSpec,
    mut transcript: Option<&mut Transcript>,
) -> Result<Damage, RuleError> {
    let group = next_group(&transcript);
    let (mut rolled, mut sixes) = (0u32, 0u32);
    for _ in 0..spec.dice {
        let d = dice.roll(6)?;
        record(&mut transcript, "damage", 6, d, group, false);
        rolled += d;
        sixes += u32::from(d == 6);
    }
    let mut out = stop(spec, rolled, sixes);
    if out.critical {
        let group = next_group(&transcript);
        let a = dice.roll(6)?;
        record(&mut transcript, "critical injury", 6, a, group, false);
        let b = dice.roll(6)?;
        record(&mut transcript, "critical injury", 6, b, group, false);
        out.injury_roll = a + b;
    }
    Ok(out)
}

/// Armour, doubling and the critical bonus for a known dice sum: the deterministic half of
/// [`damage`], shared with the exact odds.
pub(crate) fn stop(spec: &DamageSpec, rolled: u32, sixes: u32) -> Damage {
    let raw = rolled.saturating_mul(spec.multiplier);
    let effective_sp = spec.effective_sp();
    let penetrated = i64::from(raw) > i64::from(effective_sp);
    let through = if penetrated {
        (raw - effective_sp as u32).saturating_mul(spec.head_multiplier)
    } else {
        0
    };
    let critical = sixes >= spec.crit_sixes.max(1);
    let hp_loss = through.saturating_add(if critical { spec.crit_bonus } else { 0 });
    Damage {
        rolled,
        sixes,
        raw,
        effective_sp,
        penetrated,
        through,
        critical,
        hp_loss,
        injury_roll: 0,
    }
}

/// One attack end to end: the hot path the C ABI exposes typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AttackSpec {
    /// Attacker's STAT + SKILL + every modifier (aimed shot −8 included).
    pub attack: i32,
    /// DV or opposed defence.
    pub defense: Defense,
    /// Autofire multiplier cap (RED-35); 0 for a single attack.
    pub autofire_cap: u32,
    /// Damage dice, armour and criticals; its `multiplier` is ignored (autofire sets it).
    pub damage: DamageSpec,
    /// RED-31 critical d10 on both sides of the roll.
    pub critical: bool,
}

impl Default for AttackSpec {
    fn default() -> Self {
        AttackSpec {
            attack: 14,
            defense: Defense::default(),
            autofire_cap: 0,
            damage: DamageSpec::default(),
            critical: true,
        }
    }
}

impl AttackSpec {
    /// Checks every number is within bounds (see [`MAX_MAGNITUDE`]).
    pub fn validate(&self) -> Result<(), RuleError> {
        bounded("RED-30", "the attack base", i64::from(self.attack))?;
        let defense = match self.defense {
            Defense::Dv { dv } => dv,
            Defense::Opposed { base } => base,
        };
        bounded("RED-30", "the defence", i64::from(defense))?;
        if self.autofire_cap > MAX_MULTIPLIER {
            return Err(RuleError::new(
                "RED-35",
                format!(
                    "autofire cap {} is over {MAX_MULTIPLIER}",
                    self.autofire_cap
                ),
            ));
        }
        self.damage.validate()
    }
}

/// The outcome of one attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackResult {
    /// Attacker's d10.
    pub roll: D10,
    /// Attacker's total.
    pub total: i32,
    /// Defender's d10 when the defence was opposed.
    pub defense_roll: Option<D10>,
    /// The DV, or the defender's total.
    pub defense_total: i32,
    /// `total - defense_total`.
    pub margin: i32,
    /// The attacker beat the defence (ties go to the defender).
    pub hit: bool,
    /// Damage multiplier: `min(margin, cap)` for autofire, 1 for a single hit, 0 on a miss.
    pub multiplier: u32,
    /// The damage, on a hit.
    pub damage: Option<Damage>,
}

/// Resolves one attack: attacker's d10, the defender's d10 when opposed, then on a hit the
/// damage (RED-30 … RED-42). Draw order: attack, defence, damage dice, injury 2d6.
pub fn attack<D: Dice>(
    dice: &mut D,
    spec: &AttackSpec,
    mut transcript: Option<&mut Transcript>,
) -> Result<AttackResult, RuleError> {
    spec.validate()?;
    let roll = roll_d10(dice, spec.critical, "attack", transcript.as_deref_mut())?;
    let total = spec.attack + roll.value;
    let (defense_roll, defense_total) = match spec.defense {
        Defense::Dv { dv } => (None, dv),
        Defense::Opposed { base } => {
            let d = roll_d10(dice, spec.critical, "defense", transcript.as_deref_mut())?;
            (Some(d), base + d.value)
        }
    };
    let margin = total - defense_total;
    let hit = margin > 0;
    let multiplier = match (hit, spec.autofire_cap) {
        (false, _) => 0,
        (true, 0) => 1,
        (true, cap) => (margin as u32).min(cap),
    };
    let damage = if hit {
        // Valid: `spec.damage` was validated above, and the multiplier is 1 or at most the
        // validated autofire cap.
        let dspec = DamageSpec {
            multiplier,
            ..spec.damage
        };
        Some(roll_damage(dice, &dspec, transcript)?)
    } else {
        None
    };
    Ok(AttackResult {
        roll,
        total,
        defense_roll,
        defense_total,
        margin,
        hit,
        multiplier,
        damage,
    })
}

/// A death save (RED-45).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeathSave {
    /// The d10 (no critical die: RED-31).
    pub roll: u32,
    /// The penalty added to it.
    pub penalty: i32,
    /// `roll + penalty < BODY` and the roll is not a 10.
    pub success: bool,
}

/// Rolls a death save: 1d10 + penalty under BODY succeeds; a natural 10 always fails.
pub fn death_save<D: Dice>(
    dice: &mut D,
    body: i32,
    penalty: i32,
    mut transcript: Option<&mut Transcript>,
) -> Result<DeathSave, RuleError> {
    bounded("RED-45", "BODY", i64::from(body))?;
    bounded("RED-45", "the death-save penalty", i64::from(penalty))?;
    let group = next_group(&transcript);
    let roll = dice.roll(10)?;
    record(&mut transcript, "death save", 10, roll, group, false);
    Ok(DeathSave {
        roll,
        penalty,
        success: roll != 10 && roll as i32 + penalty < body,
    })
}

/// RED-43: HP = 10 + 5 × ⌈(BODY + WILL) / 2⌉.
pub fn hp_max(body: i32, will: i32) -> i32 {
    10 + 5 * (body + will + 1).div_euclid(2)
}

/// How hurt a character is (RED-44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Wound {
    /// Full HP.
    Unhurt,
    /// Below full HP, at least half.
    Lightly,
    /// HP < ⌈max / 2⌉: −2 to all actions.
    Seriously,
    /// HP < 1: −4 to all actions, MOVE −6, death saves.
    Mortally,
}

/// The wound state of `hp` out of `max` (RED-44).
pub fn wound_state(hp: i32, max: i32) -> Wound {
    if hp < 1 {
        Wound::Mortally
    } else if hp < (max + 1).div_euclid(2) {
        Wound::Seriously
    } else if hp < max {
        Wound::Lightly
    } else {
        Wound::Unhurt
    }
}
