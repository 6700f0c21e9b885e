//! Properties: HP never rises from damage, SP never negative, ablation only on penetrating
//! hits, never more than two attacks a turn, a rejected command changes nothing.

use fray_dice::{AutoPlay, Catalog, Session};
use fray_red::{attack, damage, odds, AttackSpec, Command, DamageSpec, Defense, Event, Red};
use proptest::prelude::*;
use serde_json::json;

fn any_command(kind: u8, actor: usize, x: i32, w: usize) -> Command {
    let v = match kind {
        0 => json!({"type": "move", "actor": actor, "to": x}),
        1 => json!({"type": "attack", "actor": actor, "target": w, "weapon": w % 2}),
        2 => {
            json!({"type": "attack", "actor": actor, "target": w, "weapon": 0, "mode": "autofire"})
        }
        3 => json!({"type": "reload", "actor": actor, "weapon": w}),
        4 => json!({"type": "run", "actor": actor}),
        5 => json!({"type": "get_up", "actor": actor}),
        6 => json!({"type": "stabilize", "actor": actor, "target": w}),
        7 => json!({"type": "grab", "actor": actor, "target": w}),
        8 => json!({"type": "choke", "actor": actor}),
        9 => json!({"type": "draw", "actor": actor, "weapon": w}),
        10 => json!({"type": "delay", "actor": actor,
                     "action": {"type": "attack", "actor": actor, "target": w, "weapon": 0},
                     "trigger": {"type": "moves", "who": (w + 1) % 3}}),
        11 => json!({"type": "attack", "actor": actor, "target": w, "weapon": 0, "aim": "head"}),
        12 => json!({"type": "move", "actor": actor, "to": x, "mode": "climb"}),
        _ => json!({"type": "end_turn", "actor": actor}),
    };
    serde_json::from_value(v).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn damage_never_heals_and_sp_never_negative(
        dice in 1u32..9, sp in -5i32..30, half in any::<bool>(), head in 1u32..3,
        mult in 1u32..5, seed in any::<u64>()
    ) {
        let spec = DamageSpec { dice, sp, half_sp: half, head_multiplier: head, multiplier: mult, ..DamageSpec::default() };
        let mut rng = fray_dice::Rng::new(seed, 0);
        let d = damage(&mut rng, &spec, None).unwrap();
        prop_assert!(d.effective_sp >= 0);
        prop_assert_eq!(d.penetrated, i64::from(d.raw) > i64::from(d.effective_sp));
        prop_assert!(d.hp_loss >= d.through);
        prop_assert_eq!(d.through > 0, d.penetrated);
    }

    #[test]
    fn any_numbers_give_a_result_or_a_refusal_never_a_panic(
        base in any::<i32>(), def in any::<i32>(), opposed in any::<bool>(), cap in 0u32..200,
        dice in 0u32..20, sp in any::<i32>(), half in any::<bool>(), head in 0u32..200,
        bonus in 0u32..200, seed in any::<u64>()
    ) {
        let spec = AttackSpec {
            attack: base,
            defense: if opposed { Defense::Opposed { base: def } } else { Defense::Dv { dv: def } },
            autofire_cap: cap,
            damage: DamageSpec { dice, sp, half_sp: half, head_multiplier: head, crit_bonus: bonus, ..DamageSpec::default() },
            critical: true,
        };
        let mut rng = fray_dice::Rng::new(seed, 0);
        let rolled = attack(&mut rng, &spec, None);
        let exact = if dice <= 6 { Some(odds(&spec)) } else { None };
        match rolled {
            Ok(r) => {
                prop_assert!(r.hit == (r.margin > 0));
                if let Some(exact) = exact {
                    let o = exact.unwrap();
                    prop_assert!(o.hit.numerator <= o.hit.denominator);
                }
            }
            Err(e) => {
                prop_assert!(e.rule.starts_with("RED-"));
                if let Some(exact) = exact {
                    prop_assert!(exact.is_err());
                }
            }
        }
    }

    #[test]
    fn fights_keep_their_invariants_and_refusals_change_nothing(
        seed in any::<u64>(),
        noise in proptest::collection::vec((0u8..14, 0usize..3, -5i32..40, 0usize..3), 0..60)
    ) {
        let mut s = Session::<Red>::start(Red::demo_setup(), seed, 0).unwrap();
        let mut noise = noise.into_iter();
        let mut attacks_this_turn = 0u32;
        let count = |events: &[Event], attacks: &mut u32| -> Result<(), TestCaseError> {
            for e in events {
                match e {
                    Event::TurnStarted { .. } => *attacks = 0,
                    Event::Attack { delayed: false, .. } => {
                        *attacks += 1;
                        prop_assert!(*attacks <= 2, "a third attack in one turn");
                    }
                    _ => {}
                }
            }
            Ok(())
        };
        for _ in 0..2_000 {
            // Throw a random command at the engine first: refused ones must leave no trace.
            if let Some((k, a, x, w)) = noise.next() {
                let before = serde_json::to_string(s.state()).unwrap();
                let pos = s.dice_position();
                let log = s.log().len();
                let cmd = any_command(k, a, x, w);
                match s.apply(cmd) {
                    Err(_) => {
                        prop_assert_eq!(&before, &serde_json::to_string(s.state()).unwrap());
                        prop_assert_eq!(pos, s.dice_position());
                        prop_assert_eq!(log, s.log().len());
                        continue;
                    }
                    Ok(events) => {
                        let events = events.to_vec();
                        count(&events, &mut attacks_this_turn)?;
                    }
                }
            }
            let Some(cmd) = Red::next_command(s.state()) else { break };
            let before = s.state().clone();
            let events = s.apply(cmd).unwrap().to_vec();
            let after = s.state();
            for (b, a) in before.fighters.iter().zip(&after.fighters) {
                prop_assert!(a.hp <= b.hp, "HP rose for {}", a.name);
                for (pb, pa) in [(&b.head, &a.head), (&b.body, &a.body)] {
                    if let (Some(pb), Some(pa)) = (pb, pa) {
                        prop_assert!(pa.sp >= 0);
                        prop_assert!(pa.sp <= pb.sp);
                        if pa.sp < pb.sp {
                            prop_assert!(events.iter().any(|e| matches!(e,
                                Event::Damage { who, through, .. } if **who == *a.name && *through > 0)),
                                "ablation without a penetrating hit");
                        }
                    }
                }
            }
            prop_assert!(after.turn.attacks <= 2);
            count(&events, &mut attacks_this_turn)?;
        }
        prop_assert!(s.state().finished.is_some(), "the fight ends");
    }
}
