use fray_dice::{Dice, Error, ErrorKind, Transcript};
use serde::{Deserialize, Serialize};

use crate::setup::{AttackKind, Distance, HideRoll, Rules, Tactic, TripleRule};

/// At most this many fighters take part in one exchange (a bit mask tracks the dead).
pub const MAX_FIGHTERS: usize = 16;
/// At most this many strikes in one exchange.
pub const MAX_STRIKES: usize = 64;
/// At most this many dice in one Defense, Attack or Damage roll. An encounter whose setup
/// passes validation never reaches it (stats ≤ [`MAX_STAT`], `hide_dice` ≤ 10, at most
/// [`MAX_STRIKES`] strikes each handing a target at most 22 Defense dice), so the default
/// tactic can never be refused by it; it bounds what direct callers of the resolution pass.
pub const MAX_ROLL_DICE: u32 = 1500;
/// At most this much in any of a fighter's six stats.
pub const MAX_STAT: u32 = 20;

/// Bit of [`StrikeOutcome::pairs`] for a pair of `value` (1..=6).
pub fn pair_bit(value: u32) -> u8 {
    1 << (value - 1)
}

/// A stat test (HUNT-02): `roll` of [`Rules::test_dice`] d6 against `stat`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestRoll {
    /// The stat tested.
    pub stat: u32,
    /// The dice total.
    pub roll: u32,
    /// `stat − roll`; a pass with margin m lets the fighter roll m d6 where a rule says so.
    pub margin: i32,
    /// `roll ≤ stat`.
    pub passed: bool,
}

impl TestRoll {
    /// Dice granted by "roll as many d6 as the margin": the margin of a pass, else 0.
    pub fn margin_dice(&self) -> u32 {
        if self.passed {
            self.margin.max(0) as u32
        } else {
            0
        }
    }
}

/// The critical effects of HUNT-12, read from the pair values of one Damage roll.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Criticals {
    /// 1-1 or 2-2: no tactic next turn, −1 Defense and −1 melee Attack die.
    pub fall: bool,
    /// 3-3 or 4-4: the weapon is dropped.
    pub weapon_lost: bool,
    /// 5-5: no tactic next turn, combat potential reduced by [`Criticals::doubles`].
    pub stun: bool,
    /// 6-6: one damage point at the end of every later turn.
    pub bleeding: bool,
    /// Doubles of all values in the roll (for the Stun).
    pub doubles: u32,
}

impl Criticals {
    /// The effects of a roll whose pair values are the bits of `pairs` (see [`pair_bit`]).
    pub fn from_pairs(pairs: u8, doubles: u32) -> Self {
        Criticals {
            fall: pairs & 0b11 != 0,
            weapon_lost: pairs & 0b1100 != 0,
            stun: pairs & 0b1_0000 != 0,
            bleeding: pairs & 0b10_0000 != 0,
            doubles,
        }
    }

    /// Whether any effect is present.
    pub fn any(&self) -> bool {
        self.fall || self.weapon_lost || self.stun || self.bleeding
    }
}

/// Pair values (bit mask) and the number of doubles of a Damage roll given as face counts
/// (`faces[v-1]` dice show `v`), counted as [`TripleRule`] says (HUNT-12).
pub fn doubles(faces: &[u8; 6], rule: TripleRule) -> (u8, u32) {
    let mut mask = 0u8;
    let mut count = 0u32;
    for (i, &n) in faces.iter().enumerate() {
        if n >= 2 {
            mask |= 1 << i;
            count += match rule {
                TripleRule::OneDouble => 1,
                TripleRule::Pairs => u32::from(n / 2),
            };
        }
    }
    (mask, count)
}

/// Damage points of a Damage roll: dice at or above `threshold` (HUNT-11).
pub fn damage_points(faces: &[u8; 6], threshold: u32) -> u32 {
    faces
        .iter()
        .enumerate()
        .filter(|(i, _)| *i as u32 + 1 >= threshold)
        .map(|(_, &n)| u32::from(n))
        .sum()
}

fn die<D: Dice>(dice: &mut D, label: &str, tr: &mut Option<&mut Transcript>) -> Result<u32, Error> {
    let v = dice.roll(6)?;
    if let Some(t) = tr.as_deref_mut() {
        t.record(label, 6, v);
    }
    Ok(v)
}

fn too_many(what: &str, n: u32) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!("{what} of {n} dice is over the limit of {MAX_ROLL_DICE} dice per roll"),
    )
}

/// Sum of `n` d6 (HUNT-01). Inlined up to the dice loop: a roll of no dice (most cover
/// rolls, some Defense rolls) is a comparison, not a call.
#[inline(always)]
pub fn roll_sum<D: Dice>(
    dice: &mut D,
    n: u32,
    label: &str,
    transcript: Option<&mut Transcript>,
) -> Result<u32, Error> {
    if n == 0 {
        return Ok(0);
    }
    roll_dice(dice, n, label, transcript)
}

/// [`roll_sum`] of at least one die; a quiet roll's loop asks nothing of a transcript.
fn roll_dice<D: Dice>(
    dice: &mut D,
    n: u32,
    label: &str,
    transcript: Option<&mut Transcript>,
) -> Result<u32, Error> {
    if n > MAX_ROLL_DICE {
        return Err(too_many("a roll", n));
    }
    let mut total = 0;
    match transcript {
        None => {
            for _ in 0..n {
                total += dice.roll(6)?;
            }
        }
        Some(t) => {
            for _ in 0..n {
                let v = dice.roll(6)?;
                t.record(label, 6, v);
                total += v;
            }
        }
    }
    Ok(total)
}

/// A stat test (HUNT-02): roll `test_dice` d6, pass when the total is ≤ `stat`.
///
/// The margin `stat − roll` is an `i32`, so a stat above `i32::MAX` is refused (a
/// [`ErrorKind::Limit`] error, before any die is rolled) rather than given a wrong margin;
/// a setup's stats never come near it ([`MAX_STAT`]).
pub fn stat_test<D: Dice>(
    dice: &mut D,
    stat: u32,
    test_dice: u32,
    label: &str,
    transcript: Option<&mut Transcript>,
) -> Result<TestRoll, Error> {
    let Ok(signed) = i32::try_from(stat) else {
        return Err(Error::new(
            ErrorKind::Limit,
            format!(
                "a stat of {stat} is over the limit of {} for a test",
                i32::MAX
            ),
        ));
    };
    let roll = roll_sum(dice, test_dice, label, transcript)?;
    Ok(TestRoll {
        stat,
        roll,
        // roll ≤ 1500 × 6 (MAX_ROLL_DICE), so this cannot overflow.
        margin: signed - roll as i32,
        passed: roll <= stat,
    })
}

/// Endurance tests for `points` damage points (HUNT-13), stopping once `failures` reaches
/// `deadly`. Returns the failures added.
pub fn endurance_tests<D: Dice>(
    dice: &mut D,
    endurance: u32,
    points: u32,
    already_failed: u32,
    rules: &Rules,
    mut transcript: Option<&mut Transcript>,
) -> Result<u32, Error> {
    let mut failed = 0;
    for _ in 0..points {
        if already_failed + failed >= rules.deadly_failures {
            break;
        }
        let t = stat_test(
            dice,
            endurance,
            rules.test_dice,
            "endurance",
            transcript.as_deref_mut(),
        )?;
        if !t.passed {
            failed += 1;
        }
    }
    Ok(failed)
}

/// One fighter's part in an exchange, with every situational modifier already applied by
/// the caller (the engine computes them from the fighter's state).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FighterSpec {
    /// Side index (0 hunter, 1 prey); fighters of one side never strike each other.
    pub side: u8,
    /// Defense dice of the split.
    pub defense: u32,
    /// The tactic of this turn.
    pub tactic: Tactic,
    /// Experience (Take Cover, Hide, Search, traps).
    pub experience: u32,
    /// Endurance (wound tests).
    pub endurance: u32,
    /// Extra Defense dice from the fighter's state (a Fall gives −1).
    pub defense_bonus: i32,
    /// Hidden since an earlier turn: Defense is Experience + [`Rules::hide_dice`] dice
    /// (see [`Rules::hide_roll`]).
    pub hidden: bool,
    /// The result (margin) of that hide, which a search must beat.
    pub hide_margin: i32,
    /// Shooting direction, for crossfire (HUNT-25): shooters with equal values share one.
    pub direction: u32,
    /// Passed a test against this location's trap once: never caught again (HUNT-14).
    pub trap_immune: bool,
    /// Bleeding wounds from earlier turns: that many damage points at the end of the turn.
    pub bleeding: u32,
    /// Enough ammunition for Barrage Fire's double use; without it no bonuses (HUNT-22).
    pub barrage_loaded: bool,
    /// Fleeing, it tries to lure its pursuers into the location's trap (HUNT-14, a choice).
    pub lure: bool,
}

/// One attack of one fighter on one target (HUNT-24 lets a fighter divide its Attack and
/// Damage dice among several).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StrikeSpec {
    /// Index of the attacking fighter.
    pub attacker: u8,
    /// Index of the target.
    pub target: u8,
    /// Melee or ranged.
    pub kind: AttackKind,
    /// Attack dice of the split for this target.
    pub attack: u32,
    /// Damage dice of the split for this target.
    pub damage: u32,
    /// Damage threshold of the weapon at Near, Medium, Far; 0 = cannot reach.
    pub thresholds: [u32; 3],
    /// Extra Attack dice from the situation (prey's ambush +1, a Fall −1 in melee).
    pub attack_bonus: i32,
    /// Strikes before everything else (the hunter's surprise, the prey's ambush).
    pub first: bool,
    /// A blind shot at a hidden target: −1 on the Attack total, threshold +1 (HUNT-20).
    pub blind: bool,
}

/// Where and how an exchange happens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ExchangeContext {
    /// Distance at the start of the turn.
    pub distance: Distance,
    /// The location has a trap (HUNT-14).
    pub trap: bool,
    /// Resolution settings.
    pub rules: Rules,
}

/// What a trap did (HUNT-14): the fleeing fighter's Experience test and margin dice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrapSpring {
    /// The fleeing fighter's Experience test.
    pub test: TestRoll,
    /// Margin dice rolled.
    pub dice: u32,
    /// Their total, to beat the victim's Defense total.
    pub total: u32,
}

/// One fighter's results of an exchange.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FighterOutcome {
    /// Defense dice after tactics and handed-over dice.
    pub defense_dice: u32,
    /// Defense roll total.
    pub defense_roll: u32,
    /// Take Cover's Experience test.
    pub cover: Option<TestRoll>,
    /// Cover dice (added to Defense against shooting, taken from Attack).
    pub cover_dice: u32,
    /// Cover dice total.
    pub cover_roll: u32,
    /// Hide's Experience test.
    pub hide: Option<TestRoll>,
    /// Hidden at the end of the exchange.
    pub hidden: bool,
    /// A searcher's Experience test.
    pub search: Option<TestRoll>,
    /// As a searcher: found a hidden opponent. As a hider: was found.
    pub found: bool,
    /// Flee or Pursue succeeded.
    pub moved: bool,
    /// Fled successfully at Far: out of the fight.
    pub escaped: bool,
    /// As a fleeing fighter: the trap it sprang.
    pub trap: Option<TrapSpring>,
    /// As a pursuer: caught by the trap, with its Experience test.
    pub caught: Option<TestRoll>,
    /// Damage points taken (strikes, trap, bleeding).
    pub damage_taken: u32,
    /// Damage points from bleeding at the end of the turn.
    pub bled: u32,
    /// Failed Endurance tests this turn: the wound level (HUNT-13).
    pub failures: u32,
    /// Killed this turn.
    pub dead: bool,
    /// Critical effects suffered (pair-value bits of all strikes on it).
    pub pairs: u8,
    /// Doubles of all strikes on it that carried a Stun.
    pub stun_doubles: u32,
    /// New bleeding wounds (6-6) this turn.
    pub new_bleeding: u32,
}

impl FighterOutcome {
    /// The critical effects it suffered.
    pub fn criticals(&self) -> Criticals {
        Criticals::from_pairs(self.pairs, self.stun_doubles)
    }
}

/// One strike's results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrikeOutcome {
    /// Attack dice after tactics and handed-over dice.
    pub attack_dice: u32,
    /// Damage dice after tactics.
    pub damage_dice: u32,
    /// Attack total.
    pub attack_total: u32,
    /// The target's Defense total against this strike (cover and crossfire applied).
    pub defense_total: u32,
    /// Attack total > Defense total and the weapon reaches.
    pub hit: bool,
    /// A hit that was struck: the attacker was not killed first.
    pub landed: bool,
    /// Position in the order of strikes (0 first; equal = simultaneous).
    pub order: u8,
    /// Distance at which it was struck (Aimed Fire may strike after the move).
    pub distance: Distance,
    /// Damage dice by face (`faces[v-1]` dice show `v`).
    pub faces: [u8; 6],
    /// Damage points.
    pub points: u32,
    /// Pair values present (bit v-1), each a critical effect.
    pub pairs: u8,
    /// Doubles of all values.
    pub doubles: u32,
    /// Endurance tests it made the target fail.
    pub failures: u32,
}

impl StrikeOutcome {
    /// The critical effects of this strike.
    pub fn criticals(&self) -> Criticals {
        Criticals::from_pairs(self.pairs, self.doubles)
    }

    /// The Damage dice, highest first.
    pub fn damage_values(&self) -> impl Iterator<Item = u32> + '_ {
        (1..=6u32)
            .rev()
            .flat_map(move |v| std::iter::repeat(v).take(usize::from(self.faces[v as usize - 1])))
    }
}

/// The exchange as a whole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeSummary {
    /// Distance after the turn.
    pub distance: Distance,
    /// Distance change: +1 opened, −1 closed, 0 none.
    pub delta: i32,
}

pub(crate) fn defense_mod(t: Tactic) -> i32 {
    match t {
        Tactic::Flee => 1,
        Tactic::Pursue => -1,
        Tactic::Onslaught | Tactic::BarrageFire => -2,
        _ => 0,
    }
}

pub(crate) fn attack_mods(t: Tactic, kind: AttackKind, loaded: bool) -> (i32, i32) {
    match (t, kind) {
        (Tactic::Flee, _) => (-1, -1),
        (Tactic::AimedFire, AttackKind::Ranged) => (2, 1),
        (Tactic::Onslaught, AttackKind::Melee) => (1, 2),
        (Tactic::BarrageFire, AttackKind::Ranged) if loaded => (2, 2),
        _ => (0, 0),
    }
}

fn invalid(msg: String) -> Error {
    Error::new(ErrorKind::InvalidDice, msg)
}

#[inline]
fn check_shape(
    fighters: &[FighterSpec],
    strikes: &[StrikeSpec],
    fout: &[FighterOutcome],
    sout: &[StrikeOutcome],
) -> Result<(), Error> {
    if fighters.len() > MAX_FIGHTERS {
        return Err(Error::new(
            ErrorKind::Limit,
            format!(
                "{} fighters in one exchange, over the limit of {MAX_FIGHTERS}",
                fighters.len()
            ),
        ));
    }
    if fout.len() < fighters.len() || sout.len() < strikes.len() {
        return Err(invalid(
            "the outcome buffers must be at least as long as the fighter and strike lists".into(),
        ));
    }
    if strikes.len() > MAX_STRIKES {
        return Err(Error::new(
            ErrorKind::Limit,
            format!(
                "{} strikes in one exchange, over the limit of {MAX_STRIKES}",
                strikes.len()
            ),
        ));
    }
    for (i, s) in strikes.iter().enumerate() {
        let (a, t) = (usize::from(s.attacker), usize::from(s.target));
        if a >= fighters.len() || t >= fighters.len() {
            return Err(invalid(format!(
                "strike #{i} names a fighter that is not in the exchange"
            )));
        }
        if fighters[a].side == fighters[t].side {
            return Err(invalid(format!(
                "strike #{i} is between fighters of one side"
            )));
        }
        if s.attack > MAX_ROLL_DICE || s.damage > MAX_ROLL_DICE {
            return Err(too_many("a strike", s.attack.max(s.damage)));
        }
    }
    for f in fighters {
        if f.defense > MAX_ROLL_DICE {
            return Err(too_many("a Defense roll", f.defense));
        }
        // Experience is a die count when hidden; Endurance a tested stat.
        if f.experience > MAX_ROLL_DICE || f.endurance > MAX_ROLL_DICE {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "Experience {} / Endurance {} is over the limit of {MAX_ROLL_DICE}",
                    f.experience, f.endurance
                ),
            ));
        }
    }
    Ok(())
}

/// The rules' numeric settings within what the rules can use ([`Rules::bounds`]): a direct
/// caller's `trap_damage` of 4 billion would otherwise test Endurance that many times.
#[inline]
fn check_rules(rules: &Rules) -> Result<(), Error> {
    if rules
        .bounds()
        .iter()
        .all(|&(_, lo, hi, v)| (lo..=hi).contains(&v))
    {
        return Ok(());
    }
    Err(rules_refused(rules))
}

#[cold]
fn rules_refused(rules: &Rules) -> Error {
    Error::new(
        ErrorKind::Limit,
        format!("rules.{}", rules.check().err().unwrap_or_default()),
    )
}

/// Dice counts of an exchange: tactic modifiers after the split (HUNT-07) and negative
/// counts handed to the opponent (HUNT-08). Reads `hidden` and `cover_dice` of `fout`
/// (set by the pre-roll tests) and adds to `defense_dice`; fills `attack_dice` and
/// `damage_dice` of `sout`.
#[inline]
pub(crate) fn plan(
    rules: &Rules,
    fighters: &[FighterSpec],
    strikes: &[StrikeSpec],
    fout: &mut [FighterOutcome],
    sout: &mut [StrikeOutcome],
) {
    let pursuing = |side: u8| {
        fighters
            .iter()
            .any(|f| f.side != side && f.tactic == Tactic::Pursue)
    };
    // HUNT-08: only what a *tactic* pushes below zero is handed over («в результате
    // использования тактики»): the situational dice (a Fall's −1, the ambush's +1) are
    // applied first and stop at 0; the tactic's dice then go on below it.
    let mut seen: u32 = 0;
    for (k, s) in strikes.iter().enumerate() {
        let a = &fighters[usize::from(s.attacker)];
        let primary = seen & (1 << s.attacker) == 0;
        seen |= 1 << s.attacker;
        let (am, dm) = if primary {
            let (am, dm) = attack_mods(a.tactic, s.kind, a.barrage_loaded);
            (
                am + strikeless_attack_mod(a, fout, usize::from(s.attacker), &pursuing),
                dm,
            )
        } else {
            (0, 0)
        };
        let raw_a = (s.attack as i32 + s.attack_bonus).max(0) + am;
        let raw_d = s.damage as i32 + dm;
        let t = usize::from(s.target);
        fout[t].defense_dice += (-raw_a).max(0) as u32 + (-raw_d).max(0) as u32;
        sout[k].attack_dice = raw_a.max(0) as u32;
        sout[k].damage_dice = raw_d.max(0) as u32;
    }
    // A fighter that strikes at nobody still rolls its 0 Attack and Damage dice: a tactic
    // that takes from them hands the opponent (the first of the exchange) as many Defense
    // dice, exactly as it would with a strike.
    for (i, f) in fighters.iter().enumerate() {
        if seen & (1 << i) != 0 {
            continue;
        }
        let am = if f.tactic == Tactic::Flee { -1 } else { 0 }
            + strikeless_attack_mod(f, fout, i, &pursuing);
        let dm = if f.tactic == Tactic::Flee { -1 } else { 0 };
        let handed = (-am).max(0) as u32 + (-dm).max(0) as u32;
        if handed > 0 {
            if let Some(o) = fighters.iter().position(|o| o.side != f.side) {
                fout[o].defense_dice += handed;
            }
        }
    }
    for (i, f) in fighters.iter().enumerate() {
        let raw = if fout[i].hidden {
            match rules.hide_roll {
                HideRoll::ExperienceDice => (f.experience + rules.hide_dice) as i32,
                HideRoll::ExperienceValue => rules.hide_dice as i32,
            }
        } else {
            let both = if f.tactic == Tactic::Pursue && pursuing(f.side) {
                -1
            } else {
                0
            };
            (f.defense as i32 + f.defense_bonus).max(0) + defense_mod(f.tactic) + both
        };
        fout[i].defense_dice += raw.max(0) as u32;
        if raw < 0 {
            if let Some(k) = strikes.iter().position(|s| usize::from(s.target) == i) {
                sout[k].attack_dice += (-raw) as u32;
            }
        }
    }
}

/// The Attack modifiers of fighter `i`'s tactic that do not depend on a weapon: both
/// pursuing (+1, HUNT-15) and Take Cover's margin dice (−, HUNT-16).
#[inline]
pub(crate) fn strikeless_attack_mod(
    f: &FighterSpec,
    fout: &[FighterOutcome],
    i: usize,
    pursuing: &impl Fn(u8) -> bool,
) -> i32 {
    let mut am = 0;
    if f.tactic == Tactic::Pursue && pursuing(f.side) {
        am += 1;
    }
    am - fout[i].cover_dice as i32
}

/// Whether some fighter takes Aimed Fire while an opponent of it flees or pursues (HUNT-17).
#[inline]
pub(crate) fn aimed_exception(fighters: &[FighterSpec]) -> bool {
    fighters.iter().any(|a| {
        a.tactic == Tactic::AimedFire
            && fighters
                .iter()
                .any(|o| o.side != a.side && matches!(o.tactic, Tactic::Flee | Tactic::Pursue))
    })
}

/// Resolves one turn's exchange among any number of fighters (HUNT-07 … HUNT-26), without
/// allocating unless a transcript is asked for.
///
/// Order of the dice: pre-roll tests in fighter order (Hide, Take Cover, Search), then each
/// fighter's Defense and cover dice, then each strike's Attack; then strikes in order of
/// attack (each landed hit: Damage dice, then the target's Endurance tests); then traps,
/// then bleeding. `fout` and `sout` receive one outcome per fighter and per strike.
pub fn resolve<D: Dice>(
    dice: &mut D,
    ctx: &ExchangeContext,
    fighters: &[FighterSpec],
    strikes: &[StrikeSpec],
    fout: &mut [FighterOutcome],
    sout: &mut [StrikeOutcome],
    transcript: Option<&mut Transcript>,
) -> Result<ExchangeSummary, Error> {
    check_shape(fighters, strikes, fout, sout)?;
    check_rules(&ctx.rules)?;
    let fout = &mut fout[..fighters.len()];
    let sout = &mut sout[..strikes.len()];
    fout.fill(FighterOutcome::default());
    sout.fill(StrikeOutcome::default());
    run(dice, ctx, fighters, strikes, fout, sout, transcript)
}

/// [`resolve`] into outcome buffers that are still at their defaults, as the engine
/// makes them: they are not reset a second time. Inlined into its one caller.
#[inline(always)]
pub(crate) fn resolve_fresh<D: Dice>(
    dice: &mut D,
    ctx: &ExchangeContext,
    fighters: &[FighterSpec],
    strikes: &[StrikeSpec],
    fout: &mut [FighterOutcome],
    sout: &mut [StrikeOutcome],
    transcript: Option<&mut Transcript>,
) -> Result<ExchangeSummary, Error> {
    check_shape(fighters, strikes, fout, sout)?;
    check_rules(&ctx.rules)?;
    let fout = &mut fout[..fighters.len()];
    let sout = &mut sout[..strikes.len()];
    debug_assert!(fout.iter().all(|o| *o == FighterOutcome::default()));
    debug_assert!(sout.iter().all(|o| *o == StrikeOutcome::default()));
    run(dice, ctx, fighters, strikes, fout, sout, transcript)
}

/// The body of [`resolve`]: shape checked, one default outcome per fighter and per strike.
#[inline]
fn run<D: Dice>(
    dice: &mut D,
    ctx: &ExchangeContext,
    fighters: &[FighterSpec],
    strikes: &[StrikeSpec],
    fout: &mut [FighterOutcome],
    sout: &mut [StrikeOutcome],
    mut transcript: Option<&mut Transcript>,
) -> Result<ExchangeSummary, Error> {
    let rules = &ctx.rules;
    let tr = &mut transcript;

    // Pre-roll tests (HUNT-16, HUNT-20).
    for (i, f) in fighters.iter().enumerate() {
        match f.tactic {
            Tactic::Hide if !f.hidden => {
                let t = stat_test(
                    dice,
                    f.experience,
                    rules.test_dice,
                    "hide",
                    tr.as_deref_mut(),
                )?;
                fout[i].hide = Some(t);
                fout[i].hidden = t.passed;
            }
            Tactic::TakeCover => {
                let t = stat_test(
                    dice,
                    f.experience,
                    rules.test_dice,
                    "cover",
                    tr.as_deref_mut(),
                )?;
                fout[i].cover = Some(t);
                fout[i].cover_dice = t.margin_dice();
            }
            Tactic::Search => {
                let t = stat_test(
                    dice,
                    f.experience,
                    rules.test_dice,
                    "search",
                    tr.as_deref_mut(),
                )?;
                fout[i].search = Some(t);
            }
            _ => {}
        }
        if f.hidden {
            fout[i].hidden = true;
        }
    }
    for (h, hider) in fighters.iter().enumerate() {
        if !hider.hidden {
            continue;
        }
        for (s, seeker) in fighters.iter().enumerate() {
            if seeker.side == hider.side {
                continue;
            }
            if let Some(t) = fout[s].search {
                if t.passed && rules.search.finds(t.margin, hider.hide_margin) {
                    fout[s].found = true;
                    fout[h].found = true;
                }
            }
        }
    }

    plan(rules, fighters, strikes, fout, sout);

    // The rolls.
    for (o, f) in fout.iter_mut().zip(fighters) {
        if o.defense_dice > MAX_ROLL_DICE {
            return Err(too_many("a Defense roll", o.defense_dice));
        }
        o.defense_roll = roll_sum(dice, o.defense_dice, "defense", tr.as_deref_mut())?;
        if o.hidden && rules.hide_roll == HideRoll::ExperienceValue {
            o.defense_roll += f.experience;
        }
        o.cover_roll = roll_sum(dice, o.cover_dice, "cover", tr.as_deref_mut())?;
    }
    for (o, s) in sout.iter_mut().zip(strikes) {
        o.attack_total = roll_sum(dice, o.attack_dice, "attack", tr.as_deref_mut())?;
        if s.blind {
            // "−1 к Атаке": one off the total, not a die (HUNT-20).
            o.attack_total = o.attack_total.saturating_sub(1);
        }
    }

    // Defense totals against each strike: cover against shooting (HUNT-16), crossfire
    // (HUNT-25: «по видимой цели» — only aimed, not blind, shots count and are helped).
    let aimed = |s: &StrikeSpec| s.kind == AttackKind::Ranged && !s.blind;
    for (k, s) in strikes.iter().enumerate() {
        let t = usize::from(s.target);
        let mut total = fout[t].defense_roll;
        if s.kind == AttackKind::Ranged {
            total += fout[t].cover_roll;
        }
        if aimed(s) {
            let mut directions = 0u32;
            for (j, other) in strikes.iter().enumerate() {
                if usize::from(other.target) != t || !aimed(other) {
                    continue;
                }
                let dir = fighters[usize::from(other.attacker)].direction;
                let first_of_dir = strikes[..j].iter().all(|p| {
                    usize::from(p.target) != t
                        || !aimed(p)
                        || fighters[usize::from(p.attacker)].direction != dir
                });
                if first_of_dir {
                    directions += 1;
                }
            }
            total = total.saturating_sub(
                rules
                    .crossfire_penalty
                    .saturating_mul(directions.saturating_sub(1)),
            );
        }
        sout[k].defense_total = total;
    }

    // Movement from the totals (HUNT-14, HUNT-15), applied at the end of the turn.
    let mut opened = false;
    let mut closed = false;
    for (i, f) in fighters.iter().enumerate() {
        let ok = match f.tactic {
            Tactic::Flee => {
                let mut attacked = false;
                let mut ok = true;
                for (k, s) in strikes.iter().enumerate() {
                    if usize::from(s.target) == i {
                        attacked = true;
                        ok &= sout[k].attack_total < sout[k].defense_total;
                    }
                }
                if attacked {
                    ok
                } else {
                    fout[i].defense_roll > 0
                }
            }
            Tactic::Pursue => strikes.iter().enumerate().any(|(k, s)| {
                usize::from(s.attacker) == i && sout[k].attack_total > sout[k].defense_total
            }),
            _ => false,
        };
        if ok {
            fout[i].moved = true;
            if f.tactic == Tactic::Flee {
                opened = true;
            } else {
                closed = true;
            }
        }
    }
    let delta = i32::from(opened) - i32::from(closed);
    let after = ctx.distance.step(delta);
    if ctx.distance == Distance::Far && delta > 0 {
        for (i, f) in fighters.iter().enumerate() {
            if f.tactic == Tactic::Flee && fout[i].moved {
                fout[i].escaped = true;
            }
        }
    }

    // Hits and the order of strikes (HUNT-09, HUNT-10, HUNT-17, HUNT-19, HUNT-03, HUNT-21).
    let class = |s: &StrikeSpec| -> u8 {
        let a = &fighters[usize::from(s.attacker)];
        let t = &fighters[usize::from(s.target)];
        if s.first {
            0
        } else if a.tactic == Tactic::AimedFire
            || (a.tactic == Tactic::Counterattack && t.tactic != Tactic::Counterattack)
        {
            2
        } else {
            1
        }
    };
    // Aimed Fire's exception (HUNT-17): when an aimed shooter's opponent flees or pursues,
    // the distance changes before the exchange, so every strike is at the new distance and
    // an escaped fighter neither strikes nor is struck.
    let early = aimed_exception(fighters);
    let at = if early { after } else { ctx.distance };
    for (k, s) in strikes.iter().enumerate() {
        sout[k].distance = at;
        let gone =
            early && (fout[usize::from(s.target)].escaped || fout[usize::from(s.attacker)].escaped);
        let reach = s.thresholds[at.index()] > 0 && !gone;
        sout[k].hit = reach && sout[k].attack_total > sout[k].defense_total;
    }
    let mut dead: u32 = 0;
    let mut done: u64 = 0;
    let mut order = 0u8;
    loop {
        let mut best: Option<(u8, u32)> = None;
        for (k, s) in strikes.iter().enumerate() {
            if done & (1 << k) != 0 {
                continue;
            }
            let key = (class(s), u32::MAX - sout[k].attack_total);
            if best.map_or(true, |b| key < b) {
                best = Some(key);
            }
        }
        let Some(key) = best else { break };
        let dead_before = dead;
        for (k, s) in strikes.iter().enumerate() {
            if done & (1 << k) != 0 || (class(s), u32::MAX - sout[k].attack_total) != key {
                continue;
            }
            done |= 1 << k;
            sout[k].order = order;
            let (a, t) = (usize::from(s.attacker), usize::from(s.target));
            if !sout[k].hit || dead_before & (1 << a) != 0 || dead & (1 << t) != 0 {
                continue;
            }
            sout[k].landed = true;
            let mut faces = [0u8; 6];
            if sout[k].damage_dice > MAX_ROLL_DICE {
                return Err(too_many("a Damage roll", sout[k].damage_dice));
            }
            for _ in 0..sout[k].damage_dice {
                let v = die(dice, "damage", tr)?;
                faces[v as usize - 1] += 1;
            }
            let threshold = s.thresholds[sout[k].distance.index()] + u32::from(s.blind);
            let points = damage_points(&faces, threshold);
            let (pairs, doubles) = doubles(&faces, rules.triples);
            let failed = endurance_tests(
                dice,
                fighters[t].endurance,
                points,
                fout[t].failures,
                rules,
                tr.as_deref_mut(),
            )?;
            let o = &mut sout[k];
            o.faces = faces;
            o.points = points;
            o.pairs = pairs;
            o.doubles = doubles;
            o.failures = failed;
            let victim = &mut fout[t];
            victim.damage_taken += points;
            victim.failures += failed;
            victim.pairs |= pairs;
            if pairs & pair_bit(5) != 0 {
                victim.stun_doubles += doubles;
            }
            if pairs & pair_bit(6) != 0 {
                victim.new_bleeding += 1;
            }
            if victim.failures >= rules.deadly_failures {
                victim.dead = true;
                dead |= 1 << t;
            }
        }
        order = order.saturating_add(1);
    }

    // Traps (HUNT-14).
    if ctx.trap {
        for (i, f) in fighters.iter().enumerate() {
            // Luring is a choice of the declaration («можно постараться заманить»).
            if f.tactic != Tactic::Flee || !f.lure || fout[i].dead {
                continue;
            }
            let victim = |o: &FighterSpec| {
                o.side != f.side
                    && !o.trap_immune
                    && matches!(o.tactic, Tactic::Pursue | Tactic::Onslaught)
            };
            if !fighters
                .iter()
                .enumerate()
                .any(|(j, o)| victim(o) && !fout[j].dead)
            {
                continue;
            }
            let test = stat_test(
                dice,
                f.experience,
                rules.test_dice,
                "trap",
                tr.as_deref_mut(),
            )?;
            let n = test.margin_dice();
            let total = roll_sum(dice, n, "trap", tr.as_deref_mut())?;
            fout[i].trap = Some(TrapSpring {
                test,
                dice: n,
                total,
            });
            for (j, o) in fighters.iter().enumerate() {
                if !victim(o) || fout[j].dead || total <= fout[j].defense_roll {
                    continue;
                }
                let t = stat_test(
                    dice,
                    o.experience,
                    rules.test_dice,
                    "trap",
                    tr.as_deref_mut(),
                )?;
                fout[j].caught = Some(t);
                if !t.passed {
                    let failed = endurance_tests(
                        dice,
                        o.endurance,
                        rules.trap_damage,
                        fout[j].failures,
                        rules,
                        tr.as_deref_mut(),
                    )?;
                    fout[j].damage_taken += rules.trap_damage;
                    fout[j].failures += failed;
                    if fout[j].failures >= rules.deadly_failures {
                        fout[j].dead = true;
                    }
                }
            }
        }
    }

    // Bleeding from earlier turns (HUNT-12).
    for (i, f) in fighters.iter().enumerate() {
        if f.bleeding == 0 || fout[i].dead {
            continue;
        }
        let failed = endurance_tests(
            dice,
            f.endurance,
            f.bleeding,
            fout[i].failures,
            rules,
            tr.as_deref_mut(),
        )?;
        fout[i].bled = f.bleeding;
        fout[i].damage_taken += f.bleeding;
        fout[i].failures += failed;
        if fout[i].failures >= rules.deadly_failures {
            fout[i].dead = true;
        }
    }
    for o in fout.iter_mut() {
        if o.dead {
            o.escaped = false;
            o.moved = false;
        }
    }
    Ok(ExchangeSummary {
        distance: after,
        delta,
    })
}

/// One side of a duel: the fighter and its attack on the other side, if any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DuelSide {
    /// The fighter.
    pub fighter: FighterSpec,
    /// Its attack on the opponent (`attacker`/`target` are filled in by [`exchange`]).
    pub strike: Option<StrikeSpec>,
}

/// Two fighters, one exchange: the typed hot path ([`exchange`]) and the odds input ([`crate::odds`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DuelSpec {
    /// Distance, trap, rules.
    pub context: ExchangeContext,
    /// Side 0 (hunter) and side 1 (prey).
    pub sides: [DuelSide; 2],
}

/// Results of a duel exchange.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelResult {
    /// Each fighter's results.
    pub fighters: [FighterOutcome; 2],
    /// Each side's strike on the other, if it attacked.
    pub strikes: [Option<StrikeOutcome>; 2],
    /// Distance after the turn.
    pub summary: ExchangeSummary,
}

/// Resolves a duel exchange: Copy in, Copy out, no allocation (the C ABI's typed function).
pub fn exchange<D: Dice>(dice: &mut D, spec: &DuelSpec) -> Result<DuelResult, Error> {
    let mut fighters = [spec.sides[0].fighter, spec.sides[1].fighter];
    fighters[0].side = 0;
    fighters[1].side = 1;
    let mut strikes = [StrikeSpec::default(); 2];
    let mut index = [None; 2];
    let mut n = 0;
    for (i, side) in spec.sides.iter().enumerate() {
        if let Some(mut s) = side.strike {
            s.attacker = i as u8;
            s.target = 1 - i as u8;
            strikes[n] = s;
            index[i] = Some(n);
            n += 1;
        }
    }
    let mut fout = [FighterOutcome::default(); 2];
    let mut sout = [StrikeOutcome::default(); 2];
    let summary = resolve(
        dice,
        &spec.context,
        &fighters,
        &strikes[..n],
        &mut fout,
        &mut sout[..n],
        None,
    )?;
    Ok(DuelResult {
        fighters: fout,
        strikes: [index[0].map(|k| sout[k]), index[1].map(|k| sout[k])],
        summary,
    })
}
