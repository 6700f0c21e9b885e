//! Resolution layer: the K die, checks, damage, health, tables and exact odds.

use fray_better_world::*;
use fray_dice::{Dice, Rng, Scripted};

fn spec(pool: u32, difficulty: u32) -> CheckSpec {
    CheckSpec {
        pool,
        difficulty,
        ..CheckSpec::default()
    }
}

#[test]
fn bw_01_k_die_is_binary_and_pools_count_ones() {
    // BW-01: "rolling nK" counts the ones.
    let mut dice = Scripted::new([1, 0, 1, 1, 0]);
    assert_eq!(roll_k(&mut dice, 5).unwrap(), 3);
    // A scripted 2 does not fit the K die.
    assert!(roll_k(&mut Scripted::new([2]), 1).is_err());
    // The real die is fair: 10^5 K within 4 standard errors of half.
    let mut rng = Rng::new(11, 0);
    let n = 100_000u64;
    let ones: u64 = (0..n)
        .map(|_| u64::from(Dice::k_die(&mut rng).unwrap()))
        .sum();
    let diff = (ones as f64 - n as f64 / 2.0).abs();
    assert!(diff < 4.0 * (n as f64 * 0.25).sqrt(), "{ones} ones of {n}");
}

#[test]
fn bw_02_check_success_bonus_deficit_and_tie_setting() {
    // BW-02: actor 3 ones (1,1,1) vs difficulty 1 one (1,0): success, 2 bonus.
    let r = check(&mut Scripted::new([1, 1, 1, 1, 0]), &spec(3, 2)).unwrap();
    assert_eq!(
        (r.ones, r.difficulty_ones, r.success, r.bonus, r.deficit),
        (3, 1, true, 2, 0)
    );
    // Failure: 0 vs 2 ones, deficit 2.
    let r = check(&mut Scripted::new([0, 0, 1, 1]), &spec(2, 2)).unwrap();
    assert_eq!((r.success, r.bonus, r.deficit), (false, 0, 2));
    // A tie is a bare success by default …
    let r = check(&mut Scripted::new([1, 1]), &spec(1, 1)).unwrap();
    assert_eq!((r.success, r.bonus), (true, 0));
    // … and a failure with deficit 0 under the other tie rule.
    let mut s = spec(1, 1);
    s.tie = TieRule::DifficultyWins;
    let r = check(&mut Scripted::new([1, 1]), &s).unwrap();
    assert_eq!((r.success, r.deficit), (false, 0));
    // Pools are bounded.
    assert_eq!(
        check(&mut Rng::new(1, 0), &spec(MAX_POOL + 1, 0))
            .unwrap_err()
            .rule,
        "BW-02"
    );
}

#[test]
fn bw_03_bonus_grows_the_pool_difficulty_grows_the_other() {
    // BW-03: +2K bonus turns a 1K pool into 3K; the odds against 2K go up.
    let base = check_odds(&spec(1, 2)).unwrap().success;
    let boosted = check_odds(&spec(3, 2)).unwrap().success;
    assert_eq!(base.to_string(), "1/2");
    assert_eq!(boosted.to_string(), "13/16");
    let harder = check_odds(&spec(3, 4)).unwrap().success;
    assert!(harder.to_f64() < boosted.to_f64());
}

#[test]
fn bw_15_trivial_damage_is_bonus_units_and_may_be_zero() {
    // BW-15: unarmed vs unarmoured deals the bonus units; a bare success deals 0.
    let unarmed = AttackSpec {
        check: spec(2, 1),
        ..AttackSpec::default()
    };
    let r = attack(&mut Scripted::new([1, 1, 0]), &unarmed).unwrap();
    assert_eq!((r.trivial, r.effective, r.dealt), (2, 2, 2));
    let r = attack(&mut Scripted::new([1, 0, 1]), &unarmed).unwrap();
    assert!(r.check.success);
    assert_eq!(r.dealt, 0);
    let r = attack(&mut Scripted::new([0, 0, 1]), &unarmed).unwrap();
    assert!(!r.check.success);
    assert_eq!(r.dealt, 0);
}

#[test]
fn bw_16_effective_damage_weapon_minus_armour_floor_zero() {
    // BW-16: trivial + weapon − armour, never below 0.
    assert_eq!(effective_damage(1, 3, 2), 2);
    assert_eq!(effective_damage(0, 1, 4), 0);
    let pistol = AttackSpec {
        check: spec(2, 1),
        weapon: 2,
        armour: 1,
        ..AttackSpec::default()
    };
    let r = attack(&mut Scripted::new([1, 1, 0]), &pistol).unwrap();
    assert_eq!((r.trivial, r.effective), (2, 3));
}

#[test]
fn bw_31_restraint_lowers_damage() {
    // BW-31: one less by default, or any lower value.
    let mut a = AttackSpec {
        check: spec(2, 1),
        weapon: 2,
        restraint: Restraint::Reduce { by: 1 },
        ..AttackSpec::default()
    };
    let r = attack(&mut Scripted::new([1, 1, 0]), &a).unwrap();
    assert_eq!((r.effective, r.dealt), (4, 3));
    a.restraint = Restraint::Cap { at: 1 };
    let r = attack(&mut Scripted::new([1, 1, 0]), &a).unwrap();
    assert_eq!(r.dealt, 1);
    // The JSON default of `reduce` is one less.
    let parsed: Restraint = serde_json::from_str(r#"{"type":"reduce"}"#).unwrap();
    assert_eq!(parsed, Restraint::Reduce { by: 1 });
}

#[test]
fn bw_17_health_blocks_and_states() {
    // BW-17: 6 hits in blocks 3/2/1; lost 3 → Wounded; 1 left → Badly Wounded.
    let t = HealthTrack::default();
    assert_eq!(t.max(), 6);
    assert_eq!(t.state(6), HealthState::Healthy);
    assert_eq!(t.state(5), HealthState::LightlyWounded);
    assert_eq!(t.state(4), HealthState::LightlyWounded);
    assert_eq!(t.state(3), HealthState::Wounded);
    assert_eq!(t.state(2), HealthState::Wounded);
    assert_eq!(t.state(1), HealthState::BadlyWounded);
    assert_eq!(t.state(0), HealthState::Dying);
    // Blocks are data.
    let big = HealthTrack {
        blocks: [4, 3, 2],
        ..t
    };
    assert_eq!(big.state(5), HealthState::Wounded);
    assert_eq!(big.state(2), HealthState::BadlyWounded);
}

#[test]
fn bw_17_blocks_too_large_to_add_are_refused_not_wrapped() {
    // BW-17: at most 1000 hits in all. Blocks whose 32-bit sum would wrap to a small
    // number (found by the boundary proptest) are refused, and reading such a track does
    // not overflow.
    for blocks in [
        [u32::MAX, 2, 1],
        [1, u32::MAX, 1],
        [u32::MAX; 3],
        [999, 1, 1],
    ] {
        let t = HealthTrack {
            blocks,
            ..HealthTrack::default()
        };
        assert_eq!(t.validate().unwrap_err().rule, "BW-17", "{blocks:?}");
    }
    let huge = HealthTrack {
        blocks: [u32::MAX, 2, 1],
        ..HealthTrack::default()
    };
    assert_eq!(huge.max(), i32::MAX);
    assert_eq!(huge.state(i32::MAX), HealthState::LightlyWounded);
    assert_eq!(huge.state(3), HealthState::Wounded);
    let edge = HealthTrack {
        blocks: [998, 1, 1],
        ..HealthTrack::default()
    };
    assert!(edge.validate().is_ok());
    assert_eq!(edge.max(), 1000);
}

#[test]
fn bw_18_wound_difficulty_not_cumulative() {
    // BW-18: Wounded +1K, Badly Wounded +2K, the larger only.
    let t = HealthTrack::default();
    assert_eq!(t.wound_difficulty(HealthState::LightlyWounded), 0);
    assert_eq!(t.wound_difficulty(HealthState::Wounded), 1);
    assert_eq!(t.wound_difficulty(HealthState::BadlyWounded), 2);
}

#[test]
fn bw_19_pain_shock_and_concussion_thresholds() {
    // BW-19: more than 2 → Pain Shock; more than 4 → Concussion; only the larger.
    let t = HealthTrack::default();
    assert_eq!(t.shock(2), Shock::None);
    assert_eq!(t.shock(3), Shock::PainShock);
    assert_eq!(t.shock(4), Shock::PainShock);
    assert_eq!(t.shock(5), Shock::Concussion);
    let custom = HealthTrack {
        pain_shock_over: 1,
        concussion_over: 3,
        ..t
    };
    assert_eq!(custom.shock(2), Shock::PainShock);
}

#[test]
fn bw_20_death_threshold() {
    // BW-20: health may go to −2; −3 or lower kills.
    let t = HealthTrack::default();
    assert_eq!(t.take(1, 3), (-2, false));
    assert_eq!(t.take(1, 4), (-3, true));
    assert_eq!(t.state(-2), HealthState::Dying);
    assert_eq!(t.state(-3), HealthState::Dead);
}

#[test]
fn bw_21_dying_band_and_difficulty() {
    // BW-21: hits below 1 but above the threshold is Dying; conscious Dying +3K.
    let t = HealthTrack::default();
    for h in [0, -1, -2] {
        assert_eq!(t.state(h), HealthState::Dying);
    }
    assert_eq!(t.wound_difficulty(HealthState::Dying), 3);
}

#[test]
fn bw_33_bw_34_ranged_difficulty_pistol_example() {
    // BW-34: a Near pistol has base difficulty 5K at Medium and 7K at Far.
    let d = DistanceTable::default();
    assert_eq!(d.difficulty(Distance::Near, Distance::Near), 3);
    assert_eq!(d.difficulty(Distance::Medium, Distance::Near), 5);
    assert_eq!(d.difficulty(Distance::Far, Distance::Near), 7);
    // A rifle comfortable at Far pays no penalty there.
    assert_eq!(d.difficulty(Distance::Far, Distance::Far), 5);
    // BW-33: distance + cover + situational add up.
    let c = CoverTable::default();
    assert_eq!(
        ranged_difficulty(&d, &c, Distance::Far, Distance::Near, Cover::Normal, 1),
        7 + 2 + 1
    );
    // Levels by metres.
    assert_eq!(d.level(10), Distance::Near);
    assert_eq!(d.level(11), Distance::Medium);
    assert_eq!(d.level(101), Distance::Extreme);
}

#[test]
fn bw_35_cover_levels() {
    // BW-35: light +1K, normal +2K, heavy +3K.
    let c = CoverTable::default();
    assert_eq!(c.difficulty(Cover::None), 0);
    assert_eq!(c.difficulty(Cover::Light), 1);
    assert_eq!(c.difficulty(Cover::Normal), 2);
    assert_eq!(c.difficulty(Cover::Heavy), 3);
}

#[test]
fn bw_25_outnumbering_table() {
    // BW-25: 4 → +3K; 3 → +2K; 2 same side +1K; 2 opposite sides +2K.
    let t = OutnumberingTable::default();
    assert_eq!(t.bonus(1, false), 0);
    assert_eq!(t.bonus(2, false), 1);
    assert_eq!(t.bonus(2, true), 2);
    assert_eq!(t.bonus(3, false), 2);
    assert_eq!(t.bonus(4, false), 3);
}

#[test]
fn bw_02_exact_odds_known_values_and_sum_to_one() {
    let o = check_odds(&spec(2, 2)).unwrap();
    // Margin + 2 ~ Bin(4, 1/2): P(margin ≥ 0) = 11/16.
    assert_eq!(o.success.to_string(), "11/16");
    let strs: Vec<String> = o.bonus.iter().map(|r| r.to_string()).collect();
    assert_eq!(strs, ["3/8", "1/4", "1/16"]);
    let strs: Vec<String> = o.deficit.iter().map(|r| r.to_string()).collect();
    assert_eq!(strs, ["0/1", "1/4", "1/16"]);
    for p in 0..8 {
        for d in 0..8 {
            let o = check_odds(&spec(p, d)).unwrap();
            let den = 1u128 << (p + d);
            let total: u128 = o
                .bonus
                .iter()
                .chain(o.deficit.iter())
                .map(|r| r.numerator * (den / r.denominator))
                .sum();
            assert_eq!(total, den, "{p}K vs {d}K");
        }
    }
}

fn within_4se(count: u64, n: u64, p: f64, what: &str) {
    let expected = p * n as f64;
    let se = (n as f64 * p * (1.0 - p)).sqrt().max(1e-9);
    assert!(
        (count as f64 - expected).abs() <= 4.0 * se + 1e-9,
        "{what}: {count} of {n}, expected {expected:.1} ± {se:.1}"
    );
}

#[test]
fn bw_02_exact_pool_odds_match_sampling() {
    // 10^6 sampled checks (10^5 for the larger pools, to keep debug tests quick) agree with
    // the exact bonus and deficit odds.
    for (k, (p, d, n)) in [(3u32, 3u32, 1_000_000u64), (5, 4, 100_000), (2, 6, 100_000)]
        .into_iter()
        .enumerate()
    {
        let s = spec(p, d);
        let exact = check_odds(&s).unwrap();
        let mut rng = Rng::new(2024, k as u64);
        let mut bonus = vec![0u64; p as usize + 1];
        let mut deficit = vec![0u64; d as usize + 1];
        let mut wins = 0u64;
        for _ in 0..n {
            let r = check(&mut rng, &s).unwrap();
            if r.success {
                wins += 1;
                bonus[r.bonus as usize] += 1;
            } else {
                deficit[r.deficit as usize] += 1;
            }
        }
        within_4se(wins, n, exact.success.to_f64(), "success");
        for (b, r) in exact.bonus.iter().enumerate() {
            within_4se(bonus[b], n, r.to_f64(), &format!("{p}K vs {d}K bonus {b}"));
        }
        for (x, r) in exact.deficit.iter().enumerate() {
            within_4se(
                deficit[x],
                n,
                r.to_f64(),
                &format!("{p}K vs {d}K deficit {x}"),
            );
        }
    }
}

#[test]
fn bw_16_exact_damage_odds_match_sampling() {
    let a = AttackSpec {
        check: spec(4, 3),
        weapon: 2,
        armour: 1,
        restraint: Restraint::Off,
    };
    let exact = damage_odds(&a).unwrap();
    // Hit with 0 bonus deals 0 + 2 − 1 = 1: nothing below 1 on a hit.
    assert_eq!(exact.damage[0].numerator, 0);
    let mut rng = Rng::new(99, 3);
    let n = 200_000u64;
    let mut counts = vec![0u64; exact.damage.len()];
    let mut miss = 0;
    for _ in 0..n {
        let r = attack(&mut rng, &a).unwrap();
        if r.check.success {
            counts[r.dealt as usize] += 1;
        } else {
            miss += 1;
        }
    }
    within_4se(miss, n, exact.miss.to_f64(), "miss");
    for (k, p) in exact.damage.iter().enumerate() {
        within_4se(counts[k], n, p.to_f64(), &format!("{k} damage"));
    }
}

#[test]
fn bw_28_automatic_success_still_counts_bonus_units() {
    // BW-28: a melee attack on a held target succeeds automatically.
    let mut s = spec(1, 3);
    s.automatic = true;
    let r = check(&mut Scripted::new([0, 1, 1, 1]), &s).unwrap();
    assert!(r.success);
    assert_eq!(r.bonus, 0);
    assert_eq!(check_odds(&s).unwrap().success.to_string(), "1/1");
}

#[test]
fn margin_distribution_is_shifted_binomial() {
    let d = margin_distribution(&spec(2, 1)).unwrap();
    assert_eq!(d.min(), -1);
    assert_eq!(d.max(), 2);
    assert_eq!(d.probability(0).to_string(), "3/8");
}
