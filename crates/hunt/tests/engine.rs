//! The encounter engine on scripted dice.

mod common;

use common::*;
use fray_dice::Session;
use fray_hunt::*;

use Tactic::{AimedFire, BarrageFire, Counterattack, Flee, Hide, Onslaught, Pursue, Search};

const NO: Tactic = Tactic::None;

fn rule(r: Result<Vec<Event>, fray_dice::RuleError>) -> (String, String) {
    let e = r.expect_err("should be refused");
    (e.rule.to_string(), e.message)
}

fn has(events: &[Event], pred: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(pred)
}

#[test]
fn hunt_03_surprise_attack_first_strike_and_no_tactic() {
    // HUNT-03: search 18 > precautions 3: Near (the hunter's distance), prey has no tactic,
    // the hunter strikes first although its total is lower.
    let mut s = setup(Distance::Medium);
    s.opening = Opening::Search {
        hunter_distance: Distance::Near,
        prey_distance: Some(Distance::Far),
        search_dice: None,
        precaution_dice: None,
    };
    let (mut st, ev) = start(&s, &[6, 6, 6, 1, 1, 1]);
    assert!(has(&ev, |e| matches!(
        e,
        Event::Searched {
            surprised: true,
            ..
        }
    )));
    assert_eq!(st.distance, Distance::Near);
    let (r, m) = rule(apply(
        &mut st,
        Command::Declare(decl("P", Some("knife"), 1, 2, 0, Flee)),
        &[],
    ));
    assert_eq!(r, "HUNT-03", "{m}");
    let ev = turn(
        &mut st,
        decl("H", Some("knife"), 1, 1, 0, NO),
        decl("P", Some("knife"), 1, 2, 0, NO),
        &[1, 1, 2, 6, 6],
    );
    let first = strikes(&ev)[0];
    assert!(
        matches!(first, Event::Strike { attacker, order: 0, attack_total: 2, .. } if attacker == "H")
    );
}

#[test]
fn hunt_04_prey_not_caught_picks_far() {
    // HUNT-04: search 3 ≤ precautions 18: the prey starts at Far and may use a tactic.
    let mut s = setup(Distance::Medium);
    s.opening = Opening::Search {
        hunter_distance: Distance::Near,
        prey_distance: Some(Distance::Far),
        search_dice: None,
        precaution_dice: None,
    };
    let (mut st, _) = start(&s, &[1, 1, 1, 6, 6, 6]);
    assert_eq!(st.distance, Distance::Far);
    // The prey may pick Far or Medium, not force Near on a hunter that wants distance.
    let mut near = s.clone();
    near.opening = Opening::Search {
        hunter_distance: Distance::Far,
        prey_distance: Some(Distance::Near),
        search_dice: None,
        precaution_dice: None,
    };
    let e = fray_dice::Session::<Hunt>::start(near, 1, 0).unwrap_err();
    assert_eq!(e.rule, "HUNT-04");
    apply(
        &mut st,
        Command::Declare(decl("P", None, 3, 0, 0, Flee)),
        &[],
    )
    .unwrap();
}

#[test]
fn hunt_05_distance_changes_at_the_end_of_the_turn() {
    // HUNT-05: the prey flees at Medium; the shot of this turn is at Medium, then the
    // distance is Far; a weapon that does not reach Far is refused there. (The fleer
    // strikes at nobody: its −1 Attack −1 Damage are 2 Defense dice for H, HUNT-08.)
    let mut s = setup(Distance::Medium);
    s.fighters[0].weapons[0].range = Distance::Medium;
    let (mut st, _) = start(&s, &[]);
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 0, NO),
        decl("P", None, 2, 0, 0, Flee),
        &[1, 1, 6, 6, 6, 1],
    );
    assert!(matches!(
        strikes(&ev)[0],
        Event::Strike {
            distance: Distance::Medium,
            ..
        }
    ));
    assert!(has(&ev, |e| matches!(
        e,
        Event::DistanceChanged {
            from: Distance::Medium,
            to: Distance::Far
        }
    )));
    assert_eq!(st.distance, Distance::Far);
    let (r, m) = rule(apply(
        &mut st,
        Command::Declare(decl("H", Some("rifle"), 0, 1, 0, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-05", "{m}");
}

#[test]
fn hunt_06_caps_pool_and_distance_are_checked_and_refusals_change_nothing() {
    // HUNT-06: each broken cap is named.
    let setup = setup(Distance::Near);
    let mut session = Session::<Hunt>::start(setup, 1, 0).unwrap();
    let cases = [
        (decl("H", Some("knife"), 4, 1, 1, NO), "HUNT-06", "Agility"),
        (decl("H", Some("knife"), 1, 4, 1, NO), "HUNT-06", "Agility"),
        (decl("H", Some("knife"), 1, 1, 4, NO), "HUNT-06", "Strength"),
        (
            decl("H", Some("rifle"), 1, 1, 4, NO),
            "HUNT-06",
            "Marksmanship",
        ),
        (
            decl("H", Some("knife"), 3, 3, 3, NO),
            "HUNT-06",
            "combat potential",
        ),
        (decl("H", None, 1, 1, 1, NO), "HUNT-06", "needs a weapon"),
        (
            decl("H", Some("axe"), 1, 1, 1, NO),
            "HUNT-06",
            "no weapon named",
        ),
        (decl("H", None, 3, 0, 0, Hide), "HUNT-20", "Near"),
    ];
    let state = serde_json::to_string(session.state()).unwrap();
    let pos = session.dice_position();
    for (d, id, words) in cases {
        let e = session.apply(Command::Declare(d)).unwrap_err();
        assert_eq!(e.rule, id, "{}", e.message);
        assert!(
            e.message.contains(words),
            "{} should mention {words}",
            e.message
        );
        assert_eq!(serde_json::to_string(session.state()).unwrap(), state);
        assert_eq!(session.dice_position(), pos);
    }
    // Melee only at Near; Onslaught and Counterattack only at Near.
    let (mut st, _) = start(&setup_at(Distance::Medium), &[]);
    let (r, m) = rule(apply(
        &mut st,
        Command::Declare(decl("H", Some("knife"), 1, 1, 1, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-06", "{m}");
    assert!(m.contains("melee"));
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("H", Some("rifle"), 1, 1, 1, Onslaught)),
        &[],
    ));
    assert_eq!(r, "HUNT-18");
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("H", Some("rifle"), 1, 1, 1, Counterattack)),
        &[],
    ));
    assert_eq!(r, "HUNT-19");
}

fn setup_at(d: Distance) -> Setup {
    setup(d)
}

/// Turn 1 at Near: the hunter's rifle (Attack 1, Damage 2) hits an unarmed prey whose
/// Damage dice show `damage`; then the Endurance tests.
fn crit_turn(damage: [u32; 2], tests: &[u32]) -> (State, Vec<Event>) {
    let (mut st, _) = start(&setup(Distance::Near), &[]);
    let mut dice = vec![1];
    dice.extend(damage);
    dice.extend(tests);
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 2, NO),
        decl("P", None, 0, 0, 0, NO),
        &dice,
    );
    (st, ev)
}

#[test]
fn hunt_12_fall_weapon_lost_stun_and_bleeding_act_next_turn() {
    // 1-1: a Fall: no tactic next turn, −1 Defense die.
    let (mut st, ev) = crit_turn([1, 1], &[]);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Strike { criticals, .. } if criticals == &["fall"])
    ));
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("P", None, 2, 0, 0, Flee)),
        &[],
    ));
    assert_eq!(r, "HUNT-12");
    let ev = turn(
        &mut st,
        decl("H", None, 0, 0, 0, NO),
        decl("P", None, 2, 0, 0, NO),
        &[1],
    );
    assert!(has(
        &ev,
        |e| matches!(e, Event::Defense { fighter, dice: 1, .. } if fighter == "P")
    ));
    // 3-3: Weapon Lost: the knife drops, cannot be used, is picked up at the end of a
    // turn without moving; fleeing loses it for good.
    let (mut st, ev) = crit_turn([3, 3], &[]);
    assert!(has(
        &ev,
        |e| matches!(e, Event::WeaponChanged { status: WeaponStatus::Dropped, weapon, .. } if weapon == "knife")
    ));
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("P", Some("knife"), 0, 1, 0, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-12");
    let ev = turn(
        &mut st,
        decl("H", None, 0, 0, 0, NO),
        decl("P", None, 0, 0, 0, NO),
        &[],
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::WeaponChanged {
            status: WeaponStatus::Ready,
            ..
        }
    )));
    let (mut st, _) = crit_turn([4, 4], &[1, 1]);
    let ev = turn(
        &mut st,
        decl("H", None, 0, 0, 0, NO),
        decl("P", None, 0, 0, 0, Flee),
        &[1, 1, 1],
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::WeaponChanged {
            status: WeaponStatus::Lost,
            ..
        }
    )));
    // 5-5: Stun: no tactic, combat potential 8 − 1 double = 7.
    let (mut st, _) = crit_turn([5, 5], &[1, 1]);
    assert_eq!(st.pool(1), 7);
    let (r, m) = rule(apply(
        &mut st,
        Command::Declare(decl("P", Some("knife"), 3, 3, 2, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-06");
    assert!(m.contains("stunned"), "{m}");
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("P", None, 3, 0, 0, Flee)),
        &[],
    ));
    assert_eq!(r, "HUNT-12");
    // 6-6: Bleeding: one damage point at the end of every later turn (not this one).
    let (mut st, ev) = crit_turn([6, 6], &[1, 1]);
    assert!(!has(&ev, |e| matches!(e, Event::Bled { .. })));
    let ev = turn(
        &mut st,
        decl("H", None, 0, 0, 0, NO),
        decl("P", None, 0, 0, 0, NO),
        &[6],
    );
    assert!(has(&ev, |e| matches!(e, Event::Bled { points: 1, .. })));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Wounded { failures: 1, .. }
    )));
}

#[test]
fn hunt_13_wound_penalties_apply_from_next_turn_and_accumulate() {
    // HUNT-13: 2 failed tests → heavy wound: Endurance 3 − 2, Strength 3 − 1.
    let (mut st, ev) = crit_turn([5, 6], &[6, 6]);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Wounded { failures: 2, level, .. } if level == "heavy wound")
    ));
    let s = st.stats(1);
    assert_eq!((s.endurance, s.strength, s.agility), (1, 2, 3));
    let (r, m) = rule(apply(
        &mut st,
        Command::Declare(decl("P", Some("knife"), 1, 1, 3, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-06");
    assert!(m.contains("Strength"));
    // [default] another wound adds its penalty: a light wound → Endurance 0.
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 1, NO),
        decl("P", None, 0, 0, 0, NO),
        &[1, 6, 6],
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::Wounded { failures: 1, .. }
    )));
    assert_eq!(st.stats(1).endurance, 0);
    // Only the worst wound counts when the setting says so.
    st.accumulate_wounds = false;
    assert_eq!(st.stats(1).endurance, 1);
    // 3 failed tests: maimed (Agility and Marksmanship −2); 4: dead, and the dead never act.
    let (mut st, _) = start(&setup(Distance::Near), &[]);
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 3, NO),
        decl("P", None, 0, 0, 0, NO),
        &[1, 4, 5, 6, 6, 6, 6],
    );
    assert!(has(
        &ev,
        |e| matches!(e, Event::Wounded { failures: 3, level, .. } if level == "maimed")
    ));
    let s = st.stats(1);
    assert_eq!(
        (s.endurance, s.strength, s.agility, s.marksmanship),
        (1, 2, 1, 1)
    );
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 3, AimedFire),
        decl("P", None, 0, 0, 0, NO),
        &[1, 1, 1, 4, 5, 6, 6, 6, 6, 6, 6],
    );
    assert!(has(&ev, |e| matches!(e, Event::Died { .. })));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Ended {
            winner: Some(Side::Hunter),
            ..
        }
    )));
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("P", None, 0, 0, 0, NO)),
        &[],
    ));
    assert_eq!(r, "ended");
}

#[test]
fn hunt_14_escape_from_far_ends_the_hunt_and_a_passed_trap_test_gives_immunity() {
    // HUNT-14: at Far a second successful flight is an escape.
    let (mut st, _) = start(&setup(Distance::Far), &[]);
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 0, NO),
        decl("P", None, 2, 0, 0, Flee),
        &[1, 1, 6, 6, 6, 1],
    );
    assert!(has(
        &ev,
        |e| matches!(e, Event::Escaped { fighter } if fighter == "P")
    ));
    assert_eq!(st.ending.as_ref().unwrap().winner, Some(Side::Prey));
    // Trap: caught, passes the Experience test → never caught again.
    let mut s = setup(Distance::Medium);
    s.location.trap = true;
    let (mut st, _) = start(&s, &[]);
    let mut lure = decl("P", None, 2, 0, 0, Flee);
    lure.lure = true;
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 2, 1, 0, Pursue),
        lure,
        &[1, 1, 1, 6, 6, 6, 1, 1, 3, 3, 2],
    );
    assert!(has(
        &ev,
        |e| matches!(e, Event::Trap { caught: Some(t), .. } if t.passed)
    ));
    assert!(st.fighters[0].trap_immune);
}

#[test]
fn hunt_19_counterattack_window_and_resplit() {
    // HUNT-19: the declarations are secret; the counterattacker learns the hunter's Attack
    // dice (2), re-splits 2/1/1 → 3/1/0, and strikes after the hunter.
    let (mut st, _) = start(&setup(Distance::Near), &[]);
    let ev = apply(
        &mut st,
        Command::Declare(decl("H", Some("knife"), 1, 2, 1, NO)),
        &[],
    )
    .unwrap();
    let json = serde_json::to_string(&ev).unwrap();
    assert!(
        !json.contains("defense") && !json.contains("knife"),
        "{json}"
    );
    apply(
        &mut st,
        Command::Declare(decl("P", Some("knife"), 2, 1, 1, Counterattack)),
        &[],
    )
    .unwrap();
    let ev = apply(&mut st, Command::Resolve, &[]).unwrap();
    assert_eq!(
        ev,
        vec![Event::CounterattackWindow {
            fighter: "P".into(),
            sees: vec![SeenAttack {
                opponent: "H".into(),
                attack: 2
            }],
        }]
    );
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("H", Some("knife"), 2, 1, 1, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-19");
    let resplit = |fighter: &str, defense, attack, damage| {
        Command::Resplit(Resplit {
            fighter: fighter.into(),
            defense,
            attack,
            damage,
            split: vec![],
        })
    };
    assert_eq!(
        rule(apply(&mut st, resplit("H", 2, 1, 1), &[])).0,
        "HUNT-19"
    );
    assert_eq!(
        rule(apply(&mut st, resplit("P", 4, 0, 0), &[])).0,
        "HUNT-06"
    );
    let ev = apply(&mut st, resplit("P", 3, 1, 0), &[]).unwrap();
    assert_eq!(
        ev,
        vec![Event::Resplit {
            fighter: "P".into()
        }]
    );
    let ev = apply(&mut st, Command::Resolve, &[1, 1, 1, 1, 1, 1, 6]).unwrap();
    assert!(has(
        &ev,
        |e| matches!(e, Event::Revealed { declaration, .. } if &*declaration.fighter == "P" && declaration.defense == 3)
    ));
    let s = strikes(&ev);
    assert!(matches!(s[0], Event::Strike { attacker, hit: false, .. } if attacker == "H"));
    assert!(matches!(s[1], Event::Strike { attacker, hit: true, order: 1, .. } if attacker == "P"));
}

fn hide_setup() -> State {
    let (mut st, _) = start(&setup(Distance::Far), &[]);
    // The prey hides: test 2 (margin 1), Defense Experience 3 + 3 = 6 dice.
    let ev = turn(
        &mut st,
        decl("H", None, 0, 0, 0, NO),
        decl("P", None, 0, 0, 0, Hide),
        &[2, 1, 1, 1, 1, 1, 1],
    );
    assert!(has(&ev, |e| matches!(e, Event::Hid { turns: Some(3), .. })));
    st
}

#[test]
fn hunt_20_search_fails_three_times_and_the_trail_is_lost() {
    let mut st = hide_setup();
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("P", Some("rifle"), 0, 1, 0, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-20");
    let mut search = decl("H", None, 0, 0, 0, Search);
    search.distance = Some(Distance::Near);
    for k in 0..3 {
        let ev = turn(
            &mut st,
            search.clone(),
            decl("P", None, 0, 0, 0, Hide),
            &[6, 1, 1, 1, 1, 1, 1],
        );
        assert_eq!(has(&ev, |e| matches!(e, Event::TrailLost { .. })), k == 2);
    }
    assert_eq!(st.ending.as_ref().unwrap().winner, Some(Side::Prey));
}

#[test]
fn hunt_20_successful_search_resumes_at_the_searchers_distance() {
    let mut st = hide_setup();
    let mut search = decl("H", None, 0, 0, 0, Search);
    search.distance = Some(Distance::Near);
    // Failed search (margin 0 is below the hide's 1), then found (margin 2).
    let ev = turn(
        &mut st,
        search.clone(),
        decl("P", None, 0, 0, 0, Hide),
        &[3, 1, 1, 1, 1, 1, 1],
    );
    assert!(!has(&ev, |e| matches!(e, Event::Found { .. })));
    let ev = turn(
        &mut st,
        search,
        decl("P", None, 0, 0, 0, Hide),
        &[1, 1, 1, 1, 1, 1, 1],
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::Found {
            distance: Distance::Near,
            ..
        }
    )));
    assert_eq!(st.distance, Distance::Near);
    assert!(st.fighters[1].hidden.is_none());
}

#[test]
fn hunt_20_a_bleeding_hider_can_be_searched_for_ever() {
    let (mut st, _) = crit_turn([6, 6], &[1, 1]);
    st.distance = Distance::Far;
    let ev = turn(
        &mut st,
        decl("H", None, 0, 0, 0, NO),
        decl("P", None, 0, 0, 0, Hide),
        &[1, 1, 1, 1, 1, 1, 1, 1],
    );
    assert!(has(&ev, |e| matches!(e, Event::Hid { turns: None, .. })));
}

#[test]
fn hunt_21_prey_ambush_strikes_first_with_a_bonus() {
    // HUNT-21: a passed Experience test: the prey's distance, its attack first, +1 Attack.
    let mut s = setup(Distance::Medium);
    s.opening = Opening::Ambush {
        prey_distance: Distance::Near,
    };
    let (mut st, ev) = start(&s, &[2]);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Ambushed { test, .. } if test.passed)
    ));
    assert_eq!(st.distance, Distance::Near);
    let ev = turn(
        &mut st,
        decl("H", Some("knife"), 0, 1, 0, NO),
        decl("P", Some("knife"), 0, 1, 0, NO),
        &[6, 1, 1],
    );
    let s2 = strikes(&ev);
    assert!(
        matches!(s2[0], Event::Strike { attacker, attack_dice: 2, order: 0, .. } if attacker == "P")
    );
    // Failed ambush: a random distance (6 → Far).
    let (st, _) = start(&s, &[5, 6]);
    assert_eq!(st.distance, Distance::Far);
    // Against Barrage Fire the ambush gives nothing.
    let (mut st, _) = start(&s, &[2]);
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 2, 1, 1, BarrageFire),
        decl("P", Some("knife"), 0, 1, 0, NO),
        &[1, 1, 1, 1, 1, 2, 3],
    );
    let s3 = strikes(&ev);
    assert!(matches!(s3[0], Event::Strike { attacker, .. } if attacker == "H"));
    assert!(matches!(s3[1], Event::Strike { attack_dice: 1, .. }));
}

#[test]
fn hunt_22_and_hunt_27_ammunition() {
    // HUNT-27: each shot uses a round; HUNT-22: Barrage Fire two.
    let (mut st, _) = start(&setup(Distance::Medium), &[]);
    turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 0, NO),
        decl("P", None, 0, 0, 0, NO),
        &[1],
    );
    assert_eq!(st.fighters[0].weapons[0].weapon.ammo, Some(4));
    turn(
        &mut st,
        decl("H", Some("rifle"), 2, 1, 0, BarrageFire),
        decl("P", None, 0, 0, 0, NO),
        &[1, 1, 1, 1, 2],
    );
    assert_eq!(st.fighters[0].weapons[0].weapon.ammo, Some(2));
    turn(
        &mut st,
        decl("H", Some("rifle"), 2, 1, 0, BarrageFire),
        decl("P", None, 0, 0, 0, NO),
        &[1, 1, 1, 1, 2],
    );
    assert_eq!(st.fighters[0].weapons[0].weapon.ammo, Some(0));
    let (r, m) = rule(apply(
        &mut st,
        Command::Declare(decl("H", Some("rifle"), 0, 1, 0, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-27", "{m}");
    // One round left: Barrage Fire keeps its −2 Defense but loses its bonuses.
    st.fighters[0].weapons[0].weapon.ammo = Some(1);
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 2, 1, 0, BarrageFire),
        decl("P", None, 0, 0, 0, NO),
        &[1],
    );
    assert!(matches!(
        strikes(&ev)[0],
        Event::Strike { attack_dice: 1, .. }
    ));
    assert!(has(
        &ev,
        |e| matches!(e, Event::Defense { fighter, dice: 0, .. } if fighter == "H")
    ));
}

#[test]
fn hunt_23_extraneous_actions() {
    let (mut st, _) = start(&setup(Distance::Medium), &[]);
    st.fighters[0].weapons[0].weapon.ammo = Some(0);
    let mut reload = decl("H", Some("rifle"), 4, 0, 0, NO);
    reload.action = Some(Extraneous::Reload);
    let mut bad = reload.clone();
    bad.defense = 5;
    let (r, m) = rule(apply(&mut st, Command::Declare(bad), &[]));
    assert_eq!(r, "HUNT-23", "{m}");
    let mut bad = reload.clone();
    bad.tactic = Flee;
    assert_eq!(
        rule(apply(&mut st, Command::Declare(bad), &[])).0,
        "HUNT-23"
    );
    let mut bad = reload.clone();
    bad.attack = 1;
    assert_eq!(
        rule(apply(&mut st, Command::Declare(bad), &[])).0,
        "HUNT-23"
    );
    reload.defense = 3;
    let ev = turn(&mut st, reload, decl("P", None, 0, 0, 0, NO), &[1, 1, 1]);
    assert!(has(&ev, |e| matches!(
        e,
        Event::Ammo {
            left: 5,
            spare: 0,
            ..
        }
    )));
    // First aid stops bleeding.
    let (mut st, _) = crit_turn([6, 6], &[1, 1]);
    let mut aid = decl("P", None, 1, 0, 0, NO);
    aid.action = Some(Extraneous::FirstAid);
    // No bleeding at the end of this turn: only the Defense die is rolled.
    let ev = turn(&mut st, decl("H", None, 0, 0, 0, NO), aid, &[1]);
    assert!(!has(&ev, |e| matches!(e, Event::Bled { .. })));
    assert!(has(&ev, |e| matches!(e, Event::Bandaged { .. })));
    assert_eq!(st.fighters[1].bleeding, 0);
}

fn two_hunters(distance: Distance) -> State {
    let mut s = setup(distance);
    let mut h2 = s.fighters[0].clone();
    h2.name = "H2".into();
    s.fighters.insert(1, h2);
    start(&s, &[]).0
}

#[test]
fn hunt_24_several_opponents_need_a_target_or_a_split() {
    let mut st = two_hunters(Distance::Medium);
    let (r, _) = rule(apply(
        &mut st,
        Command::Declare(decl("P", Some("rifle"), 0, 2, 2, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-24");
    let mut d = decl("P", Some("rifle"), 0, 0, 0, NO);
    d.split = vec![
        Allocation {
            target: "H".into(),
            attack: 1,
            damage: 1,
        },
        Allocation {
            target: "H2".into(),
            attack: 1,
            damage: 1,
        },
    ];
    apply(&mut st, Command::Declare(d.clone()), &[]).unwrap();
    let mut twice = d.clone();
    twice.split[1].target = "H".into();
    let (r, m) = rule(apply(&mut st, Command::Declare(twice), &[]));
    assert_eq!(r, "HUNT-24");
    assert!(m.contains("H appears twice"), "{m}");
    d.split[0].attack = 3;
    let (r, m) = rule(apply(&mut st, Command::Declare(d), &[]));
    assert_eq!(r, "HUNT-06", "{m}: 3 + 1 over Agility 3");
}

#[test]
fn hunt_26_melee_against_several_costs_potential() {
    // HUNT-26: at Near against two hunters the prey has 8 − 1 = 7 dice; at Medium 8.
    let st = two_hunters(Distance::Near);
    assert_eq!(st.pool(2), 7);
    let mut st2 = st.clone();
    let mut d = decl("P", Some("knife"), 3, 3, 2, NO);
    d.target = Some("H".into());
    let (r, m) = rule(apply(&mut st2, Command::Declare(d), &[]));
    assert_eq!(r, "HUNT-06");
    assert!(m.contains("HUNT-26"), "{m}");
    assert_eq!(two_hunters(Distance::Medium).pool(2), 8);
}

#[test]
fn declarations_arrive_in_any_order_and_can_be_replaced_until_resolution() {
    let (mut st, _) = start(&setup(Distance::Medium), &[]);
    let (r, m) = rule(apply(&mut st, Command::Resolve, &[]));
    assert_eq!(r, "HUNT-06");
    assert!(m.contains("H, P"), "{m}");
    apply(&mut st, Command::Declare(decl("P", None, 3, 0, 0, NO)), &[]).unwrap();
    let ev = apply(&mut st, Command::Declare(decl("P", None, 2, 0, 0, NO)), &[]).unwrap();
    assert_eq!(
        ev,
        vec![Event::Declared {
            fighter: "P".into(),
            replaced: true
        }]
    );
    apply(&mut st, Command::Declare(decl("H", None, 1, 0, 0, NO)), &[]).unwrap();
    let ev = apply(&mut st, Command::Resolve, &[1, 1, 1]).unwrap();
    assert!(has(
        &ev,
        |e| matches!(e, Event::Revealed { declaration, .. } if &*declaration.fighter == "P" && declaration.defense == 2)
    ));
    assert_eq!(st.round, 2);
}

#[test]
fn commands_and_setups_read_from_json() {
    let cmd: Command = serde_json::from_str(
        r#"{"type":"declare","fighter":"H","weapon":"rifle","defense":1,"attack":2,"damage":2,"tactic":"aimed_fire"}"#,
    )
    .unwrap();
    assert!(matches!(cmd, Command::Declare(ref d) if d.tactic == AimedFire));
    assert!(
        serde_json::from_str::<Command>(r#"{"type":"declare","fighter":"H","bogus":1}"#).is_err()
    );
    let resolve: Command = serde_json::from_str(r#"{"type":"resolve"}"#).unwrap();
    assert_eq!(resolve, Command::Resolve);
    let setup: Setup = serde_json::from_value(serde_json::json!({
        "fighters": [
            {"name": "H", "side": "hunter", "stats": {"agility": 3, "potential": 6},
             "weapons": [{"name": "rifle", "kind": "ranged", "ammo": 5}]},
            {"name": "P", "side": "prey", "stats": {"agility": 3, "potential": 6}}
        ],
        "opening": {"type": "ambush", "prey_distance": "near"}
    }))
    .unwrap();
    assert_eq!(setup.max_rounds, 100);
    assert_eq!(setup.rules, Rules::default());
}

#[test]
fn a_side_sees_only_that_the_other_declared() {
    let (mut st, _) = start(&setup(Distance::Medium), &[]);
    apply(
        &mut st,
        Command::Declare(decl("H", Some("rifle"), 1, 2, 2, AimedFire)),
        &[],
    )
    .unwrap();
    let prey_view = serde_json::to_string(&st.view_for(Side::Prey)).unwrap();
    assert!(!prey_view.contains("aimed_fire"), "{prey_view}");
    assert!(st.view_for(Side::Prey).declarations[0].is_some());
    let own = st.view_for(Side::Hunter);
    assert_eq!(own.declarations[0].as_ref().unwrap().tactic, AimedFire);
}

#[test]
fn setups_are_checked() {
    let mut s = setup(Distance::Near);
    s.fighters[1].side = Side::Hunter;
    assert_eq!(
        fray_dice::Session::<Hunt>::start(s, 1, 0).unwrap_err().rule,
        "setup"
    );
    let mut s = setup(Distance::Near);
    s.fighters[0].weapons[0].threshold = 0;
    assert_eq!(
        fray_dice::Session::<Hunt>::start(s, 1, 0).unwrap_err().rule,
        "setup"
    );
    let mut s = setup(Distance::Near);
    s.fighters[1].name = "H".into();
    assert_eq!(
        fray_dice::Session::<Hunt>::start(s, 1, 0).unwrap_err().rule,
        "setup"
    );
    // Stats are bounded so no exchange of a valid setup can pass MAX_ROLL_DICE (a potential
    // of 260 once made every Resolve of the default tactic a refusal).
    let mut s = setup(Distance::Near);
    s.fighters[0].stats.potential = MAX_STAT + 1;
    let e = fray_dice::Session::<Hunt>::start(s, 1, 0).unwrap_err();
    assert_eq!(e.rule, "setup");
    assert!(e.message.contains("allowed 0..=20"), "{e}");
    let mut s = setup(Distance::Near);
    s.fighters[0].stats.potential = MAX_STAT;
    assert!(fray_dice::Session::<Hunt>::start(s, 1, 0).is_ok());
    let mut s = setup(Distance::Near);
    s.rules.hide_dice = 11;
    assert_eq!(
        fray_dice::Session::<Hunt>::start(s, 1, 0).unwrap_err().rule,
        "setup"
    );
}

#[test]
fn hunt_25_crossfire_in_an_encounter() {
    // HUNT-25: two hunters shoot the prey from two directions: Defense 12 counts as 9.
    let shoot = |st: &mut State| {
        for h in ["H", "H2"] {
            let mut d = decl(h, Some("rifle"), 0, 1, 0, NO);
            d.target = Some("P".into());
            apply(st, Command::Declare(d), &[]).unwrap();
        }
        apply(st, Command::Declare(decl("P", None, 2, 0, 0, NO)), &[]).unwrap();
        apply(st, Command::Resolve, &[6, 6, 1, 1]).unwrap()
    };
    let mut st = two_hunters(Distance::Medium);
    let ev = shoot(&mut st);
    assert!(strikes(&ev).iter().all(|e| matches!(
        e,
        Event::Strike {
            defense_total: 9,
            ..
        }
    )));
    // Shooting from one direction (shared `direction`): no penalty.
    let mut s = setup(Distance::Medium);
    let mut h2 = s.fighters[0].clone();
    h2.name = "H2".into();
    s.fighters.insert(1, h2);
    s.fighters[0].direction = Some(7);
    s.fighters[1].direction = Some(7);
    let (mut st, _) = start(&s, &[]);
    let ev = shoot(&mut st);
    assert!(strikes(&ev).iter().all(|e| matches!(
        e,
        Event::Strike {
            defense_total: 12,
            ..
        }
    )));
}
