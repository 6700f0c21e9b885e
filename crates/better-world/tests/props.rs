//! Properties over random fights and random commands (BW-12, BW-19, BW-20, BW-24, BW-10).

use fray_better_world::*;
use fray_dice::{AutoPlay, Catalog, Session};
use proptest::prelude::*;

/// The demo with every weapon made `lethal` points deadlier, so deaths happen too.
fn scenario(lethal: u32) -> Setup {
    let mut setup = BetterWorld::demo_setup();
    for c in &mut setup.characters {
        for w in &mut c.weapons {
            w.effectiveness += lethal;
        }
    }
    setup
}

fn arb_command() -> impl Strategy<Value = Command> {
    let strike =
        (0usize..7, 0usize..7, 0u32..3, 0u32..3).prop_map(|(actor, target, bonus, extra)| Strike {
            actor,
            target,
            bonus,
            extra,
            ..Strike::default()
        });
    prop_oneof![
        strike.clone().prop_map(Command::Attack),
        strike.clone().prop_map(Command::QuickStrike),
        strike.clone().prop_map(Command::FeintStrike),
        strike.clone().prop_map(Command::QuickShot),
        strike.clone().prop_map(Command::AimedShot),
        strike.prop_map(Command::ShortBurst),
        (0usize..7, proptest::collection::vec(0usize..7, 0..4)).prop_map(|(actor, targets)| {
            Command::LongBurst(Spray {
                actor,
                targets,
                ..Spray::default()
            })
        }),
        (0usize..7, 0usize..7).prop_map(|(actor, target)| Command::Disarm { actor, target }),
        (0usize..7, 0usize..7).prop_map(|(actor, target)| Command::Grapple { actor, target }),
        (0usize..7).prop_map(|actor| Command::BreakFree { actor }),
        (0usize..7).prop_map(|actor| Command::Release { actor }),
        (0usize..7).prop_map(|actor| Command::DefensiveStance { actor }),
        (0usize..7).prop_map(|actor| Command::FullDefense { actor }),
        (0usize..7).prop_map(|actor| Command::Reaction { actor }),
        (
            0usize..7,
            -20i32..40,
            any::<bool>(),
            proptest::option::of(0usize..7),
            proptest::option::of(0u8..5)
        )
            .prop_map(|(actor, to, sprint, engage, sector)| Command::Move {
                actor,
                to,
                sprint,
                engage,
                sector
            }),
        (0usize..7).prop_map(|actor| Command::Reload { actor }),
        (0usize..7).prop_map(|actor| Command::Withdraw { actor }),
        (0usize..7).prop_map(|actor| Command::LetGo { actor }),
        (0usize..7).prop_map(|actor| Command::Pass { actor }),
        (0usize..7).prop_map(|actor| Command::EndTurn { actor }),
        proptest::collection::vec(0usize..7, 0..3).prop_map(|actors| Command::Join { actors }),
        Just(Command::NextRound),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// BW-20: the living never go below −2; a blow past it marks death. BW-19: one blow
    /// brings at most one of Pain Shock and Concussion, the one its damage calls for.
    #[test]
    fn health_death_and_shock_invariants(seed in any::<u64>(), stream in 0u64..10_000, lethal in 0u32..4) {
        let setup = scenario(lethal);
        let track = setup.settings.health;
        let mut session = Session::<BetterWorld>::start(setup, seed, stream).unwrap();
        let mut steps = 0;
        while let Some(command) = BetterWorld::next_command(session.state()) {
            let events = session.apply(command).unwrap().to_vec();
            steps += 1;
            prop_assert!(steps < 5_000);
            for f in &session.state().fighters {
                if f.status == Status::Dead {
                    prop_assert!(f.hits < track.death_threshold);
                } else {
                    prop_assert!(f.hits >= track.death_threshold, "{} at {}", f.character.name, f.hits);
                }
            }
            for (k, e) in events.iter().enumerate() {
                if let Event::Damaged { target, dealt, hits, .. } = e {
                    let rest = &events[k + 1..];
                    let until = rest
                        .iter()
                        .position(|x| matches!(x, Event::Damaged { .. }))
                        .unwrap_or(rest.len());
                    let shocks: Vec<Shock> = rest[..until]
                        .iter()
                        .filter_map(|x| match x {
                            Event::Shocked { target: t, shock } if t.id == target.id => Some(*shock),
                            _ => None,
                        })
                        .collect();
                    let died = rest[..until]
                        .iter()
                        .any(|x| matches!(x, Event::Died { actor } if actor.id == target.id));
                    prop_assert_eq!(died, *hits < track.death_threshold);
                    prop_assert!(shocks.len() <= 1);
                    let conscious_after = !died && session.state().fighters[target.id].conscious;
                    if shocks.len() == 1 {
                        prop_assert_eq!(shocks[0], track.shock(*dealt));
                    } else if conscious_after && *hits >= 1 {
                        prop_assert_eq!(track.shock(*dealt), Shock::None);
                    }
                }
            }
        }
    }

    /// BW-19: the thresholds pick exactly one effect, the larger.
    #[test]
    fn shock_is_exclusive(damage in 0u32..40, pain in 0u32..10, gap in 0u32..10) {
        let track = HealthTrack { pain_shock_over: pain, concussion_over: pain + gap, ..HealthTrack::default() };
        let shock = track.shock(damage);
        let expected = if damage > pain + gap {
            Shock::Concussion
        } else if damage > pain {
            Shock::PainShock
        } else {
            Shock::None
        };
        prop_assert_eq!(shock, expected);
    }

    /// A refused command leaves the state JSON, the dice position and the log as they were.
    #[test]
    fn rejected_command_changes_nothing(seed in any::<u64>(), steps in 0usize..80, command in arb_command()) {
        let mut session = Session::<BetterWorld>::start(scenario(0), seed, 0).unwrap();
        for _ in 0..steps {
            match BetterWorld::next_command(session.state()) {
                Some(c) => { session.apply(c).unwrap(); }
                None => break,
            }
        }
        let state = serde_json::to_string(session.state()).unwrap();
        let position = session.dice_position();
        let log = session.log().len();
        // Directly too: `apply` must validate before it touches anything.
        let mut direct = session.state().clone();
        let mut rng = fray_dice::Rng::new(seed, 1);
        let direct_result = apply(&mut direct, &command, &mut rng, &mut fray_dice::EventLog::quiet());
        if direct_result.is_err() {
            prop_assert_eq!(serde_json::to_string(&direct).unwrap(), state.clone());
            prop_assert_eq!(rng.word_pos(), 0);
        }
        if let Err(e) = session.apply(command) {
            prop_assert!(!e.rule.is_empty());
            prop_assert_eq!(serde_json::to_string(session.state()).unwrap(), state);
            prop_assert_eq!(session.dice_position(), position);
            prop_assert_eq!(session.log().len(), log);
        }
    }

    /// Random commands mixed with the tactic's never panic, and accepted ones keep the
    /// health invariants (the surface the C ABI and Python expose).
    #[test]
    fn random_commands_never_panic(
        seed in any::<u64>(),
        commands in proptest::collection::vec((any::<bool>(), arb_command()), 0..60),
    ) {
        let mut session = Session::<BetterWorld>::start(scenario(1), seed, 2).unwrap();
        let threshold = session.state().settings.health.death_threshold;
        for (use_tactic, command) in commands {
            let command = if use_tactic {
                match BetterWorld::next_command(session.state()) {
                    Some(c) => c,
                    None => break,
                }
            } else {
                command
            };
            let _ = session.apply(command);
            for f in &session.state().fighters {
                prop_assert_eq!(f.status == Status::Dead, f.hits < threshold);
            }
        }
        prop_assert!(session.replay().verify::<BetterWorld>().is_ok());
    }
}
