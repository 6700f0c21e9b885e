//! Exact odds by enumeration: at most 6 d8 (262 144 outcomes), integer counts only.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use fray_dice::{Distribution, Error, Ratio};

use crate::resolve::{
    opposed_winner, AdvantageMethod, CheckSpec, Contestant, DamageLine, Edge, GrabEffect, Tier,
    DIE_SIDES, KEPT_DICE, MAX_EXTRA_DICE,
};

/// Counts of each kept-dice sum (index = sum, 2..=16) and the number of equally likely rolls.
fn kept_sum_counts(
    edge: Edge,
    method: &AdvantageMethod,
) -> Result<(&'static [u128; 17], u128), Error> {
    method.validate()?;
    let n = match (*method, edge) {
        (AdvantageMethod::ExtraDice { dice }, Edge::Advantage | Edge::Disadvantage) => {
            KEPT_DICE + dice as usize
        }
        _ => KEPT_DICE,
    };
    // Each (dice, keep-lowest) table is enumerated once per process: the default tactic asks
    // for these odds at every decision.
    static TABLES: [[OnceLock<[u128; 17]>; 2]; MAX_EXTRA_DICE as usize + 1] =
        [const { [const { OnceLock::new() }, const { OnceLock::new() }] };
            MAX_EXTRA_DICE as usize + 1];
    let lowest = edge == Edge::Disadvantage;
    let counts = TABLES[n - KEPT_DICE][usize::from(lowest)].get_or_init(|| enumerate(n, lowest));
    Ok((counts, (DIE_SIDES as u128).pow(n as u32)))
}

/// Enumerates every roll of `n` d8 and counts the sums of the two kept dice.
fn enumerate(n: usize, lowest: bool) -> [u128; 17] {
    let sides = DIE_SIDES as usize;
    let mut counts = [0u128; 17];
    let mut faces = [0usize; 8];
    for code in 0..sides.pow(n as u32) {
        let mut c = code;
        for f in faces.iter_mut().take(n) {
            *f = c % sides + 1;
            c /= sides;
        }
        let dice = &mut faces[..n];
        dice.sort_unstable();
        let sum = if lowest {
            dice[0] + dice[1]
        } else {
            dice[n - 1] + dice[n - 2]
        };
        counts[sum] += 1;
    }
    counts
}

/// The exact distribution of the total (dice + skill value + flat modifier) of one roll.
pub fn total_odds(
    skill_value: i32,
    edge: Edge,
    method: &AdvantageMethod,
) -> Result<Distribution, Error> {
    let (counts, denominator) = kept_sum_counts(edge, method)?;
    let modifier = match (*method, edge) {
        (AdvantageMethod::Flat { bonus }, Edge::Advantage) => i64::from(bonus),
        (AdvantageMethod::Flat { bonus }, Edge::Disadvantage) => -i64::from(bonus),
        _ => 0,
    };
    let offset = i64::from(skill_value) + modifier;
    Distribution::from_pairs(
        counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(sum, &c)| (sum as i64 + offset, c)),
        denominator,
    )
}

/// Exact odds of each final tier: value 0 = Fail … 3 = Critical (AND-15 … AND-17, AND-21).
pub fn odds(spec: &CheckSpec) -> Result<Distribution, Error> {
    spec.validate()?;
    let totals = total_odds(spec.skill_value, spec.edge, &spec.advantage)?;
    let shift = i64::from(spec.shift());
    totals.map(|total| {
        let total = total.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        Ok(Tier::clamped(spec.table.tier(total) as i64 + shift) as i64)
    })
}

/// Counts of each final tier over the number of equally likely rolls, without allocating
/// (what the default tactic compares).
pub(crate) fn tier_counts(spec: &CheckSpec) -> Result<([u128; 4], u128), Error> {
    spec.validate()?;
    let (counts, denominator) = kept_sum_counts(spec.edge, &spec.advantage)?;
    let modifier = match (spec.advantage, spec.edge) {
        (AdvantageMethod::Flat { bonus }, Edge::Advantage) => bonus,
        (AdvantageMethod::Flat { bonus }, Edge::Disadvantage) => bonus.saturating_neg(),
        _ => 0,
    };
    let shift = i64::from(spec.shift());
    let mut tiers = [0u128; 4];
    for (sum, &c) in counts.iter().enumerate() {
        if c > 0 {
            let total = spec
                .skill_value
                .saturating_add(sum as i32)
                .saturating_add(modifier);
            tiers[Tier::clamped(spec.table.tier(total) as i64 + shift).index()] += c;
        }
    }
    Ok((tiers, denominator))
}

/// Every exact check distribution's denominator divides 8^6 (at most six d8), so counts
/// scaled to it are whole numbers and compare exactly.
pub(crate) const SCALE: u128 = 262_144;

/// [`tier_counts`] out of [`SCALE`], remembered per thread. Preparing a setup asks it for
/// every attack × difficulty × edge (the tactic's expected-damage tables), and setups swept
/// in a notebook or started one session at a time ask the same few specs again (a handful of
/// skills against a handful of defenses). The answer is a pure function of the spec, so
/// remembering it cannot change a result; the memory is bounded (each slot is overwritten by
/// the next spec hashing to it).
pub(crate) fn tier_counts_cached(spec: &CheckSpec) -> Result<[u128; 4], Error> {
    const SLOTS: usize = 64;
    type Slot = Option<(CheckSpec, [u128; 4])>;
    thread_local! {
        static REMEMBERED: RefCell<[Slot; SLOTS]> = const { RefCell::new([None; SLOTS]) };
    }
    let mut hasher = SlotHasher(0);
    spec.hash(&mut hasher);
    let slot = (hasher.0 >> 58) as usize % SLOTS;
    if let Some((_, scaled)) = REMEMBERED
        .with_borrow(|slots| slots[slot])
        .filter(|(known, _)| known == spec)
    {
        return Ok(scaled);
    }
    let (counts, denominator) = tier_counts(spec)?;
    let scaled = counts.map(|c| c * (SCALE / denominator));
    REMEMBERED.with_borrow_mut(|slots| slots[slot] = Some((*spec, scaled)));
    Ok(scaled)
}

/// A multiply-rotate hash of a few small integers (FxHash's step): cheap, and good enough to
/// spread check specs over [`tier_counts_cached`]'s slots.
struct SlotHasher(u64);

impl Hasher for SlotHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_i32(&mut self, n: i32) {
        self.write_u64(n as u32 as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_isize(&mut self, n: isize) {
        self.write_u64(n as u64);
    }
}

/// The probability of each tier, worst first (zero where impossible).
pub fn tier_probabilities(spec: &CheckSpec) -> Result<[Ratio; 4], Error> {
    let d = odds(spec)?;
    Ok(Tier::ALL.map(|t| d.probability(t as i64)))
}

/// Exact odds of each damage value of an attack (AND-20).
pub fn damage_odds(spec: &CheckSpec, line: &DamageLine) -> Result<Distribution, Error> {
    odds(spec)?.map(|tier| Ok(i64::from(line.get(Tier::clamped(tier)))))
}

/// Exact odds of each grab effect, in table order Fail … Critical (AND-41).
pub fn grab_odds(spec: &CheckSpec) -> Result<[(GrabEffect, Ratio); 4], Error> {
    let p = tier_probabilities(spec)?;
    Ok(Tier::ALL.map(|t| (GrabEffect::for_tier(t), p[t.index()])))
}

/// Exact probability that the initiator wins an opposed check (AND-22).
pub fn opposed_odds(
    initiator: &Contestant,
    opponent: &Contestant,
    method: &AdvantageMethod,
) -> Result<Ratio, Error> {
    let a = total_odds(initiator.skill_value, initiator.edge, method)?;
    let b = total_odds(opponent.skill_value, opponent.edge, method)?;
    let mut wins = 0u128;
    for (ta, ca) in a.iter() {
        for (tb, cb) in b.iter() {
            let (win, _) = opposed_winner(
                ta as i32,
                initiator.skill_rank,
                tb as i32,
                opponent.skill_rank,
            );
            if win {
                wins += ca * cb;
            }
        }
    }
    Ok(Ratio::new(wins, a.denominator() * b.denominator()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tactic's remembered answers are the computed ones, also when many specs share
    /// the cache's slots and overwrite each other.
    #[test]
    fn remembered_tier_counts_are_the_computed_ones() {
        let specs = (-3..=3).flat_map(|skill_rank| {
            (0..=4).flat_map(move |difficulty| {
                [Edge::Normal, Edge::Advantage, Edge::Disadvantage].map(|edge| CheckSpec {
                    skill_value: skill_rank + 1,
                    skill_rank,
                    difficulty,
                    edge,
                    ..CheckSpec::default()
                })
            })
        });
        for round in 0..2 {
            for spec in specs.clone() {
                let (counts, denominator) = tier_counts(&spec).unwrap();
                assert_eq!(SCALE % denominator, 0, "{spec:?}");
                assert_eq!(
                    tier_counts_cached(&spec).unwrap(),
                    counts.map(|c| c * (SCALE / denominator)),
                    "round {round}: {spec:?}"
                );
            }
        }
    }

    #[test]
    fn tier_counts_agree_with_the_distribution() {
        for edge in [Edge::Normal, Edge::Advantage, Edge::Disadvantage] {
            for advantage in [
                AdvantageMethod::default(),
                AdvantageMethod::Flat { bonus: 2 },
            ] {
                let spec = CheckSpec {
                    skill_value: 2,
                    skill_rank: 3,
                    difficulty: 2,
                    edge,
                    advantage,
                    ..CheckSpec::default()
                };
                let (counts, den) = tier_counts(&spec).unwrap();
                let p = tier_probabilities(&spec).unwrap();
                for t in 0..4 {
                    assert_eq!(Ratio::new(counts[t], den), p[t]);
                }
            }
        }
    }
}
