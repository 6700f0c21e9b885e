//! The decision protocol on Andromeda (issue 17): options agree with `apply`, previews
//! equal `fray odds`, the default policy plays what the default tactic plays, and policies
//! are data.

mod common;

use common::*;
use fray_andromeda::{
    options, preview, Andromeda, AndromedaPolicy, Command, OddsSpec, Offer, Phase, TargetPriority,
};
use fray_dice::{
    simulate, simulate_with, AutoPlay, Catalog, Decide, Decider, Domain, FirstOption, OptionKind,
    Param, Policy, Rng, Session,
};
use proptest::prelude::*;
use serde_json::{json, Value};

fn demo() -> fray_andromeda::Setup {
    Andromeda::demo_setup()
}

/// A value inside a parameter's domain.
fn fill(rng: &mut Rng, param: &Param) -> Option<Value> {
    match &param.domain {
        Domain::Range { min, max } => {
            let span = (max - min).min(60) as u32;
            Some(json!(min + i64::from(rng.below(span + 1))))
        }
        Domain::OneOf { values } => Some(values[rng.below(values.len() as u32) as usize].clone()),
        _ => None,
    }
}

/// The option's command with its parameters filled at random.
fn variant(rng: &mut Rng, o: &fray_dice::LegalOption<Command>) -> Command {
    let mut v = serde_json::to_value(&o.command).unwrap();
    for p in &o.params {
        if let Some(value) = fill(rng, p) {
            v[p.field.as_str()] = value;
        }
    }
    serde_json::from_value(v).unwrap()
}

/// A random command, legal or not: any type, any names, abilities of the sheets, points
/// near the fighters.
fn random_command(rng: &mut Rng, names: &[String], abilities: &[String]) -> Option<Command> {
    let pick = |rng: &mut Rng, list: &[String]| json!(list[rng.below(list.len() as u32) as usize]);
    let types = [
        "start_turn",
        "end_turn",
        "use_ability",
        "grab",
        "escape",
        "release",
        "hide",
        "seek",
        "reveal",
        "reload",
        "help_ally",
        "saving_throw",
        "shake_off",
        "ready",
        "accomplishment_heat",
        "accomplishment_remove",
        "accomplishment_restore",
        "improvise",
        "provoked_attack",
        "readied",
    ];
    let kind = types[rng.below(types.len() as u32) as usize];
    let actor = pick(rng, names);
    let conditions = ["vulnerable", "weakened", "immobilized", "grabbed", "hidden"];
    let condition = json!(conditions[rng.below(5) as usize]);
    let c = match kind {
        "use_ability" => {
            let mut targets = vec![pick(rng, names)];
            if rng.below(3) == 0 {
                targets.push(pick(rng, names));
            }
            if rng.below(4) == 0 {
                targets.clear();
            }
            json!({"type": kind, "actor": actor, "ability": pick(rng, abilities),
                   "targets": targets})
        }
        "grab" | "seek" => json!({"type": kind, "actor": actor, "target": pick(rng, names)}),
        "hide" => json!({"type": kind, "actor": actor}),
        "escape" => {
            let skill = ["might", "agility", "melee"][rng.below(3) as usize];
            json!({"type": kind, "actor": actor, "skill": skill})
        }
        "reload" => json!({"type": kind, "actor": actor, "artifact": "blaster"}),
        "help_ally" => {
            json!({"type": kind, "actor": actor, "ally": pick(rng, names), "condition": condition})
        }
        "saving_throw" | "shake_off" | "accomplishment_remove" => {
            json!({"type": kind, "actor": actor, "condition": condition})
        }
        "ready" => {
            let trigger = ["enemy_moves_into_range", "enemy_attacks"][rng.below(2) as usize];
            json!({"type": kind, "actor": actor, "ability": pick(rng, abilities),
                   "trigger": trigger})
        }
        "improvise" => json!({"type": kind, "actor": actor, "skill": "melee",
                              "difficulty": rng.below(5)}),
        "provoked_attack" if rng.below(3) == 0 => json!({"type": kind, "actor": actor}),
        "provoked_attack" => {
            json!({"type": kind, "actor": actor, "ability": pick(rng, abilities)})
        }
        "readied" => json!({"type": kind, "actor": actor, "fire": rng.below(2) == 0}),
        _ => json!({"type": kind, "actor": actor}),
    };
    serde_json::from_value(c).ok()
}

/// A fight made for reactions: a ranged-style shooter engaged in melee, enemies with two
/// melee attacks each (one needing a charge, one out of Heat's reach at first) and a
/// readied-action user on each side.
fn reactions_setup() -> fray_andromeda::Setup {
    let claw = json!({"id": "claw", "skill": "melee", "defense": "control",
        "damage": "2/2/2/2", "range": 3});
    let gauntlet = json!({"id": "gauntlet", "skill": "melee", "defense": "fortitude",
        "damage": "1/1/3/3", "artifact": "cell"});
    let brute = |id: &str, pos: [i64; 2]| {
        with(
            plus_ability(
                plus_ability(fighter(id, "enemies", pos), claw.clone()),
                gauntlet.clone(),
            ),
            json!({"artifacts": [{"id": "cell", "reload": 1}]}),
        )
    };
    setup_of(
        vec![
            with(
                fighter("shooter", "heroes", [0, 0]),
                json!({"style": "ranged"}),
            ),
            with(
                fighter("guard", "heroes", [0, 3]),
                json!({"accomplishment_points": 1}),
            ),
            brute("brute", [1, 0]),
            brute("lurker", [12, 0]),
            with(
                fighter("sniper", "enemies", [25, 5]),
                json!({"style": "ranged"}),
            ),
        ],
        json!({}),
    )
}

/// Which kinds of pending decisions a run of [`agree`] met.
#[derive(Default)]
struct Seen {
    provoked: usize,
    readied: usize,
}

/// Issue 17 for Andromeda, over `steps` commands of `setup` from `seed`: every option
/// (and every variant its parameters allow) is accepted; every random command `apply`
/// accepts is among the options (moves and areas aside: their points are representative,
/// see `options`); a refused command changes nothing and consumes no die; the default
/// policy's direct choice is always an option. Pending decisions included: play is the
/// default policy, now and then a random option of the decider, and a Ready when offered.
fn agree(setup: fray_andromeda::Setup, seed: u64, steps: usize) -> Result<Seen, TestCaseError> {
    let mut seen = Seen::default();
    let mut rng = Rng::new(seed, 0);
    let mut session = Session::<Andromeda>::start(setup, seed, 1).unwrap();
    let names: Vec<String> = session
        .state()
        .fighters
        .iter()
        .map(|f| f.id.to_string())
        .collect();
    let abilities: Vec<String> = session
        .state()
        .roster()
        .iter()
        .flat_map(|p| p.abilities.iter().map(|a| a.id.to_string()))
        .collect();
    for _ in 0..steps {
        let state = session.state().clone();
        let opts = Andromeda::options(&state);
        if state.is_over() {
            prop_assert_eq!(opts.decider, Decider::Nobody);
            prop_assert!(opts.list.is_empty());
            break;
        }
        match state.pending.as_ref().map(|p| &p.offer) {
            Some(Offer::ProvokedAttack { .. }) => seen.provoked += 1,
            Some(Offer::Readied { .. }) => seen.readied += 1,
            None => {}
        }
        prop_assert!(
            opts.for_decider().next().is_some(),
            "the decider has a choice"
        );
        if state.pending.is_some() {
            prop_assert!(opts
                .list
                .iter()
                .all(|o| o.kind == OptionKind::PendingChoice));
        }
        for o in &opts.list {
            for command in [o.command.clone(), variant(&mut rng, o)] {
                let mut probe = session.clone();
                prop_assert!(
                    probe.apply(command.clone()).is_ok(),
                    "option {} refused: {:?}",
                    o.label,
                    command
                );
            }
        }
        let chosen = AndromedaPolicy::DEFAULT.command(&state);
        prop_assert_eq!(&chosen, &Andromeda::next_command(&state));
        if let Some(c) = &chosen {
            prop_assert!(
                opts.admits(c),
                "the default policy chose {:?}, not an option",
                c
            );
        }
        for _ in 0..6 {
            let Some(command) = random_command(&mut rng, &names, &abilities) else {
                continue;
            };
            let before = serde_json::to_string(session.state()).unwrap();
            let (position, log) = (session.dice_position(), session.log().len());
            let mut probe = session.clone();
            match probe.apply(command.clone()) {
                Ok(_) => prop_assert!(
                    opts.admits(&command),
                    "accepted but not among the options: {:?}",
                    command
                ),
                Err(_) => {
                    prop_assert_eq!(serde_json::to_string(probe.state()).unwrap(), before);
                    prop_assert_eq!(probe.dice_position(), position);
                    prop_assert_eq!(probe.log().len(), log);
                }
            }
        }
        let mine: Vec<_> = opts.for_decider().collect();
        let ready = mine.iter().find(|o| o.action == "ready");
        let command = match (ready, rng.below(3)) {
            (Some(o), 0) => o.command.clone(),
            (_, 1) => {
                let k = rng.below(mine.len() as u32) as usize;
                variant(&mut rng, mine[k])
            }
            _ => chosen.expect("not over"),
        };
        session.apply(command).unwrap();
    }
    Ok(seen)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// [`agree`] on the demo and on the reactions fight.
    #[test]
    fn options_and_apply_agree(seed in any::<u64>(), steps in 1usize..50, reactions in any::<bool>()) {
        let setup = if reactions { reactions_setup() } else { demo() };
        agree(setup, seed, steps)?;
    }
}

/// The property meets both decision points (AND-11, AND-14) as pending states on fixed
/// seeds, so their options are checked against `apply` whatever proptest draws.
#[test]
fn and_11_and_14_pending_decisions_are_covered() {
    let mut seen = Seen::default();
    for seed in 0..12 {
        let s = agree(reactions_setup(), seed, 60).unwrap();
        seen.provoked += s.provoked;
        seen.readied += s.readied;
    }
    assert!(
        seen.provoked > 0 && seen.readied > 0,
        "{} {}",
        seen.provoked,
        seen.readied
    );
}

/// While a side picks its actor (AND-07) its first member that may act speaks for it and
/// may pick any member with turns left; during a turn the actor decides, and the others'
/// reaction abilities are listed as reactions.
#[test]
fn and_07_the_side_picks_then_the_actor_decides() {
    let mut t = T::new(duel());
    let o = options(&t.state);
    assert!(matches!(t.state.phase, Phase::Choosing { .. }));
    assert_eq!(o.decider, Decider::participant("a", 0));
    let picks: Vec<&str> = o
        .list
        .iter()
        .filter(|o| o.action == "start_turn")
        .map(|o| o.actor.as_str())
        .collect();
    assert_eq!(picks, ["a"], "only heroes pick in the heroes' slot");
    t.ok(start("a"), &[]);
    let o = options(&t.state);
    assert_eq!(o.decider, Decider::participant("a", 0));
    let hit = cmd(
        json!({"type": "use_ability", "actor": "a", "ability": "hit",
                         "targets": ["b"]}),
    );
    assert!(o.admits(&hit));
    assert!(o.admits(&cmd(json!({"type": "end_turn", "actor": "a"}))));
    // b's attack is an action: not hers to take on a's turn.
    let theirs = cmd(
        json!({"type": "use_ability", "actor": "b", "ability": "hit",
                            "targets": ["a"]}),
    );
    assert!(!o.admits(&theirs));
    assert!(o.list.iter().all(|o| o.kind != OptionKind::PendingChoice));
}

/// AND-16 … AND-20: the preview of an attack is `fray odds andromeda` for its skill, the
/// target's defense, the edge and the damage line, as exact fractions.
#[test]
fn and_20_preview_equals_the_odds_query() {
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    let s = &t.state;
    let hit = cmd(
        json!({"type": "use_ability", "actor": "a", "ability": "hit",
                         "targets": ["b"]}),
    );
    let shown = preview(s, &hit).unwrap();
    let spec = OddsSpec {
        skill_value: 3,
        skill_rank: 2,
        difficulty: 3, // b's Fortitude (strong)
        damage: Some("1/2/3/5".parse().unwrap()),
        ..OddsSpec::default()
    };
    assert_eq!(shown, Andromeda::odds(&spec).unwrap());
    assert_eq!(shown.len(), 3, "tiers, tiers or better, damage");
    // Rolling nothing previews nothing; an illegal command is refused.
    assert!(preview(s, &cmd(json!({"type": "end_turn", "actor": "a"})))
        .unwrap()
        .is_empty());
    let not_hers = cmd(json!({"type": "end_turn", "actor": "b"}));
    assert!(Andromeda::preview(s, &not_hers).is_err());
}

/// The default policy through the protocol plays exactly the fights the default tactic
/// plays (the one `apply` path), and the first-option policy plays a fight to its end.
#[test]
fn the_default_policy_is_the_default_tactic() {
    let setup = demo();
    let by_tactic = simulate::<Andromeda>(&setup, 200, 3, 2, None).unwrap();
    let by_policy =
        simulate_with::<Andromeda, _>(&setup, &AndromedaPolicy::default(), 200, 3, 1).unwrap();
    assert_eq!(by_tactic, by_policy);
    let first = simulate_with::<Andromeda, _>(&setup, &FirstOption, 5, 3, 1).unwrap();
    assert_eq!(first.trials, 5);
}

/// A policy is data: the example file (the heroes strike the weakest first) parses, and it
/// gives a different, reproducible win rate on the demo.
#[test]
fn a_target_priority_changes_the_win_rate_reproducibly() {
    let text = include_str!("../../../examples/policies/andromeda-weakest-first.json");
    let policy: AndromedaPolicy = serde_json::from_str(text).unwrap();
    assert_eq!(policy.heroes.target, TargetPriority::Weakest);
    assert_eq!(policy.enemies, AndromedaPolicy::DEFAULT.enemies);
    let setup = demo();
    let base = simulate_with::<Andromeda, _>(&setup, &AndromedaPolicy::DEFAULT, 400, 1, 2).unwrap();
    let other = simulate_with::<Andromeda, _>(&setup, &policy, 400, 1, 2).unwrap();
    let again = simulate_with::<Andromeda, _>(&setup, &policy, 400, 1, 1).unwrap();
    assert_eq!(other, again, "reproducible whatever the threads");
    assert_ne!(base.wins, other.wins, "{:?} vs {:?}", base.wins, other.wins);
    assert!(serde_json::from_str::<AndromedaPolicy>(r#"{"heroes": {"aim": 1}}"#).is_err());
}

/// The policy answers through `choose` too: given the options it picks its own command.
#[test]
fn the_policy_chooses_among_the_options() {
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    let s = &t.state;
    let o = options(s);
    let chosen = AndromedaPolicy::DEFAULT.choose(s, &o).unwrap();
    assert_eq!(Some(chosen.clone()), AndromedaPolicy::DEFAULT.command(s));
    assert!(o.admits(&chosen));
}
