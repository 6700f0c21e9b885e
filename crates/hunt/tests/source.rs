//! The readings of issue 23 ("rules as the sources say"), each on scripted dice.

mod common;

use common::*;
use fray_dice::{simulate, AutoPlay, Catalog, ErrorKind, EventLog, Rng, Ruleset, Scripted};
use fray_hunt::*;

use Tactic::{Ambush, Counterattack, Flee, Hide, Pursue, Search};

const NO: Tactic = Tactic::None;

fn side(fighter: FighterSpec, strike: Option<StrikeSpec>) -> DuelSide {
    DuelSide { fighter, strike }
}

fn has(events: &[Event], pred: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(pred)
}

fn refused(r: Result<Vec<Event>, fray_dice::RuleError>) -> (String, String) {
    let e = r.expect_err("should be refused");
    (e.rule.to_string(), e.message)
}

/// The prey hides at Far with the given hide roll (Experience 3): margin 3 − roll.
fn hidden_prey(s: &Setup, hide_roll: u32) -> State {
    let (mut st, _) = start(s, &[]);
    let ev = turn(
        &mut st,
        decl("H", None, 0, 0, 0, NO),
        decl("P", None, 0, 0, 0, Hide),
        &[hide_roll, 1, 1, 1, 1, 1, 1],
    );
    assert!(has(&ev, |e| matches!(e, Event::Hid { .. })));
    st
}

#[test]
fn hunt_20_a_search_that_ties_the_hide_finds_and_the_strict_reading_is_a_setting() {
    // HUNT-20: hide roll 1 → margin 2, the best an Experience-3 searcher can reach. The
    // default (at least equal) finds on a search roll of 1; `search = "better"` never can.
    let mut search = decl("H", None, 0, 0, 0, Search);
    search.distance = Some(Distance::Medium);
    let mut st = hidden_prey(&setup(Distance::Far), 1);
    let ev = turn(
        &mut st,
        search.clone(),
        decl("P", None, 0, 0, 0, Hide),
        &[1, 1, 1, 1, 1, 1, 1],
    );
    assert!(has(
        &ev,
        |e| matches!(e, Event::Found { by, .. } if by == "H")
    ));
    assert_eq!(st.distance, Distance::Medium);
    let mut strict = setup(Distance::Far);
    strict.rules.search = SearchRule::Better;
    let mut st = hidden_prey(&strict, 1);
    let ev = turn(
        &mut st,
        search,
        decl("P", None, 0, 0, 0, Hide),
        &[1, 1, 1, 1, 1, 1, 1],
    );
    assert!(!has(&ev, |e| matches!(e, Event::Found { .. })));
    assert!(st.fighters[1].hidden.is_some());
    assert_eq!(st.fighters[0].searches_failed, 1);
}

#[test]
fn hunt_20_giving_up_the_search_loses_the_trail_at_once() {
    // HUNT-20: a bleeding hider may be searched for ever; the searcher may give up instead.
    let mut st = hidden_prey(&setup(Distance::Far), 2);
    st.fighters[1].hidden = Some(Hidden {
        margin: 1,
        turns_left: None,
    });
    let mut quit = decl("H", None, 2, 0, 0, NO);
    quit.give_up = true;
    let mut with_tactic = quit.clone();
    with_tactic.tactic = Search;
    let (r, _) = refused(apply(&mut st, Command::Declare(with_tactic), &[]));
    assert_eq!(r, "HUNT-20");
    // H's 2 Defense dice, the hidden P's 6.
    let ev = turn(
        &mut st,
        quit.clone(),
        decl("P", None, 0, 0, 0, Hide),
        &[1, 1, 1, 1, 1, 1, 1, 1],
    );
    assert!(has(
        &ev,
        |e| matches!(e, Event::TrailLost { fighter } if fighter == "P")
    ));
    assert_eq!(st.fighters[1].status, Status::TrailLost);
    assert_eq!(st.ending.as_ref().unwrap().winner, Some(Side::Prey));
    // Nobody hidden: nothing to give up.
    let (mut open, _) = start(&setup(Distance::Far), &[]);
    let (r, m) = refused(apply(&mut open, Command::Declare(quit), &[]));
    assert_eq!(r, "HUNT-20", "{m}");
}

#[test]
fn hunt_20_the_default_hunter_gives_up_after_its_failed_searches() {
    // HUNT-20: an endless hide (a blood trail) with a margin no search reaches; a knife-only
    // hunter searches every turn and, with give_up_after 2, gives up on the third.
    let mut s = setup(Distance::Far);
    s.fighters[0].weapons = vec![knife()];
    s.fighters[1].weapons.clear();
    s.tactic.give_up_after = 2;
    let (mut st, _) = start(&s, &[]);
    st.fighters[1].hidden = Some(Hidden {
        margin: 9,
        turns_left: None,
    });
    let mut rng = Rng::new(5, 0);
    let mut log = EventLog::recording();
    while let Some(c) = Hunt::next_command(&st) {
        Hunt::apply(&mut st, &c, &mut rng, &mut log).unwrap();
    }
    let events = log.into_vec();
    let searches = events
        .iter()
        .filter(|e| matches!(e, Event::Test { purpose, .. } if purpose == "search"))
        .count();
    assert_eq!(searches, 2);
    assert!(has(
        &events,
        |e| matches!(e, Event::Revealed { declaration, .. } if declaration.give_up)
    ));
    assert_eq!(st.round, 3);
    assert_eq!(st.ending.as_ref().unwrap().winner, Some(Side::Prey));
}

#[test]
fn hunt_20_no_demo_fight_reaches_a_round_limit_of_1000() {
    // Issue 23: bleeding hiders used to stop 7 % of the demo fights at the round limit.
    let mut s = Hunt::demo_setup();
    s.max_rounds = 1000;
    let sum = simulate::<Hunt>(&s, 2000, 1, 2, None).unwrap();
    assert_eq!((sum.round_limit, sum.cut_off), (0, 0));
}

#[test]
fn numbers_that_drive_loops_are_bounded_naming_the_field() {
    let refuse = |edit: &dyn Fn(&mut Setup), field: &str, range: &str| {
        let mut s = setup(Distance::Medium);
        edit(&mut s);
        let mut log = EventLog::recording();
        let e = Hunt::start(&s, &mut Scripted::new([]), &mut log).unwrap_err();
        assert!(
            e.message.contains(field) && e.message.contains(range),
            "{field}: {}",
            e.message
        );
    };
    refuse(
        &|s| s.rules.trap_damage = u32::MAX,
        "rules.trap_damage",
        "0..=10",
    );
    refuse(
        &|s| s.rules.deadly_failures = 11,
        "rules.deadly_failures",
        "1..=10",
    );
    refuse(&|s| s.rules.hide_turns = 0, "rules.hide_turns", "1..=100");
    refuse(
        &|s| s.rules.crossfire_penalty = u32::MAX,
        "rules.crossfire_penalty",
        "0..=100",
    );
    refuse(&|s| s.max_rounds = 0, "max_rounds", "1..=1000");
    refuse(&|s| s.max_rounds = 1001, "max_rounds", "1..=1000");
    refuse(
        &|s| s.tactic.give_up_after = 0,
        "tactic.give_up_after",
        "1..=1000",
    );
    refuse(
        &|s| {
            s.opening = Opening::Search {
                hunter_distance: Distance::Near,
                prey_distance: None,
                search_dice: Some(u32::MAX),
                precaution_dice: None,
            }
        },
        "opening.search_dice",
        "0..=20",
    );
    // The bounds hold for direct callers of the resolution too, before any die.
    let mut spec = duel(
        Distance::Medium,
        side(fighter(0, Pursue), None),
        side(fighter(0, Flee), None),
    );
    spec.context.rules.trap_damage = u32::MAX;
    let e = exchange(&mut Scripted::new([]), &spec).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(e.to_string().contains("trap_damage"), "{e}");
}

#[test]
fn hunt_02_a_stat_test_refuses_a_stat_its_margin_cannot_hold() {
    // HUNT-02: margin = stat − roll as i32; above i32::MAX the test is refused, no die used.
    let mut dice = Scripted::new([1]);
    let e = stat_test(&mut dice, u32::MAX, 1, "test", None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert_eq!(dice.remaining(), 1);
    let t = stat_test(&mut dice, i32::MAX as u32, 1, "test", None).unwrap();
    assert_eq!((t.margin, t.passed), (i32::MAX - 1, true));
}

#[test]
fn hunt_15_a_melee_pursuer_closes_in_on_its_attack_roll() {
    // HUNT-15 «Если Защита противника меньше, чем атака персонажа»: a knife at Medium cannot
    // strike, but its 3 Attack dice (18) beat the prey's Defense (1): the distance closes.
    let mut s = setup(Distance::Medium);
    s.fighters[0].weapons = vec![knife()];
    let (mut st, _) = start(&s, &[]);
    let (r, _) = refused(apply(
        &mut st,
        Command::Declare(decl("H", Some("knife"), 0, 3, 1, Pursue)),
        &[],
    ));
    assert_eq!(r, "HUNT-15");
    let ev = turn(
        &mut st,
        decl("H", Some("knife"), 0, 3, 0, Pursue),
        decl("P", None, 1, 0, 0, NO),
        &[1, 6, 6, 6],
    );
    assert!(has(&ev, |e| matches!(
        e,
        Event::Strike { attacker, attack_total: 18, hit: false, weapon, .. }
            if attacker == "H" && weapon.is_empty()
    )));
    assert_eq!(st.distance, Distance::Near);
    let line = ev
        .iter()
        .find(|e| matches!(e, Event::Strike { .. }))
        .map(Hunt::describe)
        .unwrap();
    assert_eq!(
        line,
        "#1 H chases P (no weapon reaches): Attack 3 dice → 6+6+6 = 18 > Defense 1: it gains ground"
    );
    // Unarmed it chases too; without the Pursue tactic the knife is refused at Medium.
    let (mut st, _) = start(&s, &[]);
    apply(
        &mut st,
        Command::Declare(decl("H", None, 0, 2, 0, Pursue)),
        &[],
    )
    .unwrap();
    let (r, _) = refused(apply(
        &mut st,
        Command::Declare(decl("H", Some("knife"), 0, 3, 0, NO)),
        &[],
    ));
    assert_eq!(r, "HUNT-06");
}

#[test]
fn hunt_21_a_hidden_prey_attacks_from_ambush() {
    // HUNT-21: instead of waiting, the hidden prey ambushes with the knife at Near: test 1
    // passes, the distance becomes Near before the exchange, it strikes first with 2 + 1
    // Attack dice. H's search (6) is moot.
    let mut st = hidden_prey(&setup(Distance::Medium), 2);
    st.distance = Distance::Medium;
    let mut ambush = decl("P", Some("knife"), 1, 2, 2, Ambush);
    ambush.distance = Some(Distance::Near);
    let mut search = decl("H", None, 0, 0, 0, Search);
    search.distance = Some(Distance::Medium);
    let ev = turn(
        &mut st,
        search.clone(),
        ambush.clone(),
        &[1, 6, 2, 6, 6, 6, 1, 2],
    );
    assert!(has(
        &ev,
        |e| matches!(e, Event::Ambushed { test, .. } if test.passed)
    ));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Strike { attacker, order: 0, attack_dice: 3, distance: Distance::Near, hit: true, .. }
            if attacker == "P"
    )));
    assert_eq!(st.distance, Distance::Near);
    assert!(st.fighters[1].hidden.is_none());
    // Failed (6): out of hiding at a random distance (d6 5 → Far), no bonus; the knife
    // does not reach there.
    let mut st = hidden_prey(&setup(Distance::Medium), 2);
    st.distance = Distance::Medium;
    let ev = turn(&mut st, search, ambush, &[6, 5, 6, 2, 6, 6]);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Ambushed { test, .. } if !test.passed)
    ));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Strike {
            attack_dice: 2,
            distance: Distance::Far,
            hit: false,
            ..
        }
    )));
    assert_eq!(st.distance, Distance::Far);
    assert!(st.fighters[1].hidden.is_none());
    // Only a hidden fighter ambushes.
    let (mut open, _) = start(&setup(Distance::Near), &[]);
    let (r, _) = refused(apply(
        &mut open,
        Command::Declare(decl("P", Some("knife"), 1, 2, 2, Ambush)),
        &[],
    ));
    assert_eq!(r, "HUNT-21");
}

#[test]
fn hunt_08_only_a_tactic_hands_dice_over_strike_or_not() {
    // HUNT-08: a Fall's −1 on 0 Attack dice stops at 0: the prey keeps its 1 Defense die.
    let mut fell = strike(AttackKind::Melee, 0, 1, 4);
    fell.attack_bonus = -1;
    let spec = duel(
        Distance::Near,
        side(fighter(0, NO), Some(fell)),
        side(fighter(1, NO), None),
    );
    let r = run(&spec, &[1]);
    assert_eq!(r.fighters[1].defense_dice, 1);
    // A fallen Defense (0 − 1) hands the attacker nothing either: 1 Attack die.
    let mut down = fighter(0, NO);
    down.defense_bonus = -1;
    let spec = duel(
        Distance::Near,
        side(fighter(0, NO), Some(strike(AttackKind::Melee, 1, 0, 4))),
        side(down, None),
    );
    let r = run(&spec, &[1]);
    assert_eq!(r.strikes[0].unwrap().attack_dice, 1);
    // Flee's −1 Attack −1 Damage: with a strike of 0 Attack 1 Damage one die goes over,
    // with no strike (0 and 0) two: the same rule either way.
    let flee = |strike: Option<StrikeSpec>| {
        duel(
            Distance::Medium,
            side(fighter(1, Flee), strike),
            side(fighter(0, NO), None),
        )
    };
    let r = run(&flee(Some(strike(AttackKind::Ranged, 0, 1, 4))), &[1, 1, 1]);
    assert_eq!(r.fighters[1].defense_dice, 1);
    let r = run(&flee(None), &[1, 1, 1, 1]);
    assert_eq!(r.fighters[1].defense_dice, 2);
}

#[test]
fn hunt_25_crossfire_counts_only_shots_at_a_visible_target() {
    // HUNT-25 «по видимой цели»: two shooters from two directions take 3 from a visible
    // target's Defense (36 → 33); blind shots at a hidden one take nothing.
    let run3 = |hidden: bool| {
        let mut target = fighter(6, if hidden { Hide } else { NO });
        target.side = 1;
        target.hidden = hidden;
        let mut h2 = fighter(0, NO);
        h2.direction = 1;
        let fighters = [fighter(0, NO), h2, target];
        let shot = |attacker| StrikeSpec {
            attacker,
            target: 2,
            blind: hidden,
            ..strike(AttackKind::Ranged, 1, 0, 4)
        };
        let strikes = [shot(0), shot(1)];
        let mut fout = [FighterOutcome::default(); 3];
        let mut sout = [StrikeOutcome::default(); 2];
        let ctx = ExchangeContext {
            distance: Distance::Medium,
            trap: false,
            rules: Rules::default(),
        };
        let mut dice = Scripted::new([6, 6, 6, 6, 6, 6, 1, 1]);
        resolve(
            &mut dice, &ctx, &fighters, &strikes, &mut fout, &mut sout, None,
        )
        .unwrap();
        assert_eq!(dice.remaining(), 0);
        sout[0].defense_total
    };
    assert_eq!(run3(false), 33);
    assert_eq!(run3(true), 36);
}

#[test]
fn hunt_26_the_near_penalty_counts_opponents_in_melee() {
    // HUNT-26: two hunters at Near, but the second holds only a rifle: no melee with it,
    // so the prey keeps all 8 dice; with a knife ready it has 7.
    let mut s = setup(Distance::Near);
    let mut h2 = s.fighters[0].clone();
    h2.name = "H2".into();
    h2.weapons = vec![rifle()];
    s.fighters.insert(1, h2);
    assert_eq!(start(&s, &[]).0.pool(2), 8);
    s.fighters[1].weapons.push(knife());
    assert_eq!(start(&s, &[]).0.pool(2), 7);
}

#[test]
fn hunt_14_luring_is_a_choice_of_a_fleer_where_a_trap_is_set() {
    // HUNT-14: lure needs Flee and a trap.
    let mut lure = decl("P", None, 2, 0, 0, Flee);
    lure.lure = true;
    let (mut st, _) = start(&setup(Distance::Medium), &[]);
    let (r, _) = refused(apply(&mut st, Command::Declare(lure.clone()), &[]));
    assert_eq!(r, "HUNT-14");
    let mut s = setup(Distance::Medium);
    s.location.trap = true;
    let (mut st, _) = start(&s, &[]);
    let mut standing = lure.clone();
    standing.tactic = NO;
    let (r, _) = refused(apply(&mut st, Command::Declare(standing), &[]));
    assert_eq!(r, "HUNT-14");
    // Without lure a pursued fleer springs nothing: no trap dice (H 1 + 2 handed Defense
    // dice, P 3, H's Attack 1).
    let ev = turn(
        &mut st,
        decl("H", Some("rifle"), 2, 1, 0, Pursue),
        decl("P", None, 2, 0, 0, Flee),
        &[1, 1, 1, 6, 6, 6, 1],
    );
    assert!(!has(&ev, |e| matches!(e, Event::Trap { .. })));
}

#[test]
fn hunt_19_the_first_split_stays_on_record_beside_the_resplit() {
    // HUNT-19 «написать первоначальное распределение»: P declared 2/1/1, re-split 3/1/0.
    let (mut st, _) = start(&setup(Distance::Near), &[]);
    apply(
        &mut st,
        Command::Declare(decl("H", Some("knife"), 1, 2, 1, NO)),
        &[],
    )
    .unwrap();
    apply(
        &mut st,
        Command::Declare(decl("P", Some("knife"), 2, 1, 1, Counterattack)),
        &[],
    )
    .unwrap();
    apply(&mut st, Command::Resolve, &[]).unwrap();
    let resplit = Resplit {
        fighter: "P".into(),
        defense: 3,
        attack: 1,
        damage: 0,
        split: vec![],
    };
    apply(&mut st, Command::Resplit(resplit), &[]).unwrap();
    assert_eq!(st.initial[1].as_ref().map(|d| d.defense), Some(2));
    assert_eq!(st.view_for(Side::Hunter).initial[1], None);
    let ev = apply(&mut st, Command::Resolve, &[1, 1, 1, 1, 1, 1, 1]).unwrap();
    assert!(has(&ev, |e| matches!(
        e,
        Event::Revealed { declaration, initial: Some(first) }
            if &*declaration.fighter == "P" && declaration.defense == 3 && first.defense == 2
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Revealed { declaration, initial: None } if &*declaration.fighter == "H"
    )));
    assert!(st.initial.iter().all(Option::is_none));
}

#[test]
fn hunt_13_wounds_that_leave_no_endurance_kill_unless_set_otherwise() {
    // HUNT-13 [default]: P (Endurance 1) fails one test: a light wound takes its last
    // Endurance, so it dies at the end of the turn. With zero_endurance_dies = false it
    // fights on at Endurance 0.
    let play = |dies: bool| {
        let mut s = setup(Distance::Medium);
        s.fighters[1].stats.endurance = 1;
        s.zero_endurance_dies = dies;
        let (mut st, _) = start(&s, &[]);
        let ev = turn(
            &mut st,
            decl("H", Some("rifle"), 0, 1, 1, NO),
            decl("P", None, 0, 0, 0, NO),
            &[6, 6, 6],
        );
        (st, ev)
    };
    let (st, ev) = play(true);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Died { fighter, .. } if fighter == "P")
    ));
    assert_eq!(st.fighters[1].status, Status::Dead);
    assert_eq!(st.ending.as_ref().unwrap().winner, Some(Side::Hunter));
    let (st, ev) = play(false);
    assert!(!has(&ev, |e| matches!(e, Event::Died { .. })));
    assert_eq!(
        (st.fighters[1].status, st.stats(1).endurance),
        (Status::Active, 0)
    );
}

#[test]
fn hunt_21_barrage_fire_voids_an_ambush_from_hiding() {
    // HUNT-21 «Не работает, если противник использует тактику шквальный огонь»: the test
    // passes, but against Barrage Fire the prey neither strikes first nor gets +1 Attack.
    let mut st = hidden_prey(&setup(Distance::Medium), 2);
    st.distance = Distance::Medium;
    let mut ambush = decl("P", Some("knife"), 1, 2, 2, Ambush);
    ambush.distance = Some(Distance::Near);
    let barrage = decl("H", Some("rifle"), 2, 1, 0, Tactic::BarrageFire);
    let ev = turn(&mut st, barrage, ambush, &[1, 6, 1, 1, 1, 6, 6, 1, 2]);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Ambushed { test, .. } if test.passed)
    ));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Strike { attacker, attack_dice: 2, .. } if attacker == "P"
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::Strike { attacker, attack_dice: 3, hit: false, .. } if attacker == "H"
    )));
}
