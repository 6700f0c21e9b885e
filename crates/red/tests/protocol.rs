//! The decision protocol on RED (issue 17): options agree with `apply` both ways, the
//! evasion choice waits for its answer, previews equal `fray odds`, and policies are data.

mod common;

use common::*;
use fray_dice::{simulate, simulate_with, Catalog, Decider, OptionKind, Rng, Session};
use fray_red::{
    options, preview, Command, DefenseRoll, Event, OddsSpec, Red, RedPolicy, TargetPriority,
};
use proptest::prelude::*;
use serde_json::json;

/// A (side 0, REF 7) at 0 m and B (side 1, REF 8: may evade) at 10 m; A acts first.
fn duel_with_evader() -> fray_red::State {
    let mut b = fighter("B", 1, 10);
    b.stats.reflexes = 8;
    let s = setup(vec![fighter("A", 0, 0), b]);
    begin(&s, &[5, 3]).0
}

fn shoot(actor: usize, target: usize) -> Command {
    cmd(json!({"type": "attack", "actor": actor, "target": target, "weapon": 0}))
}

#[test]
fn red_33_a_setup_preference_to_evade_does_not_bind_one_who_may_not() {
    // RED-33: B has REF 7, under the 8 evasion needs; its setup says "always evade". The
    // attack is resolved against the DV (A's d10 5: 7 + 5 + 5 = 17 against DV 15), where it
    // was refused before and the default policy could not play the fight.
    let mut b = fighter("B", 1, 10);
    b.evade = Some(true);
    let s = setup(vec![fighter("A", 0, 0), b]);
    let mut st = begin(&s, &[5, 3]).0;
    let ev = run(&mut st, shoot(0, 1), &[5, 1, 1, 1]);
    let defense = ev.iter().find_map(|e| match e {
        Event::Attack { defense, hit, .. } => Some((*defense, *hit)),
        _ => None,
    });
    assert_eq!(defense, Some((DefenseRoll::Dv { dv: 15 }, true)), "{ev:?}");
    // Asked for in the command, the same evasion is refused and changes nothing.
    let mut st = begin(&s, &[5, 3]).0;
    let explicit =
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "evade": true}));
    assert_eq!(refuse(&mut st, explicit).rule.as_str(), "RED-33");
}

#[test]
fn red_33_a_ranged_attack_waits_for_the_defender_and_both_answers_resolve() {
    // RED-33: B (REF 8) may oppose with DEX + Evasion + 1d10 instead of the DV.
    for evade in [true, false] {
        let mut st = duel_with_evader();
        let ev = run(&mut st, shoot(0, 1), &[]);
        assert!(
            matches!(&ev[..], [Event::EvasionAsked { who, attacker }] if who == "B" && attacker == "A")
        );
        let o = options(&st);
        assert_eq!(o.decider, Decider::participant("B", 1));
        assert_eq!(o.list.len(), 2);
        assert!(o.list.iter().all(|x| x.kind == OptionKind::PendingChoice));
        // Anything else waits: A's end of turn is refused and changes nothing.
        let e = refuse(&mut st, cmd(json!({"type": "end_turn", "actor": 0})));
        assert_eq!(e.rule.as_str(), "RED-33");
        let answer = cmd(json!({"type": "evade", "actor": 1, "evade": evade}));
        // Evading: A's d10 5 and B's d10 4 (6 + 4 + 4 = 14 vs 7 + 5 + 5 = 17: a hit), then
        // 3d6. Not evading: A's d10 5 against DV 15 (17: a hit), then 3d6.
        let rolls: &[u32] = if evade {
            &[5, 4, 1, 1, 1]
        } else {
            &[5, 1, 1, 1]
        };
        let ev = run(&mut st, answer, rolls);
        assert!(matches!(&ev[0], Event::EvasionChosen { evades, .. } if *evades == evade));
        let defense = ev.iter().find_map(|e| match e {
            Event::Attack { defense, hit, .. } => Some((*defense, *hit)),
            _ => None,
        });
        match defense {
            Some((DefenseRoll::Evasion { total, .. }, true)) if evade => assert_eq!(total, 14),
            Some((DefenseRoll::Dv { dv: 15 }, true)) if !evade => {}
            other => panic!("evade {evade}: {other:?}"),
        }
        assert!(st.pending.is_none());
    }
}

#[test]
fn red_33_a_state_read_back_while_an_attack_waits_plays_on_alike() {
    // The waiting attack is worked out when it is made; a state read back from JSON works
    // it out again, so both answers roll the same dice to the same events and state.
    let mut st = duel_with_evader();
    run(&mut st, shoot(0, 1), &[]);
    let json = serde_json::to_string(&st).unwrap();
    let back: fray_red::State = serde_json::from_str(&json).unwrap();
    assert_eq!(
        <Red as fray_dice::AutoPlay>::next_command(&back),
        <Red as fray_dice::AutoPlay>::next_command(&st)
    );
    let mut outcomes = Vec::new();
    for evade in [true, false] {
        let answer = cmd(json!({"type": "evade", "actor": 1, "evade": evade}));
        let mut played = Vec::new();
        for mut state in [st.clone(), back.clone()] {
            let mut events = fray_dice::EventLog::recording();
            fray_red::apply(&mut state, &answer, &mut Rng::new(9, 0), &mut events).unwrap();
            played.push((events.into_vec(), serde_json::to_string(&state).unwrap()));
        }
        assert_eq!(played[0], played[1], "evade {evade}");
        outcomes.push(played.remove(0));
    }
    assert_ne!(outcomes[0], outcomes[1]);
    // A pending "attack" edited by hand into something else is refused, not a panic.
    let mut edited = back.clone();
    edited.pending.as_mut().unwrap().attack = cmd(json!({"type": "end_turn", "actor": 0}));
    let e = refuse(
        &mut edited,
        cmd(json!({"type": "evade", "actor": 1, "evade": true})),
    );
    assert_eq!(e.rule.as_str(), "RED-33");
    assert_eq!(
        e.message,
        "no ranged attack is waiting for an evasion choice"
    );
}

#[test]
fn red_33_a_defender_below_ref_8_is_not_asked_and_cannot_answer_yes() {
    let s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    let mut st = begin(&s, &[5, 3]).0;
    let e = refuse(
        &mut st,
        cmd(json!({"type": "evade", "actor": 1, "evade": true})),
    );
    assert_eq!(e.rule.as_str(), "RED-33");
    let ev = run(&mut st, shoot(0, 1), &[5, 1, 1, 1]);
    assert!(matches!(ev[0], Event::Attack { .. }));
}

#[test]
fn red_33_the_preview_of_each_answer_is_the_odds_of_that_defence() {
    let mut st = duel_with_evader();
    // Before the answer, the attack previews with the rule's choice: 6 + 4 + 5.5 = 15.5
    // beats DV 15, so the evasion roll.
    run(&mut st, shoot(0, 1), &[]);
    let spec = |evade: Option<i32>| OddsSpec {
        weapon: "heavy_pistol".into(),
        distance: 10,
        attack: 12,
        evade,
        sp: Some(0),
        ..OddsSpec::default()
    };
    let yes = preview(
        &st,
        &cmd(json!({"type": "evade", "actor": 1, "evade": true})),
    )
    .unwrap();
    assert_eq!(yes, Red::odds(&spec(Some(10))).unwrap());
    let no = preview(
        &st,
        &cmd(json!({"type": "evade", "actor": 1, "evade": false})),
    )
    .unwrap();
    assert_eq!(no, Red::odds(&spec(None)).unwrap());
    assert_ne!(yes, no);
}

#[test]
fn an_attack_preview_equals_fray_odds() {
    // A's heavy pistol (REF 7 + Handgun 5) at B 10 m away, no armour, B cannot evade.
    let s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    let st = begin(&s, &[5, 3]).0;
    let got = preview(&st, &shoot(0, 1)).unwrap();
    let want = Red::odds(&OddsSpec {
        weapon: "heavy_pistol".into(),
        distance: 10,
        attack: 12,
        sp: Some(0),
        ..OddsSpec::default()
    })
    .unwrap();
    assert_eq!(got, want);
    assert!(preview(&st, &cmd(json!({"type": "end_turn", "actor": 0})))
        .unwrap()
        .is_empty());
    assert!(preview(&st, &shoot(1, 0)).is_err(), "not B's turn");
}

/// Commands near the legal ones: every kind, random actors, targets, weapons and numbers.
fn candidates(state: &fray_red::State, rng: &mut Rng) -> Vec<Command> {
    let n = state.fighters.len() as u32;
    let mut out = Vec::new();
    for _ in 0..40 {
        let a = if rng.below(4) == 0 {
            rng.below(n)
        } else {
            state.actor() as u32
        };
        let t = rng.below(n);
        let w = rng.below(3);
        let modes = ["single", "autofire"];
        let aims = ["none", "head", "item", "leg"];
        let pos = state.fighters[a as usize].position + rng.below(21) as i32 - 10;
        let v = match rng.below(12) {
            0 => json!({"type": "move", "actor": a, "to": pos}),
            1 => json!({"type": "run", "actor": a}),
            2 | 3 => json!({"type": "attack", "actor": a, "target": t, "weapon": w,
                "mode": modes[rng.below(2) as usize], "aim": aims[rng.below(4) as usize]}),
            4 => json!({"type": "attack", "actor": a, "target": t, "unarmed": "brawling",
                "evade": rng.below(2) == 0}),
            5 => json!({"type": "reload", "actor": a, "weapon": w}),
            6 => json!({"type": "draw", "actor": a, "weapon": w}),
            7 => json!({"type": "drop", "actor": a, "weapon": w}),
            8 => json!({"type": "evade", "actor": t, "evade": rng.below(2) == 0}),
            9 => json!({"type": "delay", "actor": a, "trigger": {"type": "moves", "who": t},
                "action": {"type": "attack", "actor": a, "target": t, "weapon": 0}}),
            10 => json!({"type": "use_skill", "actor": a, "stat": "ref", "skill": "athletics",
                "dv": rng.below(30), "turns": 1 + rng.below(3)}),
            _ => json!({"type": "end_turn", "actor": a}),
        };
        out.push(cmd(v));
    }
    out
}

/// A setup with one evader, some melee and rifles.
fn varied(rng: &mut Rng) -> fray_red::Setup {
    let n = 2 + rng.below(3) as usize;
    let mut cs = Vec::new();
    for i in 0..n {
        let side = if i < 2 { i as u8 } else { rng.below(2) as u8 };
        let mut c = fighter(&format!("F{i}"), side, rng.below(30) as i32 - 15);
        c.stats.reflexes = 6 + rng.below(4) as i32;
        cs.push(c);
    }
    setup(cs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn options_are_exactly_what_apply_accepts(seed in 0u64..1_000_000, steps in 0usize..30) {
        let mut rng = Rng::new(seed, 1);
        let s = varied(&mut rng);
        let mut session = Session::<Red>::start(s, seed, 0).unwrap();
        for _ in 0..steps {
            let Some(c) = RedPolicy::DEFAULT.command(session.state()) else { break };
            session.apply(c).unwrap();
        }
        let state = session.state().clone();
        let o = options(&state);
        if state.finished.is_some() {
            prop_assert_eq!(o.decider, Decider::Nobody);
            return Ok(());
        }
        for option in &o.list {
            let mut copy = state.clone();
            let r = fray_red::apply(&mut copy, &option.command, &mut Rng::new(1, 1),
                &mut fray_dice::EventLog::quiet());
            prop_assert!(r.is_ok(), "{:?} refused: {:?}", option.command, r);
        }
        // The default policy's choice is always an option.
        let mine = RedPolicy::DEFAULT.command(&state).unwrap();
        prop_assert!(o.admits(&mine), "{:?} not listed", mine);
        for c in candidates(&state, &mut rng) {
            let mut copy = state.clone();
            let mut dice = Rng::new(3, 3);
            let before = serde_json::to_string(&copy).unwrap();
            match fray_red::apply(&mut copy, &c, &mut dice, &mut fray_dice::EventLog::quiet()) {
                Ok(()) => prop_assert!(o.admits(&c), "accepted but not listed: {:?}", c),
                Err(_) => {
                    prop_assert!(!o.admits(&c), "listed but refused: {:?}", c);
                    prop_assert_eq!(before, serde_json::to_string(&copy).unwrap());
                    prop_assert_eq!(dice.word_pos(), Rng::new(3, 3).word_pos());
                }
            }
        }
    }
}

#[test]
fn a_policy_with_another_target_priority_gives_another_reproducible_win_rate() {
    let setup = Red::demo_setup();
    let file = include_str!("../../../examples/policies/red-strongest-first.json");
    let policy: RedPolicy = serde_json::from_str(file).unwrap();
    assert_eq!(policy.side_a.target, TargetPriority::Strongest);
    let base = simulate_with::<Red, _>(&setup, &RedPolicy::DEFAULT, 400, 5, 2).unwrap();
    let other = simulate_with::<Red, _>(&setup, &policy, 400, 5, 2).unwrap();
    let again = simulate_with::<Red, _>(&setup, &policy, 400, 5, 1).unwrap();
    assert_eq!(other, again, "reproducible on any number of threads");
    assert_ne!(base.wins, other.wins);
    // The default policy plays the game the default tactic played.
    assert_eq!(base, simulate::<Red>(&setup, 400, 5, 2, None).unwrap());
}
