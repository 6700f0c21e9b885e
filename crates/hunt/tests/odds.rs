//! Exact odds against sampled exchanges, and pinned odds tables.

use fray_dice::{Catalog, Ratio};
use fray_hunt::*;

/// SplitMix64 dice for the sampling tests: the tests check the exact arithmetic against
/// `exchange`, not the generator (fray-dice tests its ChaCha dice), and debug-build ChaCha
/// would make 10^6 exchanges slow. Seeded, so the test is deterministic.
struct Fast(u64);

impl fray_dice::Dice for Fast {
    fn roll(&mut self, sides: u32) -> fray_dice::Result<u32> {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        Ok(((u128::from(z) * u128::from(sides)) >> 64) as u32 + 1)
    }
}

fn spec(pairs: &[(&str, serde_json::Value)]) -> OddsSpec {
    let mut map = serde_json::Map::new();
    for (k, v) in pairs {
        map.insert((*k).to_owned(), v.clone());
    }
    serde_json::from_value(serde_json::Value::Object(map)).expect("odds spec")
}

fn specs() -> Vec<(&'static str, OddsSpec)> {
    use serde_json::json;
    vec![
        ("default", OddsSpec::default()),
        (
            "aimed fire against a fleeing prey in cover",
            spec(&[
                ("distance", json!("medium")),
                ("hunter_tactic", json!("aimed_fire")),
                ("hunter_attack", json!(2)),
                ("hunter_damage", json!(3)),
                ("prey_tactic", json!("take_cover")),
                ("prey_weapon", json!("ranged")),
                ("prey_threshold", json!(5)),
                ("prey_experience", json!(4)),
            ]),
        ),
        (
            "onslaught against a counterattack, low endurance",
            spec(&[
                ("hunter_weapon", json!("melee")),
                ("hunter_tactic", json!("onslaught")),
                ("hunter_defense", json!(3)),
                ("hunter_attack", json!(2)),
                ("hunter_damage", json!(2)),
                ("hunter_endurance", json!(1)),
                ("prey_tactic", json!("counterattack")),
                ("prey_attack", json!(3)),
                ("prey_damage", json!(3)),
                ("prey_endurance", json!(1)),
            ]),
        ),
        (
            "a blind shot at a hidden prey",
            spec(&[
                ("distance", json!("far")),
                ("hunter_attack", json!(3)),
                ("hunter_damage", json!(3)),
                ("prey_hidden", json!(true)),
                ("prey_experience", json!(2)),
            ]),
        ),
        ("a blind shot at a prey hidden behind Experience + 3d6", {
            let mut s = spec(&[
                ("distance", json!("far")),
                ("hunter_attack", json!(3)),
                ("hunter_damage", json!(3)),
                ("prey_hidden", json!(true)),
                ("prey_experience", json!(2)),
            ]);
            s.hide_roll = HideRoll::ExperienceValue;
            s
        }),
        (
            "flight from far against a pursuer, ambush order",
            spec(&[
                ("distance", json!("far")),
                ("hunter_tactic", json!("pursue")),
                ("hunter_endurance", json!(2)),
                ("prey_tactic", json!("flee")),
                ("prey_weapon", json!("ranged")),
                ("prey_ambush", json!(true)),
                ("prey_endurance", json!(2)),
            ]),
        ),
        (
            "aimed fire at a prey fleeing from far",
            spec(&[
                ("distance", json!("far")),
                ("hunter_tactic", json!("aimed_fire")),
                ("hunter_attack", json!(1)),
                ("prey_tactic", json!("flee")),
                ("prey_weapon", json!("ranged")),
                ("prey_defense", json!(2)),
            ]),
        ),
    ]
}

struct Check {
    n: u64,
    worst: f64,
}

impl Check {
    fn prob(&mut self, what: &str, exact: Ratio, count: u64) {
        let p = exact.to_f64();
        let n = self.n as f64;
        let observed = count as f64 / n;
        if p == 0.0 || p == 1.0 {
            assert_eq!(observed, p, "{what}: exact {exact}, observed {observed}");
            return;
        }
        let se = (p * (1.0 - p) / n).sqrt();
        let z = (observed - p).abs() / se;
        self.worst = self.worst.max(z);
        assert!(
            z <= 4.0,
            "{what}: exact {p:.5}, observed {observed:.5} ({z:.1} SE)"
        );
    }
}

fn compare(name: &str, odds_spec: &OddsSpec, n: u64, seed: u64) {
    let duel = odds_spec.to_duel().unwrap();
    let exact = odds(&duel).unwrap();
    let mut rng = Fast(seed);
    let mut hit = [0u64; 2];
    let mut lands = [0u64; 2];
    let mut damage = [[0u64; 16]; 2];
    let mut failures = [[0u64; 5]; 2];
    let mut effects = [[0u64; 4]; 2];
    let mut pairs = [[0u64; 6]; 2];
    let (mut opens, mut closes) = (0u64, 0u64);
    let mut escapes = [0u64; 2];
    for _ in 0..n {
        let r = exchange(&mut rng, &duel).unwrap();
        for k in 0..2 {
            let Some(s) = r.strikes[k] else { continue };
            hit[k] += u64::from(s.hit);
            if s.landed {
                lands[k] += 1;
                damage[k][s.points as usize] += 1;
                failures[k][s.failures as usize] += 1;
                let c = s.criticals();
                for (slot, on) in
                    effects[k]
                        .iter_mut()
                        .zip([c.fall, c.weapon_lost, c.stun, c.bleeding])
                {
                    *slot += u64::from(on);
                }
                for (v, slot) in pairs[k].iter_mut().enumerate() {
                    *slot += u64::from(s.pairs & (1 << v) != 0);
                }
            }
            escapes[k] += u64::from(r.fighters[k].escaped);
        }
        opens += u64::from(r.summary.delta > 0);
        closes += u64::from(r.summary.delta < 0);
    }
    let mut c = Check { n, worst: 0.0 };
    for k in 0..2 {
        let Some(s) = &exact.strikes[k] else { continue };
        let who = format!("{name} / side {k}");
        c.prob(&format!("{who} hit"), s.hit, hit[k]);
        c.prob(&format!("{who} lands"), s.lands, lands[k]);
        for (i, p) in s.damage.iter().enumerate() {
            c.prob(&format!("{who} {i} damage"), *p, damage[k][i]);
        }
        for (i, p) in s.failures.iter().enumerate() {
            c.prob(&format!("{who} {i} failures"), *p, failures[k][i]);
        }
        let e = [s.fall, s.weapon_lost, s.stun, s.bleeding];
        for (i, p) in e.iter().enumerate() {
            c.prob(&format!("{who} effect {i}"), *p, effects[k][i]);
        }
        for (v, p) in s.pairs.iter().enumerate() {
            c.prob(&format!("{who} pair {}", v + 1), *p, pairs[k][v]);
        }
        c.prob(&format!("{who} escapes"), exact.escapes[k], escapes[k]);
    }
    c.prob(&format!("{name} opens"), exact.opens, opens);
    c.prob(&format!("{name} closes"), exact.closes, closes);
    eprintln!(
        "{name}: worst deviation {:.2} SE over {n} exchanges",
        c.worst
    );
}

#[test]
fn exact_odds_match_a_million_sampled_exchanges() {
    // HUNT-09, HUNT-10, HUNT-11, HUNT-12, HUNT-13: the exact odds of hits, order, damage,
    // criticals and wounds agree with 10^6 sampled exchanges within 4 standard errors.
    let all = specs();
    compare(all[0].0, &all[0].1, 1_000_000, 11);
}

#[test]
fn exact_odds_match_sampled_exchanges_for_tactics() {
    // HUNT-14, HUNT-16, HUNT-17, HUNT-20, HUNT-21 in the odds.
    let all = specs();
    for (i, (name, s)) in all.iter().enumerate().skip(1) {
        compare(name, s, 100_000, 100 + i as u64);
    }
}

fn render(tables: &[fray_dice::OddsTable]) -> String {
    let mut out = String::new();
    for t in tables {
        out.push_str(&format!("## {}\n", t.title));
        for r in &t.rows {
            out.push_str(&format!(
                "{:<34} {:>10.6}  {}\n",
                r.label,
                r.probability.to_f64(),
                r.probability
            ));
        }
    }
    out
}

#[test]
fn odds_tables_for_a_grid_of_declarations() {
    let mut out = String::new();
    for (name, s) in specs() {
        out.push_str(&format!("# {name}\n"));
        out.push_str(&render(&Hunt::odds(&s).unwrap()));
        out.push('\n');
    }
    insta::assert_snapshot!("odds_grid", out);
}

#[test]
fn odds_sum_to_one_and_refuse_nonsense() {
    let o = odds(&OddsSpec::default().to_duel().unwrap()).unwrap();
    for s in o.strikes.iter().flatten() {
        let total: f64 = s.damage.iter().map(|p| p.to_f64()).sum();
        assert!((total - s.lands.to_f64()).abs() < 1e-12);
        let f: f64 = s.failures.iter().map(|p| p.to_f64()).sum();
        assert!((f - s.lands.to_f64()).abs() < 1e-12);
    }
    let bad = spec(&[("hunter_weapon", serde_json::json!("spear"))]);
    assert_eq!(Hunt::odds(&bad).unwrap_err().rule, "HUNT-06");
    assert!(serde_json::from_str::<OddsSpec>(r#"{"bogus": 1}"#).is_err());
}
