//! Layer 1: pure resolution. Nothing here allocates; every die comes from a [`Dice`].

use std::fmt;

use fray_dice::{Dice, Error, ErrorKind};
use serde::{Deserialize, Serialize};

/// Sides of every Andromeda die (the check is 2d8).
pub const DIE_SIDES: u32 = 8;
/// Dice summed by a check.
pub const KEPT_DICE: usize = 2;
/// Most extra dice an [`AdvantageMethod::ExtraDice`] may roll.
pub const MAX_EXTRA_DICE: u8 = 4;
/// Most dice one check can roll (2 kept + [`MAX_EXTRA_DICE`]).
pub const MAX_CHECK_DICE: usize = KEPT_DICE + MAX_EXTRA_DICE as usize;

/// The four outcomes of a check, in order (AND-15).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Tier {
    /// Провал.
    #[default]
    Fail = 0,
    /// Успех с ценой.
    SuccessAtACost = 1,
    /// Успех.
    Success = 2,
    /// Критический успех.
    Critical = 3,
}

impl Tier {
    /// All tiers, worst first.
    pub const ALL: [Tier; 4] = [
        Tier::Fail,
        Tier::SuccessAtACost,
        Tier::Success,
        Tier::Critical,
    ];

    /// The tier at `index`, clamped to Fail..Critical (the clamp of AND-17).
    #[inline]
    pub fn clamped(index: i64) -> Tier {
        Tier::ALL[index.clamp(0, 3) as usize]
    }

    /// 0 for Fail … 3 for Critical.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The name used in logs and odds tables.
    pub fn label(self) -> &'static str {
        match self {
            Tier::Fail => "Fail",
            Tier::SuccessAtACost => "Success at a Cost",
            Tier::Success => "Success",
            Tier::Critical => "Critical Success",
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Advantage state of one roll after every source was counted (AND-21).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Edge {
    /// Plain 2d8.
    #[default]
    Normal = 0,
    /// Advantage.
    Advantage = 1,
    /// Disadvantage.
    Disadvantage = 2,
}

impl Edge {
    /// Sources do not stack; one of each cancels (AND-21).
    pub fn from_sources(advantage: bool, disadvantage: bool) -> Edge {
        match (advantage, disadvantage) {
            (true, false) => Edge::Advantage,
            (false, true) => Edge::Disadvantage,
            _ => Edge::Normal,
        }
    }
}

/// The outcome table: the lowest 2d8 + skill total of each tier (AND-16, **\[default\]**
/// 10 / 13 / 16 — provisional in the source, so it is data the caller replaces).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct OutcomeTable {
    /// Lowest total that is a Success at a Cost (below it: Fail).
    #[schemars(range(min = -crate::setup::limits::TABLE, max = crate::setup::limits::TABLE))]
    pub cost_from: i32,
    /// Lowest total that is a Success.
    #[schemars(range(min = -crate::setup::limits::TABLE, max = crate::setup::limits::TABLE))]
    pub success_from: i32,
    /// Lowest total that is a Critical Success.
    #[schemars(range(min = -crate::setup::limits::TABLE, max = crate::setup::limits::TABLE))]
    pub critical_from: i32,
}

impl Default for OutcomeTable {
    fn default() -> Self {
        OutcomeTable {
            cost_from: 10,
            success_from: 13,
            critical_from: 16,
        }
    }
}

impl OutcomeTable {
    /// The base tier of a total.
    #[inline]
    pub fn tier(&self, total: i32) -> Tier {
        if total >= self.critical_from {
            Tier::Critical
        } else if total >= self.success_from {
            Tier::Success
        } else if total >= self.cost_from {
            Tier::SuccessAtACost
        } else {
            Tier::Fail
        }
    }

    /// Refuses a table whose thresholds are not in ascending order.
    pub fn validate(&self) -> Result<(), Error> {
        if self.cost_from <= self.success_from && self.success_from <= self.critical_from {
            Ok(())
        } else {
            Err(Error::new(
                ErrorKind::InvalidDice,
                format!(
                    "the outcome table needs cost_from <= success_from <= critical_from (got {} / {} / {})",
                    self.cost_from, self.success_from, self.critical_from
                ),
            ))
        }
    }
}

/// How advantage and disadvantage change the roll (AND-21, **\[default\]** roll one extra d8
/// and keep the best two, or the worst two for disadvantage).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "method", rename_all = "snake_case", deny_unknown_fields)]
pub enum AdvantageMethod {
    /// Roll `2 + dice` d8 and keep the highest two (advantage) or lowest two (disadvantage).
    ExtraDice {
        /// Extra dice rolled, 0..=4.
        #[schemars(range(min = 0, max = MAX_EXTRA_DICE))]
        dice: u8,
    },
    /// Roll 2d8 and add `bonus` (advantage) or subtract it (disadvantage).
    Flat {
        /// The modifier.
        #[schemars(range(min = -crate::setup::limits::FLAT_BONUS, max = crate::setup::limits::FLAT_BONUS))]
        bonus: i32,
    },
}

impl Default for AdvantageMethod {
    fn default() -> Self {
        AdvantageMethod::ExtraDice { dice: 1 }
    }
}

impl AdvantageMethod {
    /// Refuses more than [`MAX_EXTRA_DICE`] extra dice.
    pub fn validate(&self) -> Result<(), Error> {
        match *self {
            AdvantageMethod::ExtraDice { dice } if dice > MAX_EXTRA_DICE => Err(Error::new(
                ErrorKind::Limit,
                format!("advantage may roll at most {MAX_EXTRA_DICE} extra dice (got {dice})"),
            )),
            _ => Ok(()),
        }
    }

    /// Dice rolled for a roll with `edge`.
    #[inline]
    fn dice(&self, edge: Edge) -> usize {
        match (*self, edge) {
            (AdvantageMethod::ExtraDice { dice }, Edge::Advantage | Edge::Disadvantage) => {
                KEPT_DICE + dice as usize
            }
            _ => KEPT_DICE,
        }
    }

    /// The flat modifier for `edge`.
    #[inline]
    fn modifier(&self, edge: Edge) -> i32 {
        match (*self, edge) {
            (AdvantageMethod::Flat { bonus }, Edge::Advantage) => bonus,
            (AdvantageMethod::Flat { bonus }, Edge::Disadvantage) => bonus.saturating_neg(),
            _ => 0,
        }
    }
}

/// The d8s of one roll and the two that count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KeptRoll {
    /// Every die rolled, in order; only the first `count` are meaningful.
    pub dice: [u8; MAX_CHECK_DICE],
    /// How many dice were rolled.
    pub count: u8,
    /// The two dice kept (their sum is the dice part of the total).
    pub kept: [u8; KEPT_DICE],
    /// Kept dice + skill value (+ a flat advantage modifier).
    pub total: i32,
}

impl KeptRoll {
    /// The rolled dice as a slice.
    pub fn rolled(&self) -> &[u8] {
        &self.dice[..self.count as usize]
    }
}

/// Rolls 2d8 (or more, kept down to two) for `edge` and adds `skill_value`.
#[inline]
pub fn roll_total<D: Dice>(
    dice: &mut D,
    skill_value: i32,
    edge: Edge,
    method: &AdvantageMethod,
) -> Result<KeptRoll, Error> {
    let n = method.dice(edge);
    if n == KEPT_DICE {
        // The hot path: two dice, kept in the order rolled.
        let a = dice.roll(DIE_SIDES)? as u8;
        let b = dice.roll(DIE_SIDES)? as u8;
        return Ok(KeptRoll {
            dice: [a, b, 0, 0, 0, 0],
            count: 2,
            kept: [a, b],
            total: skill_value
                .saturating_add(i32::from(a) + i32::from(b))
                .saturating_add(method.modifier(edge)),
        });
    }
    if n > MAX_CHECK_DICE {
        method.validate()?;
    }
    let mut out = KeptRoll {
        count: n as u8,
        ..KeptRoll::default()
    };
    // a >= b are the best two so far (advantage), or a <= b the worst two (disadvantage).
    let mut a = 0u8;
    let mut b = 0u8;
    for i in 0..n {
        let v = dice.roll(DIE_SIDES)? as u8;
        out.dice[i] = v;
        if i == 0 {
            a = v;
        } else if i == 1 {
            b = v;
            if (edge == Edge::Disadvantage) == (a > b) {
                std::mem::swap(&mut a, &mut b);
            }
        } else if edge == Edge::Disadvantage {
            if v < a {
                b = a;
                a = v;
            } else if v < b {
                b = v;
            }
        } else if v > a {
            b = a;
            a = v;
        } else if v > b {
            b = v;
        }
    }
    out.kept = [a, b];
    out.total = skill_value
        .saturating_add(i32::from(a) + i32::from(b))
        .saturating_add(method.modifier(edge));
    Ok(out)
}

/// One check (AND-16, AND-17) or attack (AND-18): the roll, the table and the rank shift.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CheckSpec {
    /// Skill value added to the 2d8.
    pub skill_value: i32,
    /// Skill rank, compared with `difficulty`.
    pub skill_rank: i32,
    /// Task rank, or for an attack the target's defense (AND-18).
    pub difficulty: i32,
    /// Advantage state after every source was counted.
    pub edge: Edge,
    /// The outcome table.
    pub table: OutcomeTable,
    /// How advantage is rolled.
    pub advantage: AdvantageMethod,
}

impl CheckSpec {
    /// The tier shift: skill rank − difficulty (AND-17).
    #[inline]
    pub fn shift(&self) -> i32 {
        self.skill_rank.saturating_sub(self.difficulty)
    }

    /// Refuses an unordered table or too many advantage dice.
    pub fn validate(&self) -> Result<(), Error> {
        self.table.validate()?;
        self.advantage.validate()
    }
}

/// What a check came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CheckResult {
    /// The dice and the total.
    pub roll: KeptRoll,
    /// The tier the table gives the total.
    pub base: Tier,
    /// Tiers moved by rank vs difficulty (before the clamp).
    pub shift: i32,
    /// The final, shifted and clamped tier.
    pub tier: Tier,
}

/// Resolves one check: 2d8 + skill value → base tier → shift by skill rank vs difficulty →
/// final tier (AND-16, AND-17, AND-21). Does not allocate.
#[inline]
pub fn check<D: Dice>(dice: &mut D, spec: &CheckSpec) -> Result<CheckResult, Error> {
    spec.validate()?;
    let roll = roll_total(dice, spec.skill_value, spec.edge, &spec.advantage)?;
    let base = spec.table.tier(roll.total);
    let shift = spec.shift();
    Ok(CheckResult {
        roll,
        base,
        shift,
        tier: Tier::clamped(base as i64 + i64::from(shift)),
    })
}

/// Resolves `out.len()` independent checks of one spec, validating it once: the batch
/// path behind the C ABI and bulk sampling. Does not allocate.
pub fn check_batch<D: Dice>(
    dice: &mut D,
    spec: &CheckSpec,
    out: &mut [CheckResult],
) -> Result<(), Error> {
    spec.validate()?;
    let shift = spec.shift();
    for slot in out {
        let roll = roll_total(dice, spec.skill_value, spec.edge, &spec.advantage)?;
        let base = spec.table.tier(roll.total);
        *slot = CheckResult {
            roll,
            base,
            shift,
            tier: Tier::clamped(base as i64 + i64::from(shift)),
        };
    }
    Ok(())
}

/// Four damage values `fail/cost/success/crit`, picked by the final tier (AND-20).
/// In JSON it is the string `"1/2/3/5"`.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(try_from = "String", into = "String")]
pub struct DamageLine(pub [u32; 4]);

impl DamageLine {
    /// The damage for a final tier.
    #[inline]
    pub fn get(&self, tier: Tier) -> u32 {
        self.0[tier.index()]
    }
}

impl fmt::Display for DamageLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d] = self.0;
        write!(f, "{a}/{b}/{c}/{d}")
    }
}

impl From<DamageLine> for String {
    fn from(line: DamageLine) -> String {
        line.to_string()
    }
}

impl TryFrom<String> for DamageLine {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl std::str::FromStr for DamageLine {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || {
            format!("a damage line is four whole numbers fail/cost/success/crit like \"1/2/3/5\" (got {text:?})")
        };
        let mut out = [0u32; 4];
        let mut parts = text.split('/');
        for slot in &mut out {
            *slot = parts
                .next()
                .and_then(|p| p.trim().parse().ok())
                .ok_or_else(bad)?;
        }
        if parts.next().is_some() {
            return Err(bad());
        }
        Ok(DamageLine(out))
    }
}

/// An attack: the check plus the damage its final tier picks (AND-18, AND-20).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct AttackResult {
    /// The check against the defense.
    pub check: CheckResult,
    /// Damage from the damage line for the final tier.
    pub damage: u32,
}

/// Resolves an attack: a check whose difficulty is the target's defense, then the damage
/// value of the final tier. Does not allocate.
#[inline]
pub fn attack<D: Dice>(
    dice: &mut D,
    spec: &CheckSpec,
    line: &DamageLine,
) -> Result<AttackResult, Error> {
    let check = check(dice, spec)?;
    Ok(AttackResult {
        check,
        damage: line.get(check.tier),
    })
}

/// One side of an opposed check (AND-22).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Contestant {
    /// Skill value added to the roll.
    pub skill_value: i32,
    /// Skill rank (breaks ties).
    pub skill_rank: i32,
    /// Advantage state.
    pub edge: Edge,
}

/// What decided an opposed check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    /// The higher total.
    Total,
    /// Equal totals; the higher skill rank.
    Rank,
    /// Equal totals and ranks; the initiator fails and the status quo holds.
    StatusQuo,
}

/// An opposed check's rolls and winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpposedResult {
    /// The initiator's roll.
    pub initiator: KeptRoll,
    /// The opponent's roll.
    pub opponent: KeptRoll,
    /// Whether the initiator won.
    pub initiator_wins: bool,
    /// How the winner was found.
    pub decided_by: Decider,
}

/// Decides an opposed check from two totals (AND-22, **\[default\]** higher total, then
/// higher skill rank, then the opponent: the status quo holds).
pub fn opposed_winner(
    initiator_total: i32,
    initiator_rank: i32,
    opponent_total: i32,
    opponent_rank: i32,
) -> (bool, Decider) {
    if initiator_total != opponent_total {
        (initiator_total > opponent_total, Decider::Total)
    } else if initiator_rank != opponent_rank {
        (initiator_rank > opponent_rank, Decider::Rank)
    } else {
        (false, Decider::StatusQuo)
    }
}

/// Resolves an opposed check: both roll 2d8 + skill value, the initiator first (AND-22).
pub fn opposed<D: Dice>(
    dice: &mut D,
    initiator: &Contestant,
    opponent: &Contestant,
    method: &AdvantageMethod,
) -> Result<OpposedResult, Error> {
    method.validate()?;
    let a = roll_total(dice, initiator.skill_value, initiator.edge, method)?;
    let b = roll_total(dice, opponent.skill_value, opponent.edge, method)?;
    let (initiator_wins, decided_by) =
        opposed_winner(a.total, initiator.skill_rank, b.total, opponent.skill_rank);
    Ok(OpposedResult {
        initiator: a,
        opponent: b,
        initiator_wins,
        decided_by,
    })
}

/// What a grab does instead of damage, by final tier (AND-41).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GrabEffect {
    /// Fail: no grab, and the grabber is Vulnerable until the start of its next turn.
    GrabberExposed,
    /// Success at a Cost: target Grabbed, the grabber Vulnerable while holding.
    GrabbedGrabberVulnerable,
    /// Success: target Grabbed.
    Grabbed,
    /// Critical: target Grabbed and Vulnerable while held.
    GrabbedAndVulnerable,
}

impl GrabEffect {
    /// The grab table (AND-41).
    pub fn for_tier(tier: Tier) -> GrabEffect {
        match tier {
            Tier::Fail => GrabEffect::GrabberExposed,
            Tier::SuccessAtACost => GrabEffect::GrabbedGrabberVulnerable,
            Tier::Success => GrabEffect::Grabbed,
            Tier::Critical => GrabEffect::GrabbedAndVulnerable,
        }
    }

    /// One readable phrase.
    pub fn label(self) -> &'static str {
        match self {
            GrabEffect::GrabberExposed => "the grab fails and the grabber is exposed",
            GrabEffect::GrabbedGrabberVulnerable => {
                "target Grabbed, the grabber Vulnerable while holding"
            }
            GrabEffect::Grabbed => "target Grabbed",
            GrabEffect::GrabbedAndVulnerable => "target Grabbed and Vulnerable while held",
        }
    }
}

/// A grab: a Might check against Fortitude and its effect (AND-41).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GrabResult {
    /// The check.
    pub check: CheckResult,
    /// The effect of its final tier.
    pub effect: GrabEffect,
}

/// Resolves a grab: `spec` is the grabber's Might against the target's Fortitude.
pub fn grab<D: Dice>(dice: &mut D, spec: &CheckSpec) -> Result<GrabResult, Error> {
    let check = check(dice, spec)?;
    Ok(GrabResult {
        check,
        effect: GrabEffect::for_tier(check.tier),
    })
}

/// Re-reads already rolled dice for another target of the same area check: a normal roll
/// uses the first two, advantage the best two, disadvantage the worst two (AND-21, AND-26).
pub(crate) fn keep_from(
    rolled: &KeptRoll,
    skill_value: i32,
    edge: Edge,
    method: &AdvantageMethod,
) -> KeptRoll {
    let n = method.dice(edge).min(rolled.count as usize);
    let mut sorted = rolled.dice;
    sorted[..n].sort_unstable();
    let kept = if edge == Edge::Disadvantage {
        [sorted[0], sorted[1]]
    } else if n == KEPT_DICE {
        [rolled.dice[0], rolled.dice[1]]
    } else {
        [sorted[n - 1], sorted[n - 2]]
    };
    KeptRoll {
        dice: rolled.dice,
        count: n as u8,
        kept,
        total: skill_value
            .saturating_add(i32::from(kept[0]) + i32::from(kept[1]))
            .saturating_add(method.modifier(edge)),
    }
}

/// The number of dice a roll with `edge` needs under `method`.
pub(crate) fn dice_needed(edge: Edge, method: &AdvantageMethod) -> usize {
    method.dice(edge)
}
