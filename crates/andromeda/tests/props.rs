//! Properties: tiers in range, odds sum to 1, Heat and stress bounds, and refusals that
//! change nothing.

use fray_andromeda::{
    check, odds, AdvantageMethod, Andromeda, CheckSpec, Command, ConditionKind, Edge, Id,
    OutcomeTable, State, Tier, Trigger,
};
use fray_dice::{AutoPlay, Catalog, Rng, Session};
use proptest::prelude::*;

fn edge() -> impl Strategy<Value = Edge> {
    prop_oneof![
        Just(Edge::Normal),
        Just(Edge::Advantage),
        Just(Edge::Disadvantage)
    ]
}

fn method() -> impl Strategy<Value = AdvantageMethod> {
    prop_oneof![
        (0u8..=4).prop_map(|dice| AdvantageMethod::ExtraDice { dice }),
        (-3i32..6).prop_map(|bonus| AdvantageMethod::Flat { bonus }),
    ]
}

fn spec() -> impl Strategy<Value = CheckSpec> {
    (
        -10i32..25,
        0i32..7,
        0i32..7,
        edge(),
        method(),
        0i32..20,
        0i32..6,
        0i32..6,
    )
        .prop_map(
            |(value, rank, difficulty, edge, advantage, cost, gap1, gap2)| CheckSpec {
                skill_value: value,
                skill_rank: rank,
                difficulty,
                edge,
                advantage,
                table: OutcomeTable {
                    cost_from: cost,
                    success_from: cost + gap1,
                    critical_from: cost + gap1 + gap2,
                },
            },
        )
}

/// Checks the invariants of every participant.
fn invariants(state: &State) {
    for (i, f) in state.fighters.iter().enumerate() {
        assert!(f.heat <= f.heat_gained, "Heat is never spent below zero");
        let rank = i64::from(state.roster()[i].rank);
        let max = (rank * 5 - i64::from(f.exhaustion)).max(0);
        assert_eq!(
            i64::from(state.main_max(i)),
            max,
            "Exhaustion never makes a max negative"
        );
        assert!(
            f.main_stress <= state.main_max(i),
            "main stress within its maximum"
        );
        assert!(
            f.temp_stress <= f.temp_max,
            "temporary stress within its maximum"
        );
    }
}

const IDS: [&str; 5] = ["vera", "mira", "warden", "drone", "ghost"];
const ABILITIES: [&str; 6] = [
    "blade",
    "riposte-flurry",
    "pistol",
    "crush",
    "dread-roar",
    "blaster",
];
const CONDITIONS: [ConditionKind; 4] = [
    ConditionKind::Grabbed,
    ConditionKind::Vulnerable,
    ConditionKind::Hidden,
    ConditionKind::Exhaustion,
];

/// An arbitrary command, legal or not.
fn command(k: u8, a: usize, b: usize, c: usize, x: i64, y: i64) -> Command {
    let actor: Id = IDS[a % IDS.len()].into();
    let target: Id = IDS[b % IDS.len()].into();
    let ability: Id = ABILITIES[c % ABILITIES.len()].into();
    let condition = CONDITIONS[c % CONDITIONS.len()];
    match k % 19 {
        0 => Command::StartTurn { actor },
        1 => Command::EndTurn { actor },
        2 => Command::UseAbility {
            actor,
            ability,
            targets: if c % 3 == 0 { vec![] } else { vec![target] },
            // Some commands aim at a point: an area ability's, or a refusal for the rest.
            at: (c % 3 != 1).then_some([(c % 7) as i64 - 3, (k % 5) as i64]),
        },
        3 => Command::Grab { actor, target },
        4 => Command::Escape {
            actor,
            skill: if c % 2 == 0 {
                "might".into()
            } else {
                "agility".into()
            },
        },
        5 => Command::Release { actor },
        6 => Command::Hide {
            actor,
            against: None,
        },
        7 => Command::Seek { actor, target },
        8 => Command::Move { actor, to: [x, y] },
        9 => Command::Step { actor, to: [x, y] },
        10 => Command::ExtraMove { actor, to: [x, y] },
        11 => Command::Reload {
            actor,
            artifact: if c % 2 == 0 {
                "needler".into()
            } else {
                "cell".into()
            },
        },
        12 => Command::HelpAlly {
            actor,
            ally: target,
            condition,
        },
        13 => Command::Ready {
            actor,
            ability,
            trigger: if c % 2 == 0 {
                Trigger::EnemyAttacks
            } else {
                Trigger::EnemyMovesIntoRange
            },
        },
        14 => Command::AccomplishmentHeat { actor },
        15 => Command::AccomplishmentRemove { actor, condition },
        16 => Command::ProvokedAttack {
            actor,
            ability: (c % 3 != 0).then_some(ability),
        },
        17 => Command::Readied {
            actor,
            fire: c % 2 == 0,
        },
        _ => Command::SavingThrow { actor, condition },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn tiers_stay_in_range_and_follow_the_shift(s in spec(), seed in any::<u64>()) {
        let r = check(&mut Rng::new(seed, 0), &s).unwrap();
        prop_assert!(r.tier.index() <= 3);
        prop_assert_eq!(r.tier, Tier::clamped(r.base as i64 + i64::from(r.shift)));
        prop_assert_eq!(r.base, s.table.tier(r.roll.total));
        prop_assert!(r.roll.kept.iter().all(|&d| (1..=8).contains(&d)));
    }

    #[test]
    fn odds_sum_to_one(s in spec()) {
        let d = odds(&s).unwrap();
        let total: u128 = d.iter().map(|(_, c)| c).sum();
        prop_assert_eq!(total, d.denominator());
        prop_assert!(d.min() >= 0 && d.max() <= 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn refusals_change_nothing_and_invariants_hold(
        seed in any::<u64>(),
        noise in proptest::collection::vec((any::<u8>(), 0usize..5, 0usize..5, 0usize..6, -40i64..40, -40i64..40), 1..80),
    ) {
        let mut session = Session::<Andromeda>::start(Andromeda::demo_setup(), seed, 0).unwrap();
        for (k, a, b, c, x, y) in noise {
            // An arbitrary command; refused ones must leave state and dice untouched.
            let before = serde_json::to_string(session.state()).unwrap();
            let position = session.dice_position();
            let logged = session.log().len();
            if session.apply(command(k, a, b, c, x, y)).is_err() {
                prop_assert_eq!(serde_json::to_string(session.state()).unwrap(), before);
                prop_assert_eq!(session.dice_position(), position);
                prop_assert_eq!(session.log().len(), logged);
            }
            invariants(session.state());
            // Then the default tactic moves the fight along.
            match Andromeda::next_command(session.state()) {
                Some(next) => { session.apply(next).unwrap(); }
                None => break,
            }
            invariants(session.state());
        }
    }
}
