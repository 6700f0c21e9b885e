//! The decision protocol on Hunt (issue 17): options agree with `apply` both ways, the
//! counterattack re-split waits for its answer, previews equal `fray odds`, policies are data.

mod common;

use common::*;
use fray_dice::{
    simulate, simulate_with, Catalog, Decide, Decider, EventLog, OptionKind, Policy, Rng, Ruleset,
    Session,
};
use fray_hunt::*;
use proptest::prelude::*;

const TACTICS: [Tactic; 11] = [
    Tactic::None,
    Tactic::Flee,
    Tactic::Pursue,
    Tactic::TakeCover,
    Tactic::AimedFire,
    Tactic::Onslaught,
    Tactic::Counterattack,
    Tactic::Hide,
    Tactic::BarrageFire,
    Tactic::Search,
    Tactic::Ambush,
];

/// A random setup: 2 or 3 fighters with small stats, a trap or not, any opening distance.
fn random_setup(rng: &mut Rng) -> Setup {
    let distance = [Distance::Near, Distance::Medium, Distance::Far][rng.below(3) as usize];
    let mut s = setup(distance);
    let stat = |rng: &mut Rng| Stats {
        experience: rng.below(6),
        endurance: 1 + rng.below(5),
        strength: rng.below(5),
        agility: rng.below(5),
        marksmanship: rng.below(5),
        potential: rng.below(10),
    };
    s.fighters[0].stats = stat(rng);
    s.fighters[1].stats = stat(rng);
    if rng.below(3) == 0 {
        let mut third = s.fighters[0].clone();
        third.name = "H2".into();
        third.stats = stat(rng);
        third.weapons = vec![knife()];
        s.fighters.push(third);
    }
    if rng.below(2) == 0 {
        s.fighters[1].weapons[1].ammo = Some(rng.below(3));
    }
    s.location.trap = rng.below(2) == 0;
    s.max_rounds = 8;
    s
}

/// A random declaration over the state's names: mostly in the caps, sometimes not.
fn random_command(state: &State, rng: &mut Rng) -> Command {
    let pick = |rng: &mut Rng, n: usize| rng.below(n as u32) as usize;
    let names: Vec<&str> = state.fighters.iter().map(|f| &*f.name).collect();
    match rng.below(12) {
        0 => return Command::Resolve,
        1 => {
            return Command::Resplit(Resplit {
                fighter: names[pick(rng, names.len())].into(),
                defense: rng.below(5),
                attack: rng.below(5),
                damage: rng.below(5),
                split: vec![],
            })
        }
        _ => {}
    }
    let i = pick(rng, names.len());
    let f = &state.fighters[i];
    let mut d = Declaration::new(names[i]);
    if rng.below(4) > 0 {
        d.weapon = Some(f.weapons[pick(rng, f.weapons.len())].weapon.name.clone());
    }
    d.defense = rng.below(5);
    if rng.below(3) > 0 {
        d.attack = rng.below(5);
        d.damage = rng.below(5);
    }
    if rng.below(3) > 0 {
        d.target = Some(names[pick(rng, names.len())].into());
    }
    d.tactic = TACTICS[pick(rng, TACTICS.len())];
    d.action = match rng.below(8) {
        0 => Some(Extraneous::Reload),
        1 => Some(Extraneous::FirstAid),
        2 => Some(Extraneous::Other),
        _ => None,
    };
    d.lure = rng.below(4) == 0;
    d.give_up = rng.below(8) == 0;
    if rng.below(3) == 0 {
        d.distance = Some([Distance::Near, Distance::Medium, Distance::Far][pick(rng, 3)]);
    }
    Command::Declare(d)
}

fn accepted(state: &State, command: &Command) -> bool {
    let mut s = state.clone();
    let mut dice = Rng::new(99, 0);
    Hunt::apply(&mut s, command, &mut dice, &mut EventLog::quiet()).is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every option is accepted; every accepted random command is admitted by an option; a
    /// refused one changes nothing; the default policy's command is always an option.
    #[test]
    fn options_are_exactly_what_apply_accepts(seed in 0u64..1_000_000) {
        let mut rng = Rng::new(seed, 1);
        let setup = random_setup(&mut rng);
        let mut dice = Rng::new(seed, 2);
        let mut state = Hunt::start(&setup, &mut dice, &mut EventLog::quiet()).unwrap();
        for _ in 0..25 {
            let options = Hunt::options(&state);
            if state.ending.is_some() {
                prop_assert_eq!(options.decider, Decider::Nobody);
                break;
            }
            prop_assert_eq!(&options.decider, &Decider::GameMaster);
            for o in &options.list {
                prop_assert!(accepted(&state, &o.command), "option refused: {:?}", o.command);
            }
            for _ in 0..30 {
                let c = random_command(&state, &mut rng);
                let before = state.clone();
                let mut s = state.clone();
                let mut d = Rng::new(5, 5);
                match Hunt::apply(&mut s, &c, &mut d, &mut EventLog::quiet()) {
                    Ok(()) => prop_assert!(options.admits(&c), "accepted but not listed: {:?}", c),
                    Err(_) => {
                        prop_assert_eq!(&s, &before);
                        prop_assert_eq!(d.word_pos(), Rng::new(5, 5).word_pos());
                        prop_assert!(!options.admits(&c), "listed but refused: {:?}", c);
                    }
                }
            }
            let policy = HuntPolicy::DEFAULT.command(&state).unwrap();
            prop_assert!(options.admits(&policy), "policy's command not listed: {:?}", policy);
            // Half the time the default tactic, else a random option, to reach odd states.
            let command = if rng.below(2) == 0 {
                policy
            } else {
                options.list[rng.below(options.list.len() as u32) as usize].command.clone()
            };
            Hunt::apply(&mut state, &command, &mut dice, &mut EventLog::quiet()).unwrap();
        }
    }
}

#[test]
fn a_split_option_bounds_are_the_caps_and_the_pool() {
    // HUNT-06: Defense and Attack ≤ Agility (3), Damage ≤ Marksmanship (3) with the rifle,
    // the three ≤ the combat potential (8): 3/3/3 is outside, 2/3/3 inside.
    let (state, _) = start(&setup(Distance::Medium), &[]);
    let options = Hunt::options(&state);
    let admits = |d, a, g| {
        let mut c = decl("H", Some("rifle"), d, a, g, Tactic::None);
        c.target = Some("P".into());
        options.admits(&Command::Declare(c))
    };
    assert!(admits(2, 3, 3));
    assert!(admits(3, 3, 2));
    assert!(!admits(3, 3, 3), "9 dice of 8");
    assert!(!admits(4, 2, 2), "Defense over Agility");
    assert!(!admits(0, 0, 4), "Damage over Marksmanship");
    // Every option names the fighter it is for; the waiting hunter's come first.
    assert_eq!(options.list[0].actor, "H");
    assert!(options
        .list
        .iter()
        .all(|o| o.kind == OptionKind::TurnAction));
}

#[test]
fn resolve_is_offered_first_once_everyone_declared() {
    let (mut state, _) = start(&setup(Distance::Medium), &[]);
    apply(
        &mut state,
        Command::Declare(decl("H", None, 3, 0, 0, Tactic::None)),
        &[],
    )
    .unwrap();
    assert!(
        !Hunt::options(&state).admits(&Command::Resolve),
        "P has not declared"
    );
    apply(
        &mut state,
        Command::Declare(decl("P", None, 3, 0, 0, Tactic::None)),
        &[],
    )
    .unwrap();
    let options = Hunt::options(&state);
    assert_eq!(options.list[0].command, Command::Resolve);
    assert_eq!(options.list[0].kind, OptionKind::GameMaster);
}

fn window() -> State {
    // HUNT-19: the hunter attacks with 2 dice, the prey counterattacks 2/1/1.
    let (mut st, _) = start(&setup(Distance::Near), &[]);
    apply(
        &mut st,
        Command::Declare(decl("H", Some("knife"), 1, 2, 1, Tactic::None)),
        &[],
    )
    .unwrap();
    let p = decl("P", Some("knife"), 2, 1, 1, Tactic::Counterattack);
    apply(&mut st, Command::Declare(p), &[]).unwrap();
    apply(&mut st, Command::Resolve, &[]).unwrap();
    assert!(st.window);
    st
}

fn revealed_prey(events: &[Event]) -> (u32, Option<u32>) {
    events
        .iter()
        .find_map(|e| match e {
            Event::Revealed {
                declaration,
                initial,
            } if &*declaration.fighter == "P" => {
                Some((declaration.defense, initial.as_ref().map(|d| d.defense)))
            }
            _ => None,
        })
        .expect("the prey's declaration is revealed")
}

#[test]
fn hunt_19_the_resplit_is_a_pending_choice_with_both_answers() {
    let st = window();
    let options = Hunt::options(&st);
    assert_eq!(options.decider, Decider::GameMaster);
    let first = &options.list[0];
    assert_eq!(first.kind, OptionKind::PendingChoice);
    assert_eq!(first.actor, "P");
    let resplit = Command::Resplit(Resplit {
        fighter: "P".into(),
        defense: 3,
        attack: 1,
        damage: 0,
        split: vec![],
    });
    assert!(options.admits(&resplit));
    assert!(options.admits(&Command::Resolve));
    // Answer 1: re-split 3/1/0; the hunter's 2 Attack dice (1+1) miss 3 Defense dice (1+1+1)
    // and the prey strikes after it; its first split stays on record.
    let mut a = st.clone();
    apply(&mut a, resplit, &[]).unwrap();
    let ev = apply(&mut a, Command::Resolve, &[1, 1, 1, 1, 1, 1, 6]).unwrap();
    assert_eq!(revealed_prey(&ev), (3, Some(2)));
    // Answer 2: no re-split: the first split is the one resolved, none kept beside it.
    let mut b = st.clone();
    let mut dice = Rng::new(3, 0);
    let mut log = EventLog::recording();
    Hunt::apply(&mut b, &Command::Resolve, &mut dice, &mut log).unwrap();
    assert_eq!(revealed_prey(&log.into_vec()), (2, None));
}

#[test]
fn a_policy_without_resplits_keeps_the_first_split() {
    // HUNT-19 as a knob: `resplit: false` answers the window with Resolve.
    let st = window();
    let keep = HuntPolicy {
        prey: SideTactic {
            resplit: false,
            ..SideTactic::DEFAULT
        },
        ..HuntPolicy::DEFAULT
    };
    assert_eq!(keep.command(&st), Some(Command::Resolve));
    assert!(matches!(
        HuntPolicy::DEFAULT.command(&st),
        Some(Command::Resplit(_))
    ));
}

#[test]
fn previews_equal_fray_odds() {
    // The demo, round 1 at Near after the prey's ambush: the hunter's declaration against the
    // prey, who has not declared (previewed defending with all it may: 4 Defense dice).
    let session = Session::<Hunt>::start(Hunt::demo_setup(), Hunt::DEMO_SEED, 0).unwrap();
    let state = session.state();
    let mut d = decl("Hunter", Some("rifle"), 3, 3, 2, Tactic::None);
    d.target = Some("Prey".into());
    let preview = Hunt::preview(state, &Command::Declare(d.clone())).unwrap();
    let spec = OddsSpec {
        distance: state.distance,
        hunter_defense: 3,
        hunter_attack: 3,
        hunter_damage: 2,
        hunter_weapon: "ranged".into(),
        hunter_threshold: 4,
        hunter_experience: 4,
        hunter_endurance: 4,
        prey_defense: 4,
        prey_attack: 0,
        prey_damage: 0,
        prey_weapon: "none".into(),
        prey_experience: 4,
        prey_endurance: 4,
        prey_ambush: state.ambush_bonus,
        ..OddsSpec::default()
    };
    assert_eq!(
        Hunt::preview_spec(state, &Command::Declare(d)).unwrap(),
        Some(spec.clone())
    );
    assert_eq!(preview, Hunt::odds(&spec).unwrap());
    assert!(!preview.is_empty());
    // Once the prey has declared, its declaration is the one previewed against.
    let mut s = state.clone();
    let mut p = decl("Prey", Some("knife"), 2, 3, 3, Tactic::None);
    p.target = Some("Hunter".into());
    apply(&mut s, Command::Declare(p), &[]).unwrap();
    let mut d = decl("Hunter", Some("rifle"), 3, 3, 2, Tactic::None);
    d.target = Some("Prey".into());
    let got = Hunt::preview_spec(&s, &Command::Declare(d))
        .unwrap()
        .unwrap();
    assert_eq!(
        (got.prey_defense, got.prey_attack, got.prey_damage),
        (2, 3, 3)
    );
    assert_eq!(got.prey_weapon, "melee");
    // An illegal declaration is refused with its rule.
    let bad = decl("Hunter", Some("rifle"), 9, 0, 0, Tactic::None);
    assert_eq!(
        Hunt::preview(state, &Command::Declare(bad))
            .unwrap_err()
            .rule,
        "HUNT-06"
    );
    assert!(
        Hunt::preview(&s, &Command::Resolve).is_err(),
        "the hunter has not declared"
    );
}

fn group_fight() -> Setup {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/setups/hunt/group-fight.json"
    ))
    .unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_different_target_priority_gives_a_different_reproducible_win_rate() {
    let setup = group_fight();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/policies/hunt-prey-weakest-first.json"
    ))
    .unwrap();
    let weakest: HuntPolicy = serde_json::from_str(&text).unwrap();
    assert_eq!(weakest.prey.target, TargetPriority::Weakest);
    let default = simulate_with::<Hunt, _>(&setup, &HuntPolicy::DEFAULT, 400, 1, 2).unwrap();
    let a = simulate_with::<Hunt, _>(&setup, &weakest, 400, 1, 2).unwrap();
    let b = simulate_with::<Hunt, _>(&setup, &weakest, 400, 1, 1).unwrap();
    assert_eq!(a.wins, b.wins, "reproducible, whatever the threads");
    assert_ne!(a.wins, default.wins);
    // The default policy plays the same fights as the default tactic.
    let auto = simulate::<Hunt>(&setup, 400, 1, 2, None).unwrap();
    assert_eq!(auto.wins, default.wins);
}

#[test]
fn the_policy_knobs_read_from_json_and_change_the_fight() {
    // HUNT-14: without luring, the demo's trap never springs.
    let p: HuntPolicy = serde_json::from_str(r#"{"prey": {"lure": false}}"#).unwrap();
    assert!(!p.prey.lure && p.hunter.lure);
    assert!(serde_json::from_str::<HuntPolicy>(r#"{"prey": {"luer": false}}"#).is_err());
    let traps = |policy: &HuntPolicy| {
        let mut sprung = 0;
        for seed in 0..40 {
            let mut dice = Rng::new(seed, 0);
            let mut log = EventLog::recording();
            let mut state = Hunt::start(&Hunt::demo_setup(), &mut dice, &mut log).unwrap();
            while let Some(c) = policy.next(&state) {
                Hunt::apply(&mut state, &c, &mut dice, &mut log).unwrap();
            }
            sprung += log
                .into_vec()
                .iter()
                .filter(|e| matches!(e, Event::Trap { .. }))
                .count();
        }
        sprung
    };
    assert!(traps(&HuntPolicy::DEFAULT) > 0);
    assert_eq!(traps(&p), 0);
    let setup = Hunt::demo_setup();
    // Each trial is the policy's own command stream: FirstOption plays legal fights too.
    let first = simulate_with::<Hunt, _>(&setup, &fray_dice::FirstOption, 3, 1, 1).unwrap();
    assert_eq!(first.trials, 3);
    let _ = <HuntPolicy as Policy<Hunt>>::next;
}
