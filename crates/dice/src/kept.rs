//! Operations written after a pool's keep/drop (`4d6kh3rr1`, `5d6kh3mi2`, `6d6kh2ra6`):
//! applied to each kept die in written order, for rolling (with transcript) and exact odds.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::dice::Dice;
use crate::dist::MAX_WORK;
use crate::error::{Error, ErrorKind, Result};
use crate::order::{Count, Face};
use crate::pool::{Compare, PoolSpec, Reroll, MAX_REROLLS};
use crate::transcript::{DieFate, DieRecord, Transcript};

/// At most this many operations after a pool's keep/drop.
pub const MAX_KEPT_STEPS: usize = 4;

/// One operation on the kept dice of a pool, written after its keep/drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KeptStep {
    /// `r`/`rr` (until another face stands) or `ro` (once): a kept die whose value matches
    /// is replaced by a fresh roll of the pool's die.
    Reroll(Reroll),
    /// `miN`: a kept die below `N` counts `N`.
    Min(u32),
    /// `maN`: a kept die above `N` counts `N`.
    Max(u32),
    /// `ra`: a kept die whose value matches adds one fresh roll, once (the last operation).
    Add(Compare),
}

impl fmt::Display for KeptStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeptStep::Reroll(r) => write!(f, "{}{}", if r.once { "ro" } else { "r" }, r.when),
            KeptStep::Min(m) => write!(f, "mi{m}"),
            KeptStep::Max(m) => write!(f, "ma{m}"),
            KeptStep::Add(when) => write!(f, "ra{when}"),
        }
    }
}

/// Whether no operation follows the keep/drop (serde's test for leaving the field out).
pub(crate) fn none(steps: &[Option<KeptStep>; MAX_KEPT_STEPS]) -> bool {
    steps.iter().all(Option::is_none)
}

impl PoolSpec {
    /// The operations after the keep/drop, in written order.
    pub fn kept_steps(&self) -> impl Iterator<Item = KeptStep> + '_ {
        self.after_keep.iter().flatten().copied()
    }

    /// Whether operations follow the keep/drop.
    pub fn has_kept_steps(&self) -> bool {
        !none(&self.after_keep)
    }

    /// Refuses what operations after a keep/drop cannot do exactly; before any die is drawn.
    pub(crate) fn validate_kept_steps(&self) -> Result<()> {
        let steps: Vec<KeptStep> = self.kept_steps().collect();
        let Some(first) = steps.first() else {
            return Ok(());
        };
        let refuse = |why: String| Err(Error::new(ErrorKind::InvalidDice, why));
        if self.keep.is_none() {
            return refuse(format!(
                "{first} after a keep/drop by value ({}) has no exact method in Fray; write it before the keep/drop",
                self.select.map_or(String::new(), |s| s.to_string())
            ));
        }
        if self.explode.is_some() {
            return refuse(format!(
                "{first} after the keep/drop of exploding dice has no exact method in Fray (a kept die is a whole chain); write it before the explosion"
            ));
        }
        for (i, step) in steps.iter().enumerate() {
            match step {
                KeptStep::Reroll(r)
                    if !r.once && r.when.count_on(self.sides) == u64::from(self.sides) =>
                {
                    return refuse(format!(
                        "reroll r{} matches every face of a d{}, so it could never stop",
                        r.when, self.sides
                    ));
                }
                KeptStep::Add(_) if i + 1 < steps.len() => {
                    return refuse(format!(
                        "{} after {step} has no exact method in Fray: ra adds a second die, and what follows would have to choose between them; write ra last",
                        steps[i + 1]
                    ));
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Rolls the operations after the keep/drop on the kept dice (`kept`, roll indices, each
    /// die's value in `totals`), dice in roll order, operations in written order.
    pub(crate) fn roll_kept_steps<D: Dice + ?Sized>(
        &self,
        dice: &mut D,
        mut transcript: Option<&mut Transcript>,
        label: &str,
        first_record: usize,
        kept: &mut [u32],
        totals: &mut [i64],
    ) -> Result<()> {
        kept.sort_unstable();
        for &i in kept.iter() {
            let mut value = totals[i as usize];
            // The die's one standing record (no explosion before a keep with steps).
            let record = |t: &mut Transcript| {
                t.dice[first_record..]
                    .iter()
                    .rposition(|r| r.group == i && r.fate == DieFate::Kept)
                    .map(|p| p + first_record)
            };
            for step in self.kept_steps() {
                match step {
                    KeptStep::Reroll(r) => {
                        let mut times = 0;
                        while r.when.matches(value) && !(r.once && times == 1) {
                            if times == MAX_REROLLS {
                                return Err(Error::new(
                                    ErrorKind::Limit,
                                    format!("a kept d{} was rerolled {MAX_REROLLS} times without settling", self.sides),
                                ));
                            }
                            let face = dice.roll(self.sides)?;
                            if let Some(t) = transcript.as_deref_mut() {
                                if let Some(at) = record(t) {
                                    t.dice[at].fate = DieFate::Rerolled;
                                }
                                t.push(self.kept_record(label, i, face, false));
                            }
                            value = i64::from(face);
                            times += 1;
                        }
                    }
                    KeptStep::Min(m) | KeptStep::Max(m) => {
                        value = if matches!(step, KeptStep::Min(_)) {
                            value.max(i64::from(m))
                        } else {
                            value.min(i64::from(m))
                        };
                        if let Some(t) = transcript.as_deref_mut() {
                            if let Some(at) = record(t) {
                                t.dice[at].value = value as u32;
                            }
                        }
                    }
                    KeptStep::Add(when) => {
                        if when.matches(value) {
                            let face = dice.roll(self.sides)?;
                            if let Some(t) = transcript.as_deref_mut() {
                                if let Some(at) = record(t) {
                                    t.dice[at].exploded = true;
                                }
                                t.push(self.kept_record(label, i, face, false));
                            }
                            value += i64::from(face);
                        }
                    }
                }
            }
            totals[i as usize] = value;
        }
        Ok(())
    }

    fn kept_record(&self, label: &str, group: u32, value: u32, exploded: bool) -> DieRecord {
        DieRecord {
            label: label.to_owned(),
            group,
            sides: self.sides,
            value,
            fate: DieFate::Kept,
            exploded,
        }
    }

    /// The values a fresh roll of each operation after the keep/drop can give (a reroll
    /// until the face is outside, a reroll once or an added die; nothing for mi/ma): built
    /// once for all faces of the die.
    fn fresh_rolls(&self) -> Vec<Vec<i64>> {
        self.kept_steps()
            .map(|step| match step {
                KeptStep::Reroll(r) if !r.once => (1..=i64::from(self.sides))
                    .filter(|&f| !r.when.matches(f))
                    .collect(),
                KeptStep::Reroll(_) | KeptStep::Add(_) => (1..=i64::from(self.sides)).collect(),
                KeptStep::Min(_) | KeptStep::Max(_) => vec![0],
            })
            .collect()
    }

    /// Steps of building every face's kept value, at most: a value an operation rerolls or
    /// adds to spreads over that operation's fresh rolls. The first operation sees the die's
    /// faces themselves, so only those it matches are counted; later ones are bounded by every
    /// value the earlier ones can have made.
    fn kept_values_work(&self, die: &[i64], fresh: &[Vec<i64>]) -> u128 {
        let faces = die.len() as u128;
        let (mut values, mut work) = (1u128, 0u128);
        for (i, (step, f)) in self.kept_steps().zip(fresh).enumerate() {
            let spreads = |x: i64| match step {
                KeptStep::Reroll(r) => r.when.matches(x),
                KeptStep::Add(when) => when.matches(x),
                KeptStep::Min(_) | KeptStep::Max(_) => false,
            };
            let spreading = if i == 0 {
                die.iter().filter(|&&v| spreads(v)).count() as u128
            } else {
                faces.saturating_mul(values)
            };
            let n = f.len() as u128;
            work = work
                .saturating_add(spreading.saturating_mul(n))
                .saturating_add(faces.saturating_mul(values));
            values = values.saturating_add(n);
        }
        work
    }

    /// What a kept die of value `v` adds to the pool once the operations after the keep/drop
    /// and the success test have run: `(least, counts of least, least+1, …, denominator)`.
    /// The denominator depends on the operations only (each fresh roll multiplies every
    /// outcome's count alike), so all faces share it.
    pub(crate) fn kept_value(&self, v: i64, fresh: &[Vec<i64>]) -> Result<(i64, Vec<u128>, u128)> {
        let mut dist: BTreeMap<i64, u128> = BTreeMap::from([(v, 1)]);
        let mut denominator = 1u128;
        let too_large = || {
            Error::new(
                ErrorKind::Limit,
                "exact odds of the operations after this keep/drop need counts beyond the 128-bit limit",
            )
        };
        for (step, fresh) in self.kept_steps().zip(fresh) {
            let q = fresh.len() as u128;
            let mut next = BTreeMap::new();
            for (x, c) in dist {
                match step {
                    KeptStep::Reroll(r) if r.when.matches(x) => {
                        for &f in fresh {
                            *next.entry(f).or_insert(0) += c;
                        }
                    }
                    KeptStep::Add(when) if when.matches(x) => {
                        for &f in fresh {
                            *next.entry(x + f).or_insert(0) += c;
                        }
                    }
                    KeptStep::Min(m) => *next.entry(x.max(i64::from(m))).or_insert(0) += c,
                    KeptStep::Max(m) => *next.entry(x.min(i64::from(m))).or_insert(0) += c,
                    _ => *next.entry(x).or_insert(0) += c.checked_mul(q).ok_or_else(too_large)?,
                }
            }
            dist = next;
            denominator = denominator.checked_mul(q).ok_or_else(too_large)?;
        }
        if let Some(test) = self.successes {
            let mut scored = BTreeMap::new();
            for (x, c) in dist {
                *scored.entry(i64::from(test.matches(x))).or_insert(0) += c;
            }
            dist = scored;
        }
        let least = *dist.keys().next().unwrap_or(&0);
        let top = *dist.keys().next_back().unwrap_or(&0);
        let mut counts = vec![0u128; (top - least) as usize + 1];
        for (x, c) in dist {
            counts[(x - least) as usize] = c;
        }
        Ok((least, counts, denominator))
    }

    /// The faces the keep/drop walk ranks, from `(chain total, count)` pairs: a kept die adds
    /// `value` of its total, or with operations after the keep/drop, their distribution.
    /// Returns the faces and the denominator each kept die multiplies the pool's by.
    pub(crate) fn kept_faces<C: Count>(
        &self,
        die: impl Iterator<Item = (i64, C)>,
        value: impl Fn(i64) -> i64,
    ) -> Result<(Vec<Face<C>>, u128)> {
        if !self.has_kept_steps() {
            return Ok((die.map(|(v, w)| Face::point(v, value(v), w)).collect(), 1));
        }
        let die: Vec<(i64, C)> = die.collect();
        let fresh = self.fresh_rolls();
        let values: Vec<i64> = die.iter().map(|(v, _)| *v).collect();
        let work = self.kept_values_work(&values, &fresh);
        if work > MAX_WORK {
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "exact odds of the operations after this keep/drop would take about {work} steps, over the limit of {MAX_WORK}"
                ),
            ));
        }
        let mut q = 1;
        let faces = die
            .into_iter()
            .map(|(v, weight)| {
                let (least, counts, den) = self.kept_value(v, &fresh)?;
                q = den;
                Ok(Face {
                    key: v,
                    value: (least, counts.into_iter().map(C::of).collect()),
                    weight,
                })
            })
            .collect::<Result<_>>()?;
        Ok((faces, q))
    }
}
