//! Properties: caps always hold, stats stay sane, the dead never act, refusals change nothing.

mod common;

use common::{knife, rifle};
use fray_dice::{AutoPlay, Session};
use fray_hunt::*;
use proptest::prelude::*;

const TACTICS: [Tactic; 11] = [
    Tactic::None,
    Tactic::Flee,
    Tactic::Pursue,
    Tactic::TakeCover,
    Tactic::AimedFire,
    Tactic::Onslaught,
    Tactic::Counterattack,
    Tactic::Hide,
    Tactic::BarrageFire,
    Tactic::Search,
    Tactic::Ambush,
];

fn arb_stats() -> impl Strategy<Value = Stats> {
    (0u32..7, 0u32..7, 0u32..6, 1u32..6, 0u32..6, 2u32..12).prop_map(
        |(experience, endurance, strength, agility, marksmanship, potential)| Stats {
            experience,
            endurance,
            strength,
            agility,
            marksmanship,
            potential,
        },
    )
}

fn arb_setup() -> impl Strategy<Value = Setup> {
    (
        arb_stats(),
        arb_stats(),
        0usize..3,
        any::<bool>(),
        0usize..3,
        // Settings the default tactic reads: give_up_after, Endurance 0, the search reading,
        // a hunter with nothing but a knife (it must chase, HUNT-15).
        (1u32..8, any::<bool>(), any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(h, p, distance, trap, opening, (give_up, dies, strict, knife_only))| {
                let distance = [Distance::Near, Distance::Medium, Distance::Far][distance];
                let mut s = common::setup(distance);
                s.fighters[0].stats = h;
                s.fighters[1].stats = p;
                s.fighters[1].weapons = vec![
                    knife(),
                    Weapon {
                        name: "pistol".into(),
                        range: Distance::Medium,
                        ..rifle()
                    },
                ];
                s.location.trap = trap;
                s.max_rounds = 30;
                s.tactic.give_up_after = give_up;
                s.zero_endurance_dies = dies;
                if strict {
                    s.rules.search = SearchRule::Better;
                }
                if knife_only {
                    s.fighters[0].weapons = vec![knife()];
                }
                s.opening = match opening {
                    0 => Opening::Open { distance },
                    1 => Opening::Ambush {
                        prey_distance: distance,
                    },
                    _ => Opening::Search {
                        hunter_distance: distance,
                        prey_distance: Some(Distance::Far),
                        search_dice: None,
                        precaution_dice: None,
                    },
                };
                s
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn no_declaration_beyond_its_caps_is_accepted_and_refusals_change_nothing(
        setup in arb_setup(),
        seed in any::<u64>(),
        warmup in 0usize..12,
        defense in 0u32..5, attack in 0u32..4, damage in 0u32..4,
        weapon in 0usize..4, tactic in 0usize..16, action in 0usize..6, clamp in any::<bool>(),
    ) {
        // HUNT-06, HUNT-23: play a while, then try an arbitrary declaration.
        let mut s = Session::<Hunt>::start(setup, seed, 0).unwrap();
        for _ in 0..warmup {
            match Hunt::next_command(s.state()) {
                Some(c) => { s.apply(c).unwrap(); }
                None => break,
            }
        }
        let names = ["rifle", "knife", "pistol", ""];
        let mut d = Declaration::new("P");
        d.weapon = Some(names[weapon]).filter(|n| !n.is_empty()).map(Into::into);
        d.defense = defense;
        d.attack = attack;
        d.damage = damage;
        d.tactic = TACTICS.get(tactic).copied().unwrap_or(Tactic::None);
        d.action = [None, None, None, Some(Extraneous::Reload), Some(Extraneous::FirstAid), Some(Extraneous::Other)][action];
        // HUNT-14, HUNT-20: the lure and give-up choices, tried where they may be refused.
        d.lure = action == 1;
        d.give_up = action == 2;
        if clamp {
            // Mostly within the caps, so the accepted side is exercised too.
            let i = s.state().index("P").unwrap();
            let stats = s.state().stats(i);
            let pool = s.state().pool(i);
            d.defense = d.defense.min(stats.agility);
            d.attack = d.attack.min(stats.agility);
            d.damage = d.damage.min(stats.strength.min(stats.marksmanship));
            while d.defense + d.attack + d.damage > pool {
                if d.damage > 0 { d.damage -= 1 } else if d.attack > 0 { d.attack -= 1 } else { d.defense -= 1 }
            }
            if d.action.is_some() {
                d.attack = 0;
                d.damage = 0;
                d.tactic = Tactic::None;
                d.defense = d.defense.min(pool / 2);
            }
        }
        let before = serde_json::to_string(s.state()).unwrap();
        let pos = s.dice_position();
        let st = s.state().clone();
        match s.apply(Command::Declare(d.clone())) {
            Ok(_) => {
                let stats = st.stats(1);
                let pool = st.pool(1);
                prop_assert!(st.fighters[1].status == Status::Active);
                prop_assert!(d.defense <= stats.agility && d.attack <= stats.agility);
                prop_assert!(d.defense + d.attack + d.damage <= pool);
                if d.attack + d.damage > 0 {
                    let cap = if names[weapon] == "knife" { stats.strength } else { stats.marksmanship };
                    prop_assert!(d.damage <= cap);
                    prop_assert!(d.action.is_none());
                }
                if d.action.is_some() {
                    prop_assert!(d.defense <= pool / 2);
                }
                if matches!(d.tactic, Tactic::Onslaught | Tactic::Counterattack) {
                    prop_assert_eq!(st.distance, Distance::Near);
                }
                if d.tactic == Tactic::Hide && st.fighters[1].hidden.is_none() {
                    prop_assert!(st.distance != Distance::Near);
                }
            }
            Err(e) => {
                prop_assert!(e.rule.starts_with("HUNT-") || e.rule == "ended", "{:?}", e);
                prop_assert_eq!(serde_json::to_string(s.state()).unwrap(), before);
                prop_assert_eq!(s.dice_position(), pos);
            }
        }
    }

    #[test]
    fn fights_end_stats_stay_sane_and_the_dead_never_act(setup in arb_setup(), seed in any::<u64>()) {
        // HUNT-13: wounds lower stats but never below zero; the dead never declare or strike.
        let mut s = Session::<Hunt>::start(setup, seed, 0).unwrap();
        let mut dead: Vec<String> = Vec::new();
        let mut steps = 0;
        while let Some(c) = Hunt::next_command(s.state()) {
            steps += 1;
            prop_assert!(steps < 2000, "the fight must end");
            let events = s.apply(c).unwrap().to_vec();
            for e in &events {
                match e {
                    Event::Declared { fighter, .. } | Event::Strike { attacker: fighter, .. } => {
                        prop_assert!(!dead.contains(fighter), "{} acts after death", fighter);
                    }
                    Event::Died { fighter, .. } => dead.push(fighter.clone()),
                    _ => {}
                }
            }
            let st = s.state();
            for i in 0..st.fighters.len() {
                let (now, base) = (st.stats(i), st.fighters[i].base);
                prop_assert!(now.endurance <= base.endurance && now.strength <= base.strength);
                prop_assert!(now.agility <= base.agility && now.marksmanship <= base.marksmanship);
                for w in &st.fighters[i].weapons {
                    prop_assert!(w.weapon.ammo.unwrap_or(0) <= w.weapon.magazine.unwrap_or(0).max(5));
                }
            }
        }
        prop_assert!(s.state().ending.is_some());
        prop_assert!(s.state().round <= 30);
        let out = Hunt::outcome(s.state());
        prop_assert!(out.health[0] >= 0 && out.health[1] >= 0 && out.metric >= 0);
    }
}

/// (ranged, attack, damage, threshold, first)
type StrikeTuple = (bool, u32, u32, u32, bool);
/// (defense, tactic index, experience, endurance, strike)
type SideTuple = (u32, usize, u32, u32, Option<StrikeTuple>);

fn arb_duel() -> impl Strategy<Value = DuelSpec> {
    let side = (
        0u32..5,
        0usize..10,
        0u32..5,
        0u32..6,
        proptest::option::of((any::<bool>(), 0u32..5, 0u32..4, 1u32..7, any::<bool>())),
    );
    (side.clone(), side, 0usize..3, any::<bool>()).prop_map(|(h, p, distance, trap)| {
        let make = |(defense, tactic, experience, endurance, strike): SideTuple| DuelSide {
            fighter: FighterSpec {
                defense,
                tactic: TACTICS[tactic],
                experience,
                endurance,
                barrage_loaded: true,
                ..FighterSpec::default()
            },
            strike: strike.map(|(ranged, attack, damage, threshold, first)| StrikeSpec {
                kind: if ranged {
                    AttackKind::Ranged
                } else {
                    AttackKind::Melee
                },
                attack,
                damage,
                thresholds: [threshold; 3],
                first,
                ..StrikeSpec::default()
            }),
        };
        DuelSpec {
            context: ExchangeContext {
                distance: [Distance::Near, Distance::Medium, Distance::Far][distance],
                trap,
                rules: Rules::default(),
            },
            sides: [make(h), make(p)],
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn exchanges_are_consistent_and_odds_are_probabilities(spec in arb_duel(), seed in any::<u64>()) {
        // HUNT-10, HUNT-11, HUNT-13 as invariants of any exchange.
        let r = exchange(&mut fray_dice::Rng::new(seed, 0), &spec).unwrap();
        for s in r.strikes.iter().flatten() {
            prop_assert!(!s.hit || s.attack_total > s.defense_total);
            prop_assert!(!s.landed || s.hit);
            prop_assert!(s.points <= s.damage_dice);
            prop_assert!(s.failures <= s.points);
        }
        for f in &r.fighters {
            prop_assert!(f.failures <= 4);
            prop_assert_eq!(f.dead, f.failures >= 4);
            prop_assert!(!(f.dead && f.escaped));
        }
        let mut no_trap = spec;
        no_trap.context.trap = false;
        let o = odds(&no_trap).unwrap();
        for s in o.strikes.iter().flatten() {
            prop_assert!(s.lands.to_f64() <= s.hit.to_f64() + 1e-12);
            let total: f64 = s.damage.iter().map(|p| p.to_f64()).sum();
            prop_assert!((total - s.lands.to_f64()).abs() < 1e-9);
            prop_assert!(s.hit.to_f64() <= 1.0);
        }
        prop_assert!(o.opens.to_f64() + o.closes.to_f64() <= 1.0 + 1e-12);
    }
}
