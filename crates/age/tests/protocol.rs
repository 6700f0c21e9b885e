//! The decision protocol on AGE (issue 17): options agree with `apply` both ways, the two
//! decision points wait for their answers, previews equal `fray odds`, and policies are data.

mod common;

use common::*;
use fray_age::{
    options, preview, Age, AgePolicy, Command, Condition, Event, OddsSpec, StuntPreference,
    TargetPriority,
};
use fray_dice::{
    simulate, simulate_with, Catalog, Decide, Decider, Domain, OptionKind, Param, Policy, Rng,
    Session,
};
use proptest::prelude::*;
use serde_json::{json, Value};

/// A value inside a parameter's domain (`None`: keep the option's own).
fn fill(rng: &mut Rng, param: &Param) -> Option<Value> {
    if param.optional && rng.below(3) == 0 {
        return Some(Value::Null);
    }
    Some(match &param.domain {
        Domain::Range { min, max } => {
            let span = (max - min).min(60) as u32;
            let low = rng.below(2) == 0;
            let step = i64::from(rng.below(span + 1));
            json!(if low { min + step } else { max - step })
        }
        Domain::OneOf { values } => values[rng.below(values.len() as u32) as usize].clone(),
        Domain::Text => json!("thruster"),
        Domain::Purchase {
            item_key,
            amount_key,
            items,
            min_total,
            max_total,
        } => {
            let mut left = *max_total;
            let mut out = Vec::new();
            for item in items {
                if rng.below(2) == 0 || item.min > left {
                    continue;
                }
                let top = item.max.min(left);
                let amount = item.min + rng.below(top - item.min + 1);
                let mut e = json!({item_key.as_str(): item.name, amount_key.as_str(): amount});
                if !item.targets.is_empty() && rng.below(2) == 0 {
                    e["target"] =
                        json!(item.targets[rng.below(item.targets.len() as u32) as usize]);
                }
                left -= amount;
                out.push(e);
            }
            if max_total - left < *min_total {
                // Too little bought: keep the option's own purchase.
                return None;
            }
            json!(out)
        }
        other => unreachable!("AGE offers no {other:?} parameter"),
    })
}

/// A random command, legal or not: any type, any names, numbers near the fighters.
fn random_command(rng: &mut Rng, names: &[String]) -> Option<Command> {
    let name = |rng: &mut Rng| json!(names[rng.below(names.len() as u32) as usize]);
    let types = [
        "melee_attack",
        "ranged_attack",
        "heavy_attack",
        "stunt_attack",
        "charge",
        "throw_grenade",
        "defend",
        "run",
        "first_aid",
        "activate",
        "aim",
        "guarded_stance",
        "move",
        "ready",
        "interrupt",
        "pursue",
        "take_up",
        "reload",
        "stand_firm",
        "spend_stunts",
        "absorb",
        "end_turn",
        "test",
        "apply_condition",
        "remove_condition",
    ];
    let kind = types[rng.below(types.len() as u32) as usize];
    let mut c = json!({"type": kind, "actor": name(rng), "target": name(rng)});
    let pos = rng.below(60) as i32 - 30;
    match kind {
        "throw_grenade" => {
            c = json!({"type": kind, "actor": c["actor"], "at": pos,
                       "deviate_long": rng.below(2) == 0});
            if rng.below(2) == 0 {
                c["tn"] = json!(9 + rng.below(6));
            }
        }
        "run" => c = json!({"type": kind, "actor": c["actor"], "to": pos}),
        "move" => {
            c = json!({"type": kind, "actor": c["actor"], "to": pos,
                "stand_up": rng.below(3) == 0, "drop_prone": rng.below(3) == 0,
                "push": rng.below(4) == 0})
        }
        "activate" => c = json!({"type": kind, "actor": c["actor"], "what": "boots"}),
        "guarded_stance" => c = json!({"type": kind, "actor": c["actor"], "bonus": rng.below(4)}),
        "take_up" => {
            let item = ["knife", "rifle", "grenade", "launcher", "spoon"][rng.below(5) as usize];
            c = json!({"type": kind, "actor": c["actor"], "item": item})
        }
        "spend_stunts" => {
            let stunts = [
                "skirmish",
                "knock_prone",
                "lightning_attack",
                "vicious_blow",
                "duck_and_weave",
                "short_burst",
                "lethal_blow",
            ];
            let mut list = Vec::new();
            for _ in 0..rng.below(3) {
                let mut e = json!({"stunt": stunts[rng.below(7) as usize],
                                   "points": rng.below(6)});
                if rng.below(4) == 0 {
                    e["target"] = name(rng);
                }
                list.push(e);
            }
            c = json!({"type": kind, "actor": c["actor"], "stunts": list})
        }
        "absorb" => c = json!({"type": kind, "actor": c["actor"], "take": rng.below(2) == 0}),
        "test" => {
            c = json!({"type": kind, "actor": c["actor"], "ability": "strength",
                       "modifier": rng.below(5) as i32 - 2, "tn": 11})
        }
        "apply_condition" | "remove_condition" => {
            c = json!({"type": kind, "target": c["target"], "condition": "prone"})
        }
        "defend" | "aim" | "interrupt" | "pursue" | "reload" | "stand_firm" | "end_turn" => {
            c = json!({"type": kind, "actor": c["actor"]})
        }
        _ => {}
    }
    serde_json::from_value(c).ok()
}

/// The option's command with its parameters filled at random.
fn variant(rng: &mut Rng, o: &fray_dice::LegalOption<Command>) -> Command {
    let mut v = serde_json::to_value(&o.command).unwrap();
    for p in &o.params {
        if rng.below(2) == 0 {
            let Some(value) = fill(rng, p) else { continue };
            if value.is_null() {
                v.as_object_mut().unwrap().remove(&p.field);
            } else {
                v[p.field.as_str()] = value;
            }
        }
    }
    serde_json::from_value(v).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Issue 17 for AGE: every option (and every variant its parameters allow) is accepted;
    /// every random command `apply` accepts is among the options; a refused command changes
    /// nothing; the default policy's direct choice is always among the options.
    #[test]
    fn options_and_apply_agree(seed in any::<u64>(), steps in 1usize..70) {
        let mut rng = Rng::new(seed, 0);
        let setup_json = random_setup(&mut rng);
        let Ok(session) = Session::<Age>::start(setup(setup_json), seed, 1) else {
            return Ok(());
        };
        let mut session = session;
        let names: Vec<String> =
            session.state().combatants.iter().map(|c| c.name.to_string()).collect();
        for _ in 0..steps {
            let state = session.state().clone();
            let opts = Age::options(&state);
            if state.over {
                prop_assert_eq!(opts.decider, Decider::Nobody);
                prop_assert!(opts.list.is_empty());
                break;
            }
            prop_assert!(!opts.list.is_empty(), "someone decides and has a choice");
            for o in &opts.list {
                for command in [o.command.clone(), variant(&mut rng, o)] {
                    let mut probe = session.clone();
                    prop_assert!(probe.apply(command.clone()).is_ok(),
                        "option {} refused: {:?}", o.label, command);
                }
            }
            if let Some(c) = AgePolicy::DEFAULT.command(&state) {
                prop_assert!(opts.admits(&c), "the default policy chose {:?}, not an option", c);
            }
            for _ in 0..6 {
                let Some(command) = random_command(&mut rng, &names) else { continue };
                let before = serde_json::to_string(session.state()).unwrap();
                let (position, log) = (session.dice_position(), session.log().len());
                let mut probe = session.clone();
                match probe.apply(command.clone()) {
                    Ok(_) => prop_assert!(opts.admits(&command),
                        "accepted but not among the options: {:?}", command),
                    Err(_) => {
                        prop_assert_eq!(serde_json::to_string(probe.state()).unwrap(), before);
                        prop_assert_eq!(probe.dice_position(), position);
                        prop_assert_eq!(probe.log().len(), log);
                    }
                }
            }
            // Play on: a random option of the decider (GM commands now and then).
            let mine: Vec<_> = opts.list.iter()
                .filter(|o| o.kind != OptionKind::GameMaster || rng.below(20) == 0)
                .collect();
            let pick = mine[rng.below(mine.len() as u32) as usize];
            let command = variant(&mut rng, pick);
            session.apply(command).unwrap();
        }
    }
}

/// The duel with A's knife hit about to land: A at 0 m, B at 1 m.
fn stunt_duel() -> fray_age::State {
    let mut s = duel();
    // 3+3+[5] + Fighting 2 + focus 2 = 15 ≥ 11 with doubles: 5 SP, waiting.
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[3, 3, 5],
    );
    s
}

/// AGE-21 decision point: the stunt points of a hit with doubles are the attacker's to
/// spend; the engine waits and lists the purchases; forgoing and buying both follow the rules.
#[test]
fn age_21_stunt_points_are_a_pending_decision() {
    let s = stunt_duel();
    let o = options(&s);
    assert_eq!(o.decider, Decider::participant("A", 0));
    assert!(o
        .list
        .iter()
        .all(|o| o.kind == OptionKind::PendingChoice && o.action == "spend_stunts"));
    let labels: Vec<&str> = o.list.iter().map(|o| o.label.as_str()).collect();
    assert!(labels.contains(&"forgo the 5 SP"), "{labels:?}");
    // Labels use the stunts' display names (issue 18).
    assert!(labels.contains(&"buy Knock Prone for 2 SP"), "{labels:?}");
    assert!(
        !labels.iter().any(|l| l.contains("short_burst")),
        "no automatic weapon: {labels:?}"
    );
    let buy = |stunts: Value| cmd(json!({"type": "spend_stunts", "actor": "A", "stunts": stunts}));
    assert!(o.admits(&buy(json!([{"stunt": "lethal_blow", "points": 5}]))));
    assert!(!o.admits(&buy(
        json!([{"stunt": "lethal_blow", "points": 5}, {"stunt": "skirmish", "points": 1}])
    )));
    // Nothing else may happen first.
    refused(
        &mut s.clone(),
        json!({"type": "end_turn", "actor": "A"}),
        "AGE-21",
    );
    // Forgo: knife 1d6 [4] + 2 = 6 − Toughness 1 = 5 from Fortune 10; B stays up.
    let mut forgo = s.clone();
    ok(
        &mut forgo,
        json!({"type": "spend_stunts", "actor": "A", "stunts": []}),
        &[4],
    );
    assert_eq!(forgo.combatants[1].fortune, 5);
    assert!(!forgo.combatants[1].conditions.prone);
    // Knock Prone (2 SP): the same damage, and B falls Prone.
    let mut prone = s;
    ok(
        &mut prone,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "knock_prone", "points": 2}]}),
        &[4],
    );
    assert_eq!(prone.combatants[1].fortune, 5);
    assert!(prone.combatants[1].conditions.prone);
}

/// AGE-15 decision point: damage past Fortune waits for the target, who may take Injured
/// to absorb 1d6 (then Wounded for 1d6 more) or decline and be taken out.
#[test]
fn age_15_absorbing_with_a_condition_is_the_targets_decision() {
    let start = || {
        let mut s = duel_with(|v| v["characters"][1]["fortune"] = json!(2));
        // Knife 1d6 [6] + 2 = 8 − 1 = 7: Fortune 2 pays 2, 5 left.
        ok(
            &mut s,
            json!({"type": "melee_attack", "actor": "A", "target": "B"}),
            &[6, 5, 4, 6],
        );
        s
    };
    let s = start();
    let o = options(&s);
    assert_eq!(o.decider, Decider::participant("B", 1));
    let labels: Vec<&str> = o.list.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "take Injured to absorb 1d6 of the 5 damage left",
            "decline Injured: the 5 damage left takes B out"
        ]
    );
    assert_eq!(
        s.combatants[1].fortune, 0,
        "Fortune is paid before the offer"
    );
    // Take Injured: [6] absorbs all 5; B stays in, Injured.
    let mut take = s.clone();
    let ev = ok(
        &mut take,
        json!({"type": "absorb", "actor": "B", "take": true}),
        &[6],
    );
    assert!(take.absorbing.is_none());
    assert!(!take.combatants[1].taken_out);
    assert!(take.combatants[1].conditions.has(Condition::Injured));
    assert!(ev.iter().any(|e| matches!(e, Event::Damage { outcome, .. }
        if outcome.injured_absorbed == Some(6) && !outcome.taken_out)));
    // Decline: no die, B is taken out unhurt by conditions, and the party wins.
    let mut decline = s;
    let ev = ok(
        &mut decline,
        json!({"type": "absorb", "actor": "B", "take": false}),
        &[],
    );
    assert!(decline.combatants[1].taken_out);
    assert!(!decline.combatants[1].conditions.has(Condition::Injured));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::EncounterEnded { winner: Some(w), .. } if w == "party")));
    // Already Wounded: «любой урон после Удачи сразу выводит из строя» — no offer.
    let mut s = duel_with(|v| {
        v["characters"][1]["fortune"] = json!(0);
        v["characters"][1]["conditions"] = json!({"injury": "wounded"});
    });
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 1],
    );
    assert!(s.absorbing.is_none());
    assert!(s.combatants[1].taken_out);
}

/// The default policy answers both decision points as the old automatic engine did.
#[test]
fn the_default_policy_absorbs_and_buys_stunts() {
    let s = stunt_duel();
    let Some(Command::SpendStunts { stunts, .. }) = AgePolicy::DEFAULT.command(&s) else {
        panic!("a purchase");
    };
    let bought: Vec<(&str, u8)> = stunts.iter().map(|c| (&*c.stunt, c.points)).collect();
    assert_eq!(bought, [("lethal_blow", 5)]);
    let mut none = AgePolicy::DEFAULT;
    none.party.stunts = StuntPreference::None;
    assert_eq!(
        none.command(&s),
        Some(cmd(
            json!({"type": "spend_stunts", "actor": "A", "stunts": []})
        ))
    );
    let mut s = duel_with(|v| v["characters"][1]["fortune"] = json!(2));
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 6],
    );
    assert_eq!(
        AgePolicy::DEFAULT.command(&s),
        Some(cmd(json!({"type": "absorb", "actor": "B", "take": true})))
    );
    let mut stoic = AgePolicy::DEFAULT;
    stoic.opponents.absorb = false;
    assert_eq!(
        stoic.command(&s),
        Some(cmd(json!({"type": "absorb", "actor": "B", "take": false})))
    );
}

/// A preview is the table `fray odds age` prints for the same numbers (exact fractions).
#[test]
fn previews_equal_fray_odds() {
    let s = duel();
    // Knife: Fighting 2 + Light Blades focus vs B's Defense 11.
    let attack = cmd(json!({"type": "melee_attack", "actor": "A", "target": "B"}));
    let odds = |ability, focus, modifier, tn| {
        Age::odds(&OddsSpec {
            ability,
            focus,
            modifier,
            tn,
            threshold: 0,
            ..OddsSpec::default()
        })
        .unwrap()
    };
    assert_eq!(Age::preview(&s, &attack).unwrap(), odds(2, true, 0, 11));
    // Aimed (+1), at a Prone target (+1 in melee), Heavy Attack: modifier +2.
    let mut aimed = duel_with(|v| v["characters"][1]["conditions"] = json!({"prone": true}));
    ok(&mut aimed, json!({"type": "aim", "actor": "A"}), &[]);
    let heavy = cmd(json!({"type": "heavy_attack", "actor": "A", "target": "B"}));
    assert_eq!(preview(&aimed, &heavy).unwrap(), odds(2, true, 2, 11));
    // The rifle at long range (60 m: −2), no focus bonus lost: Accuracy 2 + Rifles.
    let mut far = duel_with(|v| v["characters"][1]["position"] = json!(260));
    ok(
        &mut far,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    let shot = cmd(json!({"type": "ranged_attack", "actor": "A", "target": "B"}));
    let tables = preview(&far, &shot).unwrap();
    assert_eq!(tables, odds(2, true, -2, 11));
    assert_eq!(tables[0].rows[0].probability.to_string(), "20/27");
    // A command with no roll previews nothing; an illegal one is refused.
    let aim = cmd(json!({"type": "aim", "actor": "A"}));
    assert_eq!(preview(&s, &aim).unwrap(), []);
    let wrong = cmd(json!({"type": "aim", "actor": "B"}));
    assert_eq!(preview(&s, &wrong).unwrap_err().rule, "AGE-08");
}

/// `simulate` with another policy is another, reproducible game; the default policy through
/// the protocol plays exactly the games `simulate` plays.
#[test]
fn another_policy_gives_another_reproducible_win_rate() {
    let setup = Age::demo_setup();
    let default = simulate_with::<Age, _>(&setup, &AgePolicy::DEFAULT, 200, 1, 2).unwrap();
    assert_eq!(default, simulate::<Age>(&setup, 200, 1, 1, None).unwrap());
    let mut weakest = AgePolicy::DEFAULT;
    weakest.opponents.target = TargetPriority::Weakest;
    weakest.opponents.absorb = false;
    let a = simulate_with::<Age, _>(&setup, &weakest, 200, 1, 1).unwrap();
    let b = simulate_with::<Age, _>(&setup, &weakest, 200, 1, 2).unwrap();
    assert_eq!(a, b, "reproducible, whatever the threads");
    assert_ne!(a.wins, default.wins, "another policy, another game");
    // The policy is data.
    let json = serde_json::to_string(&weakest).unwrap();
    let back: AgePolicy = serde_json::from_str(&json).unwrap();
    assert_eq!(back, weakest);
    let short: AgePolicy =
        serde_json::from_str(r#"{"opponents": {"target": "most_dangerous"}}"#).unwrap();
    assert_eq!(short.opponents.target, TargetPriority::MostDangerous);
    assert_eq!(short.party, AgePolicy::DEFAULT.party);
    // Through the generic path (options, then choose) the default policy plays the same.
    let mut session = Session::<Age>::start(setup, 1, 3).unwrap();
    let mut direct = session.clone();
    while let Some(c) = <AgePolicy as Policy<Age>>::choose(
        &AgePolicy::DEFAULT,
        session.state(),
        &Age::options(session.state()),
    ) {
        if session.state().over {
            break;
        }
        session.apply(c).unwrap();
    }
    while let Some(c) = AgePolicy::DEFAULT.command(direct.state()) {
        direct.apply(c).unwrap();
    }
    assert_eq!(session.replay(), direct.replay());
}

/// Options and previews cross the JSON boundary the C ABI, Python and the CLI use; an
/// encounter started without the protocol refuses them clearly.
#[test]
fn options_and_previews_as_json() {
    let setup = serde_json::to_string(&duel_json()).unwrap();
    let mut e = fray_dice::start_json_deciding::<Age>(&setup, 5, 0).unwrap();
    let state = Session::<Age>::start(setup_of_duel(), 5, 0)
        .unwrap()
        .state()
        .clone();
    let options: fray_dice::Options<Command> =
        serde_json::from_str(&e.options_json().unwrap()).unwrap();
    assert_eq!(options, Age::options(&state));
    let actor = match &options.decider {
        Decider::Participant { name, .. } => name.clone(),
        other => panic!("{other:?}"),
    };
    let end = json!({"type": "end_turn", "actor": actor}).to_string();
    assert_eq!(e.preview_json(&end).unwrap(), "[]");
    let wrong = json!({"type": "aim", "actor": "nobody"}).to_string();
    assert!(matches!(
        e.preview_json(&wrong),
        Err(fray_dice::EncounterError::Rule(_))
    ));
    e.apply_json(&end).unwrap();
    let plain = fray_dice::start_json::<Age>(&setup, 5, 0).unwrap();
    let refusal = plain.options_json().unwrap_err().to_string();
    assert_eq!(
        refusal,
        "rule protocol: options are not offered by the age ruleset yet"
    );
}

fn setup_of_duel() -> fray_age::Setup {
    setup(duel_json())
}

/// Issue 23 (AGE-11 Pursue, AGE-21 Skirmish): the default policy does not chase back a
/// target its own Skirmish just pushed away (a free Pursue would undo the push); Pursue stays
/// a legal option.
#[test]
fn the_default_policy_does_not_chase_a_target_it_pushed_away() {
    let mut s = stunt_duel();
    // Skirmish with all 5 SP: B goes from 1 m to 11 m; knife [4] + 2 − 1 = 5 damage.
    ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "skirmish", "points": 5}]}),
        &[4],
    );
    assert_eq!(s.combatants[1].position, 11);
    let pursue = cmd(json!({"type": "pursue", "actor": "A"}));
    assert!(options(&s).admits(&pursue), "Pursue is legal");
    let next = AgePolicy::DEFAULT.command(&s).unwrap();
    assert_ne!(next, pursue);
    // It closes in with its minor action instead (a Move of its Speed, 12 m: to 10 m).
    assert_eq!(next, cmd(json!({"type": "move", "actor": "A", "to": 10})));
}

/// Issue 17 (owner question): the game master's commands are options whenever `apply`
/// accepts them, one of each per participant it concerns, of kind `GameMaster`; the decider's
/// own options leave them out, and none is listed while a pending decision waits.
#[test]
fn game_master_commands_are_listed_per_participant_but_not_for_the_decider() {
    let s = duel();
    let o = options(&s);
    let gm: Vec<(&str, &str)> = o
        .list
        .iter()
        .filter(|o| o.kind == OptionKind::GameMaster)
        .map(|o| (o.actor.as_str(), o.action.as_str()))
        .collect();
    assert_eq!(
        gm,
        [
            ("A", "test"),
            ("A", "apply_condition"),
            ("A", "remove_condition"),
            ("B", "test"),
            ("B", "apply_condition"),
            ("B", "remove_condition"),
        ]
    );
    let test_b = cmd(
        json!({"type": "test", "actor": "B", "ability": "perception",
                            "focus": true, "modifier": -1, "tn": 13, "sense": "sight"}),
    );
    assert!(o.admits(&test_b));
    assert!(o.admits(&cmd(
        json!({"type": "apply_condition", "target": "B", "condition": "blinded"})
    )));
    assert!(o.for_decider().all(|o| o.kind != OptionKind::GameMaster));
    assert!(o.for_decider().all(|o| o.actor == "A"));
    // While A's stunt points wait, the GM's commands are refused and not listed.
    let pending = stunt_duel();
    assert!(options(&pending)
        .list
        .iter()
        .all(|o| o.kind == OptionKind::PendingChoice));
    refused(
        &mut pending.clone(),
        json!({"type": "apply_condition", "target": "B", "condition": "prone"}),
        "AGE-21",
    );
}
