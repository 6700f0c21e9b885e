//! Setup refusals that name the field and the lint's warnings (issue 19), each pinned by
//! name with its rule ID.

mod common;

use std::sync::Arc;

use common::{begin, cmd, fighter, run, setup};
use fray_dice::{EventLog, Scripted};
use fray_red::{start, warnings, CharacterSetup, Event, Setup};
use serde_json::json;

fn refused(s: &Setup) -> String {
    let e = start(s, &mut Scripted::new([]), &mut EventLog::quiet()).unwrap_err();
    format!("{}: {}", e.rule, e.message)
}

fn duel() -> Setup {
    setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)])
}

fn edit(s: &mut Setup, i: usize) -> &mut CharacterSetup {
    &mut Arc::make_mut(&mut s.characters)[i]
}

/// The paths of a setup's warnings.
fn paths(s: &Setup) -> Vec<String> {
    warnings(s).into_iter().map(|w| w.path).collect()
}

#[test]
fn red_01_nonsense_numbers_are_refused_at_setup_with_path_and_range() {
    let mut s = duel();
    edit(&mut s, 1).stats.body = -10;
    assert_eq!(
        refused(&s),
        "setup: characters[1].stats.body: found -10, allowed 0..=20"
    );
    let mut s = duel();
    edit(&mut s, 0).stats.reflexes = 1_000_000;
    assert_eq!(
        refused(&s),
        "setup: characters[0].stats.ref: found 1000000, allowed 0..=20"
    );
    let mut s = duel();
    s.settings.reach = 0;
    assert_eq!(
        refused(&s),
        "setup: settings.reach: found 0, allowed 1..=100"
    );
}

#[test]
fn red_08_an_unknown_skill_or_bonus_key_is_refused_with_the_keys_allowed() {
    let sorted = fray_red::SKILLS.windows(2).all(|w| w[0] < w[1]);
    assert!(sorted, "SKILLS is searched by halves");
    let mut s = duel();
    Arc::make_mut(&mut edit(&mut s, 1).skills).insert("handgn".into(), 5);
    let e = refused(&s);
    assert!(
        e.starts_with("setup: characters[1].skills.handgn: found 'handgn', which is not a skill; allowed: accounting, acting,"),
        "{e}"
    );
    assert!(e.contains(", handgun, "), "{e}");
    let mut s = duel();
    Arc::make_mut(&mut edit(&mut s, 0).bonuses).insert("rangd".into(), 2);
    let e = refused(&s);
    assert!(
        e.starts_with("setup: characters[0].bonuses.rangd: found 'rangd', which is neither a skill nor initiative, ranged, melee; allowed: initiative, ranged, melee, accounting,"),
        "{e}"
    );
    // A weapon table's own skill is a skill, and the published bonus keys are allowed.
    let mut s = duel();
    let t = Arc::make_mut(&mut s.tables);
    let mut p = t.weapons["heavy_pistol"].clone();
    p.skill = "smartgun".into();
    t.weapons.insert("smart_pistol".into(), p);
    let a = edit(&mut s, 0);
    Arc::make_mut(&mut a.skills).insert("smartgun".into(), 3);
    Arc::make_mut(&mut a.bonuses).insert("initiative".into(), 1);
    assert!(start(&s, &mut Scripted::new([5, 3]), &mut EventLog::quiet()).is_ok());
}

#[test]
fn red_01_names_are_not_empty_and_unique_ignoring_case() {
    let mut s = duel();
    edit(&mut s, 1).name = " ".into();
    assert_eq!(
        refused(&s),
        "setup: characters[1].name: found \" \"; every character needs a name that is not empty"
    );
    let mut s = duel();
    edit(&mut s, 1).name = "a".into();
    assert_eq!(
        refused(&s),
        "setup: characters[1].name: \"a\" differs only in case from characters[0].name \"A\"; names must be unique ignoring case"
    );
    let mut s = duel();
    edit(&mut s, 0).name = "Ёж".into();
    edit(&mut s, 1).name = "ёж".into();
    assert!(refused(&s).contains("differs only in case"));
    let mut s = duel();
    edit(&mut s, 1).name = "A".into();
    assert!(refused(&s).contains("\"A\" repeats characters[0].name \"A\""));
}

#[test]
fn every_example_setup_and_the_demo_are_warning_free() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/setups/red");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let s: Setup = serde_json::from_str(&text).unwrap();
        assert_eq!(warnings(&s), [], "{}", path.display());
        n += 1;
    }
    assert!(n >= 3);
    assert_eq!(warnings(&fray_red::demo_setup()), []);
    assert_eq!(warnings(&duel()), []);
}

#[test]
fn red_36_an_empty_weapon_without_spare_rounds_can_never_fire() {
    let mut s = duel();
    let a = edit(&mut s, 0);
    a.weapons[0].loaded = Some(0);
    a.reserve = Arc::default();
    let w = warnings(&s);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].path, "characters[0].weapons[0].loaded");
    assert_eq!(
        w[0].found,
        "0 rounds loaded and no spare heavy_pistol rounds in the reserve"
    );
    assert_eq!(w[0].why, "pistol can never fire (RED-36)");
    // Empty but with spare rounds: a reload fills it, no warning.
    let mut s = duel();
    edit(&mut s, 0).weapons[0].loaded = Some(0);
    assert_eq!(paths(&s), Vec::<String>::new());
}

#[test]
fn red_36_a_weapon_with_magazine_0_is_no_warning_and_fires() {
    let mut s = duel();
    let t = Arc::make_mut(&mut s.tables);
    let mut knife = t.weapons["grenade"].clone();
    knife.magazine = 0;
    t.weapons.insert("throwing_knife".into(), knife);
    let a = edit(&mut s, 0);
    a.weapons[0].profile = "throwing_knife".into();
    a.reserve = Arc::default();
    assert_eq!(paths(&s), Vec::<String>::new());
    let (mut st, _) = begin(&s, &[5, 3]);
    // 7 + 0 (no athletics) + 9 = 16 vs DV 15 at 10 m: a hit, 6d6 of ones.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0})),
        &[9, 1, 1, 1, 1, 1, 1],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            hit: true,
            rounds_left: None,
            ..
        }
    ));
}

/// Two fighters of BODY 0 in Metalgear (SP 18) with knives (1d6): nobody can hurt anybody.
fn tin_men() -> Setup {
    let mut s = duel();
    for i in 0..2 {
        let c = edit(&mut s, i);
        c.stats.body = 0;
        c.armor.head = Some("metalgear".into());
        c.armor.body = Some("metalgear".into());
        c.weapons = serde_json::from_value(json!([
            {"name": "knife", "profile": "light_melee", "holding": "in_hand"}
        ]))
        .unwrap();
    }
    s
}

#[test]
fn red_40_a_weapon_that_never_beats_the_armour_and_a_fight_no_side_can_win() {
    let s = tin_men();
    assert_eq!(
        paths(&s),
        [
            "characters[0].weapons[0].profile",
            "characters[0].armor",
            "characters[1].weapons[0].profile",
            "characters[1].armor",
            "characters",
            "settings.crit_sixes",
        ]
    );
    let w = warnings(&s);
    assert_eq!(
        w[0].found,
        "light_melee (1d6) against armour of SP 18 or more"
    );
    assert!(w[0].why.starts_with("knife can never damage an opponent"));
    assert!(w[1].why.starts_with("no opponent can ever hurt A"));
    assert!(w[4].why.starts_with("a fight no side can win"));
    // RED-08: BODY to choke with hurts through any armour; B can now hurt A, and so win.
    let mut s = tin_men();
    edit(&mut s, 1).stats.body = 2;
    assert_eq!(
        paths(&s),
        [
            "characters[0].weapons[0].profile",
            "characters[1].weapons[0].profile",
            "characters[1].armor",
            "settings.crit_sixes",
        ]
    );
    // RED-42: two damage dice can roll a critical, whose bonus ignores armour.
    let mut s = tin_men();
    edit(&mut s, 0).weapons[0].profile = "heavy_melee".into();
    assert!(!paths(&s).contains(&"characters[0].weapons[0].profile".to_owned()));
}

#[test]
fn red_11_a_character_that_can_never_move_nor_shoot_is_warned() {
    let mut s = duel();
    let a = edit(&mut s, 0);
    a.stats.move_ = 0;
    a.weapons = serde_json::from_value(json!([
        {"name": "knife", "profile": "light_melee", "holding": "in_hand"}
    ]))
    .unwrap();
    let w = warnings(&s);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].path, "characters[0].stats.move");
    assert_eq!(w[0].found, "MOVE 0 after armour, no ranged weapon");
    // Within reach from the start: no warning.
    edit(&mut s, 1).position = 2;
    assert_eq!(paths(&s), Vec::<String>::new());
}

#[test]
fn red_42_and_red_33_settings_that_make_a_rule_unreachable_are_warned() {
    let mut s = duel();
    s.settings.crit_sixes = 4;
    let w = warnings(&s);
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].path, "settings.crit_sixes");
    assert_eq!(
        w[0].found,
        "4 sixes; the most damage dice of any attack is 3"
    );
    let mut s = duel();
    s.settings.evasion_ref = 21;
    assert_eq!(paths(&s), ["settings.evasion_ref"]);
}

#[test]
fn red_06_and_red_39_weapon_table_rows_out_of_range_are_refused_with_the_path() {
    let mut s = duel();
    Arc::make_mut(&mut s.tables)
        .weapons
        .get_mut("heavy_pistol")
        .unwrap()
        .rof = 3;
    assert_eq!(
        refused(&s),
        "RED-06: tables.weapons.heavy_pistol.rof: found 3, allowed 1..=2"
    );
    let mut s = duel();
    Arc::make_mut(&mut s.tables)
        .weapons
        .get_mut("light_melee")
        .unwrap()
        .damage = 0;
    assert_eq!(
        refused(&s),
        "RED-39: tables.weapons.light_melee.damage: found 0, allowed 1..=16"
    );
}
