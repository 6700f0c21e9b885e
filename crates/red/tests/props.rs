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

/// Drawn settings: max_rounds, reach, the i32 settings, the u32 ones, leg_injury, the
/// booleans, move_floor.
type Drawn = (u32, u32, [i32; 6], [u32; 5], u32, [bool; 8], i32);
/// A drawn character: stats, four skills, position, gear choices, prone.
type Person = ([i32; 8], [i32; 4], i32, [u8; 3], bool);

/// A demo setup with every setting and every character's numbers drawn at random within
/// what validation accepts, and gear drawn from the default table plus a weapon that needs
/// no ammunition (RED-36): the default tactic must stay legal and the fight must end
/// within the round limit.
fn mutated_setup(settings: Drawn, people: &[Person]) -> fray_red::Setup {
    let mut setup = Red::demo_setup();
    let (max_rounds, reach, ints, uints, leg, flags, floor) = settings;
    let s = &mut setup.settings;
    s.max_rounds = max_rounds;
    s.reach = reach;
    [
        s.aimed_penalty,
        s.evasion_ref,
        s.seriously_penalty,
        s.mortally_penalty,
        s.mortally_move,
        s.stabilize_dv,
    ] = ints;
    [
        s.head_multiplier,
        s.crit_sixes,
        s.crit_bonus,
        s.autofire_rounds,
        s.standing_jump_cost,
    ] = uints;
    s.leg_injury = leg;
    [
        s.critical_initiative,
        s.critical_checks,
        s.newcomer_wins_ties,
        s.item_drop_needs_damage,
        s.grid,
        s.mixed_rof,
        s.aimed_whole_action,
        s.mortally_wounded_act,
    ] = flags;
    s.tie_reroll = if flags[0] ^ flags[4] {
        fray_red::TieReroll::D10
    } else {
        fray_red::TieReroll::Initiative
    };
    s.move_floor = floor;
    let tables = std::sync::Arc::make_mut(&mut setup.tables);
    let mut knife = tables.weapons["grenade"].clone();
    knife.magazine = 0;
    knife.rof = 2;
    tables.weapons.insert("throwing_knife".to_owned(), knife);
    let profiles: Vec<String> = tables.weapons.keys().cloned().collect();
    let armor: Vec<String> = tables.armor.keys().cloned().collect();
    let characters = std::sync::Arc::make_mut(&mut setup.characters);
    for (c, (stats, skills, position, gear, prone)) in characters.iter_mut().zip(people) {
        let st = &mut c.stats;
        [
            st.reflexes,
            st.dex,
            st.body,
            st.will,
            st.move_,
            st.tech,
            st.int,
            st.cool,
        ] = *stats;
        let sk = std::sync::Arc::make_mut(&mut c.skills);
        for (name, v) in ["handgun", "shoulder_arms", "evasion", "brawling"]
            .iter()
            .zip(skills)
        {
            sk.insert((*name).to_owned(), *v);
        }
        c.position = *position;
        c.prone = *prone;
        c.weapons[0].profile = profiles[usize::from(gear[0]) % profiles.len()]
            .as_str()
            .into();
        c.weapons[0].loaded = None;
        c.armor.body =
            (gear[1] % 3 != 0).then(|| armor[usize::from(gear[1]) % armor.len()].as_str().into());
        c.armor.head =
            (gear[2] % 2 == 0).then(|| armor[usize::from(gear[2]) % armor.len()].as_str().into());
    }
    setup
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    // RED-01 / RED-36 / RED-42 / RED-44: for any setup validation accepts, the default
    // tactic only chooses legal commands (run_trial errs otherwise) and the fight ends by
    // the round limit at the latest, on both rule paths (play_next and apply).
    #[test]
    fn the_default_tactic_is_legal_for_every_accepted_setup(
        settings in (
            prop_oneof![1u32..=12, 990u32..=1000], 1u32..=100, proptest::array::uniform6(0i32..=100),
            proptest::array::uniform5(1u32..=100), 2u32..=12, proptest::array::uniform8(any::<bool>()),
            0i32..=20,
        ),
        people in proptest::collection::vec(
            (proptest::array::uniform8(0i32..=20), proptest::array::uniform4(0i32..=20),
             -60i32..=60, proptest::array::uniform3(any::<u8>()), any::<bool>()),
            3,
        ),
        seed in any::<u64>(),
    ) {
        let setup = mutated_setup(settings, &people);
        if let Err(e) = fray_red::start(&setup, &mut fray_dice::Rng::new(seed, 0), &mut fray_dice::EventLog::quiet()) {
            // Two two-handed weapons in hand and the like: refused, as it should be.
            let _ = e;
            return Ok(());
        }
        for stream in 0..3 {
            let outcome = fray_dice::run_trial::<Red>(&setup, seed, stream);
            let outcome = outcome.map_err(|e| TestCaseError::fail(format!("{e}")))?;
            prop_assert!(outcome.end != fray_dice::Ending::CommandCap, "cut off by the command cap");
            prop_assert!(outcome.rounds <= setup.settings.max_rounds);
            // The recorded path plays the same game.
            let mut session = Session::<Red>::start(setup.clone(), seed, stream).unwrap();
            while let Some(cmd) = Red::next_command(session.state()) {
                session.apply(cmd).map_err(|e| TestCaseError::fail(format!("{e}")))?;
            }
            prop_assert_eq!(Red::outcome(session.state()), outcome);
        }
    }
}
