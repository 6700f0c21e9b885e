//! Layer 1: checks, attacks, damage lines, advantage, opposed checks, the grab table and
//! exact odds.

use fray_andromeda::{
    attack, check, check_batch, damage_odds, grab, grab_odds, odds, opposed, opposed_odds,
    tier_probabilities, AdvantageMethod, CheckSpec, Contestant, DamageLine, Decider, Edge,
    GrabEffect, OutcomeTable, Tier,
};
use fray_dice::{Rng, Scripted};

fn spec(value: i32, rank: i32, difficulty: i32, edge: Edge) -> CheckSpec {
    CheckSpec {
        skill_value: value,
        skill_rank: rank,
        difficulty,
        edge,
        ..CheckSpec::default()
    }
}

fn tier_for(s: &CheckSpec, dice: &[u32]) -> Tier {
    check(&mut Scripted::new(dice.iter().copied()), s)
        .unwrap()
        .tier
}

#[test]
fn and_15_four_ordered_outcomes() {
    // AND-15: Fail < Success at a Cost < Success < Critical Success.
    assert!(Tier::Fail < Tier::SuccessAtACost);
    assert!(Tier::SuccessAtACost < Tier::Success);
    assert!(Tier::Success < Tier::Critical);
    assert_eq!(Tier::ALL.len(), 4);
    assert_eq!(
        serde_json::to_string(&Tier::SuccessAtACost).unwrap(),
        "\"success_at_a_cost\""
    );
}

#[test]
fn and_16_default_outcome_table_on_the_total() {
    // AND-16: 2d8 + skill value; ≤ 9 Fail, 10–12 Cost, 13–15 Success, ≥ 16 Critical.
    let s = spec(3, 2, 2, Edge::Normal); // no shift
    assert_eq!(tier_for(&s, &[3, 3]), Tier::Fail); // 9
    assert_eq!(tier_for(&s, &[3, 4]), Tier::SuccessAtACost); // 10
    assert_eq!(tier_for(&s, &[4, 5]), Tier::SuccessAtACost); // 12
    assert_eq!(tier_for(&s, &[5, 5]), Tier::Success); // 13
    assert_eq!(tier_for(&s, &[6, 6]), Tier::Success); // 15
    let r = check(&mut Scripted::new([8, 5]), &s).unwrap();
    assert_eq!(
        (r.roll.total, r.base, r.tier),
        (16, Tier::Critical, Tier::Critical)
    );
    // The table is data: a caller's table replaces the default.
    let custom = CheckSpec {
        table: OutcomeTable {
            cost_from: 8,
            success_from: 11,
            critical_from: 20,
        },
        ..s
    };
    assert_eq!(tier_for(&custom, &[1, 3]), Tier::Fail); // 7
    assert_eq!(tier_for(&custom, &[3, 3]), Tier::SuccessAtACost); // 9
    assert_eq!(tier_for(&custom, &[4, 4]), Tier::Success); // 11
    assert_eq!(tier_for(&custom, &[8, 8]), Tier::Success); // 19, not critical
                                                           // An unordered table is refused.
    let bad = CheckSpec {
        table: OutcomeTable {
            cost_from: 14,
            success_from: 13,
            critical_from: 16,
        },
        ..s
    };
    assert!(check(&mut Scripted::new([1, 1]), &bad).is_err());
}

#[test]
fn and_17_rank_shift_moves_and_clamps() {
    // AND-17: up one tier per rank above the task rank, down one per point below; clamped.
    let up = spec(3, 4, 2, Edge::Normal); // +2
    let r = check(&mut Scripted::new([3, 3]), &up).unwrap(); // 9 → Fail
    assert_eq!((r.base, r.shift, r.tier), (Tier::Fail, 2, Tier::Success));
    assert_eq!(tier_for(&up, &[5, 5]), Tier::Critical); // Success +2 clamps at Critical
    let down = spec(3, 1, 3, Edge::Normal); // −2
    assert_eq!(tier_for(&down, &[8, 8]), Tier::SuccessAtACost); // 19 Critical −2
    assert_eq!(tier_for(&down, &[5, 5]), Tier::Fail); // Success −2
    assert_eq!(tier_for(&spec(3, 0, 5, Edge::Normal), &[8, 8]), Tier::Fail); // −5 clamps
}

#[test]
fn and_18_attack_uses_defense_as_difficulty_and_adds_nothing() {
    // AND-18: the defense replaces the task rank; the roll is only 2d8 + skill value.
    let s = spec(2, 2, 3, Edge::Normal); // defense 3 against rank 2
    let line: DamageLine = "1/2/3/5".parse().unwrap();
    let r = attack(&mut Scripted::new([6, 5]), &s, &line).unwrap();
    assert_eq!(r.check.roll.total, 13); // 6 + 5 + 2, nothing for the defense
    assert_eq!(r.check.base, Tier::Success);
    assert_eq!(r.check.tier, Tier::SuccessAtACost); // one below
    assert_eq!(r.damage, 2);
}

#[test]
fn and_20_damage_line_picks_by_final_tier() {
    // AND-20: `fail/cost/success/crit`, applied after the final outcome is known.
    let line: DamageLine = "1/2/3/5".parse().unwrap();
    assert_eq!(
        Tier::ALL.map(|t| line.get(t)),
        [1, 2, 3, 5],
        "fail/cost/success/crit"
    );
    assert_eq!(serde_json::to_string(&line).unwrap(), "\"1/2/3/5\"");
    assert!("1/2/3".parse::<DamageLine>().is_err());
    assert!("1/2/3/4/5".parse::<DamageLine>().is_err());
    assert!("a/2/3/4".parse::<DamageLine>().is_err());
    // A base Critical shifted down to Success deals the Success value.
    let s = spec(3, 1, 2, Edge::Normal);
    let r = attack(&mut Scripted::new([8, 8]), &s, &line).unwrap();
    assert_eq!((r.check.tier, r.damage), (Tier::Success, 3));
}

#[test]
fn and_21_advantage_keeps_best_two_of_three_disadvantage_worst_two() {
    // AND-21 [default]: 3d8 keep highest 2 / lowest 2.
    let adv = check(
        &mut Scripted::new([1, 8, 7]),
        &spec(0, 2, 2, Edge::Advantage),
    )
    .unwrap();
    assert_eq!((adv.roll.kept, adv.roll.total), ([8, 7], 15));
    assert_eq!(adv.roll.rolled(), &[1, 8, 7]);
    let dis = check(
        &mut Scripted::new([1, 8, 7]),
        &spec(0, 2, 2, Edge::Disadvantage),
    )
    .unwrap();
    assert_eq!((dis.roll.kept, dis.roll.total), ([1, 7], 8));
    // Normal rolls exactly two dice.
    let mut two = Scripted::new([4, 4, 4]);
    check(&mut two, &spec(0, 2, 2, Edge::Normal)).unwrap();
    assert_eq!(two.remaining(), 1);
    // Sources do not stack; one of each cancels.
    assert_eq!(Edge::from_sources(true, true), Edge::Normal);
    assert_eq!(Edge::from_sources(true, false), Edge::Advantage);
    assert_eq!(Edge::from_sources(false, true), Edge::Disadvantage);
    // The method is data: a flat bonus, or more extra dice.
    let flat = CheckSpec {
        advantage: AdvantageMethod::Flat { bonus: 2 },
        ..spec(0, 2, 2, Edge::Disadvantage)
    };
    assert_eq!(
        check(&mut Scripted::new([5, 5]), &flat).unwrap().roll.total,
        8
    );
    let more = CheckSpec {
        advantage: AdvantageMethod::ExtraDice { dice: 2 },
        ..spec(0, 2, 2, Edge::Advantage)
    };
    assert_eq!(
        check(&mut Scripted::new([1, 2, 8, 3]), &more)
            .unwrap()
            .roll
            .kept,
        [8, 3]
    );
    let too_many = CheckSpec {
        advantage: AdvantageMethod::ExtraDice { dice: 5 },
        ..spec(0, 2, 2, Edge::Advantage)
    };
    assert!(check(&mut Scripted::new([1; 7]), &too_many).is_err());
}

#[test]
fn and_22_opposed_check_total_then_rank_then_status_quo() {
    // AND-22 [default]: higher total wins; tie → higher rank; still tied → initiator fails.
    let m = AdvantageMethod::default();
    let a = Contestant {
        skill_value: 3,
        skill_rank: 2,
        edge: Edge::Normal,
    };
    let b = Contestant {
        skill_value: 2,
        skill_rank: 1,
        edge: Edge::Normal,
    };
    let r = opposed(&mut Scripted::new([4, 4, 5, 5]), &a, &b, &m).unwrap();
    assert_eq!((r.initiator.total, r.opponent.total), (11, 12));
    assert!(!r.initiator_wins);
    assert_eq!(r.decided_by, Decider::Total);
    let r = opposed(&mut Scripted::new([4, 4, 5, 4]), &a, &b, &m).unwrap(); // 11 vs 11
    assert!(r.initiator_wins);
    assert_eq!(r.decided_by, Decider::Rank);
    let same = Contestant { skill_rank: 2, ..b };
    let r = opposed(&mut Scripted::new([4, 4, 5, 4]), &a, &same, &m).unwrap();
    assert!(!r.initiator_wins);
    assert_eq!(r.decided_by, Decider::StatusQuo);
    // Exact odds: equal contestants → the initiator wins less than half (ties hold).
    let p = opposed_odds(&a, &Contestant { ..a }, &m).unwrap();
    assert!(p.numerator * 2 < p.denominator);
}

#[test]
fn and_41_grab_table() {
    // AND-41: Critical → Grabbed + Vulnerable; Success → Grabbed; Cost → Grabbed, grabber
    // Vulnerable; Fail → grabber exposed.
    assert_eq!(
        Tier::ALL.map(GrabEffect::for_tier),
        [
            GrabEffect::GrabberExposed,
            GrabEffect::GrabbedGrabberVulnerable,
            GrabEffect::Grabbed,
            GrabEffect::GrabbedAndVulnerable
        ]
    );
    let s = spec(3, 2, 2, Edge::Normal);
    assert_eq!(
        grab(&mut Scripted::new([8, 8]), &s).unwrap().effect,
        GrabEffect::GrabbedAndVulnerable
    );
    assert_eq!(
        grab(&mut Scripted::new([1, 1]), &s).unwrap().effect,
        GrabEffect::GrabberExposed
    );
}

#[test]
fn exact_odds_known_values() {
    // 2d8 + 3, no shift: Fail = P(2d8 ≤ 6) = 15/64; Critical = P(2d8 ≥ 13) = 10/64.
    let p = tier_probabilities(&spec(3, 2, 2, Edge::Normal)).unwrap();
    assert_eq!(p[0].to_string(), "15/64");
    assert_eq!(p[3].to_string(), "5/32");
    let d = damage_odds(&spec(3, 2, 2, Edge::Normal), &"1/2/3/5".parse().unwrap()).unwrap();
    assert_eq!(d.probability(1).to_string(), "15/64");
    let g = grab_odds(&spec(3, 2, 2, Edge::Normal)).unwrap();
    assert_eq!(g[0].0, GrabEffect::GrabberExposed);
    assert_eq!(g[0].1, p[0]);
}

/// Exact odds vs 10^6 sampled checks, within 4 standard errors, for mixed specs.
#[test]
fn exact_odds_match_sampling() {
    let specs = [
        spec(3, 2, 3, Edge::Normal),
        spec(3, 2, 3, Edge::Advantage),
        spec(1, 1, 3, Edge::Disadvantage),
        spec(5, 4, 1, Edge::Normal),    // +3 shift
        spec(0, 0, 3, Edge::Advantage), // −3 shift
        CheckSpec {
            advantage: AdvantageMethod::ExtraDice { dice: 2 },
            ..spec(2, 3, 2, Edge::Disadvantage)
        },
        CheckSpec {
            advantage: AdvantageMethod::Flat { bonus: 2 },
            ..spec(2, 2, 2, Edge::Advantage)
        },
    ];
    const N: u64 = 1_000_000;
    // One thread per spec (each on its own stream), so the 7 × 10^6 checks share the cores.
    std::thread::scope(|scope| {
        for (k, s) in specs.iter().enumerate() {
            scope.spawn(move || {
                let exact = tier_probabilities(s).unwrap();
                let mut rng = Rng::new(2024, k as u64);
                let mut counts = [0u64; 4];
                let mut block = [fray_andromeda::CheckResult::default(); 10_000];
                for _ in 0..N / 10_000 {
                    check_batch(&mut rng, s, &mut block).unwrap();
                    for r in &block {
                        counts[r.tier.index()] += 1;
                    }
                }
                for t in 0..4 {
                    let p = exact[t].to_f64();
                    let se = (p * (1.0 - p) / N as f64).sqrt();
                    let seen = counts[t] as f64 / N as f64;
                    assert!(
                        (seen - p).abs() <= 4.0 * se + 1e-12,
                        "spec {k} tier {t}: exact {p}, sampled {seen}"
                    );
                }
            });
        }
    });
}

#[test]
fn odds_snapshot_grid() {
    let mut out = String::new();
    for edge in [Edge::Normal, Edge::Advantage, Edge::Disadvantage] {
        for value in [0, 3, 6] {
            for (rank, diff) in [(2, 2), (3, 1), (1, 3)] {
                let p = tier_probabilities(&spec(value, rank, diff, edge)).unwrap();
                out.push_str(&format!(
                    "{edge:?} value {value} rank {rank} vs {diff}: {}\n",
                    p.map(|r| r.to_string()).join("  ")
                ));
            }
        }
    }
    insta::assert_snapshot!("odds_grid", out);
}

#[test]
fn grab_outcomes_snapshot() {
    let mut out = String::new();
    for (might, rank, fortitude) in [(2, 2, 3), (4, 3, 2), (3, 2, 2)] {
        for edge in [Edge::Normal, Edge::Advantage] {
            out.push_str(&format!(
                "might {might} rank {rank} vs fortitude {fortitude} {edge:?}\n"
            ));
            for (effect, p) in grab_odds(&spec(might, rank, fortitude, edge)).unwrap() {
                out.push_str(&format!("  {:<55} {p}\n", effect.label()));
            }
        }
    }
    insta::assert_snapshot!("grab_outcomes", out);
}

#[test]
fn odds_sum_to_one_and_damage_distribution_is_consistent() {
    let s = spec(2, 2, 3, Edge::Advantage);
    let d = odds(&s).unwrap();
    let total: u128 = d.iter().map(|(_, c)| c).sum();
    assert_eq!(total, d.denominator());
    let dmg = damage_odds(&s, &"1/1/3/5".parse().unwrap()).unwrap();
    let p = tier_probabilities(&s).unwrap();
    let one = dmg.probability(1);
    assert_eq!(
        one.numerator * p[0].denominator * p[1].denominator,
        (p[0].numerator * p[1].denominator + p[1].numerator * p[0].denominator) * one.denominator
    );
}

#[test]
fn batch_matches_single_checks() {
    let s = spec(3, 2, 3, Edge::Advantage);
    let mut out = [fray_andromeda::CheckResult::default(); 100];
    check_batch(&mut Rng::new(5, 1), &s, &mut out).unwrap();
    let mut rng = Rng::new(5, 1);
    for r in out {
        assert_eq!(r, check(&mut rng, &s).unwrap());
    }
}
