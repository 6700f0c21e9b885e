//! Setup refusals (issue 19): each names the JSON path, what was found and what is allowed;
//! a refused setup starts nothing.

mod common;

use common::*;
use fray_dice::Session;
use fray_hunt::*;

/// The refusal of `s`, as "rule: message".
fn refusal(s: Setup) -> (String, String) {
    let e = Session::<Hunt>::start(s, 1, 0).expect_err("the setup should be refused");
    (e.rule.to_string(), e.message.to_string())
}

fn duel() -> Setup {
    setup(Distance::Medium)
}

#[test]
fn setup_the_demo_and_examples_are_accepted() {
    assert!(Session::<Hunt>::start(duel(), 1, 0).is_ok());
}

#[test]
fn setup_names_must_not_be_empty() {
    let mut s = duel();
    s.fighters[1].name = "".into();
    let (rule, m) = refusal(s);
    assert_eq!(rule, "setup");
    assert_eq!(m, "fighters[1].name: found \"\", allowed a non-empty name");
    let mut s = duel();
    s.fighters[0].name = "  ".into();
    assert!(refusal(s).1.starts_with("fighters[0].name: found \"  \""));
}

#[test]
fn setup_names_must_be_unique_ignoring_case() {
    let mut s = duel();
    s.fighters[0].name = "Hunter".into();
    s.fighters[1].name = "hunter".into();
    assert_eq!(
        refusal(s).1,
        "fighters[1].name: \"hunter\" differs only in case from fighters[0].name \"Hunter\"; \
         names must be unique ignoring case"
    );
    let mut s = duel();
    s.fighters[1].name = "H".into();
    assert_eq!(
        refusal(s).1,
        "fighters[1].name: \"H\" repeats fighters[0].name \"H\"; names must be unique ignoring case"
    );
}

#[test]
fn setup_weapon_names_must_be_unique_ignoring_case() {
    // HUNT-27: declarations name the weapon they use.
    let mut s = duel();
    s.fighters[1].weapons[1].name = "KNIFE".into();
    assert_eq!(
        refusal(s).1,
        "fighters[1].weapons[1].name: \"KNIFE\" differs only in case from fighters[1].weapons[0].name \"knife\"; names must be unique ignoring case"
    );
    let mut s = duel();
    s.fighters[0].weapons[0].name = "".into();
    assert_eq!(
        refusal(s).1,
        "fighters[0].weapons[0].name: found \"\", allowed a non-empty name"
    );
}

#[test]
fn setup_needs_a_hunter_and_a_prey() {
    let mut s = duel();
    s.fighters[1].side = Side::Hunter;
    assert_eq!(
        refusal(s).1,
        "fighters: found no prey (side 1), allowed at least one hunter and one prey"
    );
}

#[test]
fn setup_stats_are_bounded_by_name() {
    // HUNT-02: stats are tested with d6; MAX_STAT bounds every loop they drive.
    let mut s = duel();
    s.fighters[1].stats.agility = 21;
    assert_eq!(
        refusal(s).1,
        "fighters[1].stats.agility: found 21, allowed 0..=20"
    );
}

#[test]
fn setup_hunt_11_a_weapon_needs_a_threshold_somewhere() {
    let mut s = duel();
    s.fighters[0].weapons[1].threshold = 0;
    assert_eq!(
        refusal(s).1,
        "fighters[0].weapons[1].threshold: found 0, allowed a threshold of at least 1 at some \
         distance (0 = out of reach)"
    );
    let mut s = duel();
    s.fighters[0].weapons[0].thresholds = Some([0, 0, 0]);
    assert!(refusal(s)
        .1
        .starts_with("fighters[0].weapons[0].thresholds: found [0, 0, 0], allowed"));
}

#[test]
fn setup_rules_and_loop_bounds_name_the_field() {
    // HUNT-02: test dice; HUNT-20: hide turns.
    let mut s = duel();
    s.rules.test_dice = 0;
    assert_eq!(refusal(s).1, "rules.test_dice: found 0, allowed 1..=10");
    let mut s = duel();
    s.rules.hide_turns = 101;
    assert_eq!(refusal(s).1, "rules.hide_turns: found 101, allowed 1..=100");
    let mut s = duel();
    s.max_rounds = 0;
    assert_eq!(refusal(s).1, "max_rounds: found 0, allowed 1..=1000");
    let mut s = duel();
    s.tactic.give_up_after = 1001;
    assert_eq!(
        refusal(s).1,
        "tactic.give_up_after: found 1001, allowed 1..=1000"
    );
}

#[test]
fn setup_hunt_03_search_dice_are_bounded() {
    let mut s = duel();
    s.opening = Opening::Search {
        hunter_distance: Distance::Near,
        prey_distance: None,
        search_dice: Some(21),
        precaution_dice: None,
    };
    assert_eq!(
        refusal(s).1,
        "opening.search_dice: found 21, allowed 0..=20"
    );
}

#[test]
fn setup_hunt_04_prey_distance_near_names_the_field() {
    let mut s = duel();
    s.opening = Opening::Search {
        hunter_distance: Distance::Far,
        prey_distance: Some(Distance::Near),
        search_dice: None,
        precaution_dice: None,
    };
    let (rule, m) = refusal(s);
    assert_eq!(rule, "HUNT-04");
    assert!(
        m.starts_with(
            "opening.prey_distance: found near with hunter_distance far, allowed far or medium"
        ),
        "{m}"
    );
}

#[test]
fn setup_hunt_13_wound_table_rows_name_the_field() {
    let mut s = duel();
    s.wound_table.truncate(2);
    assert_eq!(
        refusal(s).1,
        "wound_table: found 2 rows, allowed at least 3 (one per failed-test count below \
         rules.deadly_failures 4)"
    );
    let mut s = duel();
    s.wound_table = vec![Penalty::default(); 11];
    assert_eq!(
        refusal(s).1,
        "wound_table: found 11 rows, allowed at most 10"
    );
}
