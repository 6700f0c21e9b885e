//! The encounter engine, rule by rule, with scripted dice: attacks, damage and wounds
//! (RED-14, RED-33 … RED-45).

mod common;

use common::{begin, cmd, duel, fighter, refuse, run, setup, shoot};
use fray_red::{Event, Location};
use serde_json::json;

#[test]
fn red_14_and_red_41_armour_penalty_and_mortal_wounds_lower_move_ref_dex() {
    let mut a = fighter("A", 0, 0);
    a.armor.body = Some("medium_armorjack".into());
    let (st, ev) = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 2]);
    // RED-41: REF 7 − 2 for initiative, MOVE 5 − 2 = 3 → 6 m.
    assert!(matches!(
        &ev[0],
        Event::Initiative {
            reflexes: 5,
            total: 10,
            ..
        }
    ));
    let a = &st.fighters[0];
    assert_eq!(
        (a.reflexes(), a.dex(), a.move_stat(&st.settings)),
        (5, 4, 3)
    );
    assert_eq!(a.move_metres(&st.settings), 6);
    // RED-14 / RED-44: Mortally Wounded takes 6 more MOVE, "minimum 1" (`move_floor`).
    let mut b = fighter("B", 1, 1);
    b.hp = Some(1);
    let mut s = setup(vec![fighter("A", 0, 0), b, fighter("C", 1, 30)]);
    let mut st = begin(&s, &[7, 5, 3]).0;
    run(&mut st, shoot(1), &[8, 1, 1, 1]);
    assert_eq!(
        st.fighters[1].move_stat(&st.settings),
        1,
        "5 − 6 stops at 1"
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[2]);
    assert_eq!(st.turn.budget, 2);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 4}))).rule,
        "RED-11"
    );
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 3})),
        &[],
    );
    // `move_floor: 0`: the wound takes MOVE to 0.
    s.settings.move_floor = 0;
    let mut st = begin(&s, &[7, 5, 3]).0;
    run(&mut st, shoot(1), &[8, 1, 1, 1]);
    assert_eq!(st.fighters[1].move_stat(&st.settings), 0);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[2]);
    assert_eq!(st.turn.budget, 0);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 2}))).rule,
        "RED-11"
    );
    // A MOVE the sheet sets at 0 stays 0 whatever the floor.
    let mut c = fighter("A", 0, 0);
    c.stats.move_ = 0;
    let st = begin(&setup(vec![c, fighter("B", 1, 10)]), &[5, 3]).0;
    assert_eq!(st.fighters[0].move_stat(&st.settings), 0);
}

#[test]
fn red_33_evasion_needs_ref_8_and_rolls_dex_plus_evasion() {
    let mut st = duel();
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "evade": true})),
    );
    assert_eq!(e.rule, "RED-33");
    let mut b = fighter("B", 1, 10);
    b.stats.reflexes = 8;
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // B evades: DEX 6 + Evasion 4 + 4 = 14 against A's 12 + 2 = 14: the defender wins the tie.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "evade": true})),
        &[2, 4],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            defense: fray_red::DefenseRoll::Evasion { total: 14, .. },
            hit: false,
            ..
        }
    ));
}

#[test]
fn red_34_aimed_head_shot_minus_8_head_armour_doubled() {
    let mut b = fighter("B", 1, 5);
    b.armor.head = Some("kevlar".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // 12 − 8 + 9 = 13 vs DV 13 at 5 m: a tie misses; 10+4 hits.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "head"})),
        &[9],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            total: 13,
            hit: false,
            ..
        }
    ));
    let mut st = begin(
        &setup(vec![fighter("A", 0, 0), {
            let mut b = fighter("B", 1, 5);
            b.armor.head = Some("kevlar".into());
            b
        }]),
        &[5, 3],
    )
    .0;
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "head"})),
        &[10, 4, 5, 4, 3],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            location: Location::Head,
            raw: 12,
            sp: 7,
            through: 10,
            ..
        }
    )));
    assert_eq!(st.fighters[1].hp, 30);
    // Aimed at a held item: the target drops it.
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "item"})),
        &[10, 9, 1, 1, 1],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Dropped { forced: true, .. })));
    // Aimed at a leg: through armour → Broken Leg.
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "leg"})),
        &[10, 9, 2, 1, 1],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CriticalInjury { name, .. } if name == "Broken Leg")));
    assert_eq!(st.fighters[1].move_stat(&st.settings), 1);
}

#[test]
fn red_35_autofire_spends_ten_rounds_and_needs_an_autofire_weapon() {
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(json!([
        {"name": "rifle", "profile": "assault_rifle", "holding": "in_hand", "loaded": 12}
    ]))
    .unwrap();
    a.reserve =
        serde_json::from_value(json!({"rifle": {"basic": 30, "armor_piercing": 5}})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 20)]), &[5, 3]).0;
    // REF 7 + autofire 4 + 9 = 20 vs DV 17 at 20 m: ×3; 2d6 = 2+3 → 15.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "mode": "autofire"})),
        &[9, 2, 3],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            multiplier: 3,
            margin: 3,
            rounds_left: Some(2),
            ..
        }
    ));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            raw: 15,
            hp: 25,
            ..
        }
    )));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // RED-36: 2 rounds are not a burst.
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "mode": "autofire"})),
    );
    assert_eq!(e.rule, "RED-36");
    let mut st = duel();
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "mode": "autofire"})),
    );
    assert_eq!(e.rule, "RED-35");
}

#[test]
fn red_35_suppressive_fire_spends_ten_rounds_and_pins_those_who_fail() {
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(
        json!([{"name": "rifle", "profile": "assault_rifle", "holding": "in_hand"}]),
    )
    .unwrap();
    let s = setup(vec![a, fighter("B", 1, 10), fighter("C", 1, 20)]);
    let mut st = begin(&s, &[7, 5, 3]).0;
    // REF 7 + autofire 4 + 5 = 16; B: WILL 6 + 5 = 11 fails; C: 6 + (10+1) = 17 holds.
    let ev = run(
        &mut st,
        cmd(json!({"type": "suppress", "actor": 0, "weapon": 0})),
        &[5, 5, 10, 1],
    );
    assert!(matches!(
        &ev[0],
        Event::Suppress {
            total: 16,
            rounds_left: 15,
            ..
        }
    ));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Suppressed { who } if who == "B")));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::Suppressed { who } if who == "C")));
    assert_eq!(st.turn.attacks, 1);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    // B's Move Action went to taking cover.
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 9}))).rule,
        "RED-11"
    );
    let mut st = duel();
    let e = refuse(
        &mut st,
        cmd(json!({"type": "suppress", "actor": 0, "weapon": 0})),
    );
    assert_eq!(e.rule, "RED-35");
}

#[test]
fn red_36_ammunition_empty_weapons_refuse_and_reload_refills_one_type() {
    let mut a = fighter("A", 0, 0);
    a.weapons[0].loaded = Some(1);
    a.reserve =
        serde_json::from_value(json!({"heavy_pistol": {"basic": 3, "armor_piercing": 8}})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    run(&mut st, shoot(1), &[2]);
    assert_eq!(st.fighters[0].weapons[0].loaded, 0);
    let e = refuse(&mut st, shoot(1));
    assert_eq!(e.rule, "RED-36");
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Reloaded { rounds: 3, .. }));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0, "ammo": "armor_piercing"})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Reloaded { rounds: 8, ammo, .. } if ammo == "armor_piercing"));
    let f = &st.fighters[0];
    assert_eq!(
        f.reserve["heavy_pistol"]["basic"], 3,
        "the basic rounds went back"
    );
    assert_eq!(f.reserve["heavy_pistol"]["armor_piercing"], 0);
    assert_eq!(&*f.weapons[0].ammo, "armor_piercing");
}

#[test]
fn red_36_reloading_another_type_returns_the_old_rounds_even_without_a_reserve_entry() {
    let mut a = fighter("A", 0, 0);
    a.weapons[0].loaded = Some(2);
    a.reserve = serde_json::from_value(json!({"heavy_pistol": {"armor_piercing": 5}})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    let ev = run(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0, "ammo": "armor_piercing"})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Reloaded { rounds: 5, ammo, .. } if ammo == "armor_piercing"));
    let f = &st.fighters[0];
    assert_eq!(
        f.reserve["heavy_pistol"]["basic"], 2,
        "a new entry for the old type"
    );
    assert_eq!(f.reserve["heavy_pistol"]["armor_piercing"], 0);
    assert_eq!(f.weapons[0].loaded, 5);
    assert_eq!(&*f.weapons[0].ammo, "armor_piercing");
}

#[test]
fn red_37_melee_needs_reach_and_red_38_melee_halves_sp() {
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(
        json!([{"name": "sword", "profile": "heavy_melee", "holding": "in_hand"}]),
    )
    .unwrap();
    let mut b = fighter("B", 1, 3);
    b.armor.body = Some("light_armorjack".into());
    let mut st = begin(&setup(vec![a.clone(), b.clone()]), &[5, 3]).0;
    let e = refuse(&mut st, shoot(1));
    assert_eq!(e.rule, "RED-37");
    b.position = 2;
    let mut st = begin(&setup(vec![a, b]), &[5, 3]).0;
    // DEX 6 + melee 4 + 8 = 18 vs DEX 6 + evasion 4 + 2 = 12; 3d6 = 4+4+4 = 12 vs SP 11 halved to 5.
    let ev = run(&mut st, shoot(1), &[8, 2, 4, 4, 4]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            sp: 11,
            effective_sp: 5,
            through: 7,
            ..
        }
    )));
    // Martial Arts halves too; Brawling does not.
    // Brawling with BODY 6: 2d6, full (already ablated) SP 10.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "unarmed": "brawling"})),
        &[8, 2, 4, 4],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            effective_sp: 10,
            ..
        }
    )));
}

#[test]
fn red_40_ablation_only_on_penetrating_hits() {
    let mut b = fighter("B", 1, 5);
    b.armor.body = Some("kevlar".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // 3d6 = 2+2+3 = 7 ≤ SP 7: nothing, no ablation.
    let ev = run(&mut st, shoot(1), &[5, 2, 2, 3]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Ablated { .. })));
    assert_eq!(st.fighters[1].hp, 40);
    // 3+3+3 = 9: 2 through, SP 7 → 6.
    let ev = run(&mut st, shoot(1), &[5, 3, 3, 3]);
    assert!(ev.iter().any(|e| matches!(e, Event::Ablated { sp: 6, .. })));
    assert_eq!(st.fighters[1].hp, 38);
    assert_eq!(st.fighters[1].body.as_ref().unwrap().sp, 6);
}

#[test]
fn red_42_critical_injury_in_the_engine_adds_five_and_applies_its_effect() {
    let mut b = fighter("B", 1, 5);
    b.armor.body = Some("flak".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // 6+6+1 = 13 ≤ SP 15 but two sixes: +5 to HP, 2d6 = 4+6 → Spinal Injury (no Action next turn).
    let ev = run(&mut st, shoot(1), &[5, 6, 6, 1, 4, 6]);
    assert!(ev.iter().any(
        |e| matches!(e, Event::CriticalInjury { roll: 10, name, .. } if name == "Spinal Injury")
    ));
    assert_eq!(st.fighters[1].hp, 35);
    assert_eq!(st.critical_injuries, 1);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Ablated { .. })),
        "bonus damage does not ablate"
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    assert!(st.turn.action_used, "Spinal Injury: no Action this turn");
}

#[test]
fn red_42_a_reopening_injury_hurts_again_after_moving_more_than_4_m() {
    let mut b = fighter("B", 1, 5);
    b.armor.body = Some("heavy_armorjack".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // Two sixes, 2d6 = 3+2 → Broken Ribs.
    let ev = run(&mut st, shoot(1), &[5, 6, 6, 1, 3, 2]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CriticalInjury { name, .. } if name == "Broken Ribs")));
    assert_eq!(st.fighters[1].hp, 35);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 10})),
        &[],
    );
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert!(matches!(
        &ev[0],
        Event::Hurt {
            damage: 5,
            hp: 30,
            ..
        }
    ));
    assert_eq!(st.fighters[1].hp, 30);
    // Four metres or less: no harm.
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 14})),
        &[],
    );
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Hurt { .. })));
}

#[test]
fn red_44_wound_penalties_apply_to_actions() {
    let mut a = fighter("A", 0, 0);
    a.hp = Some(40);
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    st.fighters[0].hp = 19; // Seriously Wounded: −2.
    let ev = run(&mut st, shoot(1), &[2]);
    assert!(matches!(&ev[0], Event::Attack { total: 12, .. }));
    st.fighters[0].hp = 0; // Mortally Wounded: −4.
    let ev = run(&mut st, shoot(1), &[2]);
    assert!(matches!(&ev[0], Event::Attack { total: 10, .. }));
}

#[test]
fn red_08_stabilize_and_red_45_death_saves_grow_until_stabilized() {
    let mut b = fighter("B", 1, 2);
    b.hp = Some(5);
    let c = fighter("C", 1, 3);
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b, c]), &[7, 5, 3]).0;
    // A drops B to −4: 12 + 8 = 20 vs DV 13; 3d6 = 3+3+3.
    run(&mut st, shoot(1), &[8, 3, 3, 3]);
    assert_eq!(st.fighters[1].hp, -4);
    // B's turn opens with a death save: 3 + 0 < BODY 6.
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[3]);
    assert!(!st.turn.action_used && st.actor() == 1);
    let last = st.fighters[1].death_saves;
    assert_eq!(last, 1);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // C stabilizes B: TECH 5 + first aid 3 + 8 = 16 vs 15.
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "stabilize", "actor": 2, "target": 0}))
        )
        .rule,
        "RED-45"
    );
    let ev = run(
        &mut st,
        cmd(json!({"type": "stabilize", "actor": 2, "target": 1})),
        &[8],
    );
    assert!(matches!(
        &ev[0],
        Event::Stabilize {
            total: 16,
            dv: 15,
            success: true,
            ..
        }
    ));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    assert!(
        st.fighters[1].stabilized,
        "no more death saves: the turn began without a die"
    );
}

#[test]
fn red_45_death_save_penalty_grows_and_a_failure_kills() {
    let mut b = fighter("B", 1, 2);
    b.hp = Some(5);
    let mut st = begin(
        &setup(vec![fighter("A", 0, 0), b, fighter("C", 1, 30)]),
        &[7, 5, 3],
    )
    .0;
    run(&mut st, shoot(1), &[8, 3, 3, 3]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[4]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DeathSave {
            roll: 4,
            penalty: 0,
            success: true,
            ..
        }
    )));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    // Round 2: 5 + 1 is not under BODY 6 any more.
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[5]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DeathSave {
            roll: 5,
            penalty: 1,
            success: false,
            ..
        }
    )));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Died { who } if who == "B")));
    assert!(st.fighters[1].dead);
    assert_eq!(st.actor(), 2, "the dead are skipped");
}
