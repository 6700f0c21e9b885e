//! Exact odds by convolution: the check d10 with its critical die, hit chances against a DV or
//! an opposed roll, damage after armour and the chance of a critical injury.

use fray_dice::{Distribution, Ratio, RuleError};
use serde::{Deserialize, Serialize};

use crate::resolve::{stop, AttackSpec, CheckSpec, Defense};

fn dist_err(e: fray_dice::Error) -> RuleError {
    RuleError::new("odds", e.message().to_owned())
}

/// The exact distribution of the check d10 (RED-31): with `critical`, a natural 10 adds a
/// d10 (11 … 20) and a natural 1 subtracts one (0 … −9), each with probability 1/100.
pub fn d10_distribution(critical: bool) -> Distribution {
    let pairs: Vec<(i64, u128)> = if critical {
        let mut p: Vec<(i64, u128)> = (2..=9).map(|v| (v, 10)).collect();
        p.extend((1..=10).map(|e| (10 + e, 1)));
        p.extend((1..=10).map(|e| (1 - e, 1)));
        p
    } else {
        (1..=10).map(|v| (v, 10)).collect()
    };
    Distribution::from_pairs(pairs, 100).expect("the d10 table is well formed")
}

/// Exact odds of a check against a DV.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckOdds {
    /// Distribution of the total.
    pub total: Distribution,
    /// P(total > DV).
    pub success: Ratio,
}

/// Exact odds of [`crate::check`].
pub fn check_odds(spec: &CheckSpec) -> Result<CheckOdds, RuleError> {
    crate::resolve::bounded("RED-30", "the check base", i64::from(spec.base))?;
    crate::resolve::bounded("RED-30", "the DV", i64::from(spec.dv))?;
    let total = d10_distribution(spec.critical)
        .map(|v| Ok(v + i64::from(spec.base)))
        .map_err(dist_err)?;
    let success = total.at_least(i64::from(spec.dv) + 1);
    Ok(CheckOdds { total, success })
}

/// Exact odds of one attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackOdds {
    /// P(hit): the attacker beats the DV or the defender's roll (ties to the defender).
    pub hit: Ratio,
    /// Distribution of attacker total minus defence total (both critical d10s included).
    pub margin: Distribution,
    /// Distribution of the damage multiplier (0 on a miss; 1 … cap for autofire hits).
    pub multiplier: Distribution,
    /// P(a hit gets through the armour), i.e. the armour ablates.
    pub penetrate: Ratio,
    /// P(a critical injury): a hit with two or more sixes on the damage dice.
    pub critical_injury: Ratio,
    /// Distribution of HP lost (0 on a miss), armour, head doubling and critical bonus applied.
    pub hp_loss: Distribution,
}

/// Exact odds of [`crate::attack`] for one spec: hit chance with the critical d10 on both
/// sides of an opposed roll, the autofire multiplier, HP lost after armour, penetration and
/// critical injuries.
pub fn odds(spec: &AttackSpec) -> Result<AttackOdds, RuleError> {
    spec.validate()?;
    let dice = spec.damage.dice;
    if dice == 0 || dice > crate::MAX_DAMAGE_DICE {
        return Err(RuleError::new(
            "RED-39",
            format!(
                "a damage roll uses 1 to {} d6 (got {dice})",
                crate::MAX_DAMAGE_DICE
            ),
        ));
    }
    let d10 = d10_distribution(spec.critical);
    let total = d10
        .map(|v| Ok(v + i64::from(spec.attack)))
        .map_err(dist_err)?;
    let margin = match spec.defense {
        Defense::Dv { dv } => total.map(|v| Ok(v - i64::from(dv))),
        Defense::Opposed { base } => {
            let defense = d10.map(|v| Ok(-(v + i64::from(base)))).map_err(dist_err)?;
            total.add(&defense)
        }
    }
    .map_err(dist_err)?;
    let hit = margin.at_least(1);
    let cap = i64::from(spec.autofire_cap);
    let multiplier = margin
        .map(|m| {
            Ok(match (m > 0, cap) {
                (false, _) => 0,
                (true, 0) => 1,
                (true, cap) => m.min(cap),
            })
        })
        .map_err(dist_err)?;

    // Joint counts of (sum of the dice, sixes capped at the critical threshold).
    let need = spec.damage.crit_sixes.max(1) as usize;
    let mut joint = vec![vec![0u128; need + 1]; 6 * dice as usize + 1];
    joint[0][0] = 1;
    for _ in 0..dice {
        let mut next = vec![vec![0u128; need + 1]; joint.len()];
        for (sum, row) in joint.iter().enumerate() {
            for (sixes, &count) in row.iter().enumerate() {
                if count == 0 {
                    continue;
                }
                for face in 1..=6usize {
                    let s = (sixes + usize::from(face == 6)).min(need);
                    next[sum + face][s] += count;
                }
            }
        }
        joint = next;
    }
    let damage_den = 6u128.pow(dice);
    let mut pairs: Vec<(i64, u128)> = Vec::new();
    let (mut pen, mut crit) = (0u128, 0u128);
    for (m, count_m) in multiplier.iter() {
        if m == 0 {
            pairs.push((0, count_m * damage_den));
            continue;
        }
        let dspec = crate::DamageSpec {
            multiplier: m as u32,
            ..spec.damage
        };
        for (sum, row) in joint.iter().enumerate() {
            for (sixes, &count) in row.iter().enumerate() {
                if count == 0 {
                    continue;
                }
                let d = stop(&dspec, sum as u32, sixes as u32);
                let weight = count_m * count;
                pairs.push((i64::from(d.hp_loss), weight));
                if d.penetrated {
                    pen += weight;
                }
                if d.critical {
                    crit += weight;
                }
            }
        }
    }
    let den = multiplier.denominator() * damage_den;
    Ok(AttackOdds {
        hit,
        margin,
        multiplier,
        penetrate: Ratio::new(pen, den),
        critical_injury: Ratio::new(crit, den),
        hp_loss: Distribution::from_pairs(pairs, den).map_err(dist_err)?,
    })
}
