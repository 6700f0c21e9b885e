//! The readings of issue 23, each pinned with scripted dice: setup bounds, weapons without
//! ammunition (RED-36), hands and the critical injuries' effects (RED-42), the Mortally
//! Wounded in the tactic (RED-44).

mod common;

use common::{begin, cmd, fighter, refuse, run, setup};
use fray_dice::{AutoPlay, EventLog, Scripted};
use fray_red::{start, Command, Event, Red, Setup};
use serde_json::json;

fn refused(s: &Setup) -> String {
    let e = start(s, &mut Scripted::new([]), &mut EventLog::quiet()).unwrap_err();
    format!("{}: {}", e.rule, e.message)
}

fn shoot(target: usize, aim: &str) -> Command {
    cmd(json!({"type": "attack", "actor": 0, "target": target, "weapon": 0, "aim": aim}))
}

fn end(actor: usize) -> Command {
    cmd(json!({"type": "end_turn", "actor": actor}))
}

#[test]
fn red_01_settings_and_characters_out_of_range_are_refused_naming_the_field() {
    let base = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    let mut s = base.clone();
    s.settings.max_rounds = 0;
    assert_eq!(
        refused(&s),
        "setup: settings.max_rounds: found 0, allowed 1..=1000"
    );
    s.settings.max_rounds = 1001;
    assert!(refused(&s).contains("settings.max_rounds: found 1001"));
    s.settings.max_rounds = 1000;
    assert!(start(&s, &mut Scripted::new([5, 3]), &mut EventLog::quiet()).is_ok());
    // Found by the issue: each passed setup and failed mid-fight blaming the tactic.
    let mut s = base.clone();
    s.settings.reach = 0;
    assert_eq!(
        refused(&s),
        "setup: settings.reach: found 0, allowed 1..=100"
    );
    let mut s = base.clone();
    std::sync::Arc::make_mut(&mut s.characters)[0]
        .stats
        .reflexes = 1_000_000;
    assert_eq!(
        refused(&s),
        "setup: characters[0].stats.ref: found 1000000, allowed 0..=20"
    );
    let mut s = base.clone();
    std::sync::Arc::make_mut(&mut s.characters)[1].stats.body = -10;
    assert_eq!(
        refused(&s),
        "setup: characters[1].stats.body: found -10, allowed 0..=20"
    );
    let mut s = base.clone();
    std::sync::Arc::make_mut(&mut s.characters)[1].hp = Some(0);
    assert!(refused(&s).contains("characters[1].hp: found 0, allowed 1..=1000"));
    let mut s = base.clone();
    std::sync::Arc::make_mut(&mut s.characters)[0].weapons[0].loaded = Some(9);
    assert!(refused(&s).contains("characters[0].weapons[0].loaded: found 9, allowed 0..=8"));
    let mut s = base.clone();
    std::sync::Arc::make_mut(&mut s.tables).head_injuries[0]
        .modifiers
        .all = -1_000_000;
    assert!(refused(&s).contains("tables.head_injuries[roll 2].modifiers.all"));
    // A newcomer is checked the same way.
    let mut st = begin(&base, &[5, 3]).0;
    let mut c = fighter("C", 1, 20);
    c.stats.dex = 21;
    let e = refuse(
        &mut st,
        Command::Join {
            character: Box::new(c),
        },
    );
    assert_eq!(e.message, "character.stats.dex: found 21, allowed 0..=20");
}

#[test]
fn red_36_a_ranged_weapon_with_magazine_0_needs_no_ammunition() {
    // RED-36 / the weapon table: "magazine 0 for weapons that need no ammunition".
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 5)]);
    let tables = std::sync::Arc::make_mut(&mut s.tables);
    let mut knife = tables.weapons["grenade"].clone();
    knife.magazine = 0;
    knife.rof = 2;
    knife.damage = 1;
    tables.weapons.insert("throwing_knife".to_owned(), knife);
    let a = &mut std::sync::Arc::make_mut(&mut s.characters)[0];
    a.weapons[0].profile = "throwing_knife".into();
    let mut st = begin(&s, &[5, 3]).0;
    assert_eq!(
        Red::next_command(&st),
        Some(cmd(
            json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0})
        )),
        "the tactic fights with it"
    );
    // ROF 2: two throws, no rounds spent (DV 16 at 5 m; 7 + 0 + 9 = 16 misses, 17 hits).
    for roll in [9, 10] {
        let dice: &[u32] = if roll == 10 { &[10, 2, 3] } else { &[9] };
        let ev = run(
            &mut st,
            cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0})),
            dice,
        );
        assert!(matches!(
            &ev[0],
            Event::Attack {
                rounds_left: None,
                ..
            }
        ));
    }
    assert_eq!(st.fighters[0].weapons[0].loaded, 0);
    assert_eq!(st.fighters[1].hp, 37);
    let e = refuse(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0})),
    );
    assert_eq!(e.rule, "RED-05", "the Action is spent");
    run(&mut st, end(0), &[]);
    run(&mut st, end(1), &[]);
    let e = refuse(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0})),
    );
    assert_eq!(e.rule, "RED-36");
}

/// B carries a pistol and a backup in hand, a knife and a shotgun at hand; A shoots first.
fn armed_b(b_at: i32) -> fray_red::State {
    armed_b_with(b_at, false)
}

fn armed_b_with(b_at: i32, hand_injury_every_attack: bool) -> fray_red::State {
    let mut b = fighter("B", 1, b_at);
    b.weapons = serde_json::from_value(json!([
        {"name": "pistol", "profile": "heavy_pistol", "holding": "in_hand"},
        {"name": "backup", "profile": "medium_pistol", "holding": "in_hand"},
        {"name": "knife", "profile": "light_melee"},
        {"name": "shotgun", "profile": "shotgun"}
    ]))
    .unwrap();
    let mut s = setup(vec![fighter("A", 0, 0), b]);
    s.settings.hand_injury_every_attack = hand_injury_every_attack;
    begin(&s, &[5, 3]).0
}

/// B's attack totals on A with weapon `w` on a d10 of 2 (a miss: no damage dice).
fn b_total(st: &mut fray_red::State, w: usize) -> i32 {
    let c = cmd(json!({"type": "attack", "actor": 1, "target": 0, "weapon": w}));
    match &run(st, c, &[2])[0] {
        Event::Attack {
            total, hit: false, ..
        } => *total,
        e => panic!("{e:?}"),
    }
}

#[test]
fn red_42_crushed_fingers_weigh_on_the_attacks_of_that_hand_only() {
    let mut st = armed_b(10);
    // 17 vs DV 15; 6+6+1 = 13 + 5 critical (B at 22 HP, not yet Seriously Wounded);
    // 2d6 = 5+6: Crushed Fingers, on the weapon hand (the pistol's).
    let ev = run(&mut st, shoot(1, "none"), &[5, 6, 6, 1, 5, 6]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CriticalInjury { name, .. } if name == "Crushed Fingers")));
    assert_eq!(st.fighters[1].hand_modifiers, [0, -4]);
    assert_eq!(
        (st.fighters[1].effects.ranged, st.fighters[1].effects.melee),
        (0, 0)
    );
    run(&mut st, end(0), &[]);
    // REF 7 + Handgun 5 + 2. Weapons take the sound hand first, by index: the pistol
    // (passing it to the sound hand is free, RED-09); the backup is in the crushed one.
    assert_eq!(b_total(&mut st, 0), 14);
    assert_eq!(b_total(&mut st, 1), 10);
    run(&mut st, end(1), &[]);
    run(&mut st, end(0), &[]);
    // With the pistol dropped, the backup goes to the sound hand.
    run(
        &mut st,
        cmd(json!({"type": "drop", "actor": 1, "weapon": 0})),
        &[],
    );
    assert_eq!(b_total(&mut st, 1), 14);
    // A second Crushed Fingers takes the other hand: every hand is hurt.
    run(&mut st, end(1), &[]);
    run(&mut st, shoot(1, "none"), &[5, 6, 6, 1, 5, 6]);
    assert_eq!(st.fighters[1].hand_modifiers, [-4, -4]);

    // settings.hand_injury_every_attack: the other reading, −4 to every attack.
    let mut st = armed_b_with(10, true);
    run(&mut st, shoot(1, "none"), &[5, 6, 6, 1, 5, 6]);
    assert_eq!(st.fighters[1].hand_modifiers, [0, 0]);
    run(&mut st, end(0), &[]);
    assert_eq!(b_total(&mut st, 0), 10);
    assert_eq!(b_total(&mut st, 1), 10);
}

#[test]
fn red_42_a_broken_arm_drops_what_its_hand_held_and_holds_nothing_more() {
    let mut st = armed_b(10);
    // 17 vs DV 15; 6+6+1 = 13 + 5 critical; 2d6 = 3+3: Broken Arm.
    let ev = run(&mut st, shoot(1, "none"), &[5, 6, 6, 1, 3, 3]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CriticalInjury { name, .. } if name == "Broken Arm")));
    let dropped: Vec<&str> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Dropped { weapon, .. } => Some(weapon.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(dropped, ["pistol"], "the other hand keeps the backup");
    let b = &st.fighters[1];
    assert_eq!((b.hands, b.free_hands()), (1, 0));
    run(&mut st, end(0), &[]);
    let draw = |w: usize| cmd(json!({"type": "draw", "actor": 1, "weapon": w}));
    assert_eq!(refuse(&mut st, draw(2)).rule, "RED-09", "no free hand");
    let grab = cmd(json!({"type": "grab", "actor": 1, "target": 0}));
    assert_eq!(refuse(&mut st, grab).rule, "RED-08");
    run(
        &mut st,
        cmd(json!({"type": "drop", "actor": 1, "weapon": 1})),
        &[],
    );
    assert_eq!(
        refuse(&mut st, draw(3)).rule,
        "RED-09",
        "a two-handed shotgun needs the hand the arm lost"
    );
    run(&mut st, draw(2), &[]);
    // A second arm injury takes the other hand: the knife drops, nothing can be held.
    run(&mut st, end(1), &[]);
    run(&mut st, shoot(1, "none"), &[5, 6, 6, 1, 3, 3]);
    let b = &st.fighters[1];
    assert_eq!(
        (b.hands, b.weapons[2].holding),
        (0, fray_red::Holding::Dropped)
    );
}

#[test]
fn red_34_an_aimed_shot_at_a_held_item_drops_that_one_item() {
    let mut st = armed_b(5);
    // 7 + 5 − 8 + (10 + 5) = 19 vs DV 13: hit for 1+1+1.
    let ev = run(&mut st, shoot(1, "item"), &[10, 5, 1, 1, 1]);
    let dropped = ev
        .iter()
        .filter(|e| matches!(e, Event::Dropped { forced: true, .. }))
        .count();
    assert_eq!(dropped, 1);
    let held: Vec<_> = st.fighters[1].weapons.iter().map(|w| w.holding).collect();
    use fray_red::Holding::*;
    assert_eq!(held, [Dropped, InHand, Holstered, Holstered]);
    assert_eq!(st.fighters[1].hands, 2, "a shot item is no lost hand");
}

#[test]
fn red_42_ear_injuries_cost_the_next_move_action_and_perception() {
    let mut st = armed_b(5);
    // Aimed at the head: 19 vs DV 13; 6+6+1 = 13 ×2 + 5; 2d6 = 4+6: Damaged Ear.
    let ev = run(&mut st, shoot(1, "head"), &[10, 5, 6, 6, 1, 4, 6]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CriticalInjury { name, .. } if name == "Damaged Ear")));
    assert_eq!(st.fighters[1].hp, 9);
    run(&mut st, end(0), &[]);
    // B walks 5 m (more than 4): its next turn has no Move Action, and so no Run.
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 10})),
        &[],
    );
    // Perception: INT 0 + 0 − 2 (Seriously Wounded) − 2 (the ear) + 5 = 1.
    let ev = run(
        &mut st,
        cmd(
            json!({"type": "use_skill", "actor": 1, "stat": "int", "skill": "perception", "dv": 9}),
        ),
        &[5],
    );
    assert!(matches!(&ev[0], Event::SkillCheck { total: 1, .. }));
    run(&mut st, end(1), &[]);
    run(&mut st, end(0), &[]);
    assert_eq!(st.turn.spent, st.turn.budget);
    let e = refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 11})));
    assert_eq!(e.rule, "RED-11");
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "run", "actor": 1}))).rule,
        "RED-08"
    );
    run(&mut st, end(1), &[]);
    run(&mut st, end(0), &[]);
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 11})),
        &[],
    );
}

#[test]
fn red_42_a_cracked_skull_triples_head_damage_and_a_crushed_windpipe_silences() {
    let mut st = armed_b(5);
    // 2d6 = 4+5: Cracked Skull. 13 ×2 + 5 = 31 → 9 HP.
    run(&mut st, shoot(1, "head"), &[10, 5, 6, 6, 1, 4, 5]);
    assert_eq!(st.fighters[1].hp, 9);
    run(&mut st, end(0), &[]);
    run(&mut st, end(1), &[]);
    // Again at the head: 1+1+2 = 4 through no armour, ×3.
    let ev = run(&mut st, shoot(1, "head"), &[10, 5, 1, 1, 2]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Damage { through: 12, .. })));

    let mut st = armed_b(5);
    // 2d6 = 5+6: Crushed Windpipe: no speech.
    run(&mut st, shoot(1, "head"), &[10, 5, 6, 6, 1, 5, 6]);
    run(&mut st, end(0), &[]);
    let e = refuse(
        &mut st,
        cmd(
            json!({"type": "use_skill", "actor": 1, "stat": "cool", "skill": "persuasion", "dv": 9}),
        ),
    );
    assert_eq!(e.rule, "RED-42");
}

#[test]
fn red_44_the_tactic_fights_on_against_a_dying_enemy() {
    let mut b = fighter("B", 1, 10);
    b.hp = Some(5);
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    run(&mut st, shoot(1, "none"), &[6, 4, 5, 3]);
    assert!(st.finished.is_none());
    // ROF 2: the second shot goes at the only enemy left, Mortally Wounded.
    assert_eq!(
        Red::next_command(&st),
        Some(cmd(
            json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0})
        ))
    );
}

#[test]
fn red_37_on_a_grid_with_reach_under_a_square_the_tactic_steps_onto_the_target() {
    // RED-11 / RED-37: a 2 m square is beyond a 1 m reach; the tactic used to "move" the
    // fighter to where it already stood. Found by the mutated-setup property test.
    let mut a = fighter("A", 0, 0);
    a.weapons.clear();
    let mut s = setup(vec![a, fighter("B", 1, 1)]);
    s.settings.grid = true;
    s.settings.reach = 1;
    let st = begin(&s, &[5, 3]).0;
    assert_eq!(
        Red::next_command(&st),
        Some(cmd(json!({"type": "move", "actor": 0, "to": 1})))
    );
}

#[test]
fn red_10_a_delayed_attack_with_a_dropped_weapon_is_refused() {
    let mut st = armed_b(10);
    run(&mut st, end(0), &[]);
    run(
        &mut st,
        cmd(json!({"type": "drop", "actor": 1, "weapon": 0})),
        &[],
    );
    let delay = |w: usize| {
        cmd(
            json!({"type": "delay", "actor": 1, "trigger": {"type": "moves", "who": 0},
            "action": {"type": "attack", "actor": 1, "target": 0, "weapon": w}}),
        )
    };
    let e = refuse(&mut st, delay(0));
    assert_eq!(e.rule, "RED-09");
    assert_eq!(
        e.message,
        "B's pistol is on the floor: a delayed attack with it could never fire"
    );
    // The backup, still in hand, may be held.
    run(&mut st, delay(1), &[]);
}
