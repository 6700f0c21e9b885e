use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::error::{Error, ErrorKind, Result};
use crate::kept::{KeptStep, MAX_KEPT_STEPS};
use crate::transcript::{DieFate, DieRecord, Transcript};

/// At most this many dice in one roll (summed over every pool of an expression).
pub const MAX_DICE: u32 = 10_000;
/// At most this many extra dice one exploding die may add.
pub const MAX_EXPLOSION_DEPTH: u32 = 100;
/// A die that keeps matching a reroll rule is rerolled at most this many times; past that
/// the roll fails with a limit error rather than spinning.
pub const MAX_REROLLS: u32 = 1_000;
/// Pools up to this size roll with their scratch space on the stack.
const STACK_DICE: usize = 32;

/// A comparison operator of dice notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CmpOp {
    /// `=`
    Eq,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// A test on a die's face: `>=5`, `<=1`, `=6` …
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Compare {
    /// The operator.
    pub op: CmpOp,
    /// The value compared against.
    pub value: i64,
}

impl Compare {
    /// A comparison `op value`.
    pub fn new(op: CmpOp, value: i64) -> Self {
        Compare { op, value }
    }

    /// Whether `x` passes the test.
    #[inline]
    pub fn matches(&self, x: i64) -> bool {
        match self.op {
            CmpOp::Eq => x == self.value,
            CmpOp::Lt => x < self.value,
            CmpOp::Le => x <= self.value,
            CmpOp::Gt => x > self.value,
            CmpOp::Ge => x >= self.value,
        }
    }
}

impl Compare {
    /// The faces that pass, as an inclusive interval (possibly empty when `lo > hi`).
    fn interval(&self) -> (i64, i64) {
        let v = self.value;
        match self.op {
            CmpOp::Eq => (v, v),
            CmpOp::Lt => (i64::MIN, v.saturating_sub(1)),
            CmpOp::Le => (i64::MIN, v),
            CmpOp::Gt => (v.saturating_add(1), i64::MAX),
            CmpOp::Ge => (v, i64::MAX),
        }
    }

    /// How many faces of a die with `sides` faces pass, without visiting them.
    pub fn count_on(&self, sides: u32) -> u64 {
        let (lo, hi) = self.interval();
        let (lo, hi) = (lo.max(1), hi.min(i64::from(sides)));
        if lo > hi {
            0
        } else {
            (hi - lo + 1) as u64
        }
    }
}

impl fmt::Display for Compare {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let op = match self.op {
            CmpOp::Eq => "=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        };
        write!(f, "{op}{}", self.value)
    }
}

/// Which dice of a pool count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Keep {
    /// Keep the `n` highest (`khN`, `kN`).
    Highest(u32),
    /// Keep the `n` lowest (`klN`).
    Lowest(u32),
    /// Drop the `n` highest (`dhN`).
    DropHighest(u32),
    /// Drop the `n` lowest (`dlN`).
    DropLowest(u32),
}

impl Keep {
    /// For a pool of `count` dice: how many are kept, and whether the kept ones are the highest.
    pub fn kept(&self, count: u32) -> (u32, bool) {
        match *self {
            Keep::Highest(n) => (n, true),
            Keep::Lowest(n) => (n, false),
            Keep::DropHighest(n) => (count - n, false),
            Keep::DropLowest(n) => (count - n, true),
        }
    }

    /// How many dice (or set elements) the rule keeps or drops.
    pub(crate) fn amount(&self) -> u32 {
        match *self {
            Keep::Highest(n) | Keep::Lowest(n) | Keep::DropHighest(n) | Keep::DropLowest(n) => n,
        }
    }
}

/// Keep or drop the dice whose chain total passes a test: `k>3` keeps those above 3, `p<3`
/// drops those below 3, whatever their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Select {
    /// The test on a die's chain total.
    pub when: Compare,
    /// Keep the dice that pass (`k`), or drop them (`p`).
    pub keep: bool,
}

impl Select {
    /// Whether a die with chain total `v` is kept.
    #[inline]
    pub fn kept(&self, v: i64) -> bool {
        self.when.matches(v) == self.keep
    }
}

/// A reroll rule: `r<=N` rerolls while the face matches, `ro<=N` rerolls once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reroll {
    /// Faces that are rerolled.
    pub when: Compare,
    /// Reroll at most once (the second face stands whatever it shows).
    pub once: bool,
}

/// An explosion rule: a face that matches adds another die to its chain, at most `depth` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explode {
    /// Faces that explode.
    pub when: Compare,
    /// Extra dice one die may add (at most [`MAX_EXPLOSION_DEPTH`]).
    pub depth: u32,
}

/// A pool of identical dice with its modifiers, applied in a fixed order: each physical die
/// is rerolled, its face is raised to `min_face` / lowered to `max_face`, a die's chain
/// explodes on those faces, keep/drop picks dice by chain total, and success counting (if
/// any) counts the kept chain totals that pass its test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolSpec {
    /// Number of dice (1 ..= [`MAX_DICE`]).
    pub count: u32,
    /// Faces per die (≥ 1).
    pub sides: u32,
    /// Optional reroll rule.
    pub reroll: Option<Reroll>,
    /// Optional least face (`mi2`): a die that shows less after rerolling shows this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_face: Option<u32>,
    /// Optional greatest face (`ma5`): a die that shows more after rerolling shows this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_face: Option<u32>,
    /// Optional explosion rule.
    pub explode: Option<Explode>,
    /// Optional keep/drop rule.
    pub keep: Option<Keep>,
    /// Optional keep/drop by value (`k>3`, `p<3`), instead of `keep`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub select: Option<Select>,
    /// Operations written after the keep/drop (`4d6kh3rr1`), applied to each kept die in
    /// written order before the success test.
    #[serde(default, skip_serializing_if = "crate::kept::none")]
    pub after_keep: [Option<KeptStep>; MAX_KEPT_STEPS],
    /// Optional success test: the pool's value is then the number of kept dice that pass.
    pub successes: Option<Compare>,
}

impl PoolSpec {
    /// `count` plain dice of `sides` faces.
    pub fn new(count: u32, sides: u32) -> Self {
        PoolSpec {
            count,
            sides,
            reroll: None,
            min_face: None,
            max_face: None,
            explode: None,
            keep: None,
            select: None,
            after_keep: [None; MAX_KEPT_STEPS],
            successes: None,
        }
    }

    /// A rolled face (after rerolling) raised to `min_face` and lowered to `max_face`.
    #[inline]
    pub fn clamp(&self, face: u32) -> u32 {
        let face = self.min_face.map_or(face, |m| face.max(m));
        self.max_face.map_or(face, |m| face.min(m))
    }

    /// Whether every face a die can show (rerolled, then clamped) passes `test`: the
    /// standing rolled faces are at most two intervals, and clamping maps an interval onto
    /// the interval between its clamped ends.
    fn every_face_passes(&self, test: Compare) -> bool {
        let sides = i64::from(self.sides);
        let pieces = match self.reroll {
            Some(r) if !r.once => {
                let (lo, hi) = r.when.interval();
                [
                    (1, lo.min(sides + 1).saturating_sub(1)),
                    (hi.max(0).saturating_add(1), sides),
                ]
            }
            _ => [(1, sides), (1, 0)],
        };
        let (pass_lo, pass_hi) = test.interval();
        pieces.iter().filter(|(a, b)| a <= b).all(|&(a, b)| {
            let (a, b) = (
                i64::from(self.clamp(a as u32)),
                i64::from(self.clamp(b as u32)),
            );
            pass_lo <= a && b <= pass_hi
        })
    }

    /// Faces a single physical die can show once its reroll rule has been applied.
    pub(crate) fn faces_after_reroll(&self) -> impl Iterator<Item = u32> + '_ {
        let sides = self.sides;
        let reroll = self.reroll;
        (1..=sides).filter(move |&f| match reroll {
            Some(r) if !r.once => !r.when.matches(i64::from(f)),
            _ => true,
        })
    }

    /// Checks the pool before any die is drawn: a refused pool consumes nothing.
    pub fn validate(&self) -> Result<()> {
        if self.sides == 0 {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a die needs at least 1 side (got d0)",
            ));
        }
        if self.count == 0 {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a pool needs at least 1 die (got 0 dice)",
            ));
        }
        if self.count > MAX_DICE {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "{} dice is over the limit of {MAX_DICE} dice in one roll",
                    self.count
                ),
            ));
        }
        if let Some(r) = self.reroll {
            if !r.once && r.when.count_on(self.sides) == u64::from(self.sides) {
                return Err(Error::new(
                    ErrorKind::InvalidDice,
                    format!(
                        "reroll r{} matches every face of a d{}, so it could never stop",
                        r.when, self.sides
                    ),
                ));
            }
        }
        if let Some(e) = self.explode {
            if e.depth > MAX_EXPLOSION_DEPTH {
                return Err(Error::new(
                    ErrorKind::Limit,
                    format!(
                        "explosion depth {} is over the limit of {MAX_EXPLOSION_DEPTH}",
                        e.depth
                    ),
                ));
            }
            // Faces that can stand after rerolling (and clamping) all explode: the chain never
            // stops.
            if self.every_face_passes(e.when) {
                return Err(Error::new(
                    ErrorKind::InvalidDice,
                    format!(
                        "explosion !{} on a d{} matches every face, so it could never stop",
                        e.when, self.sides
                    ),
                ));
            }
        }
        if let (Some(lo), Some(hi)) = (self.min_face, self.max_face) {
            if lo > hi {
                return Err(Error::new(
                    ErrorKind::InvalidDice,
                    format!("a least face mi{lo} above the greatest face ma{hi} leaves no face"),
                ));
            }
        }
        if self.keep.is_some() && self.select.is_some() {
            return Err(Error::new(
                ErrorKind::InvalidDice,
                "a pool takes one keep/drop rule: by number (kh3, p1) or by value (k>3, p<3), not both",
            ));
        }
        self.validate_kept_steps()?;
        if let Some(k) = self.keep {
            if k.amount() > self.count {
                return Err(Error::new(
                    ErrorKind::InvalidDice,
                    format!("cannot keep or drop {} of {} dice", k.amount(), self.count),
                ));
            }
        }
        Ok(())
    }

    /// Rolls the pool: its value (sum of kept chain totals, or the number of successes) and
    /// each die's chain total in roll order. Validates first, so a refused pool draws no die.
    /// Pools of up to 32 dice keep their scratch space on the stack: no allocation.
    pub fn roll<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        transcript: Option<&mut Transcript>,
        label: &str,
    ) -> Result<i64> {
        self.validate()?;
        let n = self.count as usize;
        if n <= STACK_DICE {
            let mut totals = [0i64; STACK_DICE];
            let mut order = [0u32; STACK_DICE];
            self.roll_with(dice, transcript, label, &mut totals[..n], &mut order[..n])
        } else {
            let (mut totals, mut order) = (vec![0i64; n], vec![0u32; n]);
            self.roll_with(dice, transcript, label, &mut totals, &mut order)
        }
    }

    /// [`PoolSpec::roll`] once validated, with scratch space for `count` chain totals and
    /// `count` indices.
    fn roll_with<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        mut transcript: Option<&mut Transcript>,
        label: &str,
        totals: &mut [i64],
        order: &mut [u32],
    ) -> Result<i64> {
        let first_record = transcript.as_ref().map_or(0, |t| t.dice.len());
        for (group, slot) in (0..self.count).zip(totals.iter_mut()) {
            let mut total = 0i64;
            let mut explosions = 0u32;
            loop {
                let face =
                    self.clamp(self.roll_one(dice, transcript.as_deref_mut(), label, group)?);
                total += i64::from(face);
                let explodes = match self.explode {
                    Some(e) => explosions < e.depth && e.when.matches(i64::from(face)),
                    None => false,
                };
                if let Some(t) = transcript.as_deref_mut() {
                    t.push(DieRecord {
                        label: label.to_owned(),
                        group,
                        sides: self.sides,
                        value: face,
                        fate: DieFate::Kept,
                        exploded: explodes,
                    });
                }
                if !explodes {
                    break;
                }
                explosions += 1;
            }
            *slot = total;
        }
        // `order[..kept]` lists the kept dice; without a keep rule every die is kept.
        let kept = self.kept_order(totals, order);
        if let Some(t) = transcript.as_deref_mut() {
            if kept < order.len() {
                let mut dropped = vec![true; totals.len()];
                for &i in &order[..kept] {
                    dropped[i as usize] = false;
                }
                for record in &mut t.dice[first_record..] {
                    if record.fate == DieFate::Kept && dropped[record.group as usize] {
                        record.fate = DieFate::Dropped;
                    }
                }
            }
        }
        if self.has_kept_steps() {
            self.roll_kept_steps(
                dice,
                transcript,
                label,
                first_record,
                &mut order[..kept],
                totals,
            )?;
        }
        let kept_totals = order[..kept].iter().map(|&i| totals[i as usize]);
        Ok(match self.successes {
            Some(test) => kept_totals.filter(|&v| test.matches(v)).count() as i64,
            None => kept_totals.sum(),
        })
    }

    /// One physical die with the reroll rule applied; rerolled faces go to the transcript.
    fn roll_one<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        mut transcript: Option<&mut Transcript>,
        label: &str,
        group: u32,
    ) -> Result<u32> {
        let mut face = dice.roll(self.sides)?;
        let Some(reroll) = self.reroll else {
            return Ok(face);
        };
        let mut rerolls = 0;
        while reroll.when.matches(i64::from(face)) && !(reroll.once && rerolls == 1) {
            if rerolls == MAX_REROLLS {
                return Err(Error::new(
                    ErrorKind::Limit,
                    format!(
                        "a d{} was rerolled {MAX_REROLLS} times without settling: r{} leaves {} of its {} faces, and a roll stops at {MAX_REROLLS} rerolls where exact odds assume rerolling goes on until a face stands",
                        self.sides,
                        reroll.when,
                        u64::from(self.sides) - reroll.when.count_on(self.sides),
                        self.sides
                    ),
                ));
            }
            if let Some(t) = transcript.as_deref_mut() {
                t.push(DieRecord {
                    label: label.to_owned(),
                    group,
                    sides: self.sides,
                    value: face,
                    fate: DieFate::Rerolled,
                    exploded: false,
                });
            }
            face = dice.roll(self.sides)?;
            rerolls += 1;
        }
        Ok(face)
    }

    /// Fills `order` with die indices so that the first `n` returned are the kept dice:
    /// by chain total (highest or lowest first as the rule says), ties keeping the earlier
    /// die. Without a keep rule every die is kept, in roll order.
    fn kept_order(&self, totals: &[i64], order: &mut [u32]) -> usize {
        for (i, slot) in order.iter_mut().enumerate() {
            *slot = i as u32;
        }
        if let Some(select) = self.select {
            // Kept dice first, in roll order; the dropped ones after them.
            let kept_first = (0..totals.len()).filter(|&i| select.kept(totals[i]));
            let dropped = (0..totals.len()).filter(|&i| !select.kept(totals[i]));
            for (slot, i) in order.iter_mut().zip(kept_first.clone().chain(dropped)) {
                *slot = i as u32;
            }
            return kept_first.count();
        }
        let Some(keep) = self.keep else {
            return order.len();
        };
        let (n, highest) = keep.kept(self.count);
        // The index breaks ties, so the order is total and an unstable sort gives the same
        // result as a stable one.
        if highest {
            order.sort_unstable_by(|&a, &b| {
                totals[b as usize].cmp(&totals[a as usize]).then(a.cmp(&b))
            });
        } else {
            order.sort_unstable_by(|&a, &b| {
                totals[a as usize].cmp(&totals[b as usize]).then(a.cmp(&b))
            });
        }
        n as usize
    }
}

impl fmt::Display for Keep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Keep::Highest(n) => write!(f, "kh{n}"),
            Keep::Lowest(n) => write!(f, "kl{n}"),
            Keep::DropHighest(n) => write!(f, "dh{n}"),
            Keep::DropLowest(n) => write!(f, "dl{n}"),
        }
    }
}

impl fmt::Display for Select {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", if self.keep { "k" } else { "p" }, self.when)
    }
}

impl fmt::Display for PoolSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        if let Some(r) = self.reroll {
            write!(f, "{}{}", if r.once { "ro" } else { "r" }, r.when)?;
        }
        if let Some(m) = self.min_face {
            write!(f, "mi{m}")?;
        }
        if let Some(m) = self.max_face {
            write!(f, "ma{m}")?;
        }
        if let Some(e) = self.explode.filter(|e| e.depth == 1) {
            write!(f, "ra{}", e.when)?;
        } else if let Some(e) = self.explode {
            // The bare `!` only when no success test follows: `!=9` would read as "explode on 9".
            if e.when == Compare::new(CmpOp::Ge, i64::from(self.sides)) && self.successes.is_none()
            {
                f.write_str("!")?;
            } else {
                write!(f, "!{}", e.when)?;
            }
        }
        if let Some(k) = self.keep {
            write!(f, "{k}")?;
        }
        if let Some(sel) = self.select {
            write!(f, "{sel}")?;
        }
        for step in self.kept_steps() {
            write!(f, "{step}")?;
        }
        if let Some(s) = self.successes {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}
