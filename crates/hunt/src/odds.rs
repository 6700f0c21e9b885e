use fray_dice::{Distribution, Error, ErrorKind, Ratio};
use serde::{Deserialize, Serialize};

use crate::resolve::{
    aimed_exception, plan, DuelSpec, FighterOutcome, FighterSpec, StrikeOutcome, StrikeSpec,
};
use crate::setup::{AttackKind, Distance, HideRoll, Rules, Tactic};

fn overflow() -> Error {
    Error::new(
        ErrorKind::Limit,
        "exact odds of these declarations need more than 128-bit counts; use fewer dice",
    )
}

fn pow6(n: u32) -> Result<u128, Error> {
    6u128.checked_pow(n).ok_or_else(overflow)
}

/// Sum of `n` d6 as (min, counts) over 6^n.
fn sum_dist(n: u32) -> Result<Distribution, Error> {
    if n == 0 {
        return Ok(Distribution::constant(0));
    }
    Distribution::die(6)?.repeat_sum(n)
}

/// Counts of a sum of `n` d6 by value, index = value, over 6^n.
fn sum_counts(n: u32) -> Result<Vec<u128>, Error> {
    let d = sum_dist(n)?;
    let scale = pow6(n)? / d.denominator();
    let mut v = vec![0u128; 6 * n as usize + 1];
    for (value, c) in d.iter() {
        v[value as usize] = c * scale;
    }
    Ok(v)
}

/// The exact odds of one side's strike in a duel exchange.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StrikeOdds {
    /// P(Attack total > Defense total and the weapon reaches), before the order of strikes.
    pub hit: Ratio,
    /// P(the strike lands): a hit whose attacker was not killed by an earlier strike.
    pub lands: Ratio,
    /// P(lands with exactly `i` damage points), index `i`.
    pub damage: Vec<Ratio>,
    /// P(lands with a Fall, Weapon Lost, Stun, Bleeding) — HUNT-12.
    pub fall: Ratio,
    /// See [`StrikeOdds::fall`].
    pub weapon_lost: Ratio,
    /// See [`StrikeOdds::fall`].
    pub stun: Ratio,
    /// See [`StrikeOdds::fall`].
    pub bleeding: Ratio,
    /// P(lands with a pair of value `v`), index `v − 1`.
    pub pairs: Vec<Ratio>,
    /// P(the target fails exactly `i` Endurance tests from this strike), `i` ≥ 1
    /// (index `i`; index 0 is P(lands with no failed test)); the last index is death.
    pub failures: Vec<Ratio>,
}

/// Exact odds of a duel exchange (the strikes; traps and bleeding are not included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuelOdds {
    /// Side 0's strike on side 1 and side 1's on side 0 (`None`: that side does not attack).
    pub strikes: [Option<StrikeOdds>; 2],
    /// P(the distance opens by one).
    pub opens: Ratio,
    /// P(the distance closes by one).
    pub closes: Ratio,
    /// P(side `i` escapes from Far).
    pub escapes: [Ratio; 2],
}

/// Per strike and distance: the landed strike's damage table.
struct DamageOdds {
    /// P(points = i).
    points: Vec<Ratio>,
    /// P(pair of value v present), v = 1..=6.
    pairs: [Ratio; 6],
    /// P(fall), P(weapon lost), P(stun), P(bleeding).
    effects: [Ratio; 4],
    /// P(failures = i), i = 0..=deadly.
    failures: Vec<Ratio>,
}

fn damage_odds(g: u32, threshold: u32, endurance: u32, rules: &Rules) -> Result<DamageOdds, Error> {
    let gn = g as usize;
    let choose = fray_dice::binomials(gn as u32)?;
    // state[placed][points][mask]
    let idx = |placed: usize, points: usize, mask: usize| (placed * (gn + 1) + points) * 64 + mask;
    let mut state = vec![0u128; (gn + 1) * (gn + 1) * 64];
    state[idx(0, 0, 0)] = 1;
    for v in 1..=6usize {
        let mut next = vec![0u128; state.len()];
        let scoring = v as u32 >= threshold;
        for placed in 0..=gn {
            for points in 0..=placed {
                for mask in 0..64 {
                    let c = state[idx(placed, points, mask)];
                    if c == 0 {
                        continue;
                    }
                    for k in 0..=(gn - placed) {
                        let ways = c.checked_mul(choose[gn - placed][k]).ok_or_else(overflow)?;
                        let np = if scoring { points + k } else { points };
                        let nm = if k >= 2 { mask | 1 << (v - 1) } else { mask };
                        let slot = &mut next[idx(placed + k, np, nm)];
                        *slot = slot.checked_add(ways).ok_or_else(overflow)?;
                    }
                }
            }
        }
        state = next;
    }
    let total = pow6(g)?;
    let mut points = vec![Ratio::ZERO; gn + 1];
    let mut pairs = [Ratio::ZERO; 6];
    let mut effects = [Ratio::ZERO; 4];
    for p in 0..=gn {
        for mask in 0..64usize {
            let c = state[idx(gn, p, mask)];
            if c == 0 {
                continue;
            }
            let q = Ratio::new(c, total);
            points[p] = points[p].checked_add(q)?;
            for (v, slot) in pairs.iter_mut().enumerate() {
                if mask & (1 << v) != 0 {
                    *slot = slot.checked_add(q)?;
                }
            }
            let flags = [
                mask & 0b11,
                mask & 0b1100,
                mask & 0b1_0000,
                mask & 0b10_0000,
            ];
            for (e, f) in effects.iter_mut().zip(flags) {
                if f != 0 {
                    *e = e.checked_add(q)?;
                }
            }
        }
    }
    // One test fails with probability q = P(sum of test dice > endurance).
    let test = sum_counts(rules.test_dice)?;
    let fail_count: u128 = test
        .iter()
        .enumerate()
        .filter(|(v, _)| *v as u32 > endurance)
        .map(|(_, c)| *c)
        .sum();
    let den = pow6(rules.test_dice)?;
    let q = Ratio::new(fail_count, den);
    let pass = Ratio::new(den - fail_count, den);
    let deadly = rules.deadly_failures as usize;
    let mut failures = vec![Ratio::ZERO; deadly + 1];
    let choose_p = fray_dice::binomials(gn as u32)?;
    for (p, &pp) in points.iter().enumerate() {
        if pp.numerator == 0 {
            continue;
        }
        let mut below = Ratio::ZERO;
        for (j, slot) in failures.iter_mut().enumerate().take(deadly.min(p + 1)) {
            if j == deadly {
                break;
            }
            let mut term = Ratio::new(choose_p[p][j], 1);
            for _ in 0..j {
                term = term.checked_mul(q)?;
            }
            for _ in 0..(p - j) {
                term = term.checked_mul(pass)?;
            }
            below = below.checked_add(term)?;
            *slot = slot.checked_add(term.checked_mul(pp)?)?;
        }
        let rest = Ratio::ONE.checked_sub(below)?;
        if p >= deadly {
            failures[deadly] = failures[deadly].checked_add(rest.checked_mul(pp)?)?;
        }
    }
    Ok(DamageOdds {
        points,
        pairs,
        effects,
        failures,
    })
}

/// One pre-roll test outcome of a fighter (Hide or Take Cover): its effect and its count.
#[derive(Clone, Copy)]
struct Branch {
    hidden: bool,
    cover: u32,
    count: u128,
}

fn branches(f: &FighterSpec, rules: &Rules) -> Result<Vec<Branch>, Error> {
    let tested = matches!(f.tactic, Tactic::TakeCover) || (f.tactic == Tactic::Hide && !f.hidden);
    if !tested {
        return Ok(vec![Branch {
            hidden: f.hidden,
            cover: 0,
            count: 1,
        }]);
    }
    let counts = sum_counts(rules.test_dice)?;
    let mut out = Vec::new();
    for (roll, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        let passed = roll as u32 <= f.experience;
        let margin = if passed {
            f.experience - roll as u32
        } else {
            0
        };
        out.push(if f.tactic == Tactic::Hide {
            Branch {
                hidden: passed,
                cover: 0,
                count: c,
            }
        } else {
            Branch {
                hidden: false,
                cover: margin,
                count: c,
            }
        });
    }
    Ok(out)
}

/// Exact odds of a duel exchange: each side's chance to hit and land, each number of damage
/// points, each critical effect, each wound level, and the distance changes. Matches
/// [`crate::exchange`] for specs without a trap or bleeding (those come after the strikes).
pub fn odds(spec: &DuelSpec) -> Result<DuelOdds, Error> {
    let rules = &spec.context.rules;
    let dist = spec.context.distance;
    let mut fighters = [spec.sides[0].fighter, spec.sides[1].fighter];
    fighters[0].side = 0;
    fighters[1].side = 1;
    let mut strikes: Vec<StrikeSpec> = Vec::new();
    let mut index = [None; 2];
    for (i, side) in spec.sides.iter().enumerate() {
        if let Some(mut s) = side.strike {
            s.attacker = i as u8;
            s.target = 1 - i as u8;
            index[i] = Some(strikes.len());
            strikes.push(s);
        }
    }
    // Sums, per side k: P(lands at distance d) — landed[k][d]; and for k striking strictly
    // before the other side's hit, conflict[k][d_k][d_other].
    let mut hit = [Ratio::ZERO; 2];
    let mut landed_base = [[Ratio::ZERO; 3]; 2];
    let mut conflict = [[[Ratio::ZERO; 3]; 3]; 2];
    let mut opens = Ratio::ZERO;
    let mut closes = Ratio::ZERO;
    let mut escapes = [Ratio::ZERO; 2];
    // The damage dice of each strike do not depend on the branch; the target's endurance neither.
    let mut damage_dice = [0u32; 2];
    let early = aimed_exception(&fighters);
    let b0 = branches(&fighters[0], rules)?;
    let b1 = branches(&fighters[1], rules)?;
    let test_den = pow6(rules.test_dice)?;
    for br0 in &b0 {
        for br1 in &b1 {
            let mut fout = [FighterOutcome::default(); 2];
            fout[0].hidden = br0.hidden;
            fout[0].cover_dice = br0.cover;
            fout[1].hidden = br1.hidden;
            fout[1].cover_dice = br1.cover;
            let mut sout = [StrikeOutcome::default(); 2];
            plan(
                rules,
                &fighters,
                &strikes,
                &mut fout,
                &mut sout[..strikes.len()],
            );
            let bw = Ratio::new(
                br0.count.checked_mul(br1.count).ok_or_else(overflow)?,
                if b0.len() > 1 { test_den } else { 1 }
                    .checked_mul(if b1.len() > 1 { test_den } else { 1 })
                    .ok_or_else(overflow)?,
            );
            // Per side i: the strike on i (from 1 - i).
            let mut att: [Vec<u128>; 2] = [vec![1], vec![1]];
            let mut lt: [Vec<u128>; 2] = [vec![0], vec![0]];
            let mut eq: [Vec<u128>; 2] = [vec![0], vec![0]];
            let mut gt: [Vec<u128>; 2] = [vec![0], vec![0]];
            let mut den = 1u128;
            for (k, s) in strikes.iter().enumerate() {
                let side = usize::from(s.attacker);
                damage_dice[side] = sout[k].damage_dice;
                let t = usize::from(s.target);
                let mut x = sum_dist(fout[t].defense_dice)?;
                if fout[t].hidden && rules.hide_roll == HideRoll::ExperienceValue {
                    let e = i64::from(fighters[t].experience);
                    x = x.map(|v| Ok(v + e))?;
                }
                let mut xn = fout[t].defense_dice;
                if s.kind == AttackKind::Ranged && fout[t].cover_dice > 0 {
                    x = x.add(&sum_dist(fout[t].cover_dice)?)?;
                    xn += fout[t].cover_dice;
                }
                let xs = pow6(xn)? / x.denominator();
                let mut a = sum_counts(sout[k].attack_dice)?;
                if s.blind {
                    // One off the total, never below 0.
                    let zero = a[0] + a.get(1).copied().unwrap_or(0);
                    a.remove(0);
                    if a.is_empty() {
                        a.push(zero);
                    } else {
                        a[0] = zero;
                    }
                }
                let mut l = vec![0u128; a.len()];
                let mut e = vec![0u128; a.len()];
                let mut g = vec![0u128; a.len()];
                for (value, c) in x.iter() {
                    let c = c * xs;
                    for av in 0..a.len() {
                        match (av as i64).cmp(&value) {
                            std::cmp::Ordering::Less => l[av] += c,
                            std::cmp::Ordering::Equal => e[av] += c,
                            std::cmp::Ordering::Greater => g[av] += c,
                        }
                    }
                }
                att[side] = a;
                lt[side] = l;
                eq[side] = e;
                gt[side] = g;
                den = den
                    .checked_mul(pow6(sout[k].attack_dice)?)
                    .and_then(|d| d.checked_mul(pow6(xn).ok()?))
                    .ok_or_else(overflow)?;
            }
            // A fleeing fighter nobody attacks needs a Defense total above 0.
            let mut positive = [[1u128, 0u128]; 2];
            for (i, f) in fighters.iter().enumerate() {
                if f.tactic == Tactic::Flee && index[1 - i].is_none() {
                    let n = fout[i].defense_dice;
                    let all = pow6(n)?;
                    let zero = u128::from(n == 0);
                    positive[i] = [zero, all - zero];
                    den = den.checked_mul(all).ok_or_else(overflow)?;
                }
            }
            let mut sums_hit = [0u128; 2];
            let mut sums_land = [[0u128; 3]; 2];
            let mut sums_conf = [[[0u128; 3]; 3]; 2];
            let (mut s_open, mut s_close) = (0u128, 0u128);
            let mut s_esc = [0u128; 2];
            let class = |side: usize| -> u8 {
                let Some(k) = index[side] else { return 1 };
                let s = &strikes[k];
                let (a, t) = (&fighters[side], &fighters[1 - side]);
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
            for a0 in 0..att[0].len() {
                let w0 = att[0][a0];
                if w0 == 0 {
                    continue;
                }
                for a1 in 0..att[1].len() {
                    let w1 = att[1][a1];
                    if w1 == 0 {
                        continue;
                    }
                    for c0 in 0..3 {
                        let v0 = if index[0].is_none() {
                            if c0 == 0 {
                                1
                            } else {
                                0
                            }
                        } else {
                            [lt[0][a0], eq[0][a0], gt[0][a0]][c0]
                        };
                        if v0 == 0 {
                            continue;
                        }
                        for c1 in 0..3 {
                            let v1 = if index[1].is_none() {
                                if c1 == 0 {
                                    1
                                } else {
                                    0
                                }
                            } else {
                                [lt[1][a1], eq[1][a1], gt[1][a1]][c1]
                            };
                            if v1 == 0 {
                                continue;
                            }
                            for p0 in 0..2 {
                                for p1 in 0..2 {
                                    let (q0, q1) = (positive[0][p0], positive[1][p1]);
                                    if q0 == 0 || q1 == 0 {
                                        continue;
                                    }
                                    let w = w0
                                        .checked_mul(w1)
                                        .and_then(|w| w.checked_mul(v0))
                                        .and_then(|w| w.checked_mul(v1))
                                        .and_then(|w| w.checked_mul(q0 * q1))
                                        .ok_or_else(overflow)?;
                                    let cat = [c0, c1];
                                    let tot = [a0, a1];
                                    let pos = [p0 == 1, p1 == 1];
                                    // Movement.
                                    let mut moved = [false; 2];
                                    for i in 0..2 {
                                        let on_me = 1 - i;
                                        moved[i] = match fighters[i].tactic {
                                            Tactic::Flee => {
                                                if index[on_me].is_some() {
                                                    cat[on_me] == 0
                                                } else {
                                                    pos[i]
                                                }
                                            }
                                            Tactic::Pursue => index[i].is_some() && cat[i] == 2,
                                            _ => false,
                                        };
                                    }
                                    let opened = (0..2)
                                        .any(|i| moved[i] && fighters[i].tactic == Tactic::Flee);
                                    let closed = (0..2)
                                        .any(|i| moved[i] && fighters[i].tactic == Tactic::Pursue);
                                    let delta = i32::from(opened) - i32::from(closed);
                                    let after = dist.step(delta);
                                    let mut escaped = [false; 2];
                                    for i in 0..2 {
                                        escaped[i] = dist == Distance::Far
                                            && delta > 0
                                            && moved[i]
                                            && fighters[i].tactic == Tactic::Flee;
                                        if escaped[i] {
                                            s_esc[i] += w;
                                        }
                                    }
                                    if delta > 0 {
                                        s_open += w;
                                    } else if delta < 0 {
                                        s_close += w;
                                    }
                                    let mut hits = [false; 2];
                                    let mut at = [dist; 2];
                                    for side in 0..2 {
                                        let Some(k) = index[side] else { continue };
                                        let s = &strikes[k];
                                        at[side] = if early { after } else { dist };
                                        let reach = s.thresholds[at[side].index()] > 0
                                            && !(early && (escaped[0] || escaped[1]));
                                        hits[side] = reach && cat[side] == 2;
                                        if hits[side] {
                                            sums_hit[side] += w;
                                            sums_land[side][at[side].index()] += w;
                                        }
                                    }
                                    if hits[0] && hits[1] {
                                        let k0 = (class(0), u32::MAX - tot[0] as u32);
                                        let k1 = (class(1), u32::MAX - tot[1] as u32);
                                        if k0 < k1 {
                                            sums_conf[0][at[0].index()][at[1].index()] += w;
                                        } else if k1 < k0 {
                                            sums_conf[1][at[1].index()][at[0].index()] += w;
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            let scale = |c: u128| -> Result<Ratio, Error> { Ratio::new(c, den).checked_mul(bw) };
            for side in 0..2 {
                hit[side] = hit[side].checked_add(scale(sums_hit[side])?)?;
                escapes[side] = escapes[side].checked_add(scale(s_esc[side])?)?;
                for d in 0..3 {
                    landed_base[side][d] =
                        landed_base[side][d].checked_add(scale(sums_land[side][d])?)?;
                    for e in 0..3 {
                        conflict[side][d][e] =
                            conflict[side][d][e].checked_add(scale(sums_conf[side][d][e])?)?;
                    }
                }
            }
            opens = opens.checked_add(scale(s_open)?)?;
            closes = closes.checked_add(scale(s_close)?)?;
        }
    }
    // Damage tables per side and distance.
    let mut tables: [[Option<DamageOdds>; 3]; 2] = Default::default();
    for side in 0..2 {
        let Some(k) = index[side] else { continue };
        let s = &strikes[k];
        for d in 0..3 {
            let any = landed_base[side][d].numerator != 0;
            if any {
                let th = s.thresholds[d] + u32::from(s.blind);
                tables[side][d] = Some(damage_odds(
                    damage_dice[side],
                    th,
                    fighters[1 - side].endurance,
                    rules,
                )?);
            }
        }
    }
    let mut out: [Option<StrikeOdds>; 2] = [None, None];
    for side in 0..2 {
        if index[side].is_none() {
            continue;
        }
        let other = 1 - side;
        // lands[d] = landed_base[d] − Σ conflict[other][e][d] × P(other's strike at e kills).
        let mut lands = [Ratio::ZERO; 3];
        for d in 0..3 {
            let mut l = landed_base[side][d];
            for e in 0..3 {
                if conflict[other][e][d].numerator == 0 {
                    continue;
                }
                let kill = tables[other][e]
                    .as_ref()
                    .map(|t| t.failures[t.failures.len() - 1])
                    .unwrap_or(Ratio::ZERO);
                l = l.checked_sub(conflict[other][e][d].checked_mul(kill)?)?;
            }
            lands[d] = l;
        }
        let g = damage_dice[side] as usize;
        let deadly = rules.deadly_failures as usize;
        let mut total = Ratio::ZERO;
        let mut damage = vec![Ratio::ZERO; g + 1];
        let mut pairs = [Ratio::ZERO; 6];
        let mut effects = [Ratio::ZERO; 4];
        let mut failures = vec![Ratio::ZERO; deadly + 1];
        for d in 0..3 {
            let Some(t) = &tables[side][d] else { continue };
            let l = lands[d];
            total = total.checked_add(l)?;
            for (slot, p) in damage.iter_mut().zip(&t.points) {
                *slot = slot.checked_add(p.checked_mul(l)?)?;
            }
            for (slot, p) in pairs.iter_mut().zip(&t.pairs) {
                *slot = slot.checked_add(p.checked_mul(l)?)?;
            }
            for (slot, p) in effects.iter_mut().zip(&t.effects) {
                *slot = slot.checked_add(p.checked_mul(l)?)?;
            }
            for (slot, p) in failures.iter_mut().zip(&t.failures) {
                *slot = slot.checked_add(p.checked_mul(l)?)?;
            }
        }
        out[side] = Some(StrikeOdds {
            hit: hit[side],
            lands: total,
            damage: damage.to_vec(),
            fall: effects[0],
            weapon_lost: effects[1],
            stun: effects[2],
            bleeding: effects[3],
            pairs: pairs.to_vec(),
            failures: failures.to_vec(),
        });
    }
    Ok(DuelOdds {
        strikes: out,
        opens,
        closes,
        escapes: [escapes[0], escapes[1]],
    })
}
