//! Setup refusals that name the field and lint warnings (issue 19): each check pinned by
//! name with its rule ID. Refused: the message names the path and what is allowed.
//! Warned: the warning's path and why.

mod common;

use common::*;
use fray_better_world::*;
use fray_dice::{Catalog, SetupWarning};

fn pair() -> Setup {
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let mut b = fighter("B", 1, 10, 2);
    b.weapons = vec![pistol()];
    setup(vec![a, b])
}

fn warned(s: &Setup) -> Vec<SetupWarning> {
    s.validate().expect("a warned setup is still accepted");
    BetterWorld::warnings(s)
}

fn has_warning(w: &[SetupWarning], path: &str, why: &str) -> bool {
    w.iter().any(|w| w.path == path && w.why.contains(why))
}

/// Refused, the message naming `path` and containing `allowed`.
fn refused(s: &Setup, rule: &str, path: &str, allowed: &str) {
    let e = s.validate().expect_err("refused");
    assert_eq!(e.rule, rule, "{e}");
    assert!(
        e.message.starts_with(path) && e.message.contains(allowed),
        "{path} / {allowed}: {}",
        e.message
    );
}

#[test]
fn the_demo_and_every_example_setup_have_no_warning() {
    assert_eq!(BetterWorld::warnings(&BetterWorld::demo_setup()), vec![]);
    assert_eq!(BetterWorld::warnings(&pair()), vec![]);
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/setups/better-world"
    );
    let mut seen = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "json") {
            let s: Setup = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            s.validate().unwrap();
            assert_eq!(BetterWorld::warnings(&s), vec![], "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 3);
}

// Names: non-empty, unique ignoring case.
#[test]
fn setup_names_must_be_non_empty_and_unique_ignoring_case() {
    let mut s = pair();
    s.characters[1].name = " ".into();
    refused(&s, "setup", "characters[1].name", "a non-empty name");
    s.characters[1].name = "a".into();
    let e = s.validate().unwrap_err();
    assert!(
        e.message.starts_with(
            "characters[1].name: \"a\" differs only in case from characters[0].name \"A\""
        ) && e.message.contains("unique ignoring case"),
        "{e}"
    );
    s.characters[1].name = "A".into();
    assert!(s
        .validate()
        .unwrap_err()
        .message
        .contains("\"A\" repeats characters[0].name"));
}

// BW-34: the distance levels are ordered; bands that decrease are refused, equal ones warned.
#[test]
fn bw_34_decreasing_distance_bands_are_refused_and_equal_ones_warned() {
    let mut s = pair();
    s.settings.distances.bands = [30, 10, 100];
    refused(
        &s,
        "BW-34",
        "settings.distances.bands[1]: found 10",
        "30..=100000",
    );
    s.settings.distances.bands = [10, 10, 100];
    let w = warned(&s);
    assert!(
        has_warning(&w, "settings.distances.bands[1]", "unreachable"),
        "{w:?}"
    );
    // Near ending before ranged attacks start (melee_below 2).
    s.settings.distances.bands = [1, 30, 100];
    let w = warned(&s);
    assert!(
        has_warning(
            &w,
            "settings.distances.bands[0]",
            "Near level is unreachable"
        ),
        "{w:?}"
    );
}

// BW-34 / BW-35: difficulty tables that fall with distance or with better cover.
#[test]
fn bw_34_bw_35_decreasing_difficulty_tables_are_warned() {
    let mut s = pair();
    s.settings.distances.difficulty = [3, 4, 2, 6];
    s.settings.cover.difficulty = [0, 2, 1, 3];
    let w = warned(&s);
    assert!(
        has_warning(&w, "settings.distances.difficulty[2]", "easier"),
        "{w:?}"
    );
    assert!(
        has_warning(&w, "settings.cover.difficulty[2]", "protects less"),
        "{w:?}"
    );
    s.settings.distances.difficulty[1] = 31;
    refused(
        &s,
        "BW-34",
        "settings.distances.difficulty[1]: found 31",
        "0..=30",
    );
}

// BW-25 and BW-18: more attackers or worse wounds should never cost less.
#[test]
fn bw_25_bw_18_decreasing_bonus_tables_are_warned() {
    let mut s = pair();
    s.settings.outnumbering.four = 1;
    s.settings.health.dying_k = 1;
    let w = warned(&s);
    assert!(
        has_warning(&w, "settings.outnumbering.four", "smaller outnumbering"),
        "{w:?}"
    );
    assert!(
        has_warning(&w, "settings.health.dying_k", "worse wound"),
        "{w:?}"
    );
    s.settings.outnumbering.three = 11;
    refused(
        &s,
        "BW-25",
        "settings.outnumbering.three: found 11",
        "0..=10",
    );
}

// BW-16: damage is bonus units + effectiveness − armour. The pistol deals at most 9
// (melee, fired: Training 2 + 3K four attackers + 1K First Strike + 1K Feint, + 2).
#[test]
fn bw_16_a_weapon_that_can_never_damage_and_a_character_never_hurt() {
    let mut s = pair();
    s.characters[1].armour.effectiveness = 9;
    let w = warned(&s);
    assert!(
        has_warning(
            &w,
            "characters[0].weapons[0].effectiveness",
            "can never damage"
        ),
        "{w:?}"
    );
    assert!(
        has_warning(
            &w,
            "characters[1].armour.effectiveness",
            "can never be hurt"
        ),
        "{w:?}"
    );
    assert!(
        !w.iter().any(|w| w.path == "characters"),
        "A can still be hurt: {w:?}"
    );
    s.characters[1].armour.effectiveness = 8;
    assert_eq!(warned(&s), vec![]);
    // Both armoured past every attack: no side can win.
    s.characters[0].armour.effectiveness = 9;
    s.characters[1].armour.effectiveness = 9;
    let w = warned(&s);
    assert!(has_warning(&w, "characters", "no side can win"), "{w:?}");
    s.characters[1].armour.effectiveness = 101;
    refused(
        &s,
        "BW-16",
        "characters[1].armour.effectiveness: found 101",
        "0..=100",
    );
}

// BW-22: with `blow` a gun in melee deals no effectiveness, so the lint counts only its
// ranged shot (Perception 2 + 1K + 1K + 1K, + 2 = 7).
#[test]
fn bw_22_the_lint_follows_firearm_in_melee() {
    let mut s = pair();
    s.characters[1].armour.effectiveness = 7;
    s.settings.firearm_in_melee = FirearmInMelee::Shot;
    let w = warned(&s);
    assert!(
        !has_warning(&w, "characters[0].weapons[0].effectiveness", "never"),
        "{w:?}"
    );
    s.settings.firearm_in_melee = FirearmInMelee::Blow;
    let w = warned(&s);
    assert!(
        has_warning(
            &w,
            "characters[0].weapons[0].effectiveness",
            "can never damage"
        ),
        "{w:?}"
    );
}

// BW-21: a Dying character faints unless it stays conscious.
#[test]
fn bw_21_a_character_starting_dying_and_unconscious_never_acts() {
    let mut s = pair();
    s.characters[0].hits = Some(0);
    let w = warned(&s);
    assert!(
        has_warning(&w, "characters[0].hits", "can never act"),
        "{w:?}"
    );
    s.characters[0].stays_conscious = true;
    assert_eq!(warned(&s), vec![]);
    s.characters[0].hits = Some(-3);
    refused(&s, "BW-17", "characters[0].hits: found -3", "-2..=6");
}

// BW-10: a reserve whose enemies are all down and none waiting: the fight ends first.
#[test]
fn bw_10_a_reserve_that_can_never_join_is_warned() {
    let mut s = pair();
    let mut c = fighter("C", 0, 20, 2);
    c.joins_round = Some(3);
    s.characters.push(c);
    assert_eq!(warned(&s), vec![]);
    s.characters[1].hits = Some(0);
    let w = warned(&s);
    assert!(
        has_warning(&w, "characters[2].joins_round", "can never join"),
        "{w:?}"
    );
    s.characters[2].joins_round = Some(1);
    refused(
        &s,
        "BW-10",
        "characters[2].joins_round: found 1",
        "2 to settings.max_rounds (100)",
    );
}

// A side with nobody on it loses before anything happens.
#[test]
fn an_empty_side_is_warned() {
    let mut s = pair();
    s.characters[1].side = 0;
    let w = warned(&s);
    assert!(
        has_warning(&w, "characters", "side 1 has no characters"),
        "{w:?}"
    );
    s.characters[1].side = 2;
    refused(&s, "setup", "characters[1].side: found 2", "0..=1");
}

// BW-12 / BW-13: settings that make an action unreachable.
#[test]
fn bw_12_bw_13_settings_that_make_an_action_unreachable_are_warned() {
    let mut s = pair();
    s.settings.max_minor = 0;
    s.settings.move_metres = 0;
    let w = warned(&s);
    assert!(
        has_warning(&w, "settings.max_minor", "no Minor action"),
        "{w:?}"
    );
    assert!(
        has_warning(&w, "settings.move_metres", "goes nowhere"),
        "{w:?}"
    );
    let mut s = pair();
    s.settings.sprint_metres = 3;
    let w = warned(&s);
    assert!(
        has_warning(&w, "settings.sprint_metres", "less far than a Move"),
        "{w:?}"
    );
    s.settings.sprint_metres = 1001;
    refused(
        &s,
        "BW-13",
        "settings.sprint_metres: found 1001",
        "0..=1000",
    );
}

// Refusals name the field, the value and the range.
#[test]
fn setup_refusals_name_the_path_found_and_allowed() {
    let mut s = pair();
    s.characters[0].position = 100_001;
    refused(
        &s,
        "setup",
        "characters[0].position: found 100001",
        "-100000..=100000",
    );
    let mut s = pair();
    s.characters[1].aspects.insert(Aspect::Perception, 21);
    refused(
        &s,
        "BW-02",
        "characters[1].aspects.perception: found 21",
        "0..=20",
    );
    let mut s = pair();
    s.characters[0].weapons[0].bonus = 11;
    refused(
        &s,
        "BW-03",
        "characters[0].weapons[0].bonus: found 11",
        "0..=10",
    );
    let mut s = pair();
    s.characters[0].weapons[0].short_burst = Some(Burst {
        rounds: 0,
        bonus: 1,
    });
    refused(
        &s,
        "BW-39",
        "characters[0].weapons[0].short_burst.rounds: found 0",
        "1..=1000",
    );
    let mut s = pair();
    s.settings.melee_cap = 5;
    refused(&s, "BW-24", "settings.melee_cap: found 5", "1..=4");
    let mut s = pair();
    s.settings.long_burst_max_targets = 0;
    refused(
        &s,
        "BW-40",
        "settings.long_burst_max_targets: found 0",
        "1..=64",
    );
    let mut s = pair();
    s.settings.health.blocks = [3, 0, 1];
    refused(
        &s,
        "BW-17",
        "settings.health.blocks[1]: found 0",
        "1..=1000",
    );
    let mut s = pair();
    s.settings.health.death_threshold = 1;
    refused(
        &s,
        "BW-20",
        "settings.health.death_threshold: found 1",
        "-1000..=0",
    );
    let mut s = pair();
    s.settings.health.concussion_over = 1;
    refused(
        &s,
        "BW-19",
        "settings.health.concussion_over: found 1",
        "pain_shock_over (2)",
    );
    let mut s = pair();
    s.settings.cover_zones = vec![CoverZone {
        from: 5,
        to: 3,
        cover: Cover::Light,
    }];
    refused(
        &s,
        "BW-35",
        "settings.cover_zones[0].to: found 3",
        "5..=100000",
    );
    let mut s = pair();
    s.settings.max_rounds = 0;
    refused(&s, "setup", "settings.max_rounds: found 0", "1..=1000");
}
