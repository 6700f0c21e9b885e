//! Exact odds against hand-computed values, against 10^6 sampled attacks, and pinned for a
//! grid of weapons and armours.

use fray_dice::{Catalog, Ratio, Rng};
use fray_red::{
    attack, check, check_odds, d10_distribution, odds, odds_tables, AttackSpec, CheckSpec,
    DamageSpec, Defense, DvTable, OddsSpec, Red,
};

fn close(label: &str, exact: Ratio, hits: u64, n: u64) {
    let p = exact.to_f64();
    let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
    let seen = hits as f64 / n as f64;
    assert!(
        (seen - p).abs() <= 4.0 * se,
        "{label}: exact {exact} = {p:.6}, sampled {seen:.6} ({hits}/{n}), 4 SE = {:.6}",
        4.0 * se
    );
}

#[test]
fn red_31_exact_d10_with_critical_die() {
    // RED-31: 2..9 at 1/10 each, 11..20 and 0..-9 at 1/100 each.
    let d = d10_distribution(true);
    assert_eq!(d.probability(5), Ratio::new(1, 10));
    assert_eq!(d.probability(10), Ratio::new(0, 1));
    assert_eq!(d.probability(20), Ratio::new(1, 100));
    assert_eq!(d.probability(-9), Ratio::new(1, 100));
    assert_eq!(d.probability(1), Ratio::new(0, 1));
    assert_eq!((d.min(), d.max()), (-9, 20));
    assert_eq!(d10_distribution(false).probability(10), Ratio::new(1, 10));
    // Check odds: base 14 vs DV 15 fails only on a natural 1; vs DV 25 needs 10 then 2+.
    let c = check_odds(&CheckSpec {
        base: 14,
        dv: 15,
        critical: true,
    })
    .unwrap();
    assert_eq!(c.success, Ratio::new(9, 10));
    let c = check_odds(&CheckSpec {
        base: 14,
        dv: 25,
        critical: true,
    })
    .unwrap();
    assert_eq!(c.success, Ratio::new(9, 100));
}

#[test]
fn red_32_exact_hit_odds_per_dv_band_match_a_million_sampled_attacks() {
    // RED-32 with RED-31: every band of the assault-rifle row and of the pistol row, against
    // 10^6 sampled check rolls each (one sample is compared with every band's DV).
    let table = DvTable::default();
    let mut dvs: Vec<i32> = Vec::new();
    for row in ["assault_rifle", "pistol", "assault_rifle_autofire"] {
        for (i, &upper) in table.bands.iter().enumerate() {
            if let Ok(dv) = table.dv(row, upper) {
                assert_eq!(table.band(upper), Some(i));
                if !dvs.contains(&dv) {
                    dvs.push(dv);
                }
            }
        }
    }
    dvs.sort_unstable();
    let base = 14;
    let n = 1_000_000u64;
    let mut hits = vec![0u64; dvs.len()];
    let mut rng = Rng::new(2024, 0);
    let spec = CheckSpec {
        base,
        dv: 0,
        critical: true,
    };
    for _ in 0..n {
        let total = check(&mut rng, &spec, None).unwrap().total;
        for (h, &dv) in hits.iter_mut().zip(&dvs) {
            *h += u64::from(total > dv);
        }
    }
    for (&dv, &h) in dvs.iter().zip(&hits) {
        let exact = odds(&AttackSpec {
            attack: base,
            defense: Defense::Dv { dv },
            ..AttackSpec::default()
        })
        .unwrap()
        .hit;
        close(&format!("DV {dv}"), exact, h, n);
    }
}

#[test]
fn red_33_exact_opposed_hit_odds_match_a_million_sampled_attacks() {
    // RED-33 / RED-37: both sides roll the critical d10; ties to the defender.
    let spec = AttackSpec {
        attack: 13,
        defense: Defense::Opposed { base: 12 },
        damage: DamageSpec {
            dice: 1,
            ..DamageSpec::default()
        },
        ..AttackSpec::default()
    };
    let exact = odds(&spec).unwrap();
    let n = 1_000_000u64;
    let mut rng = Rng::new(99, 0);
    let hits = (0..n)
        .filter(|_| attack(&mut rng, &spec, None).unwrap().hit)
        .count() as u64;
    close("opposed 13 vs 12", exact.hit, hits, n);
}

#[test]
fn red_42_exact_damage_and_critical_odds_match_sampling() {
    // Autofire into Kevlar: HP lost, penetration and critical injuries vs 200 000 samples.
    let spec = AttackSpec {
        attack: 14,
        defense: Defense::Dv { dv: 17 },
        autofire_cap: 4,
        damage: DamageSpec {
            dice: 2,
            sp: 7,
            ..DamageSpec::default()
        },
        critical: true,
    };
    let exact = odds(&spec).unwrap();
    let n = 200_000u64;
    let mut rng = Rng::new(5, 3);
    let (mut crit, mut pen, mut ten_plus) = (0, 0, 0);
    for _ in 0..n {
        let r = attack(&mut rng, &spec, None).unwrap();
        if let Some(d) = r.damage {
            crit += u64::from(d.critical);
            pen += u64::from(d.penetrated);
            ten_plus += u64::from(d.hp_loss >= 10);
        }
    }
    close("critical injury", exact.critical_injury, crit, n);
    close("penetrate", exact.penetrate, pen, n);
    close("HP lost >= 10", exact.hp_loss.at_least(10), ten_plus, n);
    // P(critical) = P(hit) × 1/36 exactly.
    let expected = Ratio::new(exact.hit.numerator, exact.hit.denominator * 36);
    assert_eq!(exact.critical_injury, expected);
    let total: u128 = exact.hp_loss.iter().map(|(_, c)| c).sum();
    assert_eq!(total, exact.hp_loss.denominator(), "HP-loss odds sum to 1");
}

fn mean(d: &fray_dice::Distribution) -> Ratio {
    let sum: i128 = d.iter().map(|(v, c)| i128::from(v) * c as i128).sum();
    Ratio::new(sum as u128, d.denominator())
}

#[test]
fn odds_grid_of_weapons_and_armours_is_pinned() {
    let weapons = [
        ("medium_pistol", false, 10),
        ("heavy_pistol", false, 10),
        ("smg", true, 10),
        ("assault_rifle", false, 40),
        ("assault_rifle", true, 20),
        ("shotgun", false, 5),
        ("sniper_rifle", false, 120),
        ("heavy_melee", false, 1),
    ];
    let armours = [None, Some("kevlar"), Some("light_armorjack"), Some("flak")];
    let mut lines = Vec::new();
    for (weapon, autofire, distance) in weapons {
        for armor in armours {
            let spec = OddsSpec {
                weapon: weapon.to_owned(),
                distance,
                autofire,
                armor: armor.map(str::to_owned),
                ..OddsSpec::default()
            };
            let a = spec.attack_spec().unwrap();
            let o = odds(&a).unwrap();
            lines.push(format!(
                "{weapon}{} @{distance} m vs {}: hit {} | penetrate {} | critical {} | mean HP lost {:.3}",
                if autofire { " (autofire)" } else { "" },
                armor.unwrap_or("no armour"),
                o.hit,
                o.penetrate,
                o.critical_injury,
                mean(&o.hp_loss).to_f64(),
            ));
        }
    }
    insta::assert_snapshot!("odds_grid", lines.join("\n"));
    let full = Red::odds(&OddsSpec {
        weapon: "assault_rifle".to_owned(),
        autofire: true,
        armor: Some("kevlar".to_owned()),
        ..OddsSpec::default()
    })
    .unwrap();
    insta::assert_json_snapshot!("odds_assault_rifle_autofire_kevlar", full);
    let head = odds_tables(
        &OddsSpec {
            weapon: "heavy_pistol".to_owned(),
            distance: 5,
            aim: fray_red::Aim::Head,
            armor: Some("kevlar".to_owned()),
            ..OddsSpec::default()
        }
        .attack_spec()
        .unwrap(),
    )
    .unwrap();
    insta::assert_json_snapshot!("odds_heavy_pistol_aimed_head_kevlar", head);
}

#[test]
fn red_38_unarmed_odds_use_body_dice_and_martial_arts_halves_sp() {
    let spec = |weapon: &str| {
        OddsSpec {
            weapon: weapon.to_owned(),
            body: 7,
            sp: Some(11),
            ..OddsSpec::default()
        }
        .attack_spec()
        .unwrap()
    };
    let brawl = spec("brawling");
    let martial = spec("martial_arts");
    assert_eq!((brawl.damage.dice, brawl.damage.half_sp), (3, false));
    assert_eq!((martial.damage.dice, martial.damage.half_sp), (3, true));
    assert!(matches!(brawl.defense, Defense::Opposed { base: 10 }));
    let (b, m) = (odds(&brawl).unwrap(), odds(&martial).unwrap());
    assert_eq!(b.hit, m.hit);
    assert!(m.penetrate.to_f64() > b.penetrate.to_f64());
}

#[test]
fn odds_spec_refuses_what_cannot_be() {
    let bad = |s: OddsSpec| s.attack_spec().unwrap_err().rule;
    assert_eq!(
        bad(OddsSpec {
            weapon: "laser".into(),
            ..OddsSpec::default()
        }),
        "RED-39"
    );
    assert_eq!(
        bad(OddsSpec {
            distance: 900,
            ..OddsSpec::default()
        }),
        "RED-32"
    );
    assert_eq!(
        bad(OddsSpec {
            weapon: "heavy_pistol".into(),
            autofire: true,
            ..OddsSpec::default()
        }),
        "RED-35"
    );
    assert_eq!(
        bad(OddsSpec {
            armor: Some("paper".into()),
            ..OddsSpec::default()
        }),
        "RED-40"
    );
}
