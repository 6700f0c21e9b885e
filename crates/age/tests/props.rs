//! Properties: stunt points, stunt spending, condition chains and refused commands.

use fray_age::{Age, Condition, Conditions, Event, StuntChoice, StuntTable, TestResult, TestSpec};
use fray_dice::{AutoPlay, Catalog, Session};
use proptest::prelude::*;

fn condition() -> impl Strategy<Value = Condition> {
    prop::sample::select(vec![
        Condition::Fatigued,
        Condition::Exhausted,
        Condition::Injured,
        Condition::Wounded,
        Condition::Dying,
        Condition::Prone,
        Condition::Unconscious,
        Condition::Helpless,
        Condition::Restrained,
        Condition::Slowed,
        Condition::Blinded,
        Condition::Deafened,
    ])
}

fn stunt_name() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "skirmish",
        "duck_and_weave",
        "take_cover",
        "momentum",
        "knock_prone",
        "lightning_attack",
        "vicious_blow",
        "lethal_blow",
        "short_burst",
        "long_burst",
        "nonsense",
    ])
    .prop_map(str::to_owned)
}

proptest! {
    /// AGE-04: stunt points only on successes with doubles, and then equal to the Drama Die.
    #[test]
    fn stunt_points_only_on_successful_doubles(
        a in 1u8..=6, b in 1u8..=6, c in 1u8..=6,
        ability in -2i32..6, focus: bool, modifier in -3i32..4,
        tn in prop::option::of(3i32..25),
    ) {
        let spec = TestSpec { ability, focus, modifier, tn, auto_fail: false };
        let r = TestResult::from_dice([a, b, c], &spec);
        if r.stunt_points > 0 {
            prop_assert!(r.success && r.doubles);
            prop_assert_eq!(r.stunt_points, c);
        } else {
            prop_assert!(!(r.success && r.doubles));
        }
    }

    /// AGE-21: an accepted purchase never spends more than earned and respects every cost.
    #[test]
    fn never_more_spent_than_earned(
        earned in 0u8..=8,
        buys in prop::collection::vec((stunt_name(), 0u8..=7), 0..4),
        automatic: bool,
    ) {
        let table = StuntTable::default();
        let choices: Vec<StuntChoice> = buys
            .into_iter()
            .map(|(stunt, points)| StuntChoice { stunt: stunt.into(), points, target: None })
            .collect();
        if let Ok(spent) = table.validate(&choices, earned, automatic) {
            prop_assert!(spent <= earned);
            let total: u32 = choices.iter().map(|c| u32::from(c.points)).sum();
            prop_assert_eq!(total, u32::from(spent));
            for c in &choices {
                let def = table.get(&c.stunt).unwrap();
                prop_assert!(c.points >= def.min);
                prop_assert!(def.max.map_or(true, |m| c.points <= m));
                prop_assert!(automatic || !def.automatic_only);
            }
        }
    }

    /// AGE-22 … AGE-25: gaining conditions only moves the chains forward.
    #[test]
    fn chains_only_move_forward(gains in prop::collection::vec(condition(), 0..12)) {
        let mut c = Conditions::default();
        for g in gains {
            let (fatigue, injury, helpless) = (c.fatigue_level(), c.injury, c.helpless);
            c.add(g);
            prop_assert!(c.fatigue_level() >= fatigue);
            prop_assert!(c.injury >= injury);
            prop_assert!(c.helpless || !helpless);
        }
    }

    /// A refused command leaves the state JSON and the dice position exactly as they were;
    /// and in whole fights no stunt purchase ever passes the points earned.
    #[test]
    fn refused_commands_change_nothing(
        stream in 0u64..40,
        steps in 0usize..60,
        junk in prop::collection::vec(0usize..12, 1..6),
    ) {
        let mut session = Session::<Age>::start(Age::demo_setup(), 11, stream).unwrap();
        for _ in 0..steps {
            match Age::next_command(session.state()) {
                Some(c) => { session.apply(c).unwrap(); }
                None => break,
            }
        }
        let names = ["Sgt. Okafor", "Pvt. Lindqvist", "Mako", "Vex", "Kask"];
        for j in junk {
            let actor = names[j % names.len()];
            let target = names[(j + 2) % names.len()];
            let command = match j {
                0 => serde_json::json!({"type": "melee_attack", "actor": actor, "target": target}),
                1 => serde_json::json!({"type": "ranged_attack", "actor": actor, "target": actor}),
                2 => serde_json::json!({"type": "spend_stunts", "actor": actor,
                    "stunts": [{"stunt": "lethal_blow", "points": 5}, {"stunt": "skirmish", "points": 9}]}),
                3 => serde_json::json!({"type": "run", "actor": actor, "to": 999}),
                4 => serde_json::json!({"type": "reload", "actor": actor}),
                5 => serde_json::json!({"type": "guarded_stance", "actor": actor, "bonus": 5}),
                6 => serde_json::json!({"type": "interrupt", "actor": actor}),
                7 => serde_json::json!({"type": "throw_grenade", "actor": actor, "at": 500}),
                8 => serde_json::json!({"type": "move", "actor": actor, "to": 200}),
                9 => serde_json::json!({"type": "charge", "actor": actor, "target": actor}),
                10 => serde_json::json!({"type": "first_aid", "actor": actor, "target": "nobody"}),
                _ => serde_json::json!({"type": "pursue", "actor": actor}),
            };
            let command: fray_age::Command = serde_json::from_value(command).unwrap();
            let before = serde_json::to_string(session.state()).unwrap();
            let position = session.dice_position();
            let log = session.log().len();
            if session.apply(command).is_err() {
                prop_assert_eq!(serde_json::to_string(session.state()).unwrap(), before);
                prop_assert_eq!(session.dice_position(), position);
                prop_assert_eq!(session.log().len(), log);
            }
        }
        while let Some(c) = Age::next_command(session.state()) {
            session.apply(c).unwrap();
        }
        for e in session.events() {
            if let Event::StuntsSpent { spent, earned, .. } = e {
                prop_assert!(spent <= earned);
            }
        }
    }
}
