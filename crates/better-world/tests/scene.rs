//! Issue 23's Better World readings, with scripted dice: cover that comes with a position
//! (BW-35), guns and thrown knives in melee (BW-22, BW-23), a knocked-away weapon picked up
//! (BW-27), the Main → Additional trade and Quick Shot's direction (BW-12, BW-36), joining
//! (BW-10) and the round limit.

mod common;

use common::*;
use fray_better_world::*;
use fray_dice::{AutoPlay, Catalog};

fn zone(from: i32, to: i32, cover: Cover) -> CoverZone {
    CoverZone { from, to, cover }
}

fn difficulty(events: &[Event]) -> u32 {
    attacks(events)[0].2
}

fn walk(actor: usize, to: i32) -> Command {
    Command::Move {
        actor,
        to,
        sprint: false,
        engage: None,
        sector: None,
    }
}

#[test]
fn bw_35_cover_belongs_to_the_position_and_changes_with_movement() {
    // A stands in a Normal-cover stretch (0–1 m); B shoots from 10 m (Near 3K).
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let mut b = fighter("B", 1, 10, 2);
    b.weapons = vec![pistol()];
    let mut s = setup(vec![a, b]);
    s.settings.cover_zones = vec![zone(0, 1, Cover::Normal)];
    let (mut state, _) = started(&s, &[]);
    assert_eq!(state.fighters[0].character.cover, Cover::Normal);
    run(&mut state, end(0), &[]).unwrap();
    // Near 3K + Normal cover 2K = 5K.
    let e = run(
        &mut state,
        Command::Attack(strike(1, 0)),
        &[0, 0, 0, 1, 1, 1, 1, 1],
    )
    .unwrap();
    assert_eq!(difficulty(&e), 5);
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    // Sprinting out onto open ground: no cover, so no Reaction either (BW-37).
    let e = run(&mut state, walk(0, 4), &[]).unwrap();
    assert!(has(&e, |e| matches!(
        e,
        Event::CoverChanged {
            cover: Cover::None,
            ..
        }
    )));
    run(&mut state, end(0), &[]).unwrap();
    let e = run(
        &mut state,
        Command::Attack(strike(1, 0)),
        &[0, 0, 0, 1, 1, 1],
    )
    .unwrap();
    assert_eq!(difficulty(&e), 3);
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    assert_eq!(
        rule(run(&mut state, Command::Reaction { actor: 0 }, &[])),
        "BW-37"
    );
    // Taking cover is moving into it.
    let e = run(&mut state, walk(0, 1), &[]).unwrap();
    assert!(has(&e, |e| matches!(
        e,
        Event::CoverChanged {
            cover: Cover::Normal,
            ..
        }
    )));
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    run(&mut state, Command::Reaction { actor: 0 }, &[]).unwrap();
}

#[test]
fn bw_35_a_character_s_own_cover_stays_until_it_moves() {
    // Without zones (older setups), `cover` is the cover of the starting spot: kept while
    // the character stays, lost when it walks away.
    let mut a = fighter("A", 0, 0, 3);
    a.cover = Cover::Light;
    let b = fighter("B", 1, 20, 2);
    let (mut state, _) = started(&setup(vec![a, b]), &[]);
    run(&mut state, walk(0, 0), &[]).unwrap();
    assert_eq!(state.fighters[0].character.cover, Cover::Light);
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    run(&mut state, walk(0, -3), &[]).unwrap();
    assert_eq!(state.fighters[0].character.cover, Cover::None);
}

#[test]
fn bw_35_the_tactic_steps_into_cover_before_shooting() {
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let mut b = fighter("B", 1, 20, 2);
    b.weapons = vec![pistol()];
    let mut s = setup(vec![a, b]);
    s.settings.cover_zones = vec![zone(-3, -2, Cover::Light), zone(3, 5, Cover::Heavy)];
    let (state, _) = started(&s, &[]);
    // The best cover within a Move (4 m): heavy, nearest point 3 m.
    assert_eq!(BetterWorld::next_command(&state), Some(walk(0, 3)));
}

/// A (pistol, +1K accuracy) engaged with B (fists) at 2 m / 3 m, A's turn; `None` keeps
/// the default `settings.firearm_in_melee`.
fn gun_in_melee(ammo: Option<u32>, firearm: Option<FirearmInMelee>) -> State {
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![Weapon { ammo, ..pistol() }];
    let b = fighter("B", 1, 3, 2);
    let mut s = setup(vec![a, b]);
    if let Some(firearm) = firearm {
        s.settings.firearm_in_melee = firearm;
    }
    let (mut state, _) = started(&s, &[]);
    run(&mut state, engage(0, 2, 1), &[]).unwrap();
    state
}

fn damage_and_ammo(events: &[Event]) -> (u32, u32) {
    let dealt = events
        .iter()
        .find_map(|e| match e {
            Event::Damaged { effective, .. } => Some(*effective),
            _ => None,
        })
        .expect("a hit");
    let spent = events
        .iter()
        .filter_map(|e| match e {
            Event::AmmoSpent { rounds, .. } => Some(*rounds),
            _ => None,
        })
        .sum();
    (dealt, spent)
}

/// The melee check of the first attack: (melee rules, aspect, pool, difficulty).
fn melee_check(events: &[Event]) -> (bool, Aspect, u32, u32) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attacked {
                melee,
                aspect,
                pool,
                difficulty,
                ..
            } => Some((*melee, *aspect, *pool, *difficulty)),
            _ => None,
        })
        .expect("an attack")
}

#[test]
fn bw_22_by_default_a_gun_in_melee_is_fired_by_melee_rules() {
    // «возможно применение огнестрельного оружия, однако атака будет совершаться по
    // правилам рукопашного боя … Преимущество точности дальнобойного оружия не будет
    // работать»: the default fires the gun. Melee check: A's unarmed aspect Training 2
    // (not Perception), no +1K accuracy bonus, against B's melee aspect 2K (not a distance
    // difficulty); A rolls 1 1, B 0 0: 2 bonus units + the pistol's 2 = 4, one round spent.
    assert_eq!(Settings::default().firearm_in_melee, FirearmInMelee::Shot);
    let mut state = gun_in_melee(Some(8), None);
    let e = run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    assert_eq!(melee_check(&e), (true, Aspect::Training, 2, 2));
    assert_eq!(damage_and_ammo(&e), (4, 1));
    assert_eq!(state.fighters[0].character.weapons[0].ammo, Some(7));
    assert_eq!(state.fighters[1].hits, 2);
    // Empty: it cannot fire, so it strikes as a blow (2, nothing spent).
    let mut state = gun_in_melee(Some(0), None);
    let e = run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    assert_eq!(melee_check(&e), (true, Aspect::Training, 2, 2));
    assert_eq!(damage_and_ammo(&e), (2, 0));
    assert_eq!(state.fighters[0].character.weapons[0].ammo, Some(0));
    // Uncounted ammunition never runs out: fired, nothing to count.
    let mut state = gun_in_melee(None, None);
    let e = run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    assert_eq!(damage_and_ammo(&e), (4, 0));
}

#[test]
fn bw_22_a_shot_in_melee_is_no_burst() {
    // By melee rules: the ranged-only actions are refused at melee range and change nothing.
    let mut state = gun_in_melee(Some(8), None);
    let before = state.clone();
    let refused = run(&mut state, Command::ShortBurst(strike(0, 1)), &[]).unwrap_err();
    assert_eq!(refused.rule, "BW-22");
    assert_eq!(state, before);
}

#[test]
fn bw_22_the_blow_setting_strikes_without_firing() {
    // `blow`: melee aspects (Training 2), no accuracy bonus (the pistol's +1K), no
    // ammunition, the damage of a blow: trivial 2 (2 ones against 0), not 2 + the pistol's 2.
    for ammo in [Some(8), Some(0), None] {
        let mut state = gun_in_melee(ammo, Some(FirearmInMelee::Blow));
        let e = run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
        assert_eq!(melee_check(&e), (true, Aspect::Training, 2, 2));
        assert_eq!(damage_and_ammo(&e), (2, 0), "ammo {ammo:?}");
        assert_eq!(state.fighters[0].character.weapons[0].ammo, ammo);
    }
}

#[test]
fn bw_22_the_shot_setting_written_out_fires_point_blank_while_loaded() {
    let mut state = gun_in_melee(Some(8), Some(FirearmInMelee::Shot));
    let e = run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    assert_eq!(damage_and_ammo(&e), (4, 1));
    let mut state = gun_in_melee(Some(0), Some(FirearmInMelee::Shot));
    let e = run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    assert_eq!(damage_and_ammo(&e), (2, 0));
}

#[test]
fn bw_23_a_thrown_knife_held_in_melee_is_a_knife() {
    // Knife aspects (Sleight of Hand 3 beats Training 2), the knife's bonus and damage.
    let mut a = fighter("A", 0, 0, 3);
    a.aspects.insert(Aspect::SleightOfHand, 3);
    a.weapons = vec![Weapon {
        name: "throwing knife".into(),
        kind: WeaponKind::ThrownKnife,
        effectiveness: 1,
        bonus: 1,
        ammo: Some(1),
        ..Weapon::default()
    }];
    let b = fighter("B", 1, 3, 2);
    let (mut state, _) = started(&setup(vec![a, b]), &[]);
    run(&mut state, engage(0, 2, 1), &[]).unwrap();
    let e = run(
        &mut state,
        Command::Attack(strike(0, 1)),
        &[1, 1, 1, 1, 0, 0],
    )
    .unwrap();
    assert!(has(&e, |e| matches!(
        e,
        Event::Attacked {
            aspect: Aspect::SleightOfHand,
            pool: 4,
            ..
        }
    )));
    assert_eq!(damage_and_ammo(&e), (5, 0));
}

#[test]
fn bw_27_a_knocked_away_weapon_lands_two_metres_off_and_can_be_picked_up() {
    let a = fighter("A", 0, 0, 3);
    let mut b = fighter("B", 1, 3, 2);
    b.weapons = vec![pistol()];
    let (mut state, _) = started(&setup(vec![a, b]), &[]);
    run(&mut state, engage(0, 2, 1), &[]).unwrap();
    // Disarm: Training 2 against 2 + 2K, 2 ones against 0; d8 = 3 (east): +2 m.
    let e = run(
        &mut state,
        Command::Disarm {
            actor: 0,
            target: 1,
        },
        &[1, 1, 0, 0, 0, 0, 3],
    )
    .unwrap();
    assert!(has(&e, |e| matches!(
        e,
        Event::Disarmed { direction: 3, .. }
    )));
    assert_eq!(
        state.fighters[1].dropped,
        vec![Dropped { weapon: 0, at: 5 }]
    );
    run(&mut state, end(0), &[]).unwrap();
    // At 3 m it lies 2 m away: out of reach (closer than 2 m).
    assert_eq!(
        rule(run(
            &mut state,
            Command::PickUp {
                actor: 1,
                weapon: None
            },
            &[]
        )),
        "BW-27"
    );
    // Stepping to it spends the Additional action, so picking up waits a turn (BW-12).
    // Leaving A's reach draws A's opportunity attack (miss: 0 of 2K against 3 of 2 + 1K).
    run(&mut state, walk(1, 5), &[]).unwrap();
    let take = Command::Opportunity {
        actor: 0,
        attack: true,
    };
    run(&mut state, take, &[0, 0, 1, 1, 1]).unwrap();
    assert_eq!(
        rule(run(
            &mut state,
            Command::PickUp {
                actor: 1,
                weapon: None
            },
            &[]
        )),
        "BW-12"
    );
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    // The tactic picks it up, and it is in hand again.
    assert_eq!(
        BetterWorld::next_command(&state),
        Some(Command::PickUp {
            actor: 1,
            weapon: None
        })
    );
    let e = run(
        &mut state,
        Command::PickUp {
            actor: 1,
            weapon: None,
        },
        &[],
    )
    .unwrap();
    assert!(has(&e, |e| matches!(e, Event::PickedUp { .. })));
    assert_eq!(state.fighters[1].wielded, Some(0));
    assert!(state.fighters[1].dropped.is_empty());
}

#[test]
fn bw_36_quick_shot_follows_the_preceding_move() {
    // «в том же направлении, что и основная атака или предшествующее движение»: A moved
    // towards B last turn; this turn, with no main attack, a Quick Shot at B is +2K, one at C
    // behind A +3K. Pistol (Near) at 16 m: Medium 4K + 1K.
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let b = fighter("B", 1, 20, 2);
    let c = fighter("C", 1, -16, 1);
    let (mut state, _) = started(&setup(vec![a, b, c]), &[]);
    run(&mut state, walk(0, 4), &[]).unwrap();
    // Without the trade, Move and Quick Shot both need the one Additional action (BW-12).
    assert_eq!(
        rule(run(&mut state, Command::QuickShot(strike(0, 1)), &[])),
        "BW-12"
    );
    for actor in [0, 1, 2] {
        run(&mut state, end(actor), &[]).unwrap();
    }
    run(&mut state, Command::NextRound, &[]).unwrap();
    let e = run(
        &mut state,
        Command::QuickShot(strike(0, 1)),
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(difficulty(&e), 7);
    let mut at_c = state.clone();
    at_c.fighters[0].last_move = 1;
    at_c.turn.as_mut().unwrap().additional = false;
    // C at 20 m behind: Medium 4K + 1K + 3K.
    let e = run(
        &mut at_c,
        Command::QuickShot(strike(0, 2)),
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    assert_eq!(difficulty(&e), 8);
}

#[test]
fn bw_12_main_as_additional_lets_a_move_and_a_quick_shot_share_a_turn() {
    // The setting `main_as_additional`: the Main action spent as a second Additional one.
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let b = fighter("B", 1, 20, 2);
    let mut s = setup(vec![a, b]);
    s.settings.main_as_additional = true;
    let (mut state, _) = started(&s, &[]);
    run(&mut state, walk(0, 4), &[]).unwrap();
    let e = run(
        &mut state,
        Command::QuickShot(strike(0, 1)),
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    )
    .unwrap();
    // Same direction as this turn's move: +2K.
    assert_eq!(difficulty(&e), 7);
    let turn = state.turn.unwrap();
    assert!(turn.main && turn.additional);
    assert_eq!(
        rule(run(&mut state, Command::Attack(strike(0, 1)), &[])),
        "BW-12"
    );
}

#[test]
fn bw_10_due_newcomers_join_before_the_next_round() {
    let a = fighter("A", 0, 0, 3);
    let b = fighter("B", 1, 20, 2);
    let mut c = fighter("C", 1, 30, 1);
    c.joins_round = Some(2);
    let (mut state, _) = started(&setup(vec![a, b, c.clone()]), &[]);
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    let refused = run(&mut state, Command::NextRound, &[]).unwrap_err();
    assert_eq!(refused.rule, "BW-10");
    assert!(refused.message.contains('C'), "{}", refused.message);
    run(&mut state, Command::Join { actors: vec![2] }, &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    assert_eq!(state.fighters[2].status, Status::Active);
    // A reserve that could never join within the round limit is refused at setup.
    c.joins_round = Some(101);
    let e = setup(vec![fighter("A", 0, 0, 3), c])
        .validate()
        .unwrap_err();
    assert!(
        e.message.contains("characters[1].joins_round"),
        "{}",
        e.message
    );
}

#[test]
fn max_rounds_is_1_to_1000_and_within_the_command_cap() {
    let mut s = BetterWorld::demo_setup();
    for (rounds, ok) in [
        (0, false),
        (2, true),
        (1000, true),
        (1001, false),
        (10_000, false),
    ] {
        s.settings.max_rounds = rounds;
        let r = s.validate();
        assert_eq!(r.is_ok(), ok, "{rounds}: {r:?}");
        if let Err(e) = r {
            assert!(
                e.message.contains("settings.max_rounds") && e.message.contains("1..=1000"),
                "{}",
                e.message
            );
        }
    }
    // 64 characters: a round may take 322 commands, so at most 310 rounds.
    let mut big = setup(
        (0..64)
            .map(|i| fighter(&format!("X{i}"), (i % 2) as u8, i, 1))
            .collect(),
    );
    big.settings.max_rounds = 311;
    let e = big.validate().unwrap_err();
    assert!(e.message.contains("1..=310"), "{}", e.message);
    big.settings.max_rounds = 310;
    big.validate().unwrap();
}

#[test]
fn bw_18_wound_penalties_are_bounded() {
    // BW-18/BW-21: +1K, +2K, +3K in the source; a huge one would overflow a difficulty.
    let mut s = BetterWorld::demo_setup();
    s.settings.health.dying_k = u32::MAX;
    let e = s.validate().unwrap_err();
    assert_eq!(e.rule, "BW-18");
    assert!(
        e.message.contains("dying_k") && e.message.contains("0..=10"),
        "{}",
        e.message
    );
    s.settings.health.dying_k = 10;
    s.validate().unwrap();
}
