//! Resolution, pure and allocation-free over any `Dice`: the 3d6 test with its Drama Die,
//! opposed, advanced and challenge tests (AGE-01 … AGE-07); attacks, damage, armour, range,
//! capacity, grenades, the damage flow and the stunt table (AGE-12 … AGE-21).

use fray_dice::{msg, Dice, Message, RuleError};
use serde::{Deserialize, Serialize};

use crate::conditions::{Condition, Injury};
use crate::setup::Name;

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
            return Err(refuse("AGE-06", Message::new("age-refuse-advanced-tn")));
        }
        if !(1..=MAX_THRESHOLD).contains(&self.threshold) {
            return Err(refuse(
                "AGE-06",
                msg!(
                    "age-refuse-advanced-threshold",
                    threshold = self.threshold,
                    max = MAX_THRESHOLD
                ),
            ));
        }
        if !(1..=MAX_ADVANCED_ROLLS).contains(&self.max_rolls) {
            return Err(refuse(
                "AGE-06",
                msg!(
                    "age-refuse-advanced-rolls",
                    rolls = self.max_rolls,
                    max = MAX_ADVANCED_ROLLS
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

/// The attack types of the damage table (AGE-13) and the range table (AGE-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// 1d3 + Str (1d6 + Str with the Striking Style talent).
    Unarmed,
    /// 1d6 + Str.
    Improvised,
    /// 1d6 + Str or Dex (a setting).
    LightMelee,
    /// 2d6 + Str.
    HeavyMelee,
    /// 2d6 + Per, 50/75 m, a firearm.
    Pistol,
    /// 3d6 + Per, 200/300 m, a firearm.
    Rifle,
    /// 100/150 m; the source gives no damage, so the weapon must state it.
    Bow,
    /// 10 + Str / 15 + 1½ × Str m; the source gives no damage, so the weapon must state it.
    Thrown,
    /// 3d6 to everyone within 5 m; thrown at 10 + Str / 15 + 1½ × Str m (AGE-19).
    Grenade,
    /// Fires grenades at rifle range, no Take Up per shot, and jams like a firearm (AGE-19).
    GrenadeLauncher,
}

impl AttackKind {
    /// Melee attacks use Fighting; the rest Accuracy (AGE-12).
    pub fn is_melee(self) -> bool {
        matches!(
            self,
            AttackKind::Unarmed
                | AttackKind::Improvised
                | AttackKind::LightMelee
                | AttackKind::HeavyMelee
        )
    }

    /// Firearms are subject to the capacity rule (AGE-18).
    pub fn is_firearm(self) -> bool {
        matches!(
            self,
            AttackKind::Pistol | AttackKind::Rifle | AttackKind::GrenadeLauncher
        )
    }

    /// Grenades and grenade launchers burst at a point (`throw_grenade`), never at a target.
    pub fn is_explosive(self) -> bool {
        matches!(self, AttackKind::Grenade | AttackKind::GrenadeLauncher)
    }

    /// The damage dice of the table (AGE-13); `None` where the source gives none.
    pub fn damage_dice(self, striking_style: bool) -> Option<DamageDice> {
        let d = |count, sides| Some(DamageDice { count, sides });
        match self {
            AttackKind::Unarmed if striking_style => d(1, 6),
            AttackKind::Unarmed => d(1, 3),
            AttackKind::Improvised | AttackKind::LightMelee => d(1, 6),
            AttackKind::HeavyMelee | AttackKind::Pistol => d(2, 6),
            AttackKind::Rifle | AttackKind::Grenade | AttackKind::GrenadeLauncher => d(3, 6),
            AttackKind::Bow | AttackKind::Thrown => None,
        }
    }

    /// The ability added to damage (AGE-13).
    pub fn damage_ability(self, light: LightMeleeDamage) -> DamageAbility {
        match self {
            AttackKind::Unarmed | AttackKind::Improvised | AttackKind::HeavyMelee => {
                DamageAbility::Strength
            }
            AttackKind::LightMelee => match light {
                LightMeleeDamage::StrengthOrDexterity => DamageAbility::StrengthOrDexterity,
                LightMeleeDamage::StrengthOnly => DamageAbility::Strength,
            },
            AttackKind::Pistol | AttackKind::Rifle | AttackKind::Bow => DamageAbility::Perception,
            AttackKind::Thrown => DamageAbility::Strength,
            AttackKind::Grenade | AttackKind::GrenadeLauncher => DamageAbility::None,
        }
    }

    /// Normal and maximum range (AGE-17); `None` for melee. Thrown weapons and grenades
    /// reach 10 + Str and at most 15 + 1½ × Str (rounded down).
    pub fn range(self, strength: i32) -> Option<RangeBand> {
        let band = |normal: i32, max: i32| {
            Some(RangeBand {
                normal: normal.max(0) as u32,
                max: max.max(0) as u32,
            })
        };
        match self {
            AttackKind::Pistol => band(50, 75),
            AttackKind::Rifle | AttackKind::GrenadeLauncher => band(200, 300),
            AttackKind::Bow => band(100, 150),
            AttackKind::Thrown | AttackKind::Grenade => {
                band(10 + strength, 15 + (3 * strength).div_euclid(2))
            }
            _ => None,
        }
    }
}

/// Which ability light melee weapons add to damage (AGE-13): canon Str or Dex, or the
/// seed's optional house rule, Str only.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum LightMeleeDamage {
    /// Canon: the attacker adds the better of Strength and Dexterity.
    #[default]
    StrengthOrDexterity,
    /// House rule: Strength only.
    StrengthOnly,
}

/// The ability a damage roll adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageAbility {
    /// Strength.
    Strength,
    /// The better of Strength and Dexterity (the attacker's choice).
    StrengthOrDexterity,
    /// Perception.
    Perception,
    /// Nothing (grenades).
    None,
}

/// A number of dice of one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageDice {
    /// How many dice.
    pub count: u8,
    /// Faces per die.
    pub sides: u8,
}

/// Normal and maximum range in metres (AGE-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    /// Within this, no penalty.
    pub normal: u32,
    /// Up to this, −2; beyond, out of reach.
    pub max: u32,
}

/// A refusal written from message `m` (English and Russian).
fn refuse(rule: &'static str, m: Message) -> RuleError {
    crate::text::refusal(rule, m)
}

/// A refusal naming stunt row `stunt` in each language.
#[cold]
fn refuse_stunt(rule: &'static str, id: &'static str, stunt: &str) -> RuleError {
    refuse(
        rule,
        crate::text::with_stunt(Message::new(id), "stunt", stunt),
    )
}

/// AGE-21: `choice` pays what its row does not cost ("2", "1–3", "2+" SP).
#[cold]
fn stunt_cost_refusal(def: &StuntDef, choice: &StuntChoice) -> RuleError {
    let cost = match def.max {
        Some(m) if m == def.min => def.min.to_string(),
        Some(m) => format!("{}–{m}", def.min),
        None => format!("{}+", def.min),
    };
    refuse(
        "AGE-21",
        crate::text::with_stunt(
            msg!("age-refuse-stunt-cost", cost = cost, points = choice.points),
            "stunt",
            &choice.stunt,
        ),
    )
}

/// The penalty beyond normal range.
pub const LONG_RANGE_PENALTY: i32 = -2;

/// The attack modifier for shooting `distance` metres: 0 within range, −2 up to the maximum,
/// an error beyond it (AGE-17).
pub fn range_modifier(band: RangeBand, distance: u32) -> Result<i32, RuleError> {
    if distance <= band.normal {
        Ok(0)
    } else if distance <= band.max {
        Ok(LONG_RANGE_PENALTY)
    } else {
        Err(refuse(
            "AGE-17",
            msg!(
                "age-refuse-out-of-range",
                distance = distance,
                max = band.max
            ),
        ))
    }
}

/// An attack roll against Defense (AGE-12), with range (AGE-17) and capacity (AGE-18).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AttackSpec {
    /// Fighting (melee) or Accuracy (ranged).
    pub ability: i32,
    /// A weapon focus applies (+2).
    pub focus: bool,
    /// Every other modifier (Aim, Charge, prone target, conditions, stance …).
    pub modifier: i32,
    /// The target's Defense (or the TN of a grenade throw).
    pub defense: i32,
    /// The weapon's range, `None` in melee.
    pub range: Option<RangeBand>,
    /// Metres to the target.
    pub distance: u32,
    /// A firearm: a miss with a 6 on the Drama Die jams it (AGE-18).
    pub firearm: bool,
    /// A High Capacity weapon whose one free pass is still unused (AGE-18).
    pub high_capacity: bool,
}

/// What the capacity rule did to the weapon (AGE-18).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Capacity {
    /// Nothing happened.
    #[default]
    Ready,
    /// A jam result that High Capacity ignored (its one free pass is now used).
    Ignored,
    /// Jammed or empty: clearing or reloading takes a minor action.
    Jammed,
}

/// The outcome of an attack roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AttackResult {
    /// The 3d6 test (its TN was the Defense).
    pub roll: TestResult,
    /// Total ≥ Defense.
    pub hit: bool,
    /// The range modifier that applied.
    pub range_modifier: i32,
    /// The capacity rule's verdict.
    pub capacity: Capacity,
}

/// Rolls an attack: 3d6 + ability + focus + modifiers (+ range) ≥ Defense (AGE-12, AGE-17,
/// AGE-18). Stunt points are in `roll.stunt_points` (a hit with doubles). No allocation.
pub fn attack<D: Dice>(dice: &mut D, spec: &AttackSpec) -> Result<AttackResult, RuleError> {
    let range_mod = match spec.range {
        Some(band) => range_modifier(band, spec.distance)?,
        None => 0,
    };
    let roll = test(
        dice,
        &TestSpec {
            ability: spec.ability,
            focus: spec.focus,
            modifier: spec.modifier + range_mod,
            tn: Some(spec.defense),
            auto_fail: false,
        },
    )?;
    let capacity = if spec.firearm && !roll.success && roll.drama() == 6 {
        if spec.high_capacity {
            Capacity::Ignored
        } else {
            Capacity::Jammed
        }
    } else {
        Capacity::Ready
    };
    Ok(AttackResult {
        roll,
        hit: roll.success,
        range_modifier: range_mod,
        capacity,
    })
}

/// A damage roll: dice + ability + modifiers, plus extra d6 from stunts (AGE-13, AGE-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DamageSpec {
    /// The weapon's dice (zero dice for a Stunt Attack's own damage).
    pub dice: DamageDice,
    /// Ability and modifiers (Heavy Attack +1 …).
    pub bonus: i32,
    /// Extra d6 from stunts (Vicious Blow, Lethal Blow …).
    pub extra_d6: u8,
}

impl Default for DamageSpec {
    fn default() -> Self {
        DamageSpec {
            dice: DamageDice { count: 1, sides: 6 },
            bonus: 0,
            extra_d6: 0,
        }
    }
}

/// Rolls damage (never below 0). No allocation.
pub fn roll_damage<D: Dice>(dice: &mut D, spec: &DamageSpec) -> Result<i32, RuleError> {
    roll_damage_faces(dice, spec, |_, _| {})
}

/// [`roll_damage`], showing each face to `face` as it is rolled: the spec's dice first, then
/// its extra d6 (`true`), so a log can list them.
pub(crate) fn roll_damage_faces<D: Dice>(
    dice: &mut D,
    spec: &DamageSpec,
    mut face: impl FnMut(bool, u8),
) -> Result<i32, RuleError> {
    let mut total = spec.bonus;
    for _ in 0..spec.dice.count {
        let f = dice.roll(u32::from(spec.dice.sides))?;
        face(false, f as u8);
        total += f as i32;
    }
    for _ in 0..spec.extra_d6 {
        let f = roll_d6(dice)?;
        face(true, f);
        total += i32::from(f);
    }
    Ok(total.max(0))
}

/// Armour types (AGE-14): rating / penalty.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ArmourKind {
    /// No armour.
    #[default]
    None,
    /// +1 / 0.
    Padded,
    /// +2 / −1.
    Light,
    /// +4 / −2.
    Medium,
    /// +6 / −3.
    Heavy,
    /// +12 / 0.
    Power,
}

impl ArmourKind {
    /// (rating, penalty) of the table; the penalty is a negative number.
    pub fn stats(self) -> (i32, i32) {
        match self {
            ArmourKind::None => (0, 0),
            ArmourKind::Padded => (1, 0),
            ArmourKind::Light => (2, -1),
            ArmourKind::Medium => (4, -2),
            ArmourKind::Heavy => (6, -3),
            ArmourKind::Power => (12, 0),
        }
    }
}

/// Shield bonuses to Defense (AGE-14): against blows and against ballistic attacks. A shield
/// never raises Toughness.
pub const SHIELD_DEFENSE: (i32, i32) = (2, 3);

/// How much lower armour counts against an armour-piercing weapon (AGE-16).
pub const ARMOUR_PIERCING: i32 = 2;

/// How damage is absorbed after Toughness (AGE-15, a \[default\]); replace it in the setup's
/// rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DamageFlow {
    /// Whether a target out of Fortune takes Injured, then Wounded, to absorb damage.
    pub use_conditions: bool,
    /// Damage Injured absorbs (1d6).
    pub injured_absorbs: DamageDice,
    /// Damage Wounded absorbs (1d6).
    pub wounded_absorbs: DamageDice,
}

impl Default for DamageFlow {
    fn default() -> Self {
        DamageFlow {
            use_conditions: true,
            injured_absorbs: DamageDice { count: 1, sides: 6 },
            wounded_absorbs: DamageDice { count: 1, sides: 6 },
        }
    }
}

/// What protects a target from one hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Soak {
    /// Constitution.
    pub constitution: i32,
    /// Armour rating.
    pub armour: i32,
    /// Penetrating damage skips Toughness altogether (AGE-15).
    pub penetrating: bool,
    /// Armour counts 2 lower (AGE-16).
    pub armour_piercing: bool,
}

impl Soak {
    /// Toughness against this hit: Constitution + armour (armour-piercing: armour − 2, never
    /// below 0); 0 against penetrating damage; never below 0.
    pub fn toughness(&self) -> i32 {
        if self.penetrating {
            return 0;
        }
        let armour = if self.armour_piercing {
            (self.armour - ARMOUR_PIERCING).max(0)
        } else {
            self.armour
        };
        (self.constitution + armour).max(0)
    }
}

/// Fortune and the injury chain: what damage eats into.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Vitals {
    /// Fortune left.
    pub fortune: i32,
    /// The injury chain.
    pub injury: Injury,
}

/// Where one hit's damage went (AGE-15).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DamageOutcome {
    /// Damage rolled.
    pub raw: i32,
    /// Toughness subtracted.
    pub toughness: i32,
    /// Paid from Fortune.
    pub fortune_lost: i32,
    /// Absorbed by taking Injured (the roll), if it was taken.
    pub injured_absorbed: Option<i32>,
    /// Absorbed by taking Wounded (the roll), if it was taken.
    pub wounded_absorbed: Option<i32>,
    /// Damage was left over: the target is taken out.
    pub taken_out: bool,
    /// Fortune and injury after the hit.
    pub after: Vitals,
}

/// Runs one hit's damage through Toughness, Fortune, Injured, Wounded and Taken Out
/// (AGE-15, the \[default\] [`DamageFlow`]), taking every condition offered (the engine asks
/// the target instead: [`absorb_offer`]). Dice are drawn only for the absorptions taken.
pub fn take_damage<D: Dice>(
    dice: &mut D,
    raw: i32,
    soak: &Soak,
    vitals: Vitals,
    flow: &DamageFlow,
) -> Result<DamageOutcome, RuleError> {
    let (mut out, mut left) = pay_damage(raw, soak, vitals);
    while let Some(condition) = absorb_offer(&out, left, flow) {
        left = absorb(dice, &mut out, left, condition, flow)?;
    }
    out.taken_out = left > 0;
    Ok(out)
}

/// The first steps of the damage flow (AGE-15): Toughness, then Fortune. Returns the outcome
/// so far and the damage still left to absorb or to take the target out.
pub(crate) fn pay_damage(raw: i32, soak: &Soak, vitals: Vitals) -> (DamageOutcome, i32) {
    let toughness = soak.toughness();
    let mut left = (raw - toughness).max(0);
    let fortune_lost = left.min(vitals.fortune.max(0));
    left -= fortune_lost;
    let out = DamageOutcome {
        raw,
        toughness,
        fortune_lost,
        after: Vitals {
            fortune: vitals.fortune - fortune_lost,
            injury: vitals.injury,
        },
        ..DamageOutcome::default()
    };
    (out, left)
}

/// The condition the target may take to absorb the damage `left` after Fortune (AGE-15):
/// Injured when unhurt, Wounded when Injured; none when nothing is left, when the flow uses
/// no conditions, or when already Wounded («Уже Ранен: любой урон после Удачи сразу выводит
/// из строя»).
pub fn absorb_offer(out: &DamageOutcome, left: i32, flow: &DamageFlow) -> Option<Condition> {
    if left <= 0 || !flow.use_conditions {
        return None;
    }
    match out.after.injury {
        Injury::None => Some(Condition::Injured),
        Injury::Injured => Some(Condition::Wounded),
        Injury::Wounded | Injury::Dying => None,
    }
}

/// Takes `condition` (Injured or Wounded) to absorb its roll of the damage `left`; returns
/// what is left.
pub(crate) fn absorb<D: Dice>(
    dice: &mut D,
    out: &mut DamageOutcome,
    left: i32,
    condition: Condition,
    flow: &DamageFlow,
) -> Result<i32, RuleError> {
    let (d, injury) = if condition == Condition::Injured {
        (flow.injured_absorbs, Injury::Injured)
    } else {
        (flow.wounded_absorbs, Injury::Wounded)
    };
    let absorbed = roll_damage(
        dice,
        &DamageSpec {
            dice: d,
            bonus: 0,
            extra_d6: 0,
        },
    )?;
    if injury == Injury::Injured {
        out.injured_absorbed = Some(absorbed);
    } else {
        out.wounded_absorbed = Some(absorbed);
    }
    out.after.injury = injury;
    Ok((left - absorbed).max(0))
}

/// The TN of a grenade throw unless the GM raises it (AGE-19).
pub const GRENADE_TN: i32 = 11;
/// Everyone within this many metres of the blast takes the grenade's damage (AGE-19).
pub const GRENADE_RADIUS: u32 = 5;

/// A grenade throw (AGE-19) on a line: thrower and aim point are positions in metres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GrenadeSpec {
    /// Accuracy.
    pub ability: i32,
    /// The Throwing focus applies.
    pub focus: bool,
    /// Other modifiers.
    pub modifier: i32,
    /// TN 11 unless raised.
    pub tn: i32,
    /// Strength, which sets a thrown grenade's range.
    pub strength: i32,
    /// A launcher's range instead of the thrown one (`None`: thrown).
    pub range: Option<RangeBand>,
    /// The thrower's position.
    pub from: i32,
    /// The chosen point of detonation.
    pub at: i32,
    /// On a miss, the grenade flies past the point (`true`) or falls short; the GM's choice.
    pub deviate_long: bool,
}

impl Default for GrenadeSpec {
    fn default() -> Self {
        GrenadeSpec {
            ability: 0,
            focus: false,
            modifier: 0,
            tn: GRENADE_TN,
            strength: 0,
            range: None,
            from: 0,
            at: 10,
            deviate_long: true,
        }
    }
}

/// Where a grenade went off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GrenadeResult {
    /// The throw.
    pub roll: TestResult,
    /// Metres it strayed (0 on a success, 1d6 on a failure).
    pub deviation: u8,
    /// Where it detonated.
    pub detonation: i32,
}

/// Throws (or launches) a grenade: Accuracy vs TN 11 within 10 + Str / 15 + 1½ × Str m, or
/// the launcher's range (−2 past normal range); a miss deviates 1d6 m (AGE-19). A
/// launcher's jam on a miss with a 6 on the Drama Die is the caller's to apply (AGE-18).
pub fn throw_grenade<D: Dice>(
    dice: &mut D,
    spec: &GrenadeSpec,
) -> Result<GrenadeResult, RuleError> {
    let band = spec
        .range
        .or_else(|| AttackKind::Grenade.range(spec.strength))
        .unwrap_or(RangeBand { normal: 0, max: 0 });
    let range_mod = range_modifier(band, spec.from.abs_diff(spec.at))?;
    let roll = test(
        dice,
        &TestSpec {
            ability: spec.ability,
            focus: spec.focus,
            modifier: spec.modifier + range_mod,
            tn: Some(spec.tn),
            auto_fail: false,
        },
    )?;
    if roll.success {
        return Ok(GrenadeResult {
            roll,
            deviation: 0,
            detonation: spec.at,
        });
    }
    let deviation = roll_d6(dice)?;
    let away = if spec.at >= spec.from { 1 } else { -1 };
    let sign = if spec.deviate_long { away } else { -away };
    Ok(GrenadeResult {
        roll,
        deviation,
        detonation: spec.at + sign * i32::from(deviation),
    })
}

/// A missed armour-piercing shot next to the hull: 1d6, on 1–2 the compartment
/// decompresses (AGE-16). Returns the die and the verdict.
pub fn decompression_check<D: Dice>(dice: &mut D) -> Result<(u8, bool), RuleError> {
    let d = roll_d6(dice)?;
    Ok((d, d <= 2))
}

/// What a stunt does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum StuntEffect {
    /// Moves the target 2 m per SP.
    Skirmish,
    /// +1 Defense per SP until the attacker's next turn.
    DuckAndWeave,
    /// +1 Defense per SP against ranged attacks until the attacker's next turn (\[default\]).
    TakeCover,
    /// +3 initiative per SP, from the next round.
    Momentum,
    /// The target falls Prone.
    KnockProne,
    /// A second attack (unnamed target: the same one if still up, else the nearest in reach).
    LightningAttack,
    /// Extra d6 of damage.
    ExtraDamage {
        /// How many d6.
        d6: u8,
    },
}

/// One row of the stunt table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StuntDef {
    /// Its name, as commands give it ("knock_prone").
    pub name: Name,
    /// Least SP it costs.
    pub min: u8,
    /// Most SP it takes (`None`: any amount, like Skirmish).
    #[serde(default)]
    pub max: Option<u8>,
    /// What it does.
    pub effect: StuntEffect,
    /// Only with an automatic weapon (AGE-20).
    #[serde(default)]
    pub automatic_only: bool,
    /// May be bought more than once per attack (\[default\]: no stunt may).
    #[serde(default)]
    pub repeatable: bool,
}

/// The stunt table (AGE-21, a \[default\]); replace it in the setup's rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct StuntTable(pub Vec<StuntDef>);

impl Default for StuntTable {
    fn default() -> Self {
        let row = |name: &str, min, max, effect, automatic_only| StuntDef {
            name: name.into(),
            min,
            max,
            effect,
            automatic_only,
            repeatable: false,
        };
        StuntTable(vec![
            row("skirmish", 1, None, StuntEffect::Skirmish, false),
            row(
                "duck_and_weave",
                1,
                Some(3),
                StuntEffect::DuckAndWeave,
                false,
            ),
            row("take_cover", 1, Some(3), StuntEffect::TakeCover, false),
            row("momentum", 1, Some(3), StuntEffect::Momentum, false),
            row("knock_prone", 2, Some(2), StuntEffect::KnockProne, false),
            row(
                "lightning_attack",
                2,
                Some(2),
                StuntEffect::LightningAttack,
                false,
            ),
            row(
                "vicious_blow",
                2,
                Some(2),
                StuntEffect::ExtraDamage { d6: 1 },
                false,
            ),
            row(
                "lethal_blow",
                5,
                Some(5),
                StuntEffect::ExtraDamage { d6: 2 },
                false,
            ),
            row(
                "short_burst",
                1,
                Some(1),
                StuntEffect::ExtraDamage { d6: 1 },
                true,
            ),
            row(
                "long_burst",
                3,
                Some(3),
                StuntEffect::ExtraDamage { d6: 2 },
                true,
            ),
        ])
    }
}

/// One stunt bought with stunt points.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StuntChoice {
    /// The stunt's name in the table.
    pub stunt: Name,
    /// SP spent on it.
    pub points: u8,
    /// For Lightning Attack: another target (default: the same one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Name>,
}

impl StuntTable {
    /// The row named `name`.
    pub fn get(&self, name: &str) -> Option<&StuntDef> {
        self.0.iter().find(|s| *s.name == *name)
    }

    /// Checks a purchase against the points earned (AGE-21): every stunt exists, is bought at
    /// most once (unless `repeatable`), within its cost; automatic-only stunts need an automatic weapon (AGE-20);
    /// the total never passes `earned`. Returns the SP spent. No allocation.
    pub fn validate(
        &self,
        choices: &[StuntChoice],
        earned: u8,
        automatic: bool,
    ) -> Result<u8, RuleError> {
        let mut spent: u32 = 0;
        for (i, c) in choices.iter().enumerate() {
            let def = self
                .get(&c.stunt)
                .ok_or_else(|| refuse("AGE-21", msg!("age-refuse-no-stunt", stunt = &*c.stunt)))?;
            if !def.repeatable && choices[..i].iter().any(|o| o.stunt == c.stunt) {
                return Err(refuse_stunt("AGE-21", "age-refuse-stunt-once", &c.stunt));
            }
            if def.automatic_only && !automatic {
                return Err(refuse_stunt(
                    "AGE-20",
                    "age-refuse-stunt-automatic",
                    &c.stunt,
                ));
            }
            if c.points < def.min || def.max.is_some_and(|m| c.points > m) {
                return Err(stunt_cost_refusal(def, c));
            }
            spent += u32::from(c.points);
        }
        if spent > u32::from(earned) {
            return Err(refuse(
                "AGE-21",
                msg!("age-refuse-overspent", spent = spent, earned = earned),
            ));
        }
        Ok(spent as u8)
    }
}
