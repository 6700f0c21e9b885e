//! The decision protocol on Better World (issue 17): options agree with `apply` both ways,
//! the opportunity attack waits for its answer, previews equal `fray odds`, and policies
//! are data.

mod common;

use common::*;
use fray_better_world::*;
use fray_dice::{
    simulate, simulate_with, AutoPlay, Catalog, Decide, Decider, Domain, LegalOption, OptionKind,
    Param, Policy, Rng, Session,
};
use proptest::prelude::*;
use serde_json::{json, Value};

/// The demo, shuffled: positions moved, weapons made deadlier, now and then a grappler
/// more, a cover zone, no opportunity attacks or the card method.
fn random_setup(rng: &mut Rng) -> Setup {
    let mut setup = BetterWorld::demo_setup();
    for c in &mut setup.characters {
        c.position += rng.below(9) as i32 - 4;
        for w in &mut c.weapons {
            w.effectiveness += rng.below(3);
        }
        if rng.below(4) == 0 {
            c.style = Style::Grappler;
        }
    }
    if rng.below(3) == 0 {
        setup.settings.cover_zones = vec![CoverZone {
            from: 4,
            to: 6,
            cover: Cover::Heavy,
        }];
    }
    if rng.below(5) == 0 {
        setup.settings.opportunity_attacks = false;
    }
    setup.settings.max_rounds = 8;
    setup
}

fn fill(rng: &mut Rng, param: &Param) -> Value {
    if param.optional && rng.below(3) == 0 {
        return Value::Null;
    }
    match &param.domain {
        Domain::Range { min, max } => {
            let span = (max - min).min(60) as u32;
            let step = i64::from(rng.below(span + 1));
            json!(if rng.below(2) == 0 {
                min + step
            } else {
                max - step
            })
        }
        Domain::OneOf { values } => values[rng.below(values.len() as u32) as usize].clone(),
        _ => unreachable!("Better World has no text or purchase parameters"),
    }
}

/// The option's command with its parameters filled at random.
fn variant(rng: &mut Rng, o: &LegalOption<Command>) -> Command {
    let mut v = serde_json::to_value(&o.command).unwrap();
    for p in &o.params {
        if rng.below(2) == 0 {
            v[p.field.as_str()] = fill(rng, p);
        }
    }
    serde_json::from_value(v).unwrap()
}

/// A random command, legal or not, of the forms the options enumerate (a Long Burst at one
/// target; a Join of one character; restraint off, one less, or at most 0–3).
fn random_command(rng: &mut Rng, n: usize) -> Command {
    let i = |rng: &mut Rng| rng.below(n as u32 + 1) as usize;
    let restraint = match rng.below(3) {
        0 => Restraint::Off,
        1 => Restraint::Reduce { by: 1 },
        _ => Restraint::Cap { at: rng.below(4) },
    };
    let aspects = [Aspect::Training, Aspect::Perception, Aspect::Constitution];
    let strike = Strike {
        actor: i(rng),
        target: i(rng),
        weapon: (rng.below(4) == 0).then(|| rng.below(2) as usize),
        aspect: (rng.below(3) == 0).then(|| aspects[rng.below(3) as usize]),
        bonus: rng.below(12),
        extra: rng.below(12),
        restraint,
    };
    let actor = i(rng);
    match rng.below(22) {
        0 => Command::Attack(strike),
        1 => Command::QuickStrike(strike),
        2 => Command::FeintStrike(strike),
        3 => Command::QuickShot(strike),
        4 => Command::AimedShot(strike),
        5 => Command::ShortBurst(strike),
        6 => Command::LongBurst(Spray {
            actor,
            targets: vec![i(rng)],
            ..Spray::default()
        }),
        7 => Command::Disarm {
            actor,
            target: i(rng),
        },
        8 => Command::Grapple {
            actor,
            target: i(rng),
        },
        9 => Command::BreakFree { actor },
        10 => Command::Release { actor },
        11 => Command::DefensiveStance { actor },
        12 => Command::FullDefense { actor },
        13 => Command::Reaction { actor },
        14 => Command::Move {
            actor,
            to: rng.below(50) as i32 - 10,
            sprint: rng.below(2) == 0,
            engage: (rng.below(2) == 0).then(|| i(rng)),
            sector: (rng.below(3) == 0).then(|| rng.below(5) as u8),
        },
        15 => Command::Reload { actor },
        16 => Command::PickUp {
            actor,
            weapon: (rng.below(2) == 0).then(|| rng.below(2) as usize),
        },
        17 => Command::Withdraw { actor },
        18 => Command::LetGo { actor },
        19 => Command::Pass { actor },
        20 => Command::Opportunity {
            actor,
            attack: rng.below(2) == 0,
        },
        _ => match rng.below(3) {
            0 => Command::Join {
                actors: vec![actor],
            },
            1 => Command::NextRound,
            _ => Command::EndTurn { actor },
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// Issue 17 for Better World: every option (and every variant its parameters allow) is
    /// accepted; every random command `apply` accepts is among the options; a refused
    /// command changes nothing and rolls nothing; the default policy's direct choice is
    /// always among the options.
    #[test]
    fn options_and_apply_agree(seed in any::<u64>(), steps in 1usize..60) {
        let mut rng = Rng::new(seed, 0);
        let setup = random_setup(&mut rng);
        let n = setup.characters.len();
        let mut session = Session::<BetterWorld>::start(setup, seed, 1).unwrap();
        for _ in 0..steps {
            let state = session.state().clone();
            let opts = BetterWorld::options(&state);
            if state.phase == Phase::Over {
                prop_assert_eq!(opts.decider, Decider::Nobody);
                prop_assert!(opts.list.is_empty());
                break;
            }
            prop_assert!(opts.for_decider().next().is_some(), "someone decides and has a choice");
            for o in &opts.list {
                for command in [o.command.clone(), variant(&mut rng, o)] {
                    let mut probe = session.clone();
                    prop_assert!(probe.apply(command.clone()).is_ok(),
                        "option {} refused: {:?}", o.label, command);
                }
            }
            if let Some(c) = BwPolicy::DEFAULT.command(&state) {
                prop_assert!(opts.admits(&c), "the default policy chose {:?}, not an option", c);
            }
            for _ in 0..8 {
                let command = random_command(&mut rng, n);
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
            // Play on: a random option of the decider, or the default policy's choice.
            let mine: Vec<_> = opts.for_decider().collect();
            let command = if rng.below(2) == 0 {
                BwPolicy::DEFAULT.command(&state).unwrap()
            } else {
                let k = rng.below(mine.len() as u32) as usize;
                variant(&mut rng, mine[k])
            };
            session.apply(command).unwrap();
        }
    }
}

/// A is engaged with B in round 1, its turn: stepping away provokes B.
fn leaving() -> State {
    let mut state = start(
        &setup(vec![fighter("A", 0, 0, 3), fighter("B", 1, 1, 2)]),
        &mut fray_dice::Scripted::new([]),
        &mut fray_dice::EventLog::quiet(),
    )
    .unwrap();
    run(&mut state, end(0), &[]).unwrap();
    run(&mut state, engage(1, 1, 0), &[]).unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    let mv = Command::Move {
        actor: 0,
        to: -4,
        sprint: false,
        engage: None,
        sector: None,
    };
    run(&mut state, mv, &[]).unwrap();
    state
}

#[test]
fn bw_26_the_opportunity_attack_is_the_provoked_enemys_pending_choice() {
    let state = leaving();
    let opts = BetterWorld::options(&state);
    assert_eq!(opts.decider, Decider::participant("B", 1));
    let mine: Vec<_> = opts.for_decider().collect();
    assert_eq!(mine.len(), 2, "attack or let go: {mine:?}");
    assert!(mine.iter().all(|o| o.kind == OptionKind::PendingChoice));
    assert_eq!(
        mine.iter().map(|o| o.command.clone()).collect::<Vec<_>>(),
        [
            Command::Opportunity {
                actor: 1,
                attack: true
            },
            Command::Opportunity {
                actor: 1,
                attack: false
            }
        ]
    );
    // Taken: a hit (2 ones against 0 of 2 + 1K) deals its bonus 2 to A, who then moves.
    let mut taken = state.clone();
    let take = Command::Opportunity {
        actor: 1,
        attack: true,
    };
    run(&mut taken, take, &[1, 1, 0, 0, 0]).unwrap();
    assert_eq!(taken.fighters[0].hits, 4);
    assert_eq!(taken.fighters[0].character.position, -4);
    // Declined: no die, A unhurt, the move made; the turn goes on (A's Main action left).
    let mut declined = state;
    let decline = Command::Opportunity {
        actor: 1,
        attack: false,
    };
    run(&mut declined, decline, &[]).unwrap();
    assert_eq!(declined.fighters[0].hits, 6);
    assert_eq!(declined.fighters[0].character.position, -4);
    assert_eq!(
        declined.turn.map(|t| (t.actor, t.additional, t.main)),
        Some((0, true, false))
    );
    // A policy that declines opportunity attacks answers so.
    let mut polite = BwPolicy::DEFAULT;
    polite.defenders.opportunity_attacks = false;
    assert_eq!(
        polite.command(&leaving()),
        Some(Command::Opportunity {
            actor: 1,
            attack: false
        })
    );
    assert_eq!(
        BwPolicy::DEFAULT.command(&leaving()),
        Some(Command::Opportunity {
            actor: 1,
            attack: true
        })
    );
}

#[test]
fn previews_equal_fray_odds() {
    // A ranged shot: the demo's Lynx (Perception 3, pistol, First Strike +1K) at Guard
    // Sasha 5 m away (Near 3K, no cover): pool 4 against 3K, pistol 2 vs armour.
    let state = Session::<BetterWorld>::start(BetterWorld::demo_setup(), 7, 0)
        .unwrap()
        .state()
        .clone();
    assert_eq!(state.phase, Phase::FirstStrike);
    let shot = Command::Attack(Strike {
        actor: 1,
        target: 2,
        ..Strike::default()
    });
    let armour = state.fighters[2].character.armour.effectiveness;
    let odds = BetterWorld::odds(&OddsSpec {
        pool: 3 + 1,
        distance: Some(Distance::Near),
        comfortable: Distance::Near,
        weapon: 2,
        armour,
        ..OddsSpec::default()
    })
    .unwrap();
    assert_eq!(BetterWorld::preview(&state, &shot).unwrap(), odds);
    // Restraint one less is the odds' restraint.
    let gentle = Command::Attack(Strike {
        actor: 1,
        target: 2,
        restraint: Restraint::Reduce { by: 1 },
        ..Strike::default()
    });
    let odds = BetterWorld::odds(&OddsSpec {
        pool: 4,
        distance: Some(Distance::Near),
        weapon: 2,
        armour,
        restraint: 1,
        ..OddsSpec::default()
    })
    .unwrap();
    assert_eq!(BetterWorld::preview(&state, &gentle).unwrap(), odds);
    // The opportunity attack: B's Training 2 against A's Training 2 + 1K, bare hands.
    let opp = Command::Opportunity {
        actor: 1,
        attack: true,
    };
    let odds = BetterWorld::odds(&OddsSpec {
        pool: 2,
        difficulty: 3,
        ..OddsSpec::default()
    })
    .unwrap();
    assert_eq!(BetterWorld::preview(&leaving(), &opp).unwrap(), odds);
    // Declining rolls nothing; an illegal command is refused with its rule.
    let decline = Command::Opportunity {
        actor: 1,
        attack: false,
    };
    assert_eq!(BetterWorld::preview(&leaving(), &decline).unwrap(), []);
    assert_eq!(
        BetterWorld::preview(&leaving(), &end(0)).unwrap_err().rule,
        "BW-26"
    );
}

/// `simulate` with another policy is another, reproducible game; the default policy through
/// the protocol plays exactly the games `simulate` plays.
#[test]
fn another_policy_gives_another_reproducible_win_rate() {
    let setup = BetterWorld::demo_setup();
    let default = simulate_with::<BetterWorld, _>(&setup, &BwPolicy::DEFAULT, 200, 1, 2).unwrap();
    assert_eq!(
        default,
        simulate::<BetterWorld>(&setup, 200, 1, 1, None).unwrap()
    );
    let file = include_str!("../../../examples/policies/better-world-weakest-first.json");
    let weakest: BwPolicy = serde_json::from_str(file).unwrap();
    assert_eq!(weakest.defenders.target, TargetPriority::Weakest);
    assert_eq!(weakest.attackers, Tactic::DEFAULT);
    let a = simulate_with::<BetterWorld, _>(&setup, &weakest, 200, 1, 1).unwrap();
    let b = simulate_with::<BetterWorld, _>(&setup, &weakest, 200, 1, 2).unwrap();
    assert_eq!(a, b, "reproducible, whatever the threads");
    assert_ne!(a.wins, default.wins, "another policy, another game");
    // Through the generic path (options, then choose) the default policy plays the same.
    let mut session = Session::<BetterWorld>::start(setup, 1, 3).unwrap();
    let mut direct = session.clone();
    while let Some(c) = <BwPolicy as Policy<BetterWorld>>::choose(
        &BwPolicy::DEFAULT,
        session.state(),
        &BetterWorld::options(session.state()),
    ) {
        session.apply(c).unwrap();
    }
    while let Some(c) = BetterWorld::next_command(direct.state()) {
        direct.apply(c).unwrap();
    }
    assert_eq!(session.replay(), direct.replay());
}
